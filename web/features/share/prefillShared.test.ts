// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answers } from '../../../domain/playbooks';
import { DEBRIEF_CHOICES } from '../../../domain/debrief/debriefChoices';
import { SHARE_CHOICES, type ShareChoice } from '../../../domain/share/shareChoices';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { loadDraft } from '../../data/drafts';
import { resumeFlow, saveFlowAnswer, saveFlowStep } from '../playbooks/flowDrafts';
import { questionsOf, stepIndexOf } from '../playbooks/flowMachine';
import { choicePath, prefillShared } from './prefillShared';

let userId = 0;
let db: PitchpadDb;
const choice = (label: string): ShareChoice => SHARE_CHOICES.find((c) => c.label === label)!;

beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(() => clearUserData(userId));

describe('prefillShared', () => {
  it('opens the cold email on its first question with the shared text after what the rep had written, keeping the other answers', async () => {
    await saveFlowAnswer(db, 'email', 'recipient_info', 'Someone from before');
    await saveFlowAnswer(db, 'email', 'value_prop', 'We cut ramp time in half');
    await saveFlowStep(db, 'email', 'booking_link');

    expect(
      await prefillShared(
        db,
        choice('Cold email to this person'),
        'Dana Ortiz | LinkedIn\nVP Sales at Freightly',
      ),
    ).toEqual({ cut: false });

    const progress = await resumeFlow(db, 'email');
    expect(stepIndexOf(progress)).toBe(0);
    expect(progress.answers).toEqual({
      recipient_info: 'Someone from before\n\nDana Ortiz | LinkedIn\nVP Sales at Freightly',
      value_prop: 'We cut ramp time in half',
    });
    expect(choicePath(choice('Cold email to this person'))).toBe('/chat?flow=email');
  });

  it('fills what the text’s source also knows only where the rep wrote nothing', async () => {
    const followUp = DEBRIEF_CHOICES.find((c) => c.flow === 'followup')!;
    const notes = 'Attendees: Dana Ortiz <dana@freightly.example>\n\nDana: Price worries us.';
    await prefillShared(db, followUp, notes, { recipient: 'Dana Ortiz <dana@freightly.example>' });
    expect((await resumeFlow(db, 'followup')).answers).toMatchObject({
      meeting_notes: notes,
      recipient: 'Dana Ortiz <dana@freightly.example>',
    });
    await saveFlowAnswer(db, 'followup', 'recipient', 'Sam Lee at Globex');
    await prefillShared(db, followUp, 'More notes.', { recipient: 'Someone else' });
    expect((await resumeFlow(db, 'followup')).answers.recipient).toBe('Sam Lee at Globex');
  });

  it('fills the objections question of whichever audience is picked', async () => {
    await prefillShared(db, choice('Handle this objection'), 'Too expensive for us.');
    for (const audience of ['customers', 'investors', 'partners', 'internal']) {
      const progress = await resumeFlow(db, 'objection');
      const answers: Answers = { ...progress.answers, audience_type: audience };
      const filled = questionsOf({ type: 'objection', answers }).filter(
        (q) => answers[q.id] === 'Too expensive for us.',
      );
      expect(filled.map((q) => q.id)).toEqual([expect.stringMatching(/objections$/)]);
    }
  });

  it("takes a call's notes up to the transcript's own limit, cutting only beyond it", async () => {
    const notes = 'They asked about onboarding. '.repeat(400).trim(); // ~11,600 characters: over a plain answer's 8,000
    expect(await prefillShared(db, choice('Analyze this call'), notes)).toEqual({ cut: false });
    expect((await resumeFlow(db, 'call')).answers.transcript).toBe(notes);
    expect(await prefillShared(db, choice('Analyze this call'), notes)).toEqual({ cut: true });
    expect((await resumeFlow(db, 'call')).answers.transcript).toHaveLength(20_000);
  });

  it("puts the text on one line after what the new chat's box held", async () => {
    await prefillShared(db, choice('Ask Pitchpad'), 'Call notes\nThey want a pilot.');
    expect((await loadDraft(db, 'chat:new'))?.text).toBe('Call notes They want a pilot.');
    await prefillShared(db, choice('Ask Pitchpad'), 'And a discount.');
    expect((await loadDraft(db, 'chat:new'))?.text).toBe(
      'Call notes They want a pilot. And a discount.',
    );
    expect(choicePath(choice('Ask Pitchpad'))).toBe('/chat');
  });
});
