/** The ten sample ideas the landing input's placeholder rotates through. */
// Short enough to fit a phone-width input without being cut off.
export const SAMPLE_IDEAS: readonly string[] = [
  'Farm-to-restaurant marketplace',
  'AI bookkeeper for freelancers',
  'Baby gear rental for travelers',
  'Sales call notes straight to CRM',
  'Retired engineers as startup mentors',
  'Inventory app for coffee shops',
  'Churn alerts from support tickets',
  'Language lessons for commuters',
  'Compliance checklists for clinics',
  'EV charging for office car parks',
];

/** A random sample idea other than `current`, so the placeholder visibly changes. */
export function pickSampleIdea(current: string | null, random: () => number = Math.random): string {
  const choices = SAMPLE_IDEAS.filter((idea) => idea !== current);
  return choices[Math.floor(random() * choices.length)] ?? SAMPLE_IDEAS[0] ?? '';
}
