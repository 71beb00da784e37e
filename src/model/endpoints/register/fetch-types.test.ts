import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';
import { selectUser } from '../../rules/users.js';
import { ALWAYS_SENT_KEYS, FETCH_TYPES, type FetchType, fetchTypeKeys } from './fetch-types.js';
import type { RegisterContext } from './register-context.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const NAMES = Object.keys(FETCH_TYPES);

function atFeatureLevel(featureLevel: number): Model {
  const model = newModel();
  model.reset({ ...model.state, featureLevel });
  return model;
}

/** The keys of a register response besides the envelope. */
function registerKeys(model: Model, types: readonly string[], actor: Actor = IAGO, params: Record<string, string> = {}): string[] {
  const { result: _result, msg: _msg, ...data } = expectSuccess(as(model, actor).post('/register', { fetch_event_types: JSON.stringify(types), ...params }));
  return Object.keys(data).sort();
}

/** What the table says a register asking for these names holds at this level. */
function expectedKeys(types: readonly string[], featureLevel: number): string[] {
  const keys = new Set<string>(ALWAYS_SENT_KEYS);
  for (const name of types) {
    const type: FetchType | undefined = FETCH_TYPES[name];
    if (type === undefined || (type.needs !== undefined && !types.includes(type.needs))) continue;
    if (type.yieldsTo !== undefined && types.includes(type.yieldsTo)) continue;
    for (const key of fetchTypeKeys(type, featureLevel)) keys.add(key);
  }
  return [...keys].sort();
}

describe('the fetch types of POST /register', () => {
  const model = newModel();
  const level = model.state.featureLevel;

  it.each(NAMES)('%s alone gives exactly its keys and the always-sent ones', (name) => {
    const type = FETCH_TYPES[name]!;
    const asked = type.needs === undefined ? [name] : [name, type.needs];
    expect(registerKeys(model, asked)).toEqual(expectedKeys(asked, level));
    if (type.needs !== undefined) expect(registerKeys(model, [name])).toEqual([...ALWAYS_SENT_KEYS].sort());
  });

  it.each(NAMES)('every name but %s leaves its own keys out', (name) => {
    const others = NAMES.filter((other) => other !== name);
    const keys = registerKeys(model, others);
    expect(keys).toEqual(expectedKeys(others, level));
    const ownKeys = fetchTypeKeys(FETCH_TYPES[name]!, level).filter((key) => !expectedKeys(others, level).includes(key));
    for (const key of ownKeys) expect(keys).not.toContain(key);
  });

  it('gives every key of the table when no name is given', () => {
    const { result: _result, msg: _msg, ...data } = expectSuccess(as(model, IAGO).post('/register', {}));
    // With no names, muted_topics is sent alongside user_topics (the real server suppresses it only for clients that named user_topic).
    expect(Object.keys(data).sort()).toEqual([...new Set([...expectedKeys(NAMES, level), 'muted_topics'])].sort());
  });

  it('names no section twice and lists every key once per name', () => {
    for (const [name, type] of Object.entries(FETCH_TYPES)) expect(new Set(type.keys).size, name).toBe(type.keys.length);
  });

  it('has presenters that add no key outside their entry', () => {
    const actor = selectUser(model.state, HAMLET.userId)!;
    const ctx: RegisterContext = {
      state: model.state,
      actor,
      want: () => true,
      typesNamed: false,
      capabilities: {},
      clientGravatar: true,
      includeSubscribers: true,
      slimPresence: false,
      presenceHistoryLimitDays: undefined,
      now: 1_750_000_100,
      origin: 'http://chatref.test',
      serverGeneration: 1,
    };
    for (const [name, type] of Object.entries(FETCH_TYPES)) {
      for (const key of Object.keys(type.present(ctx))) expect(type.keys, `${name} presents ${key}`).toContain(key);
    }
  });
});

describe('names the server does not know', () => {
  it('are accepted and fill nothing, in fetch_event_types and in event_types', () => {
    const model = newModel();
    expect(registerKeys(model, ['no_such_type', 'realm_bogus', ''])).toEqual([...ALWAYS_SENT_KEYS].sort());
    const { result: _result, msg: _msg, ...data } = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["no_such_type"]' }));
    expect(Object.keys(data).sort()).toEqual([...ALWAYS_SENT_KEYS].sort());
  });

  it('sit beside known names without changing what those fill', () => {
    const model = newModel();
    expect(registerKeys(model, ['starred_messages', 'no_such_type'])).toEqual(expectedKeys(['starred_messages'], model.state.featureLevel));
  });

  it('an empty list fetches nothing', () => {
    expect(registerKeys(newModel(), [])).toEqual([...ALWAYS_SENT_KEYS].sort());
  });
});

describe('fetch types and feature levels', () => {
  it('leaves out the keys newer than the realm’s level', () => {
    const model = atFeatureLevel(388);
    const types = ['channel_folders', 'navigation_views', 'reminders', 'drafts', 'onboarding_steps', 'video_calls', 'realm_billing', 'push_device'];
    const keys = registerKeys(model, types);
    const older = ['drafts', 'onboarding_steps', 'navigation_tour_video_url', 'has_zoom_token', 'has_provider_token', 'realm_billing'];
    expect(keys).toEqual([...ALWAYS_SENT_KEYS, ...older].sort());
  });

  it('sends the legacy settings before FL 439, to clients without user_settings_object', () => {
    const model = atFeatureLevel(438);
    const types = ['update_display_settings', 'update_global_notifications'];
    const keys = registerKeys(model, types, HAMLET);
    expect(keys).toEqual(expectedKeys(types, 438));
    expect(keys).toEqual(expect.arrayContaining(['emojiset_choices', 'timezone', 'available_notification_sounds', 'enter_sends', 'enable_sounds']));
    const modern = registerKeys(model, types, HAMLET, { client_capabilities: '{"notification_settings_null": true, "user_settings_object": true}' });
    expect(modern).toEqual([...ALWAYS_SENT_KEYS].sort());
    expect(registerKeys(newModel(), types, HAMLET)).toEqual([...ALWAYS_SENT_KEYS].sort());
  });
});

describe('the sections chatref fills from its own state', () => {
  function register(model: Model, actor: Actor, types: readonly string[]): Record<string, any> {
    return expectSuccess(as(model, actor).post('/register', { fetch_event_types: JSON.stringify(types) }));
  }

  it('recent_private_conversations: the newest direct message of each conversation, newest first', () => {
    const model = newModel();
    const send = (actor: Actor, to: readonly number[]) =>
      expectSuccess(as(model, actor).post('/messages', { type: 'direct', to: JSON.stringify(to), content: 'hello' }))['id'] as number;
    const before = register(model, HAMLET, ['recent_private_conversations'])['recent_private_conversations'] as Record<string, any>[];
    const toCordelia = send(HAMLET, [CORDELIA.userId]);
    const group = send(CORDELIA, [HAMLET.userId, IAGO.userId]);
    const toSelf = send(HAMLET, [HAMLET.userId]);
    const again = send(CORDELIA, [HAMLET.userId]);
    const after = register(model, HAMLET, ['recent_private_conversations'])['recent_private_conversations'] as Record<string, any>[];
    expect(after.slice(0, 3)).toEqual([
      { max_message_id: again, user_ids: [CORDELIA.userId] },
      { max_message_id: toSelf, user_ids: [] },
      { max_message_id: group, user_ids: [IAGO.userId, CORDELIA.userId].sort((a, b) => a - b) },
    ]);
    expect(again).toBeGreaterThan(toCordelia);
    // Older conversations keep their place after these, once each.
    const rest = after.slice(3).map((entry) => JSON.stringify(entry.user_ids));
    expect(new Set(rest).size).toBe(rest.length);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    // Cordelia sees the same conversations from her side.
    expect(register(model, CORDELIA, ['recent_private_conversations'])['recent_private_conversations'][0]).toEqual({
      max_message_id: again,
      user_ids: [HAMLET.userId],
    });
  });

  it('starred_messages: the ids the user starred, oldest first', () => {
    const model = newModel();
    const ids = [1, 2].map(
      () => expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'Denmark', topic: 'stars', content: 'star me' }))['id'] as number,
    );
    const before = register(model, HAMLET, ['starred_messages'])['starred_messages'] as number[];
    expectSuccess(as(model, HAMLET).post('/messages/flags', { messages: JSON.stringify([ids[1], ids[0]]), op: 'add', flag: 'starred' }));
    expect(register(model, HAMLET, ['starred_messages'])['starred_messages']).toEqual([...before, ...ids].sort((a, b) => a - b));
  });

  it('the sections of features chatref has not: what the real server sends without them', () => {
    const model = newModel();
    const state = register(model, IAGO, [
      'realm_embedded_bots',
      'realm_incoming_webhook_bots',
      'stop_words',
      'giphy',
      'realm_billing',
      'onboarding_steps',
      'device',
      'realm_domains',
      'default_stream_groups',
    ]);
    expect(state).toMatchObject({
      realm_incoming_webhook_bots: [],
      stop_words: [],
      giphy_api_key: '',
      realm_billing: { has_pending_sponsorship_request: false },
      onboarding_steps: [],
      navigation_tour_video_url: null,
      devices: {},
      realm_domains: [],
      realm_default_stream_groups: [],
    });
    expect(state['realm_embedded_bots']).toEqual([
      { name: 'converter', config: {} },
      { name: 'encrypt', config: {} },
      { name: 'helloworld', config: {} },
      { name: 'virtual_fs', config: {} },
      { name: 'giphy', config: { key: '12345678' } },
      { name: 'followup', config: {} },
    ]);
  });
});
