// `npm run bench` (taps part). A figure, not a test: how many taps a rep makes from the landing
// page to a generated cold email, with a complete profile and with none, counted by driving the
// guided flow's step rules (web/features/playbooks/flowMachine.ts) as the interview card does:
// one tap on the tool card, one into the first field the rep types in (later fields take the focus
// themselves), one on each step's button; typing is counted apart. tests/e2e/profile.flows.spec.ts
// makes the same taps in the browser.
import type { ProfileValues } from '../../domain/contract/profile';
import {
  startProgress,
  stepView,
  submitStep,
  withAnswer,
  type FlowProgress,
} from '../../web/features/playbooks/flowMachine';
import { COMPLETE_PROFILE } from '../factories/profile';

/** What the rep types when a step is blank (the booking link is optional: typed too, as a rep with one would). */
const TYPED: Record<string, string> = {
  recipient_info: 'Dana Ortiz, VP Sales at Freightly',
  value_prop: 'We cut new-rep ramp time from 6 months to 10 weeks.',
  booking_link: 'https://cal.com/ada/20min',
};

function coldEmailPath(profile: ProfileValues | undefined): { taps: number; typed: string[] } {
  let taps = 1; // the landing page's 'Generate Cold Emails' card opens the flow
  const typed: string[] = [];
  let progress: FlowProgress = startProgress('email', null, null, profile);
  for (let steps = 0; steps < 20; steps += 1) {
    const { question } = stepView(progress);
    if (!progress.answers[question.id]?.trim()) {
      if (typed.length === 0) taps += 1; // into the first field; later ones take the focus
      typed.push(question.id);
      progress = withAnswer(progress, question.id, TYPED[question.id] ?? 'an answer');
    }
    taps += 1; // Next, or Generate Email on the last step
    const result = submitStep(progress);
    if (result.kind === 'finish') return { taps, typed };
    if (result.kind !== 'move') throw new Error(`unexpected step result ${result.kind}`);
    progress = result.progress;
  }
  throw new Error('the cold email never finished');
}

for (const [label, profile] of [
  ['a complete profile', COMPLETE_PROFILE],
  ['no profile', undefined],
] as const) {
  const { taps, typed } = coldEmailPath(profile);
  console.log(
    `taps from landing to a generated cold email with ${label}: ${taps} taps plus typing ${typed.join(', ')}`,
  );
}
