import { z } from 'zod';
import { createBot as createBotAction } from '../../actions/bots.js';
import { defineEndpoint } from '../../endpoint.js';
import { drawApiKey } from '../../entropy.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { botAvatarUrl, presentBotDefaults } from '../../present/bots.js';
import { makeUser } from '../../records.js';
import {
  accessBotDefaultChannel,
  allowedBotTypes,
  BOT_INTERFACE_TYPES,
  BOT_TYPE,
  botEmailFor,
  canCreateBot,
  checkBotNameAvailable,
  EMBEDDED_BOT_NAMES,
  EMBEDDED_BOTS_ENABLED,
} from '../../rules/bots.js';
import { checkFullName } from '../../rules/names.js';
import { withRealmUserDefaults } from '../../rules/realm-user-defaults.js';
import { ROLE_MEMBER } from '../../rules/roles.js';
import { selectUserByDeliveryEmail } from '../../rules/users.js';
import type { BotProfile, BotType, State } from '../../state.js';
import { withRow } from '../../tables/table.js';
import { configDataParam, urlParam } from './bot-params.js';

/**
 * POST /bots (the real server's add_bot_backend): a bot owned by the caller,
 * checked in the real server's order. Bots join no channel. An uploaded
 * avatar is counted but not kept (chatref stores no user avatars).
 */
export const createBot = defineEndpoint({
  operation: 'create-bot',
  method: 'POST',
  path: '/bots',
  auth: 'basic',
  requiresMember: true,
  allowBots: false,
  params: z.object({
    full_name: z.string(),
    short_name: z.string(),
    bot_type: wire.int().default(BOT_TYPE.generic),
    payload_url: urlParam.default(''),
    service_name: z.string().optional(),
    config_data: configDataParam.default({}),
    interface_type: wire.int().default(1),
    default_sending_stream: z.string().optional(),
    default_events_register_stream: z.string().optional(),
    default_all_public_streams: wire.bool().optional(),
  }),
  reduce(state, { actor, params, files, now, entropy }) {
    const address = botEmailFor(state, params.short_name);
    if (!address.ok) return fail(address.error);
    const { shortName, email } = address.value;
    // Incoming webhooks name their integration only when asked to; other bots default to their short name.
    const serviceName = params.bot_type === BOT_TYPE.incomingWebhook ? params.service_name : params.service_name || shortName;
    const fullName = checkFullName(state, params.full_name);
    if (!fullName.ok) return fail(fullName.error);
    if (params.bot_type === BOT_TYPE.embedded) {
      if (!EMBEDDED_BOTS_ENABLED) return fail(Errors.embeddedBotsDisabled());
      if (serviceName === undefined || !EMBEDDED_BOT_NAMES.includes(serviceName)) return fail(Errors.invalidEmbeddedBotName());
    }
    if (selectUserByDeliveryEmail(state, email) !== undefined) return fail(Errors.emailInUse(email));
    const nameFree = checkBotNameAvailable(state, fullName.value, false);
    if (!nameFree.ok) return fail(nameFree.error);
    if (!canCreateBot(state, actor, params.bot_type, now)) return fail(Errors.insufficientPermission());
    if (!(allowedBotTypes(state, actor, now) as readonly number[]).includes(params.bot_type)) return fail(Errors.invalidBotType());
    if (!BOT_INTERFACE_TYPES.includes(params.interface_type)) return fail(Errors.invalidInterfaceType());
    if (files.filter((file) => file.fileName !== '').length > 1) return fail(Errors.oneFileAtATime());
    let defaultSendingChannelId: number | null = null;
    if (params.default_sending_stream !== undefined) {
      const channel = accessBotDefaultChannel(state, actor, params.default_sending_stream, now);
      if (!channel.ok) return fail(channel.error);
      defaultSendingChannelId = channel.value;
    }
    let defaultEventsRegisterChannelId: number | null = null;
    if (params.default_events_register_stream !== undefined) {
      const channel = accessBotDefaultChannel(state, actor, params.default_events_register_stream, now);
      if (!channel.ok) return fail(channel.error);
      defaultEventsRegisterChannelId = channel.value;
    }

    const botType = params.bot_type as BotType;
    const apiKey = drawApiKey(entropy);
    const hasService = botType === BOT_TYPE.outgoingWebhook || botType === BOT_TYPE.embedded;
    const config: Record<string, string> = {};
    if (botType === BOT_TYPE.incomingWebhook && serviceName) config['integration_id'] = serviceName;
    if (botType === BOT_TYPE.incomingWebhook || botType === BOT_TYPE.embedded) Object.assign(config, params.config_data);
    const profile: BotProfile = {
      defaultSendingChannelId,
      defaultEventsRegisterChannelId,
      defaultAllPublicStreams: params.default_all_public_streams ?? false,
      service: hasService
        ? { name: serviceName ?? shortName, baseUrl: params.payload_url, interface: params.interface_type as 1 | 2, token: drawApiKey(entropy) }
        : null,
      config,
    };
    const bot = withRealmUserDefaults(
      state,
      makeUser({
        id: state.counters.nextUserId,
        deliveryEmail: email,
        fullName: fullName.value,
        role: ROLE_MEMBER,
        apiKey,
        passwordHash: null,
        dateCreated: Math.floor(now),
        botType,
        botOwnerId: actor.id,
      }),
    );
    const after: State = { ...state, botProfiles: withRow(state.botProfiles, bot.id, profile) };
    return succeed(
      commit(state, now, (tx) => createBotAction(tx, bot, profile)),
      { user_id: bot.id, api_key: apiKey, avatar_url: botAvatarUrl(bot), ...presentBotDefaults(after, bot) },
    );
  },
});
