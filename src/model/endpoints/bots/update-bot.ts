import { z } from 'zod';
import { changeBotOwner, changeBotProfile } from '../../actions/bots.js';
import { unsubscribeFromChannels } from '../../actions/channels.js';
import { changeDeliveryEmail, changeFullName, changeUserRole } from '../../actions/users.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { roleParam } from '../../params/common.js';
import { wire } from '../../params/wire.js';
import { botAvatarUrl, presentBotDefaults } from '../../present/bots.js';
import { accessBotById, accessBotDefaultChannel, BOT_INTERFACE_TYPES, botEmailFor, checkBotNameAvailable, selectBotProfile } from '../../rules/bots.js';
import { selectBotOwnerChangeUnsubscriptions } from '../../rules/feature-levels.js';
import { checkFullName } from '../../rules/names.js';
import { isAdministrator, isBot, isOwner, roleChangeTouchesOwner } from '../../rules/roles.js';
import { selectUser, selectUserByDeliveryEmail } from '../../rules/users.js';
import type { BotProfile, Role, State, User } from '../../state.js';
import { withRow } from '../../tables/table.js';
import { configDataParam, urlParam } from './bot-params.js';

/** "" clears a default channel; a name must be a channel the actor can read. */
function defaultChannel(state: State, actor: User, name: string | undefined, current: number | null, now: number) {
  if (name === undefined) return { ok: true as const, value: current };
  if (name === '') return { ok: true as const, value: null };
  return accessBotDefaultChannel(state, actor, name, now);
}

/**
 * PATCH /bots/{bot_id} (patch_bot_backend): the bot's owner or an
 * administrator changes its name, address (short_name, FL 447), role,
 * owner, default channels, outgoing webhook or embedded config. Every rule
 * is checked before anything changes (the real server applies each field
 * as it goes, so a late error there leaves the earlier fields changed).
 */
export const updateBot = defineEndpoint({
  operation: 'update-bot',
  method: 'PATCH',
  path: '/bots/{bot_id}',
  pathParams: { bot_id: 'int' },
  auth: 'basic',
  requiresMember: true,
  allowBots: false,
  params: z.object({
    full_name: z.string().optional(),
    short_name: z.string().optional(),
    role: roleParam.optional(),
    bot_owner_id: wire.int().optional(),
    config_data: configDataParam.optional(),
    service_payload_url: urlParam.optional(),
    service_interface: wire.int().default(1),
    default_sending_stream: z.string().optional(),
    default_events_register_stream: z.string().optional(),
    default_all_public_streams: wire.bool().optional(),
  }),
  reduce(state, { actor, params, path, files, now }) {
    const access = accessBotById(state, actor, path.bot_id);
    if (!access.ok) return fail(access.error);
    const bot = access.value;

    let fullName: string | undefined;
    if (params.full_name !== undefined) {
      const name = checkFullName(state, params.full_name, bot.id);
      if (!name.ok) return fail(name.error);
      // The web app sends the name back unchanged; that is no change.
      if (name.value !== bot.fullName) {
        const free = checkBotNameAvailable(state, name.value, false);
        if (!free.ok) return fail(free.error);
        fullName = name.value;
      }
    }

    let email: string | undefined;
    if (params.short_name !== undefined) {
      const address = botEmailFor(state, params.short_name);
      if (!address.ok) return fail(address.error);
      if (address.value.email.toLowerCase() !== bot.deliveryEmail.toLowerCase()) {
        if (selectUserByDeliveryEmail(state, address.value.email) !== undefined) return fail(Errors.emailInUse(address.value.email));
        email = address.value.email;
      }
    }

    let role: Role | undefined;
    if (params.role !== undefined && params.role !== bot.role) {
      if (roleChangeTouchesOwner(bot.role, params.role) && !isOwner(actor)) return fail(Errors.mustBe('owner'));
      if (!isAdministrator(actor)) return fail(Errors.mustBe('administrator'));
      role = params.role;
    }

    let newOwner: User | undefined;
    if (params.bot_owner_id !== undefined) {
      const owner = selectUser(state, params.bot_owner_id);
      if (owner === undefined) return fail(Errors.failedToChangeOwner('no such user'));
      if (!owner.isActive) return fail(Errors.failedToChangeOwner('user is deactivated'));
      if (isBot(owner)) return fail(Errors.failedToChangeOwner("bots can't own other bots"));
      if (owner.id !== bot.botOwnerId) newOwner = owner;
    }

    const before = selectBotProfile(state, bot.id);
    const sending = defaultChannel(state, actor, params.default_sending_stream, before.defaultSendingChannelId, now);
    if (!sending.ok) return fail(sending.error);
    const register = defaultChannel(state, actor, params.default_events_register_stream, before.defaultEventsRegisterChannelId, now);
    if (!register.ok) return fail(register.error);
    let service = before.service;
    if (params.service_payload_url !== undefined) {
      if (!BOT_INTERFACE_TYPES.includes(params.service_interface)) return fail(Errors.invalidInterfaceType());
      // Only a bot with a service has one to change (the real server fails with a 500 otherwise; chatref leaves it alone).
      if (service !== null) service = { ...service, baseUrl: params.service_payload_url, interface: params.service_interface as 1 | 2 };
    }
    const config = params.config_data === undefined ? before.config : { ...before.config, ...params.config_data };
    if (files.filter((file) => file.fileName !== '').length > 1) return fail(Errors.oneFileAtATime());
    const after: BotProfile = {
      defaultSendingChannelId: sending.value,
      defaultEventsRegisterChannelId: register.value,
      defaultAllPublicStreams: params.default_all_public_streams ?? before.defaultAllPublicStreams,
      service,
      config,
    };
    const profileChanged =
      after.defaultSendingChannelId !== before.defaultSendingChannelId ||
      after.defaultEventsRegisterChannelId !== before.defaultEventsRegisterChannelId ||
      after.defaultAllPublicStreams !== before.defaultAllPublicStreams ||
      JSON.stringify(after.service) !== JSON.stringify(before.service) ||
      JSON.stringify(after.config) !== JSON.stringify(before.config);

    let final: User = bot;
    const written =
      fullName === undefined && email === undefined && role === undefined && newOwner === undefined && !profileChanged
        ? state
        : commit(state, now, (tx) => {
            let user = bot;
            if (fullName !== undefined) user = changeFullName(tx, user, fullName);
            if (email !== undefined) user = changeDeliveryEmail(tx, user, email);
            if (role !== undefined) user = changeUserRole(tx, user, role);
            if (newOwner !== undefined) user = changeBotOwner(tx, user, selectUser(state, bot.botOwnerId ?? -1), newOwner);
            const lost = newOwner === undefined ? [] : selectBotOwnerChangeUnsubscriptions(state, bot, newOwner);
            if (lost.length > 0) unsubscribeFromChannels(tx, lost);
            if (profileChanged) changeBotProfile(tx, user, before, after);
            final = user;
          });
    const shownState: State = { ...state, botProfiles: withRow(state.botProfiles, bot.id, after) };
    const owner = final.botOwnerId === null ? undefined : selectUser(state, final.botOwnerId);
    return succeed(written, {
      full_name: final.fullName,
      avatar_url: botAvatarUrl(final),
      service_interface: params.service_interface,
      service_payload_url: params.service_payload_url ?? null,
      config_data: params.config_data ?? null,
      ...presentBotDefaults(shownState, final),
      ...(owner === undefined ? {} : { bot_owner: owner.deliveryEmail }),
    });
  },
});
