/**
 * Test support for the channel event tests (imported by *.test.ts only): a
 * client that registers for the channel keys, polls its queue, and applies
 * the events the way the real server's apply_event (zerver/lib/events.py)
 * does for stream, subscription, default_streams and realm update_dict, so
 * that a test can compare the result with a fresh register.
 */
import type { Model } from '../../../in-process.js';
import { expectSuccess } from '../../../testing/default-realm.js';
import { selectFormerSubscription } from '../../rules/subscriptions.js';

type Credentials = { readonly email: string; readonly apiKey: string; readonly userId: number };
type Dict = Record<string, any>;

const FETCHED = ['subscription', 'stream', 'default_streams', 'realm'];
const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;
const KEPT = [...CHANNEL_LISTS, 'streams', 'realm_default_streams', 'realm_new_stream_announcements_stream_id'] as const;

export interface ChannelClient {
  /** The register state as the events received so far leave it. */
  readonly state: Dict;
  /** Events received since the last call (without their ids), applied to `state`. */
  poll(): Dict[];
  /** A fresh register of the same keys, to compare `state` with. */
  fresh(): Dict;
}

function register(model: Model, user: Credentials, capabilities: Record<string, boolean>, eventTypes: readonly string[] | null): Dict {
  const params: Record<string, string> = {
    fetch_event_types: JSON.stringify(FETCHED),
    include_subscribers: 'true',
    client_capabilities: JSON.stringify({ notification_settings_null: true, ...capabilities }),
  };
  if (eventTypes !== null) params['event_types'] = JSON.stringify(eventTypes);
  return expectSuccess(model.call('POST', '/register', params, { auth: user }));
}

function kept(body: Dict): Dict {
  const state: Dict = {};
  for (const key of KEPT) state[key] = structuredClone(body[key]);
  return state;
}

/** Registers `user` (event_types: all unless given) and returns a client of their channel state. */
export function channelClient(
  model: Model,
  user: Credentials,
  capabilities: Record<string, boolean> = {},
  eventTypes: readonly string[] | null = null,
): ChannelClient {
  const body = register(model, user, capabilities, eventTypes);
  const queueId = body['queue_id'] as string;
  let lastEventId = -1;
  const state = kept(body);
  return {
    state,
    poll() {
      const params = { queue_id: queueId, last_event_id: String(lastEventId), dont_block: 'true' };
      const events = expectSuccess(model.call('GET', '/events', params, { auth: user }))['events'] as Dict[];
      const received: Dict[] = [];
      for (const { id, ...event } of events) {
        lastEventId = Math.max(lastEventId, id as number);
        applyEvent(model, user, state, event);
        received.push(event);
      }
      return received;
    },
    fresh() {
      const body = register(model, user, capabilities, []);
      expectSuccess(model.call('DELETE', '/events', { queue_id: body['queue_id'] }, { auth: user }));
      return kept(body);
    },
  };
}

function byName(a: Dict, b: Dict): number {
  return a['name'] < b['name'] ? -1 : a['name'] > b['name'] ? 1 : 0;
}

/**
 * The state with what no event keeps true on the real server either left
 * out: subscriber_count (the applier leaves it alone on peer_add and
 * peer_remove), first_message_id (no event sets it when a first message
 * arrives), and the order of `unsubscribed` (removed subscriptions are
 * appended).
 */
export function comparable(state: Dict): Dict {
  const copy = structuredClone(state);
  for (const key of [...CHANNEL_LISTS, 'streams'] as const) {
    copy[key].sort(byName);
    for (const channel of copy[key]) {
      delete channel['subscriber_count'];
      delete channel['first_message_id'];
    }
  }
  return copy;
}

function applyEvent(model: Model, user: Credentials, state: Dict, event: Dict): void {
  if (event['type'] === 'stream') applyStreamEvent(model, user, state, event);
  else if (event['type'] === 'subscription') applySubscriptionEvent(user, state, event);
  else if (event['type'] === 'default_streams') state['realm_default_streams'] = event['default_streams'];
  else if (event['type'] === 'realm' && event['op'] === 'update_dict') {
    for (const [key, value] of Object.entries(event['data'] as Dict)) if (`realm_${key}` in state) state[`realm_${key}`] = value;
  }
}

const SUBSCRIPTION_FIELDS = {
  color: 'color',
  is_muted: 'isMuted',
  pin_to_top: 'pinToTop',
  desktop_notifications: 'desktopNotifications',
  email_notifications: 'emailNotifications',
  push_notifications: 'pushNotifications',
  audible_notifications: 'audibleNotifications',
  wildcard_mentions_notify: 'wildcardMentionsNotify',
} as const;

function applyStreamEvent(model: Model, user: Credentials, state: Dict, event: Dict): void {
  if (event['op'] === 'create') {
    for (const stream of event['streams'] as Dict[]) {
      const entry: Dict = { ...structuredClone(stream), subscribers: [] };
      // The real applier reads its database for a past subscription; the test reads the model's state.
      const former = selectFormerSubscription(model.state, user.userId, stream['stream_id']);
      if (former === undefined) {
        state['never_subscribed'].push(entry);
      } else {
        for (const [key, field] of Object.entries(SUBSCRIPTION_FIELDS)) entry[key] = former[field];
        entry['in_home_view'] = !former.isMuted;
        state['unsubscribed'].push(entry);
      }
      state['streams'].push(structuredClone(stream));
    }
    for (const key of ['unsubscribed', 'never_subscribed', 'streams']) state[key].sort(byName);
  } else if (event['op'] === 'delete') {
    const ids = new Set((event['streams'] as Dict[]).map((stream) => stream['stream_id']));
    for (const key of [...CHANNEL_LISTS, 'streams']) state[key] = state[key].filter((channel: Dict) => !ids.has(channel['stream_id']));
  } else if (event['op'] === 'update') {
    const named = (channel: Dict) => String(channel['name']).toLowerCase() === String(event['name']).toLowerCase();
    const change = (channel: Dict) => {
      channel[event['property']] = structuredClone(event['value']);
      if (event['property'] === 'description') channel['rendered_description'] = event['rendered_description'];
      if (event['history_public_to_subscribers'] != null) channel['history_public_to_subscribers'] = event['history_public_to_subscribers'];
      if (event['is_web_public'] != null) channel['is_web_public'] = event['is_web_public'];
    };
    for (const key of CHANNEL_LISTS) for (const channel of state[key]) if (named(channel)) change(channel);
    for (const channel of state['streams']) if (named(channel) && event['property'] in channel) change(channel);
  }
}

function applySubscriptionEvent(user: Credentials, state: Dict, event: Dict): void {
  const ids = (list: Dict[]) => new Set(list.map((entry) => entry['stream_id']));
  if (event['op'] === 'add') {
    const added = ids(event['subscriptions']);
    const existing = ids(state['subscriptions']);
    for (const sub of event['subscriptions'] as Dict[]) if (!existing.has(sub['stream_id'])) state['subscriptions'].push(structuredClone(sub));
    for (const key of ['unsubscribed', 'never_subscribed']) state[key] = state[key].filter((channel: Dict) => !added.has(channel['stream_id']));
  } else if (event['op'] === 'remove') {
    const removedIds = ids(event['subscriptions']);
    const removed = (state['subscriptions'] as Dict[]).filter((sub) => removedIds.has(sub['stream_id']));
    for (const sub of removed) sub['subscribers'] = sub['subscribers'].filter((id: number) => id !== user.userId);
    state['unsubscribed'].push(...removed);
    state['subscriptions'] = (state['subscriptions'] as Dict[]).filter((sub) => !removedIds.has(sub['stream_id']));
  } else if (event['op'] === 'update') {
    for (const sub of state['subscriptions']) if (sub['stream_id'] === event['stream_id']) sub[event['property']] = event['value'];
  } else if (event['op'] === 'peer_add' || event['op'] === 'peer_remove') {
    const channels = new Set(event['stream_ids']);
    for (const key of CHANNEL_LISTS) {
      for (const channel of state[key] as Dict[]) {
        if (!channels.has(channel['stream_id'])) continue;
        const subscribers = new Set<number>(channel['subscribers']);
        for (const id of event['user_ids'] as number[]) {
          if (event['op'] === 'peer_add') subscribers.add(id);
          else subscribers.delete(id);
        }
        channel['subscribers'] = [...subscribers].sort((a, b) => a - b);
      }
    }
  }
}
