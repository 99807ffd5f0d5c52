import { IonSpinner } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Screen } from '../../ui/Screen';
import { userQueryOptions } from './auth.queries';
import { recordLoginSuccess } from './authStorage';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

/** /callback: re-reads the session a sign-in just created, then goes on like a login does. */
export function CallbackScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/callback' });
  const goToDestination = useGoToPostLoginDestination();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const user = await queryClient
        .fetchQuery({ ...userQueryOptions, staleTime: 0 })
        .catch(() => null);
      if (cancelled) return;
      if (!user) {
        await navigate({ to: '/auth', search: redirect ? { redirect } : {}, replace: true });
        return;
      }
      recordLoginSuccess(user.id);
      await goToDestination(redirect);
    })();
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate, redirect, goToDestination]);

  return (
    <Screen width="narrow" footer={false}>
      <div className="centered-state" role="status">
        <IonSpinner name="crescent" color="primary" />
        <p>Finishing sign-in…</p>
      </div>
    </Screen>
  );
}
