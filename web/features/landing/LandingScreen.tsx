import { Link, useNavigate } from '@tanstack/react-router';
import { micOutline } from 'ionicons/icons';
import { StorageKey, writeString } from '../../data/storage';
import { useAuth } from '../auth/auth.queries';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { IdeaBox } from './IdeaBox';
import { ToolCards } from './ToolCards';
import { toolCardHref, toolPath } from './toolCardDestination';
import { useToolSelect } from './useToolSelect';

// /pro shows the same tool cards. Taking them from this module keeps the landing page in one chunk
// (imported from their own modules, they would become a third chunk the landing page waits for).
export { ToolCards, toolPath, useToolSelect };

/** '/': the idea box that works without an account, and the PRO tools. */
export function LandingScreen() {
  const navigate = useNavigate();
  const handleToolSelect = useToolSelect();
  // A guest until the session answers (and while a prerendered page hydrates, so the links match
  // the build's HTML); then each card links where a tap on it goes.
  const { user, hasPro } = useAuth();

  const handleAnalyze = (idea: string) => {
    writeString(StorageKey.startupIdea, idea);
    // The analysis starts on arrival: one tap, not a second press on /onboarding.
    void navigate({ to: '/onboarding', search: { start: true } });
  };

  return (
    <Screen className="landing">
      <section className="hero">
        <p className="eyebrow">Your AI go-to-market assistant</p>
        <h1 className="hero__title">Got an idea?</h1>
        <p className="hero__lede">
          Describe your startup in a sentence. Pitchpad sizes the market, sharpens your value
          proposition and suggests a price.
        </p>
        <IdeaBox onAnalyze={handleAnalyze} />
      </section>

      <section className="tools" aria-labelledby="tools-heading">
        <div className="section-heading">
          <h2 id="tools-heading">PRO tools for your launch</h2>
          <p className="muted">
            Guided flows that turn your answers into plans, pitches and emails you can send today.
          </p>
        </div>
        <ToolCards
          onSelect={(tool) => void handleToolSelect(tool)}
          hrefOf={(tool) => toolCardHref({ signedIn: user !== null, paid: hasPro, tool })}
        />
      </section>

      {/* The voice debrief: right after a meeting, say it rather than type it; works with no
          signal. A plain link, so it works before the script too. */}
      <section className="debrief-entry" aria-labelledby="debrief-entry-heading">
        <Link to="/debrief" className="tool-card">
          <span className="tool-card__icon tool-card__icon--call" aria-hidden="true">
            <InlineIcon icon={micOutline} />
          </span>
          <span className="tool-card__body">
            <span id="debrief-entry-heading" className="tool-card__title">
              Debrief a meeting
            </span>
            <span className="tool-card__description">
              Just left a meeting? Say what happened, even with no signal: get the transcript, the
              call analysis and the follow-up email.
            </span>
          </span>
        </Link>
      </section>
    </Screen>
  );
}
