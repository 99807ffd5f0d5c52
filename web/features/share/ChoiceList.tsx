/**
 * 'Use it for': the tools a text can go to, as tool cards (a shared text on /share, a debrief's
 * transcript on /debrief). PRO and FREE marks for everyone but paying users, as on the landing cards.
 */
import {
  chatbubblesOutline,
  clipboardOutline,
  mailOutline,
  micOutline,
  sendOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import type { ShareChoice } from '../../../domain/share/shareChoices';
import { InlineIcon } from '../../ui/InlineIcon';

const CHOICE_ICONS: Record<string, string> = {
  email: mailOutline,
  followup: sendOutline,
  crmnote: clipboardOutline,
  call: micOutline,
  objection: shieldCheckmarkOutline,
  chat: chatbubblesOutline,
};
const iconOf = (choice: ShareChoice) => CHOICE_ICONS[choice.flow ?? 'chat'] ?? chatbubblesOutline;

interface ChoiceListProps {
  choices: readonly ShareChoice[];
  onChoose: (choice: ShareChoice) => void;
  busy: boolean;
  /** Show which choices are PRO and which FREE (not to paying users, nor while the plan loads). */
  showMarks: boolean;
  label?: string;
  className?: string;
}

export function ChoiceList({
  choices,
  onChoose,
  busy,
  showMarks,
  label = 'Use it for',
  className = '',
}: ChoiceListProps) {
  return (
    <ul className={`plain-list share-choices ${className}`.trim()} aria-label={label}>
      {choices.map((choice) => (
        <li key={choice.label}>
          <button
            type="button"
            className="tool-card share-choice"
            onClick={() => onChoose(choice)}
            disabled={busy}
          >
            <span
              className={`tool-card__icon tool-card__icon--${choice.flow ?? 'none'}`}
              aria-hidden="true"
            >
              <InlineIcon icon={iconOf(choice)} />
            </span>
            <span className="tool-card__body">
              <span className="tool-card__title">{choice.label}</span>
              <span className="tool-card__description">{choice.description}</span>
            </span>
            {showMarks && (
              <span className="pro-badge tool-card__badge">{choice.flow ? 'PRO' : 'FREE'}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
