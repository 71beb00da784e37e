import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { CAPABILITIES, type Capability } from '../../events/event.js';
import { checkQueueSpec, eventTypesParam, lifespanParam, narrowParam } from '../../events/queue-spec.js';
import { fail, succeedWithQueue } from '../../outcome.js';
import { wire } from '../../params/wire.js';

/** When GET /events creates a queue, capabilities arrive as flat booleans rather than a client_capabilities object. */
const optionalBool = () => wire.bool().optional();
const capabilityParams = Object.fromEntries(CAPABILITIES.map((name) => [name, optionalBool()])) as Record<Capability, ReturnType<typeof optionalBool>>;

const params = z.object({
  queue_id: z.string().optional(),
  last_event_id: wire.int().optional(),
  dont_block: wire.bool().default(false),
  apply_markdown: wire.bool().default(false),
  client_gravatar: wire.bool().default(false),
  slim_presence: wire.bool().default(false),
  all_public_streams: wire.bool().optional(),
  event_types: eventTypesParam(),
  narrow: narrowParam(),
  lifespan_secs: lifespanParam(),
  pronouns_field_type_supported: wire.bool().default(true),
  ...capabilityParams,
});

/**
 * GET /events: the model checks the request; the store owns the queue and
 * answers at once or holds the request until an event, a heartbeat, a newer
 * request on the queue, its deletion or the client's disconnect.
 */
export const getEvents = defineEndpoint({
  operation: 'get-events',
  method: 'GET',
  path: '/events',
  auth: 'basic',
  params,
  reduce(state, { actor, params, entropy }) {
    if (params.queue_id === undefined) {
      if (!params.dont_block) return fail(Errors.missingQueueArgument('queue_id'));
      const capabilities: Partial<Record<Capability, boolean | undefined>> = {};
      for (const name of CAPABILITIES) capabilities[name] = params[name];
      const queue = checkQueueSpec(
        actor,
        {
          eventTypes: params.event_types,
          narrow: params.narrow,
          allPublicStreams: params.all_public_streams,
          applyMarkdown: params.apply_markdown,
          clientGravatar: params.client_gravatar,
          slimPresence: params.slim_presence,
          capabilities,
          lifespanSecs: params.lifespan_secs,
        },
        entropy,
      );
      if (!queue.ok) return fail(queue.error);
      return succeedWithQueue(state, { events: [], queue_id: queue.value.queueId }, { kind: 'create-queue-and-get', queue: queue.value });
    }
    if (params.last_event_id === undefined) return fail(Errors.missingQueueArgument('last_event_id'));
    return succeedWithQueue(
      state,
      {},
      { kind: 'get-events', userId: actor.id, queueId: params.queue_id, lastEventId: params.last_event_id, dontBlock: params.dont_block },
    );
  },
});
