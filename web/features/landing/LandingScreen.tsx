import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isPaidSubscriber } from '../../../domain/subscription';
import type { LANDING_TOOLS } from '../../../domain/playbooks/tools';
import { StorageKey, writeString } from '../../data/storage';
import { Screen } from '../../ui/Screen';
import { loadSessionUser, subscriptionQueryOptions } from '../auth/auth.queries';
import { savePendingChatDestination } from '../auth/authStorage';
import { IdeaBox } from './IdeaBox';
import { ToolCards } from './ToolCards';
import { toolCardAction } from './toolCardDestination';

/** '/': the idea box that works without an account, and the PRO tools (spec §2 'Landing page'). */
export function LandingScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleAnalyze = (idea: string) => {
    writeString(StorageKey.startupIdea, idea);
    void navigate({ href: '/onboarding' });
  };

  const handleToolSelect = async (tool: (typeof LANDING_TOOLS)[number]) => {
    // Wait for the session lookup rather than treating a still-loading user as a guest.
    const user = await loadSessionUser(queryClient);
    const subscription = user ? await queryClient.ensureQueryData(subscriptionQueryOptions(user.id)) : null;
    const action = toolCardAction({ signedIn: user !== null, paid: isPaidSubscriber(subscription), tool });
    if (action.kind === 'login') {
      savePendingChatDestination(action.pending);
      await navigate({ to: '/auth/$tab', params: { tab: 'login' }, search: { redirect: action.redirect } });
    } else {
      await navigate({ href: action.to });
    }
  };

  return (
    <Screen className="landing">
      <section className="hero">
        <p className="eyebrow">Your AI go-to-market assistant</p>
        <h1 className="hero__title">Got an idea?</h1>
        <p className="hero__lede">
          Describe your startup in a sentence. Pitchpad sizes the market, sharpens your value proposition and suggests a
          price.
        </p>
        <IdeaBox onAnalyze={handleAnalyze} />
      </section>

      <section className="tools" aria-labelledby="tools-heading">
        <div className="section-heading">
          <h2 id="tools-heading">PRO tools for your launch</h2>
          <p className="muted">Guided flows that turn your answers into plans, pitches and emails you can send today.</p>
        </div>
        <ToolCards onSelect={(tool) => void handleToolSelect(tool)} />
      </section>
    </Screen>
  );
}
