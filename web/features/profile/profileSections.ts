import type { ProfileField } from '../../../domain/contract/profile';

/** How a field is typed: one line, a paragraph (a growing text box), or the tone's three choices. */
export type FieldInput = 'line' | 'link' | 'phone' | 'text' | 'tone';

export interface ProfileSection {
  title: string;
  fields: readonly { name: ProfileField; input: FieldInput; hint?: string }[];
}

/** The profile screen's groups, every field of PROFILE_FIELDS once, in its order. */
export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  {
    title: 'Company',
    fields: [
      { name: 'company', input: 'line' },
      { name: 'website', input: 'link' },
    ],
  },
  {
    title: 'Product & value',
    fields: [
      { name: 'product', input: 'line' },
      { name: 'valueProposition', input: 'text' },
    ],
  },
  {
    title: 'Ideal customer',
    fields: [
      { name: 'industry', input: 'line' },
      { name: 'companySize', input: 'line' },
      { name: 'buyerTitles', input: 'line' },
      { name: 'pains', input: 'text' },
    ],
  },
  {
    title: 'Proof & pricing',
    fields: [
      { name: 'proofPoints', input: 'text' },
      { name: 'pricing', input: 'text' },
    ],
  },
  { title: 'Competitors', fields: [{ name: 'competitors', input: 'text' }] },
  {
    title: 'Email details',
    fields: [
      { name: 'bookingLink', input: 'link', hint: 'Your calendar link, put in your emails.' },
      { name: 'signatureName', input: 'line' },
      { name: 'signatureRole', input: 'line' },
      { name: 'signaturePhone', input: 'phone' },
    ],
  },
  {
    title: 'Writing',
    fields: [
      { name: 'tone', input: 'tone' },
      { name: 'language', input: 'line', hint: 'e.g. English, or German for a German market.' },
    ],
  },
];
