/**
 * Actions on bots, after the real server's zerver/actions/bots.py,
 * create_user.py (notify_created_bot) and users.py (bot services and
 * config). realm_bot events go to who hears of the bot (rules/bots.ts
 * hearsOfBot: the owner, and the human administrators unless the bot is
 * private); their `bot` dicts have the fields register's realm_bots has.
 */
import type { Draft } from 'immer';
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentRealmBot } from '../present/bots.js';
import { sendsRealmBotUserFieldUpdates } from '../rules/feature-levels.js';
import { isAdministrator, isBot } from '../rules/roles.js';
import type { BotProfile, State, User } from '../state.js';
import { withRow } from '../tables/table.js';
import { putUserMutably } from '../tables/users.js';
import { createUser } from './users.js';

function putBotProfileMutably(draft: Draft<State>, botId: number, profile: BotProfile): void {
  draft.botProfiles = withRow(draft.botProfiles as State['botProfiles'], botId, Object.freeze(profile)) as Draft<State>['botProfiles'];
}

/** The state as it is with only this bot's profile replaced (for presenting it after a change). */
function withBotProfile(state: State, botId: number, profile: BotProfile): State {
  return { ...state, botProfiles: withRow(state.botProfiles, botId, profile) };
}

/**
 * POST /bots: the bot user (realm_user add and its system groups, as for
 * any new user; bots join no channel), its profile, then realm_bot add.
 */
export function createBot(tx: Tx, bot: User, profile: BotProfile): void {
  createUser(tx, bot, []);
  putBotProfileMutably(tx.draft, bot.id, profile);
  const after = withBotProfile({ ...tx.before, users: withRow(tx.before.users, bot.id, bot) }, bot.id, profile);
  tx.emit({ type: 'realm_bot', op: 'add', bot: presentRealmBot(after, bot) }, Audiences.whoAdministersBot(bot.id));
}

/**
 * New default channels, default_all_public_streams, service or config (the
 * real server's do_change_default_* and do_update_*): one realm_bot update
 * per changed group of fields. A service or config change sends the whole
 * services list (the real server sends only the changed part of it, which
 * a client could not merge into register's form).
 */
export function changeBotProfile(tx: Tx, bot: User, before: BotProfile, after: BotProfile): void {
  putBotProfileMutably(tx.draft, bot.id, after);
  const shown = presentRealmBot(withBotProfile(tx.before, bot.id, after), bot);
  const update = (fields: Record<string, unknown>) =>
    tx.emit({ type: 'realm_bot', op: 'update', bot: { user_id: bot.id, ...fields } }, Audiences.whoAdministersBot(bot.id));
  if (before.defaultSendingChannelId !== after.defaultSendingChannelId) update({ default_sending_stream: shown['default_sending_stream'] });
  if (before.defaultEventsRegisterChannelId !== after.defaultEventsRegisterChannelId) {
    update({ default_events_register_stream: shown['default_events_register_stream'] });
  }
  if (before.defaultAllPublicStreams !== after.defaultAllPublicStreams) update({ default_all_public_streams: after.defaultAllPublicStreams });
  if (before.service !== after.service || before.config !== after.config) update({ services: shown['services'] });
}

/**
 * do_change_bot_owner: realm_user update {bot_owner_id} to who can access
 * the bot; the previous owner, unless an administrator (who lists every
 * bot), gets realm_bot delete, and the new one realm_bot add.
 */
export function changeBotOwner(tx: Tx, bot: User, previousOwner: User | undefined, newOwner: User): User {
  const next: User = { ...bot, botOwnerId: newOwner.id };
  putUserMutably(tx.draft, next);
  if (previousOwner !== undefined && !isAdministrator(previousOwner)) {
    tx.emit({ type: 'realm_bot', op: 'delete', bot: { user_id: bot.id } }, Audiences.users([previousOwner.id]));
  }
  if (!isAdministrator(newOwner)) tx.emit({ type: 'realm_bot', op: 'add', bot: presentRealmBot(tx.before, bot) }, Audiences.users([newOwner.id]));
  tx.emit({ type: 'realm_user', op: 'update', person: { user_id: bot.id, bot_owner_id: newOwner.id } }, Audiences.whoCanAccessUser(bot.id));
  if (sendsRealmBotUserFieldUpdates(tx.before)) emitLegacyOwnerUpdate(tx, bot, previousOwner, newOwner);
  return next;
}

/** Below FL 474: realm_bot update {owner_id} to who administers the bot, but the owners told by delete or add. */
function emitLegacyOwnerUpdate(tx: Tx, bot: User, previousOwner: User | undefined, newOwner: User): void {
  const told = [previousOwner, newOwner].filter((owner) => owner !== undefined && !isAdministrator(owner)).map((owner) => owner!.id);
  const to = { ...Audiences.whoAdministersBot(bot.id), except: told };
  tx.emit({ type: 'realm_bot', op: 'update', bot: { user_id: bot.id, owner_id: newOwner.id } }, to);
}

/** do_regenerate_api_key: the old key stops working at once. No event from FL 474: the real server no longer sends keys to clients. */
export function regenerateApiKey(tx: Tx, user: User, apiKey: string): User {
  const next: User = { ...user, apiKey };
  putUserMutably(tx.draft, next);
  if (isBot(user) && sendsRealmBotUserFieldUpdates(tx.before)) {
    tx.emit({ type: 'realm_bot', op: 'update', bot: { user_id: user.id, api_key: apiKey } }, Audiences.whoAdministersBot(user.id));
  }
  return next;
}
