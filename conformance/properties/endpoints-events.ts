/** The event-queue endpoints, as the property checks see them. */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv } from './endpoint-spec.js';
import { BOOL, enumOf, INT, OBJECT, optional, STRING, STRING_LIST, userRead } from './param-kinds.js';

/** A queue a chance success made is deleted, so that a live server is not left with it until it expires. */
async function deleteQueueMade(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const queueId = (response.body as { queue_id?: unknown } | null)?.queue_id;
  if (typeof queueId === 'string' && queueId !== '') await call(env.self, 'DELETE', '/events', { queue_id: queueId });
}

export const EVENT_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'register-queue',
    method: 'POST',
    path: '/register',
    auth: 'basic',
    actor: 'self',
    params: [
      // A small initial state: registering is a read apart from the queue it makes.
      { name: 'fetch_event_types', kind: STRING_LIST, nullable: true, valid: () => '["realm_user"]' },
      { name: 'event_types', kind: STRING_LIST, nullable: true },
      ...optional(BOOL, 'all_public_streams', 'apply_markdown', 'client_gravatar', 'slim_presence'),
      { name: 'client_capabilities', kind: OBJECT },
      { name: 'include_subscribers', kind: enumOf('true', 'false', 'partial') },
      { name: 'narrow', kind: STRING_LIST, invalid: ['[["stream"]]', '[["stream",1]]', '[{"operator":1}]'] },
      { name: 'presence_history_limit_days', kind: INT },
      { name: 'queue_lifespan_secs', kind: INT },
    ],
    observe: (env) => [userRead(env.self.userId)],
    cleanUp: deleteQueueMade,
  },
  {
    operation: 'get-events',
    method: 'GET',
    path: '/events',
    auth: 'basic',
    actor: 'self',
    params: [
      // The base creates a queue and answers at once; no generated queue_id names a live queue, so nothing waits.
      { name: 'dont_block', kind: BOOL, valid: () => 'true' },
      { name: 'queue_id', kind: STRING },
      { name: 'last_event_id', kind: INT },
      { name: 'event_types', kind: STRING_LIST, nullable: true },
      { name: 'narrow', kind: STRING_LIST, invalid: ['[["stream"]]', '[["search","x"]]'] },
      ...optional(BOOL, 'apply_markdown', 'client_gravatar', 'all_public_streams', 'bulk_message_deletion', 'archived_channels'),
      { name: 'lifespan_secs', kind: INT },
    ],
    observe: (env) => [userRead(env.self.userId)],
    cleanUp: deleteQueueMade,
  },
  {
    operation: 'delete-queue',
    method: 'DELETE',
    path: '/events',
    auth: 'basic',
    actor: 'self',
    params: [{ name: 'queue_id', kind: STRING, required: true }],
    observe: (env) => [userRead(env.self.userId)],
  },
];
