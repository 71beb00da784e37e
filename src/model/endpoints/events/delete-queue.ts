import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeedWithQueue } from '../../outcome.js';

/** DELETE /events: queue_id from the body (Python) or the query string (zulip-js); the store completes a held request first. */
export const deleteQueue = defineEndpoint({
  operation: 'delete-queue',
  method: 'DELETE',
  path: '/events',
  auth: 'basic',
  params: z.object({ queue_id: z.string() }),
  reduce(state, { actor, params }) {
    return succeedWithQueue(state, {}, { kind: 'delete-queue', userId: actor.id, queueId: params.queue_id });
  },
});
