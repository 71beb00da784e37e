import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentSubscription } from '../../present/subscription.js';
import { getRow, rows } from '../../tables/table.js';
import { jsonOrText } from './params.js';

/** GET /users/me/subscriptions: the caller's subscriptions, archived channels included, sorted by channel name. */
export const getSubscriptions = defineEndpoint({
  operation: 'get-subscriptions',
  method: 'GET',
  path: '/users/me/subscriptions',
  auth: 'basic',
  allowBots: true,
  params: z.object({
    include_subscribers: jsonOrText(z.union([z.boolean(), z.literal('partial')])).default(false),
  }),
  reduce(state, { actor, params }) {
    const ofUser = getRow(state.subscriptionsByUser, actor.id);
    const subscriptions = ofUser === undefined ? [] : [...rows(ofUser)];
    const named = subscriptions.map((subscription) => ({ subscription, name: getRow(state.channels, subscription.channelId)?.name ?? '' }));
    named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return succeed(state, {
      subscriptions: named.map(({ subscription }) => presentSubscription(state, subscription, { includeSubscribers: params.include_subscribers })),
    });
  },
});
