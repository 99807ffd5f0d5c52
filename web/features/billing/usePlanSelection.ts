import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CHECKOUT_PATH } from '../auth/postLoginDestination';
import { savePostLoginTarget } from '../auth/authStorage';
import { useAuth } from '../auth/auth.queries';
import { useToast } from '../../ui/ToastProvider';
import { ALREADY_SUBSCRIBED } from './billingText';

/** What choosing each plan does (spec §2 Pricing). */
export function usePlanSelection() {
  const { user, isPaid } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [teamDialogOpen, setTeamDialogOpen] = useState(false);

  const selectPro = () => {
    if (!user) {
      // Come back to checkout once logged in.
      savePostLoginTarget(CHECKOUT_PATH);
      void navigate({ to: '/auth' });
      return;
    }
    if (isPaid) {
      toast({ ...ALREADY_SUBSCRIBED, color: 'primary' });
      void navigate({ to: '/' });
      return;
    }
    void navigate({ href: CHECKOUT_PATH });
  };

  const selectTeam = () => {
    if (!user) {
      toast({ header: 'Login Required', message: 'Please log in to select a plan', color: 'warning' });
      return;
    }
    setTeamDialogOpen(true);
  };

  return { selectPro, selectTeam, teamDialogOpen, closeTeamDialog: () => setTeamDialogOpen(false) };
}
