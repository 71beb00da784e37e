/** The `presence` part of POST /register: the realm's presence as of the fetch, in the format slim_presence asks for. */
import { presentRealmPresences } from '../../present/presence.js';
import type { State, User } from '../../state.js';

export interface PresenceStateOptions {
  readonly slimPresence: boolean;
  readonly historyLimitDays: number | undefined;
  readonly now: number;
}

export function presentPresenceState(state: State, actor: User, options: PresenceStateOptions): Record<string, unknown> {
  return presentRealmPresences(state, actor, { slim: options.slimPresence, historyLimitDays: options.historyLimitDays, now: options.now });
}
