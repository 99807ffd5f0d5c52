// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { profileValues, readLocalProfile, saveProfileEdits } from '../profile/profileStore';
import { keepProfileOffer } from './flowProfile';
import { ProfileOffer } from './ProfileOffer';

let db: PitchpadDb;
let userId = 9400;
beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  cleanup();
  await clearUserData();
});

const OFFER = { valueProposition: 'We cut ramp time', bookingLink: 'https://cal.com/ada' };

describe("a finished flow's offer to save the answers the profile lacks", () => {
  it('names them and says why it asks; Not now forgets the offer for that run and saves nothing', async () => {
    await keepProfileOffer(db, 'chat-1', OFFER);
    render(<ProfileOffer db={db} chatId="chat-1" />);
    await screen.findByText(
      'Save your value proposition and booking link to your profile? Every flow then starts with them filled in.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    cleanup();
    render(<ProfileOffer db={db} chatId="chat-1" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(profileValues(await readLocalProfile(db))).toEqual({});
  });

  it('Save stores the values still blank in the profile, on this device and queued for the server', async () => {
    await keepProfileOffer(db, 'chat-2', OFFER);
    // Filled meanwhile on the profile screen: left as the rep wrote it there.
    await saveProfileEdits(db, { bookingLink: 'https://cal.com/ada/30min' });
    render(<ProfileOffer db={db} chatId="chat-2" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('Saved to your profile.');
    expect(profileValues(await readLocalProfile(db))).toEqual({
      valueProposition: 'We cut ramp time',
      bookingLink: 'https://cal.com/ada/30min',
    });
    expect(await db.outbox.where('kind').equals('profile-edit').count()).toBe(2);
  });

  it("says 'it' of one answer", async () => {
    await keepProfileOffer(db, 'chat-4', { valueProposition: 'We cut ramp time' });
    render(<ProfileOffer db={db} chatId="chat-4" />);
    await screen.findByText(
      'Save your value proposition to your profile? Every flow then starts with it filled in.',
    );
  });

  it('no offer is kept when the profile lacks nothing', async () => {
    await keepProfileOffer(db, 'chat-3', {});
    render(<ProfileOffer db={db} chatId="chat-3" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
