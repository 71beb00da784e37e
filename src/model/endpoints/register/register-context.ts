/** What the presenters of POST /register's sections read: the state, the user and the request's options. */
import type { State, User } from '../../state.js';

export interface RegisterContext {
  readonly state: State;
  readonly actor: User;
  /** Whether a fetch type is among those asked for (every type when none were named). */
  readonly want: (type: string) => boolean;
  /** Whether the client named the types it wants (fetch_event_types or event_types). */
  readonly typesNamed: boolean;
  readonly capabilities: Readonly<Partial<Record<string, boolean>>>;
  readonly clientGravatar: boolean;
  readonly includeSubscribers: boolean | 'partial';
  readonly slimPresence: boolean;
  readonly presenceHistoryLimitDays: number | undefined;
  readonly now: number;
  readonly origin: string;
  readonly serverGeneration: number;
}
