/**
 * The ten sample ideas the landing input's placeholder rotates through. Each fits the input whole on
 * a 320 px phone (a placeholder cannot wrap; 'Inventory app for coffee sho' read as a glitch), which
 * tests/e2e/firsthour.layout.spec.ts measures.
 */
export const SAMPLE_IDEAS: readonly string[] = [
  'Farm-to-table marketplace',
  'AI bookkeeping for artists',
  'Baby gear rental for trips',
  'Call notes straight to CRM',
  'Mentors for first founders',
  'Inventory app for cafés',
  'Churn alerts from tickets',
  'Spanish for commuters',
  'Checklists for clinics',
  'EV charging at offices',
];

/** A random sample idea other than `current`, so the placeholder visibly changes. */
export function pickSampleIdea(current: string | null, random: () => number = Math.random): string {
  const choices = SAMPLE_IDEAS.filter((idea) => idea !== current);
  return choices[Math.floor(random() * choices.length)] ?? SAMPLE_IDEAS[0] ?? '';
}
