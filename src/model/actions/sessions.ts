/** Opening a browser session (Django's login): no event, as the real server sends none. */

import { freeze } from 'immer';
import type { Tx } from '../events/commit.js';
import { SESSION_AGE_SECONDS } from '../rules/sessions.js';
import type { Session, State, User, WritableState } from '../state.js';
import { entries, withoutRow, withRow } from '../tables/table.js';

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

/**
 * Logs the user out everywhere, as deactivation does on the real server
 * (delete_user_sessions), so that a reactivated account's old cookies stay
 * dead. Sessions exist only where the development logins are on, a handful,
 * so walking them costs nothing elsewhere.
 */
export function endSessions(tx: Tx, user: User): void {
  const state = tx.draft as WritableState;
  for (const [key, session] of entries(tx.before.sessions)) {
    if (session.userId === user.id) state.sessions = withoutRow(state.sessions, key);
  }
}
