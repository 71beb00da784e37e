/** Register's realm_bots (fetch type realm_bot): the bots the user administers, as get_owned_bot_dicts lists them. */
import { presentRealmBot } from '../../present/bots.js';
import { selectVisibleBots } from '../../rules/bots.js';
import type { State, User } from '../../state.js';

export function presentBotState(state: State, viewer: User): Record<string, unknown> {
  return { realm_bots: selectVisibleBots(state, viewer).map((bot) => presentRealmBot(state, bot)) };
}
