// The profile's fields without zod: their names, limits and the check of a value. The web app
// imports this, not the schemas in profile.ts, whose building on load held a slow phone's main
// thread at the start of every signed-in screen.
import { normalizeWebLink } from '../webLink';

export const TONES = ['direct', 'friendly', 'formal'] as const;
export type Tone = (typeof TONES)[number];

/** One field of the profile: how the screen names it and how much it may hold. */
export interface ProfileFieldSpec {
  label: string;
  max: number;
  /** 'link': an http(s) link or blank ('acme.com' gets https://); 'tone': one of TONES or blank. */
  kind?: 'link' | 'tone';
}

/**
 * Every field, in the screen's order. Every field is optional; a blank one is '' (an edit that
 * cleared it, kept so an older edit from another device cannot bring it back).
 */
export const PROFILE_FIELDS = {
  company: { label: 'Company', max: 120 },
  website: { label: 'Website', max: 300, kind: 'link' },
  product: { label: 'The product in one line', max: 200 },
  valueProposition: { label: 'Value proposition', max: 1_000 },
  industry: { label: 'Ideal customer: industry', max: 200 },
  companySize: { label: 'Ideal customer: company size', max: 120 },
  buyerTitles: { label: 'Ideal customer: buyer titles', max: 300 },
  pains: { label: 'Pains it solves', max: 1_500 },
  proofPoints: { label: 'Proof points (customers, numbers, quotes)', max: 2_000 },
  pricing: { label: 'Pricing', max: 600 },
  competitors: { label: 'Competitors and how we differ', max: 1_500 },
  bookingLink: { label: 'Booking link', max: 300, kind: 'link' },
  signatureName: { label: 'Signature: name', max: 120 },
  signatureRole: { label: 'Signature: role', max: 120 },
  signaturePhone: { label: 'Signature: phone', max: 40 },
  tone: { label: 'Tone', max: 10, kind: 'tone' },
  language: { label: 'Language to write in', max: 60 },
} as const satisfies Record<string, ProfileFieldSpec>;

export type ProfileField = keyof typeof PROFILE_FIELDS;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** The values alone, for whatever uses the profile (flows, the model's system prompt, drafts). */
export type ProfileValues = Partial<Record<ProfileField, string>>;

/** A field as stored: its value, when it was edited, and an edit it replaced from elsewhere. */
export interface StoredProfileField {
  value: string;
  /**
   * When the rep made the edit, by their device's clock, as it was sent: what a later edit names as
   * its `base` (the value it was made on top of).
   */
  editedAt: string;
  /**
   * When the edit counts as made, in the server's time, when that is not `editedAt`: the device's
   * time moved by how far its clock was from the server's when it sent the edit (so a slow clock does
   * not lose every conflict), never later than its arrival (so a clock ahead does not win every
   * conflict for a day); a value Pitchpad filled in itself (from an idea analysis) as the epoch (so
   * any edit of the rep's wins).
   */
  at?: string;
  /**
   * The order in which the server stored this value: one more than the highest `version` the profile
   * held then (missing on values stored before versions existed: 0). Only the server sets it, under
   * the profile's row lock, so of two answers the one with the higher version of a field is the newer
   * for that field, whatever any device's clock says (web/features/profile/profileStore.ts).
   */
  version?: number;
  /**
   * Two devices edited this field without seeing each other's edit: the later edit is the value,
   * the other is kept here so it is not silently lost, until the field is next edited on top of
   * what it holds.
   */
  replaced?: { value: string; editedAt: string };
}

/** GET /api/profile, and what PATCH answers. */
export interface ProfileResponse {
  fields: Partial<Record<ProfileField, StoredProfileField>>;
}

/** What became of one edit of a PATCH. */
export type ProfileEditOutcome =
  /** Stored. */
  | 'applied'
  /** Stored; an edit another device made meanwhile, earlier, is kept as `replaced`. */
  | 'replaced-other'
  /** Not stored: another device edited the field later; this edit is kept as `replaced`. */
  | 'kept-other';

export interface ProfilePatchResponse extends ProfileResponse {
  outcomes: { field: ProfileField; outcome: ProfileEditOutcome }[];
}

/** Why a value cannot be a field's value, or its stored form. */
export function checkProfileValue(
  field: ProfileField,
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const spec: ProfileFieldSpec = PROFILE_FIELDS[field];
  const value = raw.trim();
  if (value.length > spec.max)
    return { ok: false, message: `must be at most ${spec.max} characters` };
  if (value === '') return { ok: true, value };
  if (spec.kind === 'tone') {
    const tone = value.toLowerCase();
    if (!(TONES as readonly string[]).includes(tone))
      return { ok: false, message: `must be one of ${TONES.join(', ')}, or blank` };
    return { ok: true, value: tone };
  }
  if (spec.kind === 'link') {
    const link = normalizeWebLink(value);
    if (link === null)
      return { ok: false, message: 'must be a web link like https://acme.com, or blank' };
    return { ok: true, value: link };
  }
  return { ok: true, value };
}

/** The most text 'Fill from text' takes: an About page, a one-pager, an email signature. */
export const PROFILE_EXTRACT_MAX_CHARS = 20_000;
