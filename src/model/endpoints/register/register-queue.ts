import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { checkQueueSpec, eventTypesParam, lifespanParam, narrowParam } from '../../events/queue-spec.js';
import { serverVersionAt } from '../../feature-levels/releases.js';
import { fail, succeedWithQueue } from '../../outcome.js';
import { json, wire } from '../../params/wire.js';
import { selectQueueDefaults } from '../../rules/bots.js';
import { presentFetchedState } from './fetch-types.js';

const capability = () => z.boolean().optional();

export const registerParams = z.object({
  all_public_streams: wire.bool().optional(),
  apply_markdown: wire.bool().default(false),
  client_capabilities: json(
    z.object({
      // Required since Zulip 2.1 by accident; kept required for compatibility, as the real server does.
      notification_settings_null: z.boolean(),
      bulk_message_deletion: capability(),
      user_avatar_url_field_optional: capability(),
      stream_typing_notifications: capability(),
      user_settings_object: capability(),
      linkifier_url_template: capability(),
      user_list_incomplete: capability(),
      include_deactivated_groups: capability(),
      archived_channels: capability(),
      empty_topic_name: capability(),
      simplified_presence_events: capability(),
    }),
  ).optional(),
  client_gravatar: wire.bool().optional(),
  event_types: eventTypesParam(),
  fetch_event_types: eventTypesParam(),
  include_subscribers: z.enum(['true', 'false', 'partial']).default('false'),
  narrow: narrowParam(),
  presence_history_limit_days: wire.int().optional(),
  queue_lifespan_secs: lifespanParam(),
  slim_presence: wire.bool().default(false),
});

/**
 * POST /register: an event queue, and the initial state a client starts
 * from, limited to the fetch types asked for (fetch_event_types, else
 * event_types, else all; the table in fetch-types.ts). The store allocates the queue in the same step the
 * state is read, so no event can fall between them: last_event_id is -1.
 */
export const registerQueue = defineEndpoint({
  operation: 'register-queue',
  method: 'POST',
  path: '/register',
  auth: 'basic',
  params: registerParams,
  reduce(state, { actor, params, now, origin, entropy, serverGeneration }) {
    const capabilities = params.client_capabilities;
    const queueDefaults = selectQueueDefaults(state, actor);
    const queue = checkQueueSpec(
      actor,
      {
        eventTypes: params.event_types,
        narrow: params.narrow === undefined || params.narrow.length === 0 ? queueDefaults.narrow : params.narrow,
        allPublicStreams: params.all_public_streams ?? queueDefaults.allPublicStreams,
        applyMarkdown: params.apply_markdown,
        clientGravatar: params.client_gravatar ?? true,
        slimPresence: params.slim_presence,
        capabilities: capabilities ?? {},
        lifespanSecs: params.queue_lifespan_secs,
      },
      entropy,
    );
    if (!queue.ok) return fail(queue.error);

    const requested = params.fetch_event_types ?? params.event_types ?? undefined;
    const types = requested === undefined ? null : new Set(requested);
    const includeSubscribers = params.include_subscribers === 'partial' ? 'partial' : params.include_subscribers === 'true';
    const data: Record<string, unknown> = {
      queue_id: queue.value.queueId,
      zulip_version: serverVersionAt(state.featureLevel).zulipVersion,
      zulip_feature_level: state.featureLevel,
      zulip_merge_base: serverVersionAt(state.featureLevel).zulipMergeBase,
      ...presentFetchedState({
        state,
        actor,
        want: (type) => types === null || types.has(type),
        typesNamed: types !== null,
        capabilities: capabilities ?? {},
        clientGravatar: params.client_gravatar ?? true,
        includeSubscribers,
        slimPresence: params.slim_presence,
        presenceHistoryLimitDays: params.presence_history_limit_days,
        now,
        origin,
        serverGeneration,
      }),
    };
    data['last_event_id'] = -1;
    return succeedWithQueue(state, data, { kind: 'register', queue: queue.value });
  },
});
