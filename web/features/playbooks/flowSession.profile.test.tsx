// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileValues } from '../../../domain/contract/profile';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { loadDraft } from '../../data/drafts';
import { saveFlowAnswer } from './flowDrafts';
import { useFlowSession, type FlowSessionDeps } from './useFlowSession';
import { buildFlowSessionDeps } from '../../../tests/factories/flowSession';

let db: PitchpadDb;
let userId = 9600;
beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  cleanup();
  await clearUserData();
});

const PROFILE: ProfileValues = {
  valueProposition: 'Plumbers quote jobs in 2 minutes.',
  bookingLink: 'https://cal.com/ada/20min',
};

const deps = (overrides?: Partial<FlowSessionDeps>) => buildFlowSessionDeps(db, overrides);

describe('a running flow with the rep’s profile', () => {
  it('opens asking only the recipient and finishes with the profile’s answers, none of them put in the draft', async () => {
    const session = deps({ loadProfile: async () => PROFILE, profile: PROFILE });
    const { result } = renderHook(() => useFlowSession('email', session));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.view?.counter).toBe('Question 1 of 1');
    act(() => result.current.setAnswer('Dana Ortiz at Freightly'));
    act(() => result.current.submit());
    await waitFor(() =>
      expect(session.onFinish).toHaveBeenCalledWith({
        recipient_info: 'Dana Ortiz at Freightly',
        value_prop: PROFILE.valueProposition,
        booking_link: PROFILE.bookingLink,
      }),
    );
    const draft = await loadDraft(db, 'email');
    expect(draft?.value_prop).toBeUndefined();
  });

  it('a draft typed before wins over the profile; a profile arriving late fills only what was not typed', async () => {
    await saveFlowAnswer(db, 'email', 'value_prop', 'My own words');
    let profile: ProfileValues | undefined;
    const { result, rerender } = renderHook(() =>
      useFlowSession('email', deps({ loadProfile: async () => undefined, profile })),
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.view?.counter).toBe('Question 1 of 3');
    profile = PROFILE;
    rerender();
    expect(result.current.progress?.answers.value_prop).toBe('My own words');
    expect(result.current.progress?.answers.booking_link).toBe(PROFILE.bookingLink);
    expect(result.current.view?.counter).toBe('Question 1 of 2');
  });

  it('a step opened from the summary is shown and kept as the step to reopen', async () => {
    const { result } = renderHook(() =>
      useFlowSession('email', deps({ loadProfile: async () => PROFILE, profile: PROFILE })),
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.open('booking_link'));
    expect(result.current.view?.question.id).toBe('booking_link');
    await waitFor(async () =>
      expect((await loadDraft(db, 'email'))?.['@step']).toBe('booking_link'),
    );
  });
});
