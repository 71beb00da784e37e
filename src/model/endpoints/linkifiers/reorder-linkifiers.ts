import { z } from 'zod';
import { reorderLinkifiers } from '../../actions/linkifiers.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkLinkifierOrder, reorderNotifies } from '../../rules/linkifiers.js';

/** PATCH /realm/linkifiers: an administrator sets the processing order by listing every linkifier's id once. */
export const reorderLinkifiersEndpoint = defineEndpoint({
  operation: 'reorder-linkifiers',
  method: 'PATCH',
  path: '/realm/linkifiers',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({ ordered_linkifier_ids: wire.intArray() }),
  reduce(state, { params, now }) {
    const order = checkLinkifierOrder(state, params.ordered_linkifier_ids);
    if (!order.ok) return fail(order.error);
    // With no linkifiers there is nothing to reorder: the real server answers without an event.
    if (!reorderNotifies(state)) return succeed(state);
    return succeed(commit(state, now, (tx) => reorderLinkifiers(tx, order.value)));
  },
});
