import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { checkQueueSpec, eventTypesParam, lifespanParam, narrowParam } from '../../events/queue-spec.js';
import { fail, succeedWithQueue } from '../../outcome.js';
import { json, wire } from '../../params/wire.js';
import { presentLinkifiers } from '../../present/linkifiers.js';
import { presentProfileField } from '../../present/profile-data.js';
import { presentRealmEmojiDict } from '../../present/realm-emoji.js';
import { presentSavedSnippet } from '../../present/saved-snippets.js';
import { presentUserGroup } from '../../present/user-group.js';
import { presentLegacyUserSettings, presentUserSettings } from '../../present/user-settings.js';
import { selectQueueDefaults } from '../../rules/bots.js';
import { selectNewestMessageId, selectStarredMessageIds } from '../../rules/messages.js';
import { selectSavedSnippets } from '../../rules/saved-snippets.js';
import { sendsLegacyUserSettingsForms } from '../../rules/user-settings.js';
import { hasProviderToken } from '../../rules/video-calls.js';
import { rows } from '../../tables/table.js';
import { presentAdminState } from './admin-state.js';
import { presentBotState } from './bot-state.js';
import { presentDefaultStreamState, presentStreamState, presentSubscriptionState } from './channel-state.js';
import { presentComposeState } from './compose-state.js';
import { presentPersonalState } from './personal-state.js';
import { presentPresenceState } from './presence-state.js';
import { presentRealmState } from './realm-state.js';
import { presentUnreadState } from './unread-state.js';
import { presentUserState, presentUserStatusState } from './user-state.js';

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

/**
 * POST /register: an event queue, and the initial state a client starts
 * from, limited to the event types asked for (fetch_event_types, else
 * event_types, else all). The store allocates the queue in the same step the
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
    const want = (type: string) => types === null || types.has(type);
    const includeSubscribers = params.include_subscribers === 'partial' ? 'partial' : params.include_subscribers === 'true';
    const channelOptions = { includeSubscribers, archivedChannels: capabilities?.archived_channels === true, now } as const;

    const data: Record<string, unknown> = {
      queue_id: queue.value.queueId,
      zulip_version: state.zulipVersion,
      zulip_feature_level: state.featureLevel,
      zulip_merge_base: state.zulipVersion,
    };
    if (want('custom_profile_fields')) {
      data['custom_profile_fields'] = state.profileFields.map(presentProfileField);
      data['custom_profile_field_types'] = CUSTOM_PROFILE_FIELD_TYPES;
    }
    // Clients without linkifier_url_template get an empty list (the real server's templates would break their old format); the legacy key is always empty.
    if (want('realm_linkifiers')) data['realm_linkifiers'] = capabilities?.linkifier_url_template === true ? presentLinkifiers(state) : [];
    if (want('realm_filters')) data['realm_filters'] = [];
    if (want('realm_emoji')) data['realm_emoji'] = presentRealmEmojiDict(state);
    if (want('realm_user_groups')) {
      const includeDeactivated = capabilities?.include_deactivated_groups === true;
      data['realm_user_groups'] = [...rows(state.groups)]
        .filter((group) => includeDeactivated || !group.deactivated)
        .map((group) => presentUserGroup(state, group, now));
    }
    if (want('realm')) Object.assign(data, presentRealmState(state, origin), { server_generation: serverGeneration });
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
    if (want('user_status')) Object.assign(data, presentUserStatusState(state, actor));
    if (want('presence'))
      Object.assign(
        data,
        presentPresenceState(state, actor, { slimPresence: params.slim_presence, historyLimitDays: params.presence_history_limit_days, now }),
      );
    // Before FL 439, clients without user_settings_object also got the older settings as top-level keys.
    if (sendsLegacyUserSettingsForms(state) && capabilities?.user_settings_object !== true) {
      if (want('update_display_settings')) Object.assign(data, presentLegacyUserSettings(actor, 'display'));
      if (want('update_global_notifications')) Object.assign(data, presentLegacyUserSettings(actor, 'notification'));
    }
    if (want('user_settings')) data['user_settings'] = presentUserSettings(actor);
    if (want('subscription')) Object.assign(data, presentSubscriptionState(state, actor, channelOptions));
    if (want('stream')) Object.assign(data, presentStreamState(state, actor, channelOptions));
    if (want('default_streams')) Object.assign(data, presentDefaultStreamState(state, actor));
    if (want('message')) data['max_message_id'] = selectNewestMessageId(state, actor);
    if (want('message') && want('update_message_flags')) Object.assign(data, presentUnreadState(state, actor));
    if (want('starred_messages')) data['starred_messages'] = selectStarredMessageIds(state, actor);
    if (want('video_calls') || want('has_provider_token')) {
      data['has_provider_token'] = hasProviderToken(state, actor);
      // The real server's name for the same fact (its provider is Zoom).
      data['has_zoom_token'] = data['has_provider_token'];
    }
    if (want('realm_bot')) Object.assign(data, presentBotState(state, actor));
    if (want('saved_snippets')) data['saved_snippets'] = selectSavedSnippets(state, actor).map(presentSavedSnippet);
    Object.assign(data, presentPersonalState(state, actor, { want, typesNamed: types !== null, emptyTopicName: capabilities?.empty_topic_name === true }));
    Object.assign(data, presentAdminState(state, want));
    Object.assign(data, presentComposeState(state, actor, want));
    data['last_event_id'] = -1;
    return succeedWithQueue(state, data, { kind: 'register', queue: queue.value });
  },
});
