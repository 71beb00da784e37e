import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import type { EntropyReader } from '../../entropy.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { json, wire } from '../../params/wire.js';
import { presentProfileField } from '../../present/profile-data.js';
import { presentUserGroup } from '../../present/user-group.js';
import { isGuest } from '../../rules/roles.js';
import { rows } from '../../tables/table.js';
import { presentDefaultStreamState, presentStreamState, presentSubscriptionState } from './channel-state.js';
import { presentRealmState } from './realm-state.js';
import { presentUserState } from './user-state.js';

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
  event_types: json(z.array(z.string())).optional(),
  fetch_event_types: json(z.array(z.string())).optional(),
  include_subscribers: z.enum(['true', 'false', 'partial']).default('false'),
  narrow: json(z.array(z.tuple([z.string(), z.string()]))).optional(),
  presence_history_limit_days: wire.int().optional(),
  queue_lifespan_secs: wire.int().default(0),
  slim_presence: wire.bool().default(false),
});

/** The narrow operators an event queue can filter on (check_narrow_for_events). */
const QUEUE_NARROW_OPERATORS: ReadonlySet<string> = new Set(['channel', 'stream', 'topic', 'sender', 'is']);

/** CustomProfileField.ALL_FIELD_TYPES as register reports them: constant name → {id, name}. */
const CUSTOM_PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date picker' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Person picker' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
} as const;

/** A queue id in the real server's UUID form, drawn from the request's entropy. */
export function drawQueueId(entropy: EntropyReader): string {
  const bytes = entropy.take(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /register: the initial state a client starts from, limited to the
 * event types asked for (fetch_event_types, else event_types, else all), and
 * an event queue id. The queue itself is not live yet, so no event has
 * happened since: last_event_id is -1.
 */
export const registerQueue = defineEndpoint({
  operation: 'register-queue',
  method: 'POST',
  path: '/register',
  auth: 'basic',
  params: registerParams,
  reduce(state, { actor, params, now, origin, entropy }) {
    for (const [operator, operand] of params.narrow ?? []) {
      if (!QUEUE_NARROW_OPERATORS.has(operator)) return fail(Errors.badRequest(`Operator ${operator} not supported.`));
      if (operator === 'is' && operand === 'followed') return fail(Errors.badRequest(`Operand ${operand} not supported.`));
    }
    if (params.all_public_streams === true && isGuest(actor)) return fail(Errors.badRequest('User not authorized for this query'));

    const requested = params.fetch_event_types ?? params.event_types;
    const types = requested === undefined ? null : new Set(requested);
    const want = (type: string) => types === null || types.has(type);
    const capabilities = params.client_capabilities;
    const includeSubscribers = params.include_subscribers === 'partial' ? 'partial' : params.include_subscribers === 'true';
    const channelOptions = { includeSubscribers, archivedChannels: capabilities?.archived_channels === true, now } as const;

    const data: Record<string, unknown> = {
      queue_id: drawQueueId(entropy),
      zulip_version: state.zulipVersion,
      zulip_feature_level: state.featureLevel,
      zulip_merge_base: state.zulipVersion,
    };
    if (want('custom_profile_fields')) {
      data['custom_profile_fields'] = state.profileFields.map(presentProfileField);
      data['custom_profile_field_types'] = CUSTOM_PROFILE_FIELD_TYPES;
    }
    if (want('realm_user_groups')) {
      const includeDeactivated = capabilities?.include_deactivated_groups === true;
      data['realm_user_groups'] = [...rows(state.groups)]
        .filter((group) => includeDeactivated || !group.deactivated)
        .map((group) => presentUserGroup(state, group, now));
    }
    if (want('realm')) Object.assign(data, presentRealmState(state, origin));
    if (want('realm_user')) {
      Object.assign(
        data,
        presentUserState(state, actor, {
          clientGravatar: params.client_gravatar ?? true,
          userListIncomplete: capabilities?.user_list_incomplete === true,
          now,
        }),
      );
    }
    if (want('subscription')) Object.assign(data, presentSubscriptionState(state, actor, channelOptions));
    if (want('stream')) Object.assign(data, presentStreamState(state, actor, channelOptions));
    if (want('default_streams')) Object.assign(data, presentDefaultStreamState(state, actor));
    if (want('video_calls') || want('has_provider_token')) {
      // chatref configures no video provider integration, so nobody holds a provider token.
      data['has_provider_token'] = false;
      // The real server's name for the same fact (its provider is Zoom).
      data['has_zoom_token'] = false;
    }
    data['last_event_id'] = -1;
    return succeed(state, data);
  },
});
