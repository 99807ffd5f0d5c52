import type { ParameterizedContext } from 'koa';
import type { RouterContext } from '@koa/router';
import type { Config } from './config';
import type { Pool } from './db';
import type { Logger } from './log';
import type { SessionUser } from './auth/lucia';

/** What every request carries in `ctx.state`. */
export interface AppState {
  /** The logged-in user, or null for a guest (set by the session middleware). */
  user: SessionUser | null;
  sessionId: string | null;
  /** The validated input of the request (set by `validate`). */
  input: unknown;
}

/** Long-lived dependencies, on `ctx` via `app.context`. */
export interface AppDeps {
  config: Config;
  pool: Pool;
  log: Logger;
}

export type AppContext = ParameterizedContext<AppState, AppDeps & RouterContext<AppState, AppDeps>>;

/** The guest session koa-session keeps in the `session` table. */
export interface GuestSession {
  [key: string]: unknown;
}

declare module 'koa' {
  interface ExtendableContext {
    /** Set by koa-session; null once destroyed. */
    session: GuestSession | null;
  }
}
