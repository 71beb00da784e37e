/** Opening a browser session (Django's login): no event, as the real server sends none. */

import { freeze } from 'immer';
import type { Tx } from '../events/commit.js';
import { SESSION_AGE_SECONDS } from '../rules/sessions.js';
import type { Session, State, User, WritableState } from '../state.js';
import { withRow } from '../tables/table.js';

export function openSession(tx: Tx, user: User, sessionKey: string, csrfToken: string): Session {
  const session: Session = Object.freeze({ userId: user.id, csrfToken, expiresAt: Math.floor(tx.now) + SESSION_AGE_SECONDS });
  const state = tx.draft as WritableState;
  state.sessions = withRow(state.sessions, sessionKey, session);
  return session;
}

/** The state with the development logins turned on (`chatref serve --dev-login`, createModel's devLogin option). */
export function withDevAuthBackend(state: State): State {
  if (state.server.devAuthBackend) return state;
  return freeze({ ...state, server: freeze({ ...state.server, devAuthBackend: true }) });
}
