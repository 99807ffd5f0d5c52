import { useState } from 'react';
import type { ProfileField } from '../../../domain/contract/profile';
import { profileOfferText } from '../../../domain/playbooks/profileAnswers';
import type { PitchpadDb } from '../../data/db';
import { answerProfileOffer, useProfileOffer } from './flowProfile';

export const PROFILE_OFFER_SAVED = 'Saved to your profile.';

/** The offer's question and why it is asked. */
export function profileOfferWithReason(fields: readonly ProfileField[]): string {
  const them = fields.length > 1 ? 'them' : 'it';
  return `${profileOfferText(fields)} Every flow then starts with ${them} filled in.`;
}

/**
 * Under a finished flow's result, once: the answers the rep's profile lacked, offered to it, with
 * why it is asked ('Save your value proposition to your profile? Every flow then starts with it
 * filled in.'): asked under an email with no reason, it read as a non sequitur. Either answer ends
 * the offer.
 */
export function ProfileOffer({ db, chatId }: { db: PitchpadDb; chatId: string }) {
  const offer = useProfileOffer(db, chatId);
  const [saved, setSaved] = useState(false);
  if (saved)
    return (
      <p className="profile-offer" role="status">
        {PROFILE_OFFER_SAVED}
      </p>
    );
  if (!offer) return null;
  const answer = (save: boolean) =>
    void answerProfileOffer(db, chatId, save)
      .then(() => setSaved(save))
      .catch((error: unknown) => console.warn('Could not answer the profile offer', error));
  return (
    <aside className="profile-offer" aria-label="Save to your profile">
      <p>{profileOfferWithReason(Object.keys(offer) as ProfileField[])}</p>
      <div className="profile-offer__actions">
        <button type="button" className="pp-button pp-button--primary" onClick={() => answer(true)}>
          Save
        </button>
        <button type="button" className="pp-button" onClick={() => answer(false)}>
          Not now
        </button>
      </div>
    </aside>
  );
}
