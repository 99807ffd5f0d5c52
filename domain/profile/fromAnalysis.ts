import type { StartupSummary } from '../contract/analysis';
import { PROFILE_FIELDS, type ProfileField, type ProfileValues } from '../contract/profileFields';

/** `text` cut to `field`'s length at a word, with an ellipsis when cut. */
function fit(field: ProfileField, text: string): string {
  const max = PROFILE_FIELDS[field].max;
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * What an idea analysis tells the profile: the product (the idea's first sentence), the value
 * proposition and the pricing the model proposed. Only to fill blank fields: the rep's own words win.
 */
export function profileFromAnalysis(idea: string, summary: StartupSummary): ProfileValues {
  const firstSentence = idea.trim().match(/^.*?[.!?](?=\s|$)/s)?.[0] ?? idea;
  const { model, range } = summary.pricing;
  return {
    product: fit('product', firstSentence),
    valueProposition: fit('valueProposition', summary.valueProposition.core),
    pricing: fit('pricing', `${model}, ${range}`),
  };
}
