import { z } from 'zod';
import { subscribeToChannels } from '../../actions/channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { makeSubscription, pickSubscriptionColor } from '../../records.js';
import { canSetChannelTopicsPolicy, parseRetentionDays } from '../../rules/channel-administration.js';
import { checkNewChannelSettings, usedColors } from '../../rules/channel-creation.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, normalizeChannelDescription } from '../../rules/channel-descriptions.js';
import { accessChannelFolderById } from '../../rules/channel-folders.js';
import { checkChannelName } from '../../rules/channel-names.js';
import { selectChannelByName } from '../../rules/channels.js';
import { checkChannelCreation, resolvePrincipals } from '../../rules/subscriptions.js';
import type { User } from '../../state.js';
import { newChannel } from '../subscriptions/new-channel.js';
import { postNewChannelNotices } from '../subscriptions/notifications.js';
import { newChannelGroupSettingParams, newChannelParams } from '../subscriptions/params.js';

/**
 * POST /channels/create: one new channel with its subscribers, checked in
 * the real server's order (name, folder, retention, topics policy, creation
 * permissions, group settings, subscribers). It is created the way
 * subscribing creates channels, without the "you were subscribed" messages;
 * with no subscribers, no notices are posted either.
 */
export const createChannel = defineEndpoint({
  operation: 'create-channel',
  method: 'POST',
  path: '/channels/create',
  auth: 'basic',
  requiresMember: true,
  params: z.object({
    name: z
      .string()
      .transform((name) => name.trim())
      .pipe(z.string().min(1)),
    subscribers: wire.intArray(),
    description: maxChars(MAX_CHANNEL_DESCRIPTION_LENGTH).optional(),
    ...newChannelParams,
    // Json[int] | None: JSON null means no folder.
    folder_id: wire.json(z.int().nullable()).optional(),
    ...newChannelGroupSettingParams,
  }),
  reduce(state, { actor, params, now }) {
    const name = checkChannelName(params.name);
    if (!name.ok) return fail(name.error);
    if (selectChannelByName(state, name.value) !== undefined) return fail(Errors.channelAlreadyExists(name.value));
    if (params.folder_id !== undefined && params.folder_id !== null) {
      const folder = accessChannelFolderById(state, params.folder_id);
      if (!folder.ok) return fail(folder.error);
    }
    const retention = parseRetentionDays(params.message_retention_days);
    if (!retention.ok) return fail(retention.error);
    const topicsPolicy = params.topics_policy ?? 'inherit';
    if (topicsPolicy !== 'inherit' && !canSetChannelTopicsPolicy(state, actor, now)) return fail(Errors.insufficientPermission());
    const creation = {
      inviteOnly: params.invite_only,
      isWebPublic: params.is_web_public,
      isDefaultStream: params.is_default_stream,
      messageRetentionDays: retention.value,
    };
    const allowed = checkChannelCreation(state, actor, creation, now);
    if (!allowed.ok) return fail(allowed.error);
    const settings = checkNewChannelSettings(state, actor, params, now);
    if (!settings.ok) return fail(settings.error);
    let subscribers: readonly User[] = [];
    if (params.subscribers.length > 0) {
      const resolved = resolvePrincipals(state, actor, params.subscribers);
      if (!resolved.ok) return fail(resolved.error);
      subscribers = resolved.value;
    }

    const description = normalizeChannelDescription(params.description ?? '');
    const channel = newChannel(actor, now, params, {
      id: state.counters.nextChannelId,
      name: name.value,
      description,
      messageRetentionDays: retention.value,
      topicsPolicy,
      folderId: params.folder_id ?? null,
      settings: settings.value,
    });
    const subscriptions = subscribers.map((user) =>
      makeSubscription({ userId: user.id, channelId: channel.id, color: pickSubscriptionColor(usedColors(state, user.id), channel.id) }),
    );
    const written = commit(state, now, (tx) => {
      subscribeToChannels(tx, { created: [channel], subscriptions, createdAreDefault: params.is_default_stream });
      if (subscriptions.length > 0) postNewChannelNotices(tx, actor, [channel], params.announce);
    });
    return succeed(written, { id: channel.id });
  },
});
