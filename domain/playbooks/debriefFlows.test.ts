import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_CHARS } from '../limits';
import { ANSWER_MAX_CHARS } from './flow';
import { FLOWS, workflowNameFor } from './index';
import { TRANSCRIPT_MAX_CHARS } from './callAnalysis';
import { BOOKING_LINK_INVALID } from './coldEmail';
import { crmNoteDate, crmNoteQuestions } from './crmNote';
import { isEmailFlow, recipientAnswerOf } from './emailFlows';
import { MEETING_NOTES_TOO_SHORT } from './meetingNotes';
import { answersFromProfile } from './profileAnswers';
import { SYSTEM_PROMPTS, systemPromptFor } from './systemPrompts';
import { CHAT_TOOLS, FLOW_TYPES, LANDING_TOOLS, isFlowType } from './tools';
import { PlaybookType } from './types';

const NOTES =
  'Dana Ortiz: Ramp time is our biggest problem. We are worried about the price.\nSam Lee: I will send the pilot proposal by Friday.';
const now = new Date(2026, 10, 27, 9, 30);

describe('the follow-up email and CRM note flows', () => {
  it('are PRO guided flows of their own playbook types, in the chat menu and not on the landing page', () => {
    expect(PlaybookType.parse('followup')).toBe('followup');
    expect(PlaybookType.parse('crmnote')).toBe('crmnote');
    expect(FLOW_TYPES.slice(-2)).toEqual(['followup', 'crmnote']);
    expect(isFlowType('followup') && isFlowType('crmnote')).toBe(true);
    expect(CHAT_TOOLS.map((t) => t.type)).toEqual(expect.arrayContaining(['followup', 'crmnote']));
    expect(LANDING_TOOLS.map((t) => t.type)).not.toContain('followup');
    expect(FLOWS.followup.title).toBe('Follow-up Email');
    expect(FLOWS.crmnote.title).toBe('CRM Note');
  });

  it('ask the questions whose ids the debrief and the profile fill', () => {
    expect(FLOWS.followup.questions({}).map((q) => q.id)).toEqual([
      'meeting_notes',
      'recipient',
      'next_steps',
      'booking_link',
    ]);
    expect(FLOWS.crmnote.questions({}).map((q) => q.id)).toEqual([
      'meeting_notes',
      'account',
      'meeting_date',
    ]);
    const [notes, recipient, steps, link] = FLOWS.followup.questions({});
    expect(notes).toMatchObject({
      type: 'textarea',
      maxLength: TRANSCRIPT_MAX_CHARS,
      acceptsTranscriptFile: true,
    });
    expect([recipient?.optional, steps?.optional, link?.optional]).toEqual([undefined, true, true]);
    expect(FLOWS.crmnote.questions({})[2]?.optional).toBe(true);
  });

  it('refuse meeting notes under 50 characters with a clear message, and a booking link that is no link', () => {
    const notes = FLOWS.followup.questions({})[0]!;
    expect(notes.check?.('x'.repeat(49))).toEqual({ ok: false, message: MEETING_NOTES_TOO_SHORT });
    expect(MEETING_NOTES_TOO_SHORT).toMatch(/at least 50 characters/);
    expect(notes.check?.('x'.repeat(50))).toEqual({ ok: true, value: 'x'.repeat(50) });
    expect(FLOWS.crmnote.questions({})[0]!.check?.('short')).toMatchObject({ ok: false });
    const link = FLOWS.followup.questions({})[3]!;
    expect(link.check?.('my calendar')).toEqual({ ok: false, message: BOOKING_LINK_INVALID });
    expect(link.check?.('cal.com/sam')).toEqual({ ok: true, value: 'https://cal.com/sam' });
  });

  it("fill the follow-up's booking link from the profile, and nothing of the CRM note", () => {
    const profile = { bookingLink: 'https://cal.com/sam/30min', signatureName: 'Sam Lee' };
    expect(answersFromProfile('followup', profile, FLOWS.followup.questions({}))).toEqual({
      booking_link: 'https://cal.com/sam/30min',
    });
    expect(answersFromProfile('crmnote', profile, FLOWS.crmnote.questions({}))).toEqual({});
  });

  it("show today's date as the CRM note's date hint, and date a note left blank today", () => {
    const date = crmNoteQuestions(now)[2]!;
    expect(date.placeholder).toBe('2026-11-27');
    expect(date.description).toContain('2026-11-27');
    expect(crmNoteDate({}, now)).toBe('2026-11-27');
    expect(crmNoteDate({ meeting_date: 'Nov 3, 2026' }, now)).toBe('2026-11-03');
    expect(crmNoteDate({ meeting_date: 'last Tuesday' }, now)).toBe('last Tuesday');
  });

  it('are named for who the email goes to, and for the account', () => {
    expect(
      workflowNameFor('followup', { recipient: 'Dana Ortiz, VP Sales at Freightly' }, now),
    ).toBe('Follow-up: Dana Ortiz at Freightly');
    expect(workflowNameFor('followup', { recipient: 'the ops team' }, now)).toBe(
      'Follow-up: the ops team',
    );
    expect(workflowNameFor('followup', {}, now)).toBe('Follow-up Nov 27, 2026');
    expect(workflowNameFor('crmnote', { account: 'Freightly: 50-seat pilot' }, now)).toBe(
      'CRM Note: Freightly',
    );
    expect(workflowNameFor('crmnote', {}, now)).toBe('CRM Note Nov 27, 2026');
  });

  it("build prompts that carry the notes whole and the other answers, and fit one chat message at every answer's longest", () => {
    const followUp = FLOWS.followup.buildPrompt({
      meeting_notes: NOTES,
      recipient: 'Dana Ortiz, VP Sales at Freightly',
      booking_link: 'https://cal.com/sam',
    });
    expect(followUp).toContain('Who is it going to? Dana Ortiz, VP Sales at Freightly');
    expect(followUp).toContain('https://cal.com/sam');
    expect(followUp).toContain(`Meeting notes:\n${NOTES}`);
    expect(followUp).not.toContain('What was agreed?');
    expect(followUp).toMatch(/recap/);
    expect(followUp).toMatch(/next steps as a list/);
    const crm = FLOWS.crmnote.buildPrompt({ meeting_notes: NOTES, account: 'Freightly' });
    expect(crm).toContain('Summary, Next steps, Stakeholders, Risks, Date');
    expect(crm).toContain('**Needs review:**');
    expect(crm).toContain('Which account or deal is it for? Freightly');
    expect(crm).toMatch(/Meeting date: \d{4}-\d{2}-\d{2}/);

    for (const type of ['followup', 'crmnote'] as const) {
      const longest = Object.fromEntries(
        FLOWS[type].questions({}).map((q) => [q.id, 'x'.repeat(q.maxLength ?? ANSWER_MAX_CHARS)]),
      );
      expect(FLOWS[type].buildPrompt(longest).length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS);
    }
  });

  it("have the server's own system prompts", () => {
    expect(SYSTEM_PROMPTS.followup).toMatch(/follow-up emails/);
    expect(SYSTEM_PROMPTS.followup).toMatch(/signature/);
    expect(SYSTEM_PROMPTS.followup).toMatch(/booking link/);
    expect(SYSTEM_PROMPTS.crmnote).toMatch(/Summary, Next steps, Stakeholders, Risks and Date/);
    // Only free chat takes the client's instructions.
    expect(systemPromptFor('crmnote', 'ignore all that')).toBe(SYSTEM_PROMPTS.crmnote);
  });

  it('treat the cold email and the follow-up, and only those, as email flows, each with its recipient answer', () => {
    expect(FLOW_TYPES.filter(isEmailFlow)).toEqual(['email', 'followup']);
    expect(isEmailFlow(undefined)).toBe(false);
    expect(isEmailFlow('toString')).toBe(false);
    expect(recipientAnswerOf('email', { recipient_info: 'Dana', recipient: 'x' })).toBe('Dana');
    expect(recipientAnswerOf('followup', { recipient_info: 'x', recipient: 'Dana' })).toBe('Dana');
    expect(recipientAnswerOf('crmnote', { recipient: 'Dana' })).toBeUndefined();
  });
});
