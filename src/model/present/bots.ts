/**
 * Bot dicts: register's realm_bots entries and realm_bot events (the real
 * server's get_owned_bot_dicts and get_service_dicts_for_bot), and GET /bots
 * (get_bots_backend). Since the real server stopped sending API keys to
 * clients, only GET /bots and the key endpoints show one.
 */
import { selectBotProfile } from '../rules/bots.js';
import { hasLegacyBotDictFields } from '../rules/feature-levels.js';
import type { State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { avatarUrl } from './avatar.js';

function channelName(state: State, channelId: number | null): string | null {
  if (channelId === null) return null;
  return getRow(state.channels, channelId)?.name ?? null;
}

/** Outgoing webhooks: their endpoint; embedded bots: their program and settings, once they have settings; others: nothing. */
export function presentBotServices(state: State, bot: User): Record<string, unknown>[] {
  const { service, config } = selectBotProfile(state, bot.id);
  if (service === null) return [];
  if (bot.botType === 3) return [{ base_url: service.baseUrl, interface: service.interface, token: service.token }];
  if (bot.botType === 4 && Object.keys(config).length > 0) return [{ config_data: { ...config }, service_name: service.name }];
  return [];
}

/** The default-channel fields, as register, events and responses name them. */
export function presentBotDefaults(state: State, bot: User): Record<string, unknown> {
  const profile = selectBotProfile(state, bot.id);
  return {
    default_sending_stream: channelName(state, profile.defaultSendingChannelId),
    default_events_register_stream: channelName(state, profile.defaultEventsRegisterChannelId),
    default_all_public_streams: profile.defaultAllPublicStreams,
  };
}

/** One realm_bots entry; realm_bot add carries the same dict. The user fields live in realm_users (below FL 474, here too). */
export function presentRealmBot(state: State, bot: User): Record<string, unknown> {
  if (hasLegacyBotDictFields(state)) return presentLegacyRealmBot(state, bot);
  return { user_id: bot.id, ...presentBotDefaults(state, bot), services: presentBotServices(state, bot) };
}

/** The bot dict below FL 474, as the real server's get_owned_bot_dicts gave it. */
function presentLegacyRealmBot(state: State, bot: User): Record<string, unknown> {
  return {
    email: bot.deliveryEmail,
    user_id: bot.id,
    full_name: bot.fullName,
    bot_type: bot.botType,
    is_active: bot.isActive,
    api_key: bot.apiKey,
    ...presentBotDefaults(state, bot),
    owner_id: bot.botOwnerId,
    avatar_url: botAvatarUrl(bot),
    services: presentBotServices(state, bot),
  };
}

/** avatar_url of bot responses: never null (the real server's avatar_url without client_gravatar). */
export function botAvatarUrl(bot: User): string {
  return avatarUrl(bot, { clientGravatar: false, viewerSeesEmail: true })!;
}

/** One entry of GET /bots. */
export function presentOwnBot(state: State, bot: User): Record<string, unknown> {
  return {
    username: bot.deliveryEmail,
    full_name: bot.fullName,
    api_key: bot.apiKey,
    avatar_url: botAvatarUrl(bot),
    ...presentBotDefaults(state, bot),
  };
}
