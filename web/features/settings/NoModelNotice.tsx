// oxlint-disable-next-line import/no-unassigned-import -- the notice's own parts, loaded with it (the callout is global)
import './noModel.css';
import { Link } from '@tanstack/react-router';
import { informationCircleOutline } from 'ionicons/icons';
import { NO_MODEL_TEXT } from '../../../domain/contract/noModel';
import { InlineIcon } from '../../ui/InlineIcon';
import { useAuth } from '../auth/auth.queries';
import { isOperator, useNoModel } from './modelStatus';

/** The label every no-model notice starts with, so a rep recognises it wherever it appears. */
export const NO_MODEL_LABEL = `${NO_MODEL_TEXT}:`;

/** What a rep gets without a model, by what they are about to ask for. */
export const NO_MODEL_OUTCOMES = {
  analysis: 'you get a worksheet built from your answers',
  chat: 'replies are drafts built from your answers, not AI answers',
  draft: "you'll get a draft built from your answers",
  valueProps: "you'll get value propositions drafted from your answers to choose from",
  research: "competitor research needs one, so it can't run yet",
} as const;
export type NoModelOutcome = keyof typeof NO_MODEL_OUTCOMES;

/** The operator's way to fix it: Settings → Model. */
export function ConnectModelLink({ className }: { className?: string }) {
  return (
    <Link to="/settings/model" className={`no-model-note__link${className ? ` ${className}` : ''}`}>
      Connect a model
    </Link>
  );
}

/**
 * Says, before the tap, what a screen gives when the server has no language model: a worksheet or a
 * draft built from the rep's own answers, labelled as such (a red error is for what went wrong, and
 * this is a known setup). The operator also gets the way to connect one. Nothing is drawn until the
 * server has said there is no model.
 */
export function NoModelNotice({
  outcome,
  className,
  id,
}: {
  outcome: NoModelOutcome;
  className?: string;
  id?: string;
}) {
  const noModel = useNoModel();
  const { user } = useAuth();
  if (!noModel) return null;
  return (
    <NoModelNote outcome={outcome} operator={isOperator(user)} className={className} id={id} />
  );
}

/** The notice itself, drawn whatever the server says (for screens that already know). */
export function NoModelNote({
  outcome,
  operator,
  className,
  id,
}: {
  outcome: NoModelOutcome;
  operator: boolean;
  className?: string;
  id?: string;
}) {
  return (
    <div
      className={`callout callout--compact no-model-note${className ? ` ${className}` : ''}`}
      role="note"
      id={id}
    >
      <InlineIcon icon={informationCircleOutline} />
      <p>
        <strong>{NO_MODEL_LABEL}</strong> {NO_MODEL_OUTCOMES[outcome]}.
        {operator && (
          <>
            {' '}
            <ConnectModelLink />
          </>
        )}
      </p>
    </div>
  );
}
