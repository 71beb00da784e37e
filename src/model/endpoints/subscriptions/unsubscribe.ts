import { z } from 'zod';
import { type Unsubscription, unsubscribeFromChannels } from '../../actions/channels.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkChannelName } from '../../rules/channel-names.js';
import { canAccessChannelMetadata, isSubscribed, selectChannelByName } from '../../rules/channels.js';
import { canChangeSubscriptionsIn, canRemoveSubscribers, isUnsubscribingOthers, resolvePrincipals } from '../../rules/subscriptions.js';
import type { Channel, User } from '../../state.js';
import { channelNameKey } from '../../tables/channels.js';
import { principalsParam } from './params.js';

/**
 * DELETE /users/me/subscriptions: unsubscribes the caller or the principals
 * from channels named in `subscriptions`. A channel the caller may not know
 * of is reported like a missing one, so the answer leaks no private channel.
 */
export const unsubscribe = defineEndpoint({
  operation: 'unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  auth: 'basic',
  allowBots: true,
  params: z.object({
    subscriptions: wire.json(z.array(z.string())),
    principals: principalsParam().optional(),
  }),
  reduce(state, { actor, params, now }) {
    let targets: readonly User[] = [actor];
    if (params.principals !== undefined && params.principals.length > 0) {
      const resolved = resolvePrincipals(state, actor, params.principals);
      if (!resolved.ok) return fail(resolved.error);
      targets = resolved.value;
    }

    const names: string[] = [];
    const seen = new Set<string>();
    for (const raw of params.subscriptions) {
      const name = checkChannelName(raw.trim());
      if (!name.ok) return fail(name.error);
      if (seen.has(channelNameKey(name.value))) continue;
      seen.add(channelNameKey(name.value));
      names.push(name.value);
    }

    const channels: Channel[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const channel = selectChannelByName(state, name);
      const known = channel !== undefined && canChangeSubscriptionsIn(state, channel) && canAccessChannelMetadata(state, actor, channel, now);
      if (known) channels.push(channel);
      else missing.push(name);
    }
    if (isUnsubscribingOthers(actor, targets) && !canRemoveSubscribers(state, actor, channels, now)) {
      return fail(Errors.insufficientPermission());
    }
    if (missing.length > 0) return fail(Errors.channelsDoNotExist(missing));

    const removed: string[] = [];
    const notRemoved: string[] = [];
    const removals: Unsubscription[] = [];
    for (const target of targets) {
      for (const channel of channels) {
        if (isSubscribed(state, target.id, channel.id)) {
          removals.push({ user: target, channel });
          removed.push(channel.name);
        } else {
          notRemoved.push(channel.name);
        }
      }
    }
    const data = { removed, not_removed: notRemoved };
    if (removals.length === 0) return succeed(state, data);
    return succeed(
      commit(state, now, (tx) => unsubscribeFromChannels(tx, removals)),
      data,
    );
  },
});
