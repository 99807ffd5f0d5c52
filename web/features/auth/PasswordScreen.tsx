import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Screen } from '../../ui/Screen';

/**
 * The frame of the password screens (forgot, reset): the auth card with its title and a line under
 * it, what the screen shows, and the way back to sign-in.
 */
export function PasswordScreen({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <h1>{title}</h1>
          <p className="muted">{lead}</p>
        </div>
        {children}
        <p className="auth-card__aside">
          <Link to="/auth/$tab" params={{ tab: 'login' }} className="auth-card__link">
            Back to sign in
          </Link>
        </p>
      </section>
    </Screen>
  );
}
