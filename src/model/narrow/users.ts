/** Users as narrow operands name them: by id or address, deactivated users and the system bots included (§6.2). */
import { selectUser, selectUserByVisibleEmail } from '../rules/users.js';
import type { State, User } from '../state.js';

function selectSystemBot(state: State, match: (bot: User) => boolean): User | undefined {
  const bot = state.systemBots.notificationBot;
  return match(bot) ? bot : undefined;
}

/** The user an operand names for `viewer`, or undefined (the real server's get_user_including_cross_realm and its by-id twin). */
export function selectNarrowUser(state: State, viewer: User, operand: string | number): User | undefined {
  if (typeof operand === 'number') return selectUser(state, operand) ?? selectSystemBot(state, (bot) => bot.id === operand);
  const email = operand.trim().toLowerCase();
  return selectSystemBot(state, (bot) => bot.deliveryEmail.toLowerCase() === email) ?? selectUserByVisibleEmail(state, viewer, operand);
}
