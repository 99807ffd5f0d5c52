import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { hasProAccess } from '../../../domain/subscription';
import { CHECKOUT_PATH } from '../auth/postLoginDestination';
import { savePostLoginTarget } from '../auth/authStorage';
import { loadSessionUser, subscriptionQueryOptions } from '../auth/auth.queries';
import { useToast } from '../../ui/ToastProvider';
import { ALREADY_SUBSCRIBED } from './billingText';
import { plansQueryOptions } from './billing.queries';
import { proOfferOf } from './PaymentsOff';

/**
 * What choosing each plan does. A choice made while the session is still looked up
 * (the page just taken over) waits for its answer rather than taking the rep for a guest.
 */
export function usePlanSelection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [teamDialogOpen, setTeamDialogOpen] = useState(false);
  // The buttons stay enabled while the session is looked up: a second tap meanwhile (a double tap)
  // is let go, or it would navigate or warn twice.
  const choosing = useRef(false);
  const once = (choose: () => Promise<void>) => () => {
    if (choosing.current) return;
    choosing.current = true;
    void choose().finally(() => {
      choosing.current = false;
    });
  };

  const selectPro = async () => {
    const [user, plans] = await Promise.all([
      loadSessionUser(queryClient),
      queryClient.ensureQueryData(plansQueryOptions).catch(() => null),
    ]);
    // A server without payments sells nothing: its Pro card leads to an account, or to the tools.
    const offer = proOfferOf(plans);
    if (offer === 'everyone' || offer === 'granted') {
      if (!user) void navigate({ to: '/auth/$tab', params: { tab: 'register' } });
      else void navigate({ to: '/pro' });
      return;
    }
    if (!user) {
      // Come back to checkout once logged in.
      savePostLoginTarget(CHECKOUT_PATH);
      void navigate({ to: '/auth' });
      return;
    }
    const subscription = await queryClient
      .ensureQueryData(subscriptionQueryOptions(user.id))
      .catch(() => null);
    if (hasProAccess(subscription)) {
      toast({ ...ALREADY_SUBSCRIBED, color: 'primary' });
      void navigate({ to: '/' });
      return;
    }
    void navigate({ href: CHECKOUT_PATH });
  };

  const selectTeam = async () => {
    if (!(await loadSessionUser(queryClient))) {
      toast({
        header: 'Login Required',
        message: 'Please log in to select a plan',
        color: 'warning',
      });
      return;
    }
    setTeamDialogOpen(true);
  };

  return {
    selectPro: once(selectPro),
    selectTeam: once(selectTeam),
    teamDialogOpen,
    closeTeamDialog: () => setTeamDialogOpen(false),
  };
}
