// Each prompt's version, held to its text: the prompt a scenario kind is sent, built from the same
// empty answers every time, hashed. eval/prompt-versions.json records the hash each version was
// given for; a test fails when a prompt's text changes while its version stays, so a run's results
// never credit a new prompt to an old version.
import { createHash } from 'node:crypto';
import { scenarioCall } from './calls';
import { Scenario, SCENARIO_KINDS, type ScenarioKind } from './scenario';

export interface PromptFingerprint {
  version: string;
  sha256: string;
}

/** The prompt of each scenario kind as its version names it, and a hash of its text. */
export async function promptFingerprints(): Promise<Record<ScenarioKind, PromptFingerprint>> {
  const entries = await Promise.all(
    SCENARIO_KINDS.map(async (kind) => {
      // The CRM note's prompt names the meeting's date, today's unless answered: answered here.
      const probe = Scenario.parse({
        id: 'probe',
        title: 'Probe',
        kind,
        message: 'Probe',
        answers: { meeting_date: '2026-01-01' },
      });
      const call = await scenarioCall(probe);
      const text = JSON.stringify([call.messages, call.params, call.json ?? false]);
      return [
        kind,
        {
          version: call.promptVersion,
          sha256: createHash('sha256').update(text).digest('hex').slice(0, 16),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ScenarioKind, PromptFingerprint>;
}
