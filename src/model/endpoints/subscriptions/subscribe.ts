import { z } from 'zod';
import { subscribeToChannels } from '../../actions/channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { accept, type Checked, fail, succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { makeSubscription, pickSubscriptionColor } from '../../records.js';
import { canSetChannelTopicsPolicy, parseRetentionDays } from '../../rules/channel-administration.js';
import { checkNewChannelSettings, usedColors } from '../../rules/channel-creation.js';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, normalizeChannelDescription } from '../../rules/channel-descriptions.js';
import { checkChannelName } from '../../rules/channel-names.js';
import { canAccessChannelContent, isSubscribed, selectChannelByName } from '../../rules/channels.js';
import { isBot } from '../../rules/roles.js';
import {
  canChangeSubscriptionsIn,
  canSubscribeOthers,
  checkChannelCreation,
  isSubscribingOthers,
  MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
  resolvePrincipals,
  selectFormerSubscription,
} from '../../rules/subscriptions.js';
import type { Channel, Subscription, User } from '../../state.js';
import { channelNameKey } from '../../tables/channels.js';
import { newChannel } from './new-channel.js';
import { postBotMessage, postNewChannelNotices, subscribedYouContent } from './notifications.js';
import { newChannelGroupSettingParams, newChannelParams, principalsParam } from './params.js';

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

export const subscriptionRequest = z.strictObject({
  name: z.string(),
  description: maxChars(MAX_CHANNEL_DESCRIPTION_LENGTH).optional(),
  color: z
    .string()
    .superRefine((color, ctx) => {
      // The real server names this value "add.color" whatever the request called it.
      if (!HEX_COLOR.test(color)) ctx.addIssue({ code: 'custom', message: 'add.color is not a valid hex color code' });
    })
    .optional(),
});

const params = z.object({
  subscriptions: wire.json(z.array(subscriptionRequest)),
  principals: principalsParam().optional(),
  authorization_errors_fatal: wire.bool().default(true),
  ...newChannelParams,
  send_new_subscription_messages: wire.bool().default(true),
  ...newChannelGroupSettingParams,
});

type Params = z.output<typeof params>;

interface ChannelRequest {
  readonly name: string;
  readonly description: string;
  readonly color: string | undefined;
}

/** The requested channels, names trimmed and checked, each name once (case-insensitively). */
function checkChannelRequests(requests: Params['subscriptions']): Checked<readonly ChannelRequest[]> {
  const byKey = new Map<string, ChannelRequest>();
  for (const request of requests) {
    const name = checkChannelName(request.name.trim());
    if (!name.ok) return name;
    const key = channelNameKey(name.value);
    if (byKey.has(key)) continue;
    byKey.set(key, {
      name: name.value,
      description: normalizeChannelDescription(request.description ?? ''),
      color: request.color,
    });
  }
  return accept([...byKey.values()]);
}

/**
 * POST /users/me/subscriptions: subscribes the caller or the principals to
 * channels, creating the missing ones. Everything is checked before anything
 * changes, so a failure leaves no half-created channel behind.
 */
export const subscribe = defineEndpoint({
  operation: 'subscribe',
  method: 'POST',
  path: '/users/me/subscriptions',
  auth: 'basic',
  allowBots: true,
  requiresMember: true,
  params,
  reduce(state, { actor, params, now }) {
    const retention = parseRetentionDays(params.message_retention_days);
    if (!retention.ok) return fail(retention.error);
    const topicsPolicy = params.topics_policy ?? 'inherit';
    if (topicsPolicy !== 'inherit' && !canSetChannelTopicsPolicy(state, actor, now)) return fail(Errors.insufficientPermission());
    const requests = checkChannelRequests(params.subscriptions);
    if (!requests.ok) return fail(requests.error);
    const subscribingOthers = isSubscribingOthers(actor, params.principals);

    const existing: Channel[] = [];
    const missing: ChannelRequest[] = [];
    for (const request of requests.value) {
      const channel = selectChannelByName(state, request.name);
      if (channel === undefined) missing.push(request);
      else existing.push(channel);
    }

    const created: Channel[] = [];
    if (missing.length > 0) {
      const settings = checkNewChannelSettings(state, actor, params, now);
      if (!settings.ok) return fail(settings.error);
      const creation = {
        inviteOnly: params.invite_only,
        isWebPublic: params.is_web_public,
        isDefaultStream: params.is_default_stream,
        messageRetentionDays: retention.value,
      };
      for (const [index, request] of missing.entries()) {
        const allowed = checkChannelCreation(state, actor, creation, now);
        if (!allowed.ok) return fail(allowed.error);
        created.push(
          newChannel(actor, now, params, {
            id: state.counters.nextChannelId + index,
            name: request.name,
            description: request.description,
            messageRetentionDays: retention.value,
            topicsPolicy,
            settings: settings.value,
          }),
        );
      }
    }

    const unauthorized = existing.filter((channel) => !canChangeSubscriptionsIn(state, channel) || !canAccessChannelContent(state, actor, channel, now));
    if (unauthorized.length > 0 && params.authorization_errors_fatal) {
      return fail(Errors.unableToAccessChannel(unauthorized[0]!.name));
    }
    const authorized = existing.filter((channel) => !unauthorized.includes(channel));
    if (subscribingOthers && authorized.some((channel) => !canSubscribeOthers(state, actor, channel, now))) {
      return fail(Errors.insufficientPermission());
    }

    let subscribers: readonly User[] = [actor];
    if (subscribingOthers) {
      const resolved = resolvePrincipals(state, actor, params.principals!);
      if (!resolved.ok) return fail(resolved.error);
      subscribers = resolved.value;
    }

    const createdIds = new Set(created.map((channel) => channel.id));
    const colorByName = new Map(requests.value.map((request) => [channelNameKey(request.name), request.color]));
    const targets = [...authorized, ...created];
    const added: Subscription[] = [];
    const subscribed: Record<string, string[]> = {};
    const alreadySubscribed: Record<string, string[]> = {};
    for (const user of subscribers) {
      const colors = usedColors(state, user.id);
      for (const channel of targets) {
        const key = String(user.id);
        if (!createdIds.has(channel.id) && isSubscribed(state, user.id, channel.id)) {
          (alreadySubscribed[key] ??= []).push(channel.name);
          continue;
        }
        (subscribed[key] ??= []).push(channel.name);
        // Subscribing again restores the former subscription with its settings.
        const former = selectFormerSubscription(state, user.id, channel.id);
        if (former !== undefined) {
          added.push(former);
          continue;
        }
        const requested = user.id === actor.id ? colorByName.get(channelNameKey(channel.name)) : undefined;
        const color = requested ?? pickSubscriptionColor(colors, channel.id);
        colors.add(color);
        added.push(makeSubscription({ userId: user.id, channelId: channel.id, color }));
      }
    }

    const notified = params.send_new_subscription_messages && Object.keys(subscribed).length <= MAX_BULK_NEW_SUBSCRIPTION_MESSAGES;
    const written = commit(state, now, (tx) => {
      subscribeToChannels(tx, { created, subscriptions: added, createdAreDefault: params.is_default_stream });
      if (notified) {
        for (const user of subscribers) {
          if (user.id === actor.id || isBot(user)) continue;
          const names = (subscribed[String(user.id)] ?? []).filter((name) => !created.some((channel) => channel.name === name));
          if (names.length > 0) postBotMessage(tx, { user }, subscribedYouContent(actor, names), actor.id);
        }
      }
      // The Notification Bot's notices follow the subscription events, as on the real server.
      postNewChannelNotices(tx, actor, created, params.announce);
    });

    const data: Record<string, unknown> = { subscribed, already_subscribed: alreadySubscribed };
    if (!params.authorization_errors_fatal) data['unauthorized'] = unauthorized.map((channel) => channel.name);
    if (params.send_new_subscription_messages) {
      data['new_subscription_messages_sent'] = Object.keys(subscribed).length <= MAX_BULK_NEW_SUBSCRIPTION_MESSAGES;
    }
    return succeed(written, data);
  },
});
