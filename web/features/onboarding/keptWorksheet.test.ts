// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { draftIdeaWorksheet } from '../../../domain/drafts/ideaWorksheet';
import { clearUserData } from '../../data/db';
import {
  KEEP_WINDOW_MS,
  askToKeepGuestWorksheet,
  loadAccountWorksheet,
  loadGuestWorksheet,
  saveAccountWorksheet,
  saveGuestWorksheet,
} from './keptWorksheet';

const gyms = {
  worksheet: draftIdeaWorksheet('A mobile app that helps independent gyms reduce member churn'),
  entries: { problem: 'Gym owners, with spreadsheets', customers: '4,000' },
};
let nextUser = 100;
const newUserId = () => nextUser++;

afterEach(() => localStorage.clear());

describe('the last idea worksheet on this device', () => {
  it("keeps a guest's worksheet and what they typed, for the next visit", () => {
    expect(loadGuestWorksheet()).toBeNull();
    saveGuestWorksheet(gyms);
    expect(loadGuestWorksheet()).toEqual(gyms);
  });

  it("takes the guest's worksheet into the account they create after 'Keep it', and off the shared storage", async () => {
    const sam = newUserId();
    askToKeepGuestWorksheet(gyms);
    // Typing on after 'Keep it' keeps the request.
    saveGuestWorksheet({ ...gyms, entries: { ...gyms.entries, unit: 'gyms' } });
    expect(await loadAccountWorksheet(sam)).toEqual({
      ...gyms,
      entries: { ...gyms.entries, unit: 'gyms' },
    });
    expect(loadGuestWorksheet()).toBeNull();
    // Read again later: the account's own copy.
    expect((await loadAccountWorksheet(sam))?.worksheet.idea).toBe(gyms.worksheet.idea);
    await clearUserData(sam);
  });

  it("never gives a guest's worksheet to an account unless the guest asked to keep it, within the hour", async () => {
    saveGuestWorksheet(gyms);
    expect(await loadAccountWorksheet(newUserId())).toBeNull();
    expect(loadGuestWorksheet()).toEqual(gyms);

    const asked = Date.now();
    askToKeepGuestWorksheet(gyms, asked);
    expect(await loadAccountWorksheet(newUserId(), asked + KEEP_WINDOW_MS + 1)).toBeNull();
    expect(loadGuestWorksheet()).toEqual(gyms);
  });

  it("keeps an account's worksheet in its own database: another account never sees it, and logout deletes it", async () => {
    const [sam, ada] = [newUserId(), newUserId()];
    await saveAccountWorksheet(sam, gyms);
    expect(await loadAccountWorksheet(ada)).toBeNull();
    expect(await loadAccountWorksheet(sam)).toEqual(gyms);
    // Logout deletes the account's database (auth.queries.ts useLogoutMutation).
    await clearUserData(sam);
    expect(await loadAccountWorksheet(sam)).toBeNull();
    expect(loadGuestWorksheet()).toBeNull();
  });
});
