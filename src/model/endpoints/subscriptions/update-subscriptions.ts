import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, type Outcome } from '../../outcome.js';
import { parseParams } from '../../params/parse.js';
import { wire } from '../../params/wire.js';
import { isGuest } from '../../rules/roles.js';
import { subscribe, subscriptionRequest } from './subscribe.js';
import { unsubscribe } from './unsubscribe.js';

/**
 * PATCH /users/me/subscriptions: the real server's combined view. It runs
 * POST /users/me/subscriptions with `add` as its subscriptions, then DELETE
 * with `delete`, on the state the first left, and answers with both
 * responses' fields; if either fails nothing changes. As with POST, guests
 * may not use it (even to only leave channels).
 */
export const updateSubscriptions = defineEndpoint({
  operation: 'update-subscriptions',
  method: 'PATCH',
  path: '/users/me/subscriptions',
  auth: 'basic',
  params: z.object({
    delete: wire.json(z.array(z.string())).optional(),
    add: wire.json(z.array(subscriptionRequest)).optional(),
  }),
  reduce(state, ctx): Outcome {
    const add = ctx.params.add ?? [];
    const remove = ctx.params.delete ?? [];
    if (add.length === 0 && remove.length === 0) return fail(Errors.nothingToSubscribeOrUnsubscribe());
    if (isGuest(ctx.actor)) return fail(Errors.notForGuests());
    // `add` was already checked with the same element schema, so this parse only fills in POST's defaults.
    const subscribeParams = parseParams(subscribe.params, { subscriptions: JSON.stringify(add) });
    if (!subscribeParams.ok) return fail(subscribeParams.error);
    const added = subscribe.reduce(state, { ...ctx, params: subscribeParams.value });
    if (!added.ok) return added;
    const removed = unsubscribe.reduce(added.state, { ...ctx, params: { subscriptions: remove } });
    if (!removed.ok) return removed;
    return { ok: true, state: removed.state, data: { ...added.data, ...removed.data }, events: [...added.events, ...removed.events] };
  },
});
