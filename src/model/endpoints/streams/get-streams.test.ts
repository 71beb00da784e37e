import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { seedChannels } from './testing.js';

type Model = ReturnType<typeof newModel>;

function listed(model: Model, actor: Parameters<typeof as>[1], params: Record<string, string> = {}): string[] {
  const streams = expectSuccess(as(model, actor).get('/streams', params))['streams'] as { name: string }[];
  return streams.map((stream) => stream.name);
}

function only(names: string[], ours: readonly string[]): string[] {
  return names.filter((name) => ours.includes(name));
}

const NAMES = ['t-public', 't-private-hamlet', 't-private-other', 't-web', 't-archived', 't-private-subscribable'] as const;

function setUp(): Model {
  const model = newModel();
  seedChannels(model, [
    { name: 't-public', subscribers: [CORDELIA.userId] },
    { name: 't-private-hamlet', inviteOnly: true, subscribers: [HAMLET.userId], creatorId: HAMLET.userId },
    { name: 't-private-other', inviteOnly: true, subscribers: [CORDELIA.userId], creatorId: CORDELIA.userId },
    { name: 't-web', isWebPublic: true },
    { name: 't-archived', isArchived: true, subscribers: [HAMLET.userId] },
    {
      name: 't-private-subscribable',
      inviteOnly: true,
      creatorId: CORDELIA.userId,
      settings: { can_subscribe_group: { directMembers: [HAMLET.userId], directSubgroups: [] } },
    },
  ]);
  return model;
}

describe('GET /streams (spec: GET /streams — get all channels)', () => {
  it('by default lists public and subscribed channels, sorted by name, never a private channel the user is not in', () => {
    const model = setUp();
    expect(only(listed(model, HAMLET), [...NAMES])).toEqual(['t-private-hamlet', 't-public', 't-web']);
  });

  it('leaves archived channels out unless exclude_archived is false', () => {
    const model = setUp();
    expect(listed(model, HAMLET)).not.toContain('t-archived');
    expect(listed(model, HAMLET, { exclude_archived: 'false' })).toContain('t-archived');
  });

  it('returns nothing when every source is off', () => {
    const model = setUp();
    expect(listed(model, HAMLET, { include_public: 'false', include_subscribed: 'false' })).toEqual([]);
  });

  it('never gives guests public channels through include_public', () => {
    const model = setUp();
    expect(only(listed(model, POLONIUS), [...NAMES])).toEqual([]);
    expect(only(listed(model, POLONIUS, { include_web_public: 'true' }), [...NAMES])).toEqual(['t-web']);
  });

  it('include_all lists every channel with metadata access: all of them for administrators', () => {
    const model = setUp();
    expect(only(listed(model, IAGO, { include_all: 'true' }), [...NAMES])).toEqual([
      't-private-hamlet',
      't-private-other',
      't-private-subscribable',
      't-public',
      't-web',
    ]);
    expect(only(listed(model, HAMLET, { include_all: 'true' }), [...NAMES])).toEqual(['t-private-hamlet', 't-private-subscribable', 't-public', 't-web']);
    // include_all ignores the other sources.
    expect(only(listed(model, HAMLET, { include_all: 'true', include_public: 'false', include_subscribed: 'false' }), [...NAMES])).toHaveLength(4);
  });

  it('include_can_access_content lists the channels the user can read, making the other sources redundant', () => {
    const model = setUp();
    expect(only(listed(model, HAMLET, { include_can_access_content: 'true', include_public: 'false', include_subscribed: 'false' }), [...NAMES])).toEqual([
      't-private-hamlet',
      't-private-subscribable',
      't-public',
      't-web',
    ]);
  });

  it('include_all_active is include_all for administrators and refused to others', () => {
    const model = setUp();
    expect(listed(model, DESDEMONA, { include_all_active: 'true' })).toEqual(listed(model, DESDEMONA, { include_all: 'true' }));
    const before = model.state;
    expectError(as(model, SHIVA).get('/streams', { include_all_active: 'true' }), 400, 'BAD_REQUEST', 'User not authorized for this query');
    expect(model.state).toBe(before);
  });

  it('include_owner_subscribed adds the channels a bot owner is subscribed to, for bots only', () => {
    const model = setUp();
    expect(listed(model, HAMLET_BOT, { include_public: 'false' })).not.toContain('t-private-hamlet');
    expect(listed(model, HAMLET_BOT, { include_public: 'false', include_owner_subscribed: 'true' })).toContain('t-private-hamlet');
    expect(listed(model, CORDELIA, { include_public: 'false', include_owner_subscribed: 'true' })).not.toContain('t-private-hamlet');
  });

  it('adds is_default only with include_default', () => {
    const model = newModel();
    seedChannels(model, [{ name: 't-default', isDefault: true }, { name: 't-plain' }]);
    const plain = expectSuccess(as(model, HAMLET).get('/streams'))['streams'] as Record<string, unknown>[];
    expect(plain.every((stream) => !('is_default' in stream))).toBe(true);
    const flagged = expectSuccess(as(model, HAMLET).get('/streams', { include_default: 'true' }))['streams'] as Record<string, unknown>[];
    expect(flagged.find((stream) => stream['name'] === 't-default')).toMatchObject({ is_default: true });
    expect(flagged.find((stream) => stream['name'] === 't-plain')).toMatchObject({ is_default: false });
  });

  it('returns every field of the channel table in order, then the real server’s further fields', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-fields', subscribers: [HAMLET.userId, CORDELIA.userId], creatorId: HAMLET.userId }]);
    const streams = expectSuccess(as(model, HAMLET).get('/streams'))['streams'] as Record<string, unknown>[];
    const stream = streams.find((entry) => entry['stream_id'] === id)!;
    expect(Object.keys(stream)).toEqual([
      'stream_id',
      'name',
      'is_archived',
      'description',
      'rendered_description',
      'date_created',
      'creator_id',
      'invite_only',
      'is_web_public',
      'stream_post_policy',
      'is_announcement_only',
      'message_retention_days',
      'history_public_to_subscribers',
      'topics_policy',
      'first_message_id',
      'folder_id',
      'is_recently_active',
      'can_add_subscribers_group',
      'can_remove_subscribers_group',
      'can_administer_channel_group',
      'can_delete_any_message_group',
      'can_delete_own_message_group',
      'can_move_messages_out_of_channel_group',
      'can_move_messages_within_channel_group',
      'can_send_message_group',
      'can_subscribe_group',
      'can_resolve_topics_group',
      'can_create_topic_group',
      'subscriber_count',
      'stream_weekly_traffic',
    ]);
    const groups = model.state.systemGroupIds;
    expect(stream).toMatchObject({
      name: 't-fields',
      creator_id: HAMLET.userId,
      invite_only: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      topics_policy: 'inherit',
      subscriber_count: 2,
      can_administer_channel_group: { direct_members: [HAMLET.userId], direct_subgroups: [] },
      can_remove_subscribers_group: groups['role:administrators'],
      can_send_message_group: groups['role:everyone'],
      stream_weekly_traffic: null,
    });
  });

  it('derives stream_post_policy from can_send_message_group', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    seedChannels(model, [
      { name: 't-admins', settings: { can_send_message_group: groups['role:administrators'] } },
      { name: 't-full', settings: { can_send_message_group: groups['role:fullmembers'] } },
      { name: 't-mods', settings: { can_send_message_group: groups['role:moderators'] } },
      { name: 't-anon', settings: { can_send_message_group: { directMembers: [HAMLET.userId], directSubgroups: [groups['role:moderators']] } } },
    ]);
    const streams = expectSuccess(as(model, HAMLET).get('/streams'))['streams'] as Record<string, unknown>[];
    const policy = (name: string) => streams.find((stream) => stream['name'] === name)!;
    expect(policy('t-admins')).toMatchObject({ stream_post_policy: 2, is_announcement_only: true });
    expect(policy('t-full')).toMatchObject({ stream_post_policy: 3, is_announcement_only: false });
    expect(policy('t-mods')).toMatchObject({ stream_post_policy: 4 });
    expect(policy('t-anon')).toMatchObject({ stream_post_policy: 1 });
  });

  it('refuses a flag that is not a JSON boolean and changes nothing', () => {
    const model = setUp();
    const before = model.state;
    expectError(as(model, HAMLET).get('/streams', { include_public: 'yes' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
  });
});
