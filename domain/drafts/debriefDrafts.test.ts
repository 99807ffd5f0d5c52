import { describe, expect, it } from 'vitest';
import { NEEDS_REVIEW } from '../playbooks/crmNote';
import { draftChatReply } from './chat';
import { CRM_DRAFT_NOTE, crmNoteCopyText, draftCrmNote } from './crmNote';
import { draftFollowUpEmail } from './followUp';
import { noteSentences, noteSpeakers } from './meetingNotes';

const TRANSCRIPT = [
  'Sam Lee: Thanks for joining, Dana.',
  'Dana Ortiz: Ramp time is our biggest problem. New reps take six months to close a deal.',
  'Dana Ortiz: We are worried about the price, and Gong is in the budget talk too.',
  'Sam Lee: I will send the pilot proposal by Friday.',
  "Dana Ortiz: Agreed, and I'll book a call with our CFO next week.",
].join('\n');
const PROFILE = {
  company: 'Pipewise',
  signatureName: 'Sam Lee',
  signatureRole: 'Account Executive',
  signaturePhone: '+1 415 555 0100',
  bookingLink: 'https://cal.com/sam/30min',
};
const now = new Date(2026, 10, 27, 9, 0);

describe('the meeting notes as the drafters read them', () => {
  it('are sentences with their speakers; labels like "Next steps:" and an attendees line are no speakers', () => {
    expect(noteSentences(TRANSCRIPT).slice(1, 3)).toEqual([
      { speaker: 'Dana Ortiz', text: 'Ramp time is our biggest problem.' },
      { speaker: 'Dana Ortiz', text: 'New reps take six months to close a deal.' },
    ]);
    expect(
      noteSpeakers('Attendees: Dana Ortiz, Priya Shah and Sam Lee.\nNext steps: send the deck.'),
    ).toEqual(['Dana Ortiz', 'Priya Shah', 'Sam Lee']);
  });

  it('read a debriefed meeting’s invite line by the people’s names, a bare address as it is', () => {
    expect(
      noteSpeakers(
        'Attendees: Dana Ortiz <dana.ortiz@freightly.example>, lee@freightly.example\n\nDana Ortiz: Price worries us.',
      ),
    ).toEqual(['Dana Ortiz', 'lee@freightly.example']);
  });
});

describe('the offline follow-up email', () => {
  it('recaps the notes, lists the agreed next steps, asks through the booking link and signs from the profile', () => {
    const email = draftFollowUpEmail(
      {
        meeting_notes: TRANSCRIPT,
        recipient: 'Dana Ortiz, VP Sales at Freightly',
        next_steps: '- I send the pilot proposal by Friday\n2. Dana books a call with the CFO',
      },
      'sam',
      PROFILE,
    );
    expect(email.subject).toBe('Recap and next steps: Freightly');
    expect(email.body).toBe(
      [
        'Hi Dana,',
        'Thank you for your time today. A quick recap of what we discussed: Ramp time is our biggest problem. New reps take six months to close a deal. We are worried about the price, and Gong is in the budget talk too.',
        'Next steps, as agreed:\n- I send the pilot proposal by Friday.\n- Dana books a call with the CFO.',
        'When you are ready for the next conversation, you can pick a time for a 30-minute call at https://cal.com/sam/30min',
        'Best regards,\nSam Lee\nAccount Executive, Pipewise\n+1 415 555 0100',
      ].join('\n\n'),
    );
  });

  it("takes the next steps from the notes when none were given, and its answer's booking link over the profile's", () => {
    const email = draftFollowUpEmail(
      {
        meeting_notes: TRANSCRIPT,
        recipient: 'dana@freightly.com',
        booking_link: 'https://cal.com/sam/intro',
      },
      'Sam',
      { tone: 'friendly' },
    );
    expect(email.body).toContain(
      "Next steps, as agreed:\n- I will send the pilot proposal by Friday.\n- Agreed, and I'll book a call with our CFO next week.",
    );
    // A next step is not recapped again.
    expect(email.body.match(/pilot proposal/g)).toHaveLength(1);
    expect(email.body).toContain('a call at https://cal.com/sam/intro');
    expect(email.body.startsWith('Hey Dana,')).toBe(true);
    expect(email.body.endsWith('Cheers,\nSam')).toBe(true);
  });

  it('says nothing it was not told: no link, no steps, and notes with no sentence worth a recap', () => {
    const email = draftFollowUpEmail({
      meeting_notes: 'Hi Dana! Thanks for having us. Great to meet you today. Bye for now.',
      recipient: 'the Freightly team',
    });
    expect(email.body).toBe(
      'Hi there,\n\nThank you for your time today.\n\nIf I missed or misheard anything, just reply and I will correct it.\n\nBest regards,',
    );
  });

  it('is what the server drafter answers a finished follow-up flow with, marked as an offline draft', () => {
    const answers = { meeting_notes: TRANSCRIPT, recipient: 'Dana Ortiz at Freightly' };
    const reply = draftChatReply('followup', 'prompt', answers, 'Sam', true, PROFILE);
    expect(reply).toContain('**Subject:** Recap and next steps: Freightly');
    expect(reply).toContain(draftFollowUpEmail(answers, 'Sam', PROFILE).body);
    expect(reply).toMatch(/_Offline draft, composed from your answers._$/);
  });
});

describe('the offline CRM note', () => {
  it('sorts the notes into Summary, Next steps, Stakeholders, Risks and Date, saying how it was made', () => {
    const note = draftCrmNote(
      { meeting_notes: TRANSCRIPT, account: 'Freightly', meeting_date: '3 Nov 2026' },
      now,
    );
    expect(note).toBe(
      [
        '# CRM note: Freightly',
        CRM_DRAFT_NOTE,
        '## Summary\n\nRamp time is our biggest problem. New reps take six months to close a deal.',
        "## Next steps\n\n- Sam Lee: I will send the pilot proposal by Friday.\n- Dana Ortiz: Agreed, and I'll book a call with our CFO next week.",
        '## Stakeholders\n\n- Sam Lee\n- Dana Ortiz',
        '## Risks\n\n- Dana Ortiz: We are worried about the price, and Gong is in the budget talk too.',
        '## Date\n\n2026-11-03',
      ].join('\n\n'),
    );
  });

  it('marks each section it found nothing for as needing review, and dates the note today', () => {
    const note = draftCrmNote(
      { meeting_notes: 'Quick intro call about their warehouse software setup.', account: 'Acme' },
      now,
    );
    expect(note).toContain('## Summary\n\nQuick intro call about their warehouse software setup.');
    for (const section of ['Next steps', 'Stakeholders', 'Risks'])
      expect(note).toContain(`## ${section}\n\n${NEEDS_REVIEW} `);
    expect(note).toContain('## Date\n\n2026-11-27');
  });

  it('keeps markup typed into the answers out of the note', () => {
    const note = draftCrmNote(
      {
        meeting_notes: 'Dana: We will [click](https://evil.test) # send the **deck** tomorrow.',
        account: '# Acme [x](y)',
      },
      now,
    );
    expect(note).toContain('# CRM note: Acme x(y)');
    expect(note).not.toMatch(/\]\(|\*\*deck/);
  });

  it("copies for the CRM as plain text without the draft's note to the rep", () => {
    const text = crmNoteCopyText(
      draftCrmNote({ meeting_notes: TRANSCRIPT, account: 'Freightly' }, now),
    );
    expect(text.startsWith('CRM note: Freightly\n\nSummary:\nRamp time')).toBe(true);
    expect(text).toContain('Stakeholders:\n- Sam Lee\n- Dana Ortiz');
    expect(text).toContain('Date:\n2026-11-27');
    expect(text).not.toMatch(/Offline draft|[#*_`]/);
  });

  it('is what the server drafter answers a finished CRM note flow with', () => {
    const reply = draftChatReply('crmnote', 'prompt', {
      meeting_notes: TRANSCRIPT,
      account: 'Freightly',
    });
    expect(reply).toContain('# CRM note: Freightly');
    expect(reply).toContain('## Risks');
  });
});
