import { describe, expect, it } from 'vitest';
import { type ApplyOptions, applyEvent, applyEvents, DEFAULT_APPLY_OPTIONS, isUnknownValue, type RegisterState } from './apply-event.js';
import { comparableState, describeDifference, diffStates } from './apply-event-diff.js';

const ME = 10;
const GROUPS = { owners: 1, administrators: 2, moderators: 3, members: 4, everyone: 5, team: 9 } as const;

function user(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: id,
    email: `u${id}@example.test`,
    full_name: `User ${id}`,
    role: 400,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    is_bot: false,
    avatar_url: null,
    profile_data: {},
    ...extra,
  };
}

function channel(id: number, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    stream_id: id,
    name,
    description: '',
    rendered_description: '',
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: true,
    is_archived: false,
    subscriber_count: 1,
    ...extra,
  };
}

function group(id: number, name: string, members: number[], subgroups: number[] = []): Record<string, unknown> {
  return { id, name, members, direct_subgroup_ids: subgroups, is_system_group: name.startsWith('role:'), deactivated: false, can_manage_group: GROUPS.owners };
}

/** A small register state of user 10 (a member) with every key the applier knows. */
function initialState(): RegisterState {
  return {
    queue_id: 'q',
    last_event_id: -1,
    user_id: ME,
    email: 'u10@example.test',
    delivery_email: 'u10@example.test',
    full_name: 'User 10',
    is_admin: false,
    is_owner: false,
    is_moderator: false,
    is_guest: false,
    avatar_source: 'G',
    avatar_url: 'https://secure.gravatar.com/avatar/x',
    avatar_url_medium: 'https://secure.gravatar.com/avatar/x?s=500',
    can_create_private_streams: true,
    can_create_public_streams: true,
    can_create_web_public_streams: false,
    can_create_streams: true,
    can_invite_others_to_realm: true,
    realm_users: [user(1, { role: 100, is_admin: true, is_owner: true }), user(ME, { profile_data: { '7': { value: 'x' } } }), user(20)],
    realm_non_active_users: [],
    realm_name: 'Org',
    realm_bot_domain: 'example.test',
    realm_description: '',
    realm_enable_spectator_access: false,
    server_web_public_streams_enabled: true,
    realm_plan_type: 1,
    realm_allow_edit_history: true,
    realm_message_edit_history_visibility_policy: 'all',
    realm_can_create_public_channel_group: GROUPS.members,
    realm_can_create_private_channel_group: GROUPS.members,
    realm_can_create_web_public_channel_group: GROUPS.owners,
    realm_can_invite_users_group: { direct_members: [ME, 20], direct_subgroups: [GROUPS.administrators] },
    realm_user_groups: [
      group(GROUPS.owners, 'role:owners', [1]),
      group(GROUPS.administrators, 'role:administrators', [], [GROUPS.owners]),
      group(GROUPS.moderators, 'role:moderators', [], [GROUPS.administrators]),
      group(GROUPS.members, 'role:members', [ME, 20], [GROUPS.moderators]),
      group(GROUPS.everyone, 'role:everyone', [], [GROUPS.members]),
      group(GROUPS.team, 'team', [ME, 20]),
    ],
    subscriptions: [channel(100, 'zebra', { subscribers: [ME, 20], color: '#fff' })],
    unsubscribed: [],
    never_subscribed: [channel(101, 'alpha', { subscribers: [20] })],
    streams: [channel(101, 'alpha'), channel(100, 'zebra')],
    realm_default_streams: [100],
    custom_profile_fields: [{ id: 7, name: 'Phone', type: 1 }],
    user_status: { '20': { status_text: 'busy' } },
    has_zoom_token: false,
    has_provider_token: false,
  };
}

const WITH_SUBSCRIBERS: ApplyOptions = { ...DEFAULT_APPLY_OPTIONS, includeSubscribers: true };

describe('applyEvents: users', () => {
  it('adds a user in user id order with empty profile data, a client-side Gravatar and no is_active', () => {
    const person = user(15, { is_active: true, avatar_url: 'https://secure.gravatar.com/avatar/y', delivery_email: 'u15@example.test' });
    delete person['profile_data'];
    const state = applyEvent(initialState(), { type: 'realm_user', op: 'add', person });
    expect(state['realm_users'].map((entry: { user_id: number }) => entry.user_id)).toEqual([1, ME, 15, 20]);
    expect(state['realm_users'][2]).toMatchObject({ user_id: 15, avatar_url: null, profile_data: {} });
    expect(state['realm_users'][2]).not.toHaveProperty('is_active');
    // Not for a user whose real address the viewer may not see (delivery_email null): the client cannot compute that Gravatar.
    const hidden = applyEvent(initialState(), { type: 'realm_user', op: 'add', person: { ...person, email: 'user15@example.test', delivery_email: null } });
    expect(hidden['realm_users'][2]['avatar_url']).toBe('https://secure.gravatar.com/avatar/y');
  });

  it('renames a user, and the actor’s own top-level name when it is them', () => {
    const state = applyEvent(initialState(), { type: 'realm_user', op: 'update', person: { user_id: ME, full_name: 'New' } });
    expect(state['full_name']).toBe('New');
    expect(state['realm_users'][1]['full_name']).toBe('New');
  });

  it('does not change the state it was given', () => {
    const before = initialState();
    const copy = structuredClone(before);
    applyEvent(before, { type: 'realm_user', op: 'update', person: { user_id: ME, full_name: 'New' } });
    expect(before).toEqual(copy);
  });

  it('derives the actor’s flags and permissions again when their role changes', () => {
    const events = [
      { type: 'realm_user', op: 'update', person: { user_id: ME, role: 600 } },
      { type: 'user_group', op: 'remove_members', group_id: GROUPS.members, user_ids: [ME] },
      { type: 'user_group', op: 'add_members', group_id: GROUPS.everyone, user_ids: [ME] },
    ];
    const { state } = applyEvents(initialState(), events);
    expect(state).toMatchObject({
      is_guest: true,
      is_admin: false,
      realm_default_streams: [],
      can_create_public_streams: false,
      can_invite_others_to_realm: false,
      can_create_streams: false,
    });
    expect(state['realm_users'][1]).toMatchObject({ role: 600, is_guest: true });
    const back = applyEvent(state, { type: 'realm_user', op: 'update', person: { user_id: ME, role: 400 } });
    expect(isUnknownValue(back['realm_default_streams'])).toBe(true);
  });

  it('gives administrators what their groups allow, and web-public channels only where spectators may look', () => {
    const state = applyEvents(initialState(), [
      { type: 'realm_user', op: 'update', person: { user_id: ME, role: 100 } },
      { type: 'user_group', op: 'add_members', group_id: GROUPS.owners, user_ids: [ME] },
    ]).state;
    expect(state).toMatchObject({ is_owner: true, is_admin: true, can_create_web_public_streams: false, can_create_public_streams: true });
    const open = applyEvent(state, { type: 'realm', op: 'update_dict', property: 'default', data: { enable_spectator_access: true } });
    expect(open['can_create_web_public_streams']).toBe(true);
  });

  it('moves a deactivated user to the non-active list and out of subscribers, groups and anonymous settings', () => {
    const state = applyEvent(initialState(), { type: 'realm_user', op: 'update', person: { user_id: 20, is_active: false } }, WITH_SUBSCRIBERS);
    expect(state['realm_users'].map((entry: { user_id: number }) => entry.user_id)).toEqual([1, ME]);
    expect(state['realm_non_active_users'].map((entry: { user_id: number }) => entry.user_id)).toEqual([20]);
    expect(state['subscriptions'][0]['subscribers']).toEqual([ME]);
    expect(state['never_subscribed'][0]['subscribers']).toEqual([]);
    expect(state['realm_user_groups'].find((entry: { id: number }) => entry.id === GROUPS.team)['members']).toEqual([ME]);
    expect(state['realm_can_invite_users_group']).toEqual({ direct_members: [ME], direct_subgroups: [GROUPS.administrators] });
    expect(state['user_status']).toEqual({});
  });

  it('replaces a user the actor loses access to by the placeholder, or drops them with user_list_incomplete', () => {
    const event = { type: 'realm_user', op: 'remove', person: { user_id: 20, full_name: 'Unknown user' } };
    expect(applyEvent(initialState(), event)['user_status']).toEqual({});
    const placeholder = applyEvent(initialState(), event)['realm_users'][2];
    expect(placeholder).toMatchObject({
      user_id: 20,
      full_name: 'Unknown user',
      email: 'user20@example.test',
      delivery_email: null,
      date_joined: '1970-01-01T00:00:00+00:00',
    });
    const dropped = applyEvent(initialState(), event, { ...DEFAULT_APPLY_OPTIONS, userListIncomplete: true });
    expect(dropped['realm_users'].map((entry: { user_id: number }) => entry.user_id)).toEqual([1, ME]);
  });

  it('sets and clears custom profile values', () => {
    const set = applyEvent(initialState(), {
      type: 'realm_user',
      op: 'update',
      person: { user_id: 20, custom_profile_field: { id: 7, value: 'a', rendered_value: '<p>a</p>' } },
    });
    expect(set['realm_users'][2]['profile_data']).toEqual({ '7': { value: 'a', rendered_value: '<p>a</p>' } });
    const cleared = applyEvent(set, { type: 'realm_user', op: 'update', person: { user_id: 20, custom_profile_field: { id: 7, value: null } } });
    expect(cleared['realm_users'][2]['profile_data']).toEqual({});
  });

  it('replaces the profile fields and forgets values of fields that are gone', () => {
    const state = applyEvent(initialState(), { type: 'custom_profile_fields', fields: [{ id: 8, name: 'Pronouns', type: 8 }] });
    expect(state['custom_profile_fields']).toEqual([{ id: 8, name: 'Pronouns', type: 8 }]);
    expect(state['realm_users'][1]['profile_data']).toEqual({});
  });

  it('forgets values of choices a choice field no longer offers, and keeps the others', () => {
    const choices = (keys: string[]) => JSON.stringify(Object.fromEntries(keys.map((key, order) => [key, { text: key, order: String(order) }])));
    const start = applyEvent(initialState(), { type: 'custom_profile_fields', fields: [{ id: 7, name: 'Editor', type: 3, field_data: choices(['x', 'y']) }] });
    start['realm_users'][2]['profile_data'] = { '7': { value: 'y' } };
    const state = applyEvent(start, { type: 'custom_profile_fields', fields: [{ id: 7, name: 'Editor', type: 3, field_data: choices(['x', 'z']) }] });
    expect(state['realm_users'][1]['profile_data']).toEqual({ '7': { value: 'x' } });
    expect(state['realm_users'][2]['profile_data']).toEqual({});
  });

  it('keeps the caller’s saved snippets in id order through add, update and remove', () => {
    const snippet = (id: number, title: string) => ({ id, title, content: 'c', date_created: 1 });
    let state = applyEvents({ ...initialState(), saved_snippets: [snippet(3, 'three')] }, [
      { type: 'saved_snippets', op: 'add', saved_snippet: snippet(5, 'five') },
      { type: 'saved_snippets', op: 'add', saved_snippet: snippet(4, 'four') },
      { type: 'saved_snippets', op: 'update', saved_snippet: snippet(3, 'THREE') },
    ]).state;
    expect(state['saved_snippets']).toEqual([snippet(3, 'THREE'), snippet(4, 'four'), snippet(5, 'five')]);
    state = applyEvent(state, { type: 'saved_snippets', op: 'remove', saved_snippet_id: 4 });
    expect(state['saved_snippets'].map((entry: { id: number }) => entry.id)).toEqual([3, 5]);
    // A state without the key (not fetched) stays without it.
    expect(applyEvent(initialState(), { type: 'saved_snippets', op: 'remove', saved_snippet_id: 4 })).not.toHaveProperty('saved_snippets');
  });

  it('keeps statuses as register shows them: cleared fields and empty statuses disappear', () => {
    let state = applyEvent(initialState(), { type: 'user_status', user_id: ME, status_text: 'out', away: true });
    expect(state['user_status'][String(ME)]).toEqual({ status_text: 'out', away: true });
    state = applyEvent(state, { type: 'user_status', user_id: ME, emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
    expect(state['user_status'][String(ME)]).toEqual({
      status_text: 'out',
      away: true,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    });
    state = applyEvent(state, {
      type: 'user_status',
      user_id: ME,
      status_text: '',
      away: false,
      emoji_name: '',
      emoji_code: '',
      reaction_type: 'unicode_emoji',
    });
    expect(state['user_status']).not.toHaveProperty(String(ME));
    expect(applyEvent(initialState(), { type: 'user_status', user_id: 20, status_text: '' })['user_status']).toEqual({});
  });
});

describe('applyEvents: channels and subscriptions', () => {
  it('files a channel the actor newly sees as never subscribed, with an empty subscriber list', () => {
    const state = applyEvent(initialState(), { type: 'stream', op: 'create', streams: [channel(102, 'middle')] }, WITH_SUBSCRIBERS);
    expect(state['never_subscribed'].map((entry: { name: string }) => entry.name)).toEqual(['alpha', 'middle']);
    expect(state['never_subscribed'][1]['subscribers']).toEqual([]);
    expect(state['streams'].map((entry: { name: string }) => entry.name)).toEqual(['alpha', 'middle', 'zebra']);
  });

  it('puts a channel back under unsubscribed, personal settings and all, when the client saw it there before losing access', () => {
    const start = initialState();
    start['unsubscribed'] = [channel(103, 'left', { color: '#123', pin_to_top: true })];
    const state = applyEvents(start, [
      { type: 'stream', op: 'delete', stream_ids: [103], streams: [{ stream_id: 103 }] },
      { type: 'stream', op: 'create', streams: [channel(103, 'left again')] },
    ]).state;
    expect(state['unsubscribed']).toEqual([{ ...channel(103, 'left again'), color: '#123', pin_to_top: true }]);
    expect(state['never_subscribed'].map((entry: { stream_id: number }) => entry.stream_id)).toEqual([101]);
  });

  it('drops a deleted channel everywhere', () => {
    const state = applyEvent(initialState(), { type: 'stream', op: 'delete', stream_ids: [100], streams: [{ stream_id: 100 }] });
    expect(state['subscriptions']).toEqual([]);
    expect(state['streams'].map((entry: { stream_id: number }) => entry.stream_id)).toEqual([101]);
  });

  it('updates a channel property with the keys that travel with it', () => {
    let state = applyEvent(initialState(), {
      type: 'stream',
      op: 'update',
      stream_id: 100,
      name: 'zebra',
      property: 'description',
      value: 'd',
      rendered_description: '<p>d</p>',
    });
    expect(state['subscriptions'][0]).toMatchObject({ description: 'd', rendered_description: '<p>d</p>' });
    state = applyEvent(state, {
      type: 'stream',
      op: 'update',
      stream_id: 101,
      name: 'alpha',
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: false,
      is_web_public: false,
    });
    expect(state['never_subscribed'][0]).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(state['streams'][0]).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    // Only keys the streams entry has are set there.
    state = applyEvent(state, { type: 'stream', op: 'update', stream_id: 100, name: 'zebra', property: 'color_like', value: 1 });
    expect(state['subscriptions'][0]['color_like']).toBe(1);
    expect(state['streams'][1]).not.toHaveProperty('color_like');
  });

  it('moves subscriptions in and out and keeps subscriber lists only when asked for them', () => {
    const added = applyEvent(initialState(), {
      type: 'subscription',
      op: 'add',
      subscriptions: [channel(101, 'alpha', { subscribers: [ME, 20], color: '#000' })],
    });
    expect(added['subscriptions'].map((entry: { stream_id: number }) => entry.stream_id)).toEqual([100, 101]);
    expect(added['subscriptions'][1]).not.toHaveProperty('subscribers');
    expect(added['never_subscribed']).toEqual([]);
    const removed = applyEvent(initialState(), { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 100, name: 'zebra' }] }, WITH_SUBSCRIBERS);
    expect(removed['subscriptions']).toEqual([]);
    expect(removed['unsubscribed'][0]).toMatchObject({ stream_id: 100, subscribers: [20], color: '#fff' });
  });

  it('applies peer changes as sets and leaves subscriber_count alone', () => {
    let state = applyEvent(initialState(), { type: 'subscription', op: 'peer_add', stream_ids: [100, 101], user_ids: [30, 20] }, WITH_SUBSCRIBERS);
    expect(state['subscriptions'][0]['subscribers']).toEqual([ME, 20, 30]);
    expect(state['never_subscribed'][0]['subscribers']).toEqual([20, 30]);
    expect(state['subscriptions'][0]['subscriber_count']).toBe(1);
    state = applyEvent(state, { type: 'subscription', op: 'peer_remove', stream_ids: [101], user_ids: [20] }, WITH_SUBSCRIBERS);
    expect(state['never_subscribed'][0]['subscribers']).toEqual([30]);
    expect(
      applyEvent(initialState(), { type: 'subscription', op: 'peer_add', stream_ids: [101], user_ids: [30] })['never_subscribed'][0]['subscribers'],
    ).toEqual([20]);
  });

  it('sets a personal subscription property and the default channels', () => {
    expect(
      applyEvent(initialState(), { type: 'subscription', op: 'update', stream_id: 100, property: 'pin_to_top', value: true })['subscriptions'][0]['pin_to_top'],
    ).toBe(true);
    expect(applyEvent(initialState(), { type: 'default_streams', default_streams: [100, 101] })['realm_default_streams']).toEqual([100, 101]);
  });
});

describe('applyEvents: realm and groups', () => {
  it('sets realm_<key> for every key of update_dict and update, with the twins register shows', () => {
    let state = applyEvent(initialState(), {
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { description: 'new', can_create_public_channel_group: GROUPS.administrators },
    });
    expect(state).toMatchObject({
      realm_description: 'new',
      realm_can_create_public_channel_group: GROUPS.administrators,
      can_create_public_streams: false,
      can_create_streams: true,
    });
    state = applyEvent(state, { type: 'realm', op: 'update', property: 'message_edit_history_visibility_policy', value: 'none' });
    expect(state).toMatchObject({ realm_message_edit_history_visibility_policy: 'none', realm_allow_edit_history: false });
    expect(applyEvent({ user_id: ME }, { type: 'realm', op: 'update', property: 'name', value: 'x' })).toEqual({ user_id: ME });
  });

  it('adds, updates, fills and removes groups', () => {
    let state = applyEvent(initialState(), { type: 'user_group', op: 'add', group: group(7, 'new', [20]) });
    expect(state['realm_user_groups'].map((entry: { id: number }) => entry.id)).toEqual([1, 2, 3, 4, 5, 7, 9]);
    state = applyEvents(state, [
      { type: 'user_group', op: 'update', group_id: 7, data: { name: 'renamed', deactivated: true } },
      { type: 'user_group', op: 'add_members', group_id: 7, user_ids: [ME] },
      { type: 'user_group', op: 'add_subgroups', group_id: 7, direct_subgroup_ids: [9] },
      { type: 'user_group', op: 'remove_members', group_id: 7, user_ids: [20] },
    ]).state;
    expect(state['realm_user_groups'][5]).toMatchObject({ id: 7, name: 'renamed', deactivated: true, members: [ME], direct_subgroup_ids: [9] });
    state = applyEvent(state, { type: 'user_group', op: 'remove', group_id: 7 });
    expect(state['realm_user_groups'].map((entry: { id: number }) => entry.id)).toEqual([1, 2, 3, 4, 5, 9]);
  });

  it('replaces realm_emoji with the dict a realm_emoji event carries, and leaves a state without the key alone', () => {
    const emoji = {
      '4': { id: '4', name: 'wave_2', source_url: '/user_avatars/1/emoji/images/a1b2c3d4.png', deactivated: true, author_id: 9, still_url: null },
    };
    const state = applyEvent({ ...initialState(), realm_emoji: {} }, { type: 'realm_emoji', op: 'update', realm_emoji: emoji });
    expect(state['realm_emoji']).toEqual(emoji);
    expect(applyEvent(initialState(), { type: 'realm_emoji', op: 'update', realm_emoji: emoji })).not.toHaveProperty('realm_emoji');
  });

  it('reports event types it has no rule for and ignores those without state', () => {
    const result = applyEvents(initialState(), [{ type: 'heartbeat' }, { type: 'reaction', op: 'add' }, { type: 'no_such_event', op: 'remove' }]);
    expect(result.unknownTypes).toEqual(['no_such_event']);
  });
});

describe('comparing applied and registered states', () => {
  it('ignores the queue, subscriber counts and the order of sets and channel lists', () => {
    const left = initialState();
    const right = structuredClone(left);
    right['queue_id'] = 'other';
    right['last_event_id'] = 12;
    right['subscriptions'][0]['subscriber_count'] = 9;
    right['subscriptions'][0]['subscribers'] = [20, ME];
    right['streams'].reverse();
    right['realm_user_groups'][5]['members'] = [20, ME];
    expect(diffStates(comparableState(left), comparableState(right))).toEqual([]);
  });

  it('names the differing path, list entries by their id', () => {
    const left = initialState();
    const right = structuredClone(left);
    right['realm_users'][2]['full_name'] = 'Renamed';
    right['never_subscribed'].push(channel(105, 'extra'));
    const differences = diffStates(comparableState(left), comparableState(right));
    expect(differences.map((difference) => difference.path)).toEqual(['realm_users[user_id=20].full_name', 'never_subscribed[stream_id=105]']);
    expect(describeDifference(differences[0]!)).toBe('realm_users[user_id=20].full_name: applying the events gave "User 20"; a fresh register shows "Renamed"');
    expect(describeDifference(differences[1]!)).toContain('applying the events gave (absent)');
  });

  it('reports an entry listed twice', () => {
    const left = applyEvent(initialState(), { type: 'stream', op: 'create', streams: [channel(101, 'alpha')] });
    expect(diffStates(comparableState(left), comparableState(initialState())).map((difference) => difference.path)).toContain(
      'never_subscribed (stream_ids, one listed twice)',
    );
  });

  it('reports a different order where the order is register’s', () => {
    const left = initialState();
    const right = structuredClone(left);
    right['realm_users'].reverse();
    expect(diffStates(comparableState(left), comparableState(right)).map((difference) => difference.path)).toEqual(['realm_users (order of user_ids)']);
  });

  it('accepts a newly seen channel under unsubscribed where register has it there, its personal settings unknown', () => {
    const applied = applyEvent(initialState(), { type: 'stream', op: 'create', streams: [channel(102, 'back')] });
    const registered = structuredClone(initialState());
    registered['streams'].push(channel(102, 'back'));
    registered['unsubscribed'] = [channel(102, 'back', { color: '#abc', is_muted: false })];
    expect(diffStates(comparableState(applied), comparableState(registered))).toEqual([]);
    registered['unsubscribed'] = [channel(102, 'other name', { color: '#abc' })];
    expect(diffStates(comparableState(applied), comparableState(registered)).map((difference) => difference.path)).toEqual([
      'unsubscribed[stream_id=102].name',
    ]);
    const never = structuredClone(initialState());
    never['streams'].push(channel(102, 'back'));
    never['never_subscribed'].push(channel(102, 'back'));
    expect(diffStates(comparableState(applied), comparableState(never))).toEqual([]);
  });

  it('accepts anything where the client could not know the value', () => {
    const left = applyEvents(initialState(), [
      { type: 'realm_user', op: 'update', person: { user_id: ME, role: 600 } },
      { type: 'realm_user', op: 'update', person: { user_id: ME, role: 400 } },
    ]).state;
    const right = structuredClone(left);
    right['realm_default_streams'] = [100, 101];
    right['is_guest'] = false;
    expect(diffStates(comparableState(left), comparableState(right))).toEqual([]);
  });
});
