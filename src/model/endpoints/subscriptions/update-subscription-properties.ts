import { z } from 'zod';
import { changeSubscriptionProperty, type SubscriptionProperty, type SubscriptionPropertyValue } from '../../actions/subscription-properties.js';
import { defineEndpoint } from '../../endpoint.js';
import { type ApiError, Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessChannelContentById } from '../../rules/channel-content.js';
import { selectSubscription } from '../../rules/subscriptions.js';
import type { Subscription } from '../../state.js';

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

const BOOLEAN_PROPERTIES: ReadonlySet<string> = new Set([
  'in_home_view',
  'is_muted',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'pin_to_top',
  'wildcard_mentions_notify',
]);

const change = z.object({
  stream_id: z.int(),
  property: z.string(),
  value: z.union([z.boolean(), z.string()]),
});

/** The real server's per-change validation, run on every change before any is applied. */
function checkChange(property: string, value: SubscriptionPropertyValue): ApiError | null {
  if (property === 'color') {
    // The real server tests str(value), so a boolean is no colour either.
    return typeof value === 'string' && HEX_COLOR.test(value) ? null : Errors.invalidHexColor('color');
  }
  if (BOOLEAN_PROPERTIES.has(property)) return typeof value === 'boolean' ? null : Errors.notABoolean(property);
  return Errors.unknownSubscriptionProperty(property);
}

/**
 * POST /users/me/subscriptions/properties: changes the caller's own settings
 * for channels they are subscribed to, one `subscription` update event per
 * property (two for is_muted / in_home_view). Every change is checked
 * before any is made.
 */
export const updateSubscriptionProperties = defineEndpoint({
  operation: 'update-subscription-settings',
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  auth: 'basic',
  params: z.object({
    subscription_data: wire.json(z.array(change)),
  }),
  reduce(state, { actor, params, now }) {
    for (const { property, value } of params.subscription_data) {
      const refused = checkChange(property, value);
      if (refused !== null) return fail(refused);
    }
    for (const { stream_id: channelId } of params.subscription_data) {
      const channel = accessChannelContentById(state, actor, channelId, now);
      if (!channel.ok) return fail(channel.error);
      if (selectSubscription(state, actor.id, channelId) === undefined) return fail(Errors.notSubscribedToChannelId(channelId));
    }
    return succeed(
      commit(state, now, (tx) => {
        const current = new Map<number, Subscription>();
        for (const { stream_id: channelId, property, value } of params.subscription_data) {
          const subscription = current.get(channelId) ?? selectSubscription(state, actor.id, channelId)!;
          current.set(channelId, changeSubscriptionProperty(tx, subscription, property as SubscriptionProperty, value));
        }
      }),
    );
  },
});
