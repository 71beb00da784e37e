import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { as, body, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { seedChannels } from './testing.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function read(model: Model, id: number): Record<string, any> {
  return expectSuccess(as(model, IAGO).get('/streams', { include_all: 'true', exclude_archived: 'false', include_default: 'true' }))['streams'].find(
    (stream: { stream_id: number }) => stream.stream_id === id,
  );
}

/** A failed PATCH must leave the state object itself untouched. */
function refused(model: Model, actor: Actor, id: number, params: Record<string, string>, status: number, code: string, msg?: string) {
  const before = model.state;
  const error = expectError(as(model, actor).patch(`/streams/${id}`, params), status, code, msg);
  expect(model.state).toBe(before);
  return error;
}

describe('PATCH /streams/{stream_id}: who may administer (spec: Channel, permission notes)', () => {
  it('lets an organization administrator change any channel, even a private one they are not in', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-private', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] }]);
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { new_name: 't-renamed', description: 'line one\nline two' }));
    expect(read(model, id!)).toMatchObject({ name: 't-renamed', description: 'line one line two', rendered_description: '<p>line one line two</p>' });
  });

  it('lets members of can_administer_channel_group administer it (the creator by default)', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-hamlets', creatorId: HAMLET.userId }]);
    expectSuccess(as(model, HAMLET).patch(`/streams/${id}`, { description: 'mine' }));
    expect(read(model, id!)['description']).toBe('mine');
    refused(model, CORDELIA, id!, { description: 'theirs' }, 400, 'CANNOT_ADMINISTER_CHANNEL', 'You do not have permission to administer this channel.');
  });

  it('answers someone who may not know a private channel exactly as for a missing id', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-hidden', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] }]);
    refused(model, HAMLET, id!, { description: 'x' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect(body(as(model, HAMLET).patch(`/streams/${id}`, { description: 'x' }))).toEqual(
      body(as(model, HAMLET).patch('/streams/99999', { description: 'x' })),
    );
  });

  it('never lets a guest administer, even from inside can_administer_channel_group', () => {
    const model = newModel();
    const admins = { directMembers: [POLONIUS.userId], directSubgroups: [] };
    const [unsubscribed, subscribed] = seedChannels(model, [
      { name: 't-g1', settings: { can_administer_channel_group: admins } },
      { name: 't-g2', subscribers: [POLONIUS.userId], settings: { can_administer_channel_group: admins } },
    ]);
    refused(model, POLONIUS, unsubscribed!, { description: 'x' }, 400, 'BAD_REQUEST', 'Invalid channel ID');
    refused(model, POLONIUS, subscribed!, { description: 'x' }, 400, 'CANNOT_ADMINISTER_CHANNEL');
  });
});

describe('PATCH /streams/{stream_id}: names and descriptions', () => {
  it('refuses the same name, empty and over-long names, and allows a change of case', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-name' }]);
    refused(model, IAGO, id!, { new_name: ' t-name ' }, 400, 'BAD_REQUEST', 'Channel already has that name.');
    refused(model, IAGO, id!, { new_name: '   ' }, 400, 'BAD_REQUEST', "Channel name can't be empty.");
    refused(model, IAGO, id!, { new_name: 'x'.repeat(61) }, 400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).');
    refused(model, IAGO, id!, { new_name: 'bad\u0001name' }, 400, 'BAD_REQUEST', 'Invalid character in channel name, at position 4.');
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { new_name: 'T-NAME' }));
    expect(read(model, id!)['name']).toBe('T-NAME');
    expectSuccess(as(model, IAGO).get('/get_stream_id', { stream: 't-name' }));
  });

  it('says a visible name is taken, and refuses a hidden one without naming it', () => {
    const model = newModel();
    const [id] = seedChannels(model, [
      { name: 't-mine', creatorId: HAMLET.userId },
      { name: 't-taken' },
      { name: 't-secret', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] },
    ]);
    const taken = refused(model, HAMLET, id!, { new_name: 'T-Taken' }, 409, 'CHANNEL_ALREADY_EXISTS', "Channel 'T-Taken' already exists");
    expect(taken['channel_name']).toBe('T-Taken');
    refused(model, HAMLET, id!, { new_name: 't-secret' }, 403, 'BAD_REQUEST', 'Permission denied');
  });

  it('limits the description to 1024 characters', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-desc' }]);
    refused(model, IAGO, id!, { description: 'd'.repeat(1025) }, 400, 'BAD_REQUEST', 'description is too long (limit: 1024 characters)');
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { description: 'd'.repeat(1024) }));
  });
});

describe('PATCH /streams/{stream_id}: privacy', () => {
  it('makes a public channel private with protected history by default', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-going-private', subscribers: [IAGO.userId] }]);
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { is_private: 'true' }));
    expect(read(model, id!)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { is_private: 'false' }));
    expect(read(model, id!)).toMatchObject({ invite_only: false, history_public_to_subscribers: true });
  });

  it('refuses combinations the server does not allow', () => {
    const model = newModel();
    const [id, defaultId] = seedChannels(model, [
      { name: 't-combo', subscribers: [IAGO.userId] },
      { name: 't-default', isDefault: true },
    ]);
    refused(model, IAGO, id!, { history_public_to_subscribers: 'false' }, 400, 'BAD_REQUEST', 'Invalid parameters');
    refused(model, IAGO, id!, { is_private: 'true', is_web_public: 'true' }, 400, 'BAD_REQUEST', 'Invalid parameters');
    refused(model, IAGO, defaultId!, { is_private: 'true' }, 400, 'BAD_REQUEST', 'A default channel cannot be private.');
  });

  it('needs content access to change privacy, even for administrators', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-locked', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] }]);
    refused(model, IAGO, id!, { is_private: 'false' }, 400, 'BAD_REQUEST', 'Channel content access is required.');
    expectSuccess(as(model, CORDELIA).patch(`/streams/${id}`, { is_private: 'false' }));
    expect(read(model, id!)['invite_only']).toBe(false);
  });

  it('makes a channel web-public only when spectators are allowed and the user may create web-public channels', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-web', subscribers: [IAGO.userId, DESDEMONA.userId] }]);
    refused(model, DESDEMONA, id!, { is_web_public: 'true' }, 400, 'BAD_REQUEST', 'Web-public channels are not enabled.');
    model.reset(
      produce(model.state, (draft) => {
        draft.realm.settings.enableSpectatorAccess = true;
      }),
    );
    refused(model, IAGO, id!, { is_web_public: 'true' }, 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(as(model, DESDEMONA).patch(`/streams/${id}`, { is_web_public: 'true' }));
    expect(read(model, id!)['is_web_public']).toBe(true);
  });

  it('keeps protected history compatible with who may start topics', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    const [id] = seedChannels(model, [{ name: 't-topics', subscribers: [IAGO.userId], settings: { can_create_topic_group: groups['role:members'] } }]);
    const error = refused(
      model,
      IAGO,
      id!,
      { is_private: 'true' },
      400,
      'BAD_REQUEST',
      'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group',
    );
    expect(error['parameters']).toEqual(['history_public_to_subscribers', 'can_create_topic_group']);
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { is_private: 'true', history_public_to_subscribers: 'true' }));
  });
});

describe('PATCH /streams/{stream_id}: group settings', () => {
  it('sets a group setting from {new} and checks {old} against the current value', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    const [id] = seedChannels(model, [{ name: 't-groups', creatorId: HAMLET.userId }]);
    const old = JSON.stringify({ direct_members: [HAMLET.userId], direct_subgroups: [] });
    refused(
      model,
      HAMLET,
      id!,
      { can_administer_channel_group: JSON.stringify({ new: groups['role:moderators'], old: groups['role:members'] }) },
      400,
      'EXPECTATION_MISMATCH',
      "'old' value does not match the expected value.",
    );
    expectSuccess(as(model, HAMLET).patch(`/streams/${id}`, { can_administer_channel_group: `{"new": ${groups['role:moderators']}, "old": ${old}}` }));
    expect(read(model, id!)['can_administer_channel_group']).toBe(groups['role:moderators']);
    // Hamlet no longer administers the channel.
    refused(model, HAMLET, id!, { description: 'x' }, 400, 'CANNOT_ADMINISTER_CHANNEL');
    expectSuccess(
      as(model, SHIVA).patch(`/streams/${id}`, {
        can_send_message_group: JSON.stringify({ new: { direct_members: [HAMLET.userId, CORDELIA.userId], direct_subgroups: [] } }),
      }),
    );
    expect(read(model, id!)['can_send_message_group']).toEqual({ direct_members: [HAMLET.userId, CORDELIA.userId], direct_subgroups: [] });
  });

  it('needs content access to change can_add_subscribers_group, even for administrators', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    const [id] = seedChannels(model, [{ name: 't-content', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] }]);
    const change = { can_add_subscribers_group: JSON.stringify({ new: groups['role:moderators'] }) };
    refused(model, IAGO, id!, change, 400, 'BAD_REQUEST', 'Channel content access is required.');
    // Other settings need only metadata access and the right to administer.
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { can_remove_subscribers_group: JSON.stringify({ new: groups['role:moderators'] }) }));
    expectSuccess(as(model, CORDELIA).patch(`/streams/${id}`, change));
  });

  it('needs the organization’s delete-policy permission to change the delete settings', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    const [id] = seedChannels(model, [{ name: 't-delete', settings: { can_administer_channel_group: groups['role:members'] } }]);
    refused(
      model,
      HAMLET,
      id!,
      { can_delete_any_message_group: JSON.stringify({ new: groups['role:moderators'] }) },
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    expectSuccess(as(model, SHIVA).patch(`/streams/${id}`, { can_delete_own_message_group: JSON.stringify({ new: groups['role:members'] }) }));
  });

  it('refuses values a setting may not hold, and changes nothing', () => {
    const model = newModel();
    const groups = model.state.systemGroupIds;
    const [id] = seedChannels(model, [{ name: 't-values' }]);
    refused(
      model,
      IAGO,
      id!,
      { can_administer_channel_group: JSON.stringify({ new: groups['role:everyone'] }) },
      400,
      'BAD_REQUEST',
      "'can_administer_channel_group' setting cannot be set to 'role:everyone' group.",
    );
    refused(model, IAGO, id!, { can_send_message_group: JSON.stringify({ new: 99999 }) }, 400, 'BAD_REQUEST', 'Invalid user group');
    refused(model, IAGO, id!, { can_send_message_group: '{"new": ' }, 400, 'BAD_REQUEST', 'can_send_message_group is not valid JSON');
    // Valid values elsewhere in the same request do not get applied either.
    refused(model, IAGO, id!, { description: 'never', can_send_message_group: JSON.stringify({ new: 99999 }) }, 400, 'BAD_REQUEST');
    expect(read(model, id!)['description']).toBe('');
  });
});

describe('PATCH /streams/{stream_id}: defaults, retention, topics policy, archiving', () => {
  it('lets only organization administrators change default channels', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-def', creatorId: HAMLET.userId }]);
    refused(model, HAMLET, id!, { is_default_stream: 'true' }, 400, 'BAD_REQUEST');
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { is_default_stream: 'true' }));
    expect(read(model, id!)['is_default']).toBe(true);
    expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { is_default_stream: 'false' }));
    expect(read(model, id!)['is_default']).toBe(false);
  });

  it('lets only owners change retention, to days, unlimited or the organization default', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-retention' }]);
    refused(model, IAGO, id!, { message_retention_days: '30' }, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectSuccess(as(model, DESDEMONA).patch(`/streams/${id}`, { message_retention_days: '30' }));
    expect(read(model, id!)['message_retention_days']).toBe(30);
    expectSuccess(as(model, DESDEMONA).patch(`/streams/${id}`, { message_retention_days: '"unlimited"' }));
    expect(read(model, id!)['message_retention_days']).toBe(-1);
    expectSuccess(as(model, DESDEMONA).patch(`/streams/${id}`, { message_retention_days: 'realm_default' }));
    expect(read(model, id!)['message_retention_days']).toBeNull();
    const bad = refused(model, DESDEMONA, id!, { message_retention_days: '0' }, 400, 'REQUEST_VARIABLE_INVALID', "Bad value for 'message_retention_days': 0");
    expect(bad).toMatchObject({ var_name: 'message_retention_days', bad_value: 0 });
  });

  it('sets the topics policy, and empty_topic_only only while every message is in the empty topic', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-policy', creatorId: HAMLET.userId }]);
    refused(model, HAMLET, id!, { topics_policy: 'sometimes' }, 400, 'BAD_REQUEST', 'Invalid topics_policy');
    expectSuccess(as(model, HAMLET).patch(`/streams/${id}`, { topics_policy: 'disable_empty_topic' }));
    expect(read(model, id!)['topics_policy']).toBe('disable_empty_topic');
    expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: String(id), topic: 'named', content: 'x' }));
    refused(model, HAMLET, id!, { topics_policy: 'empty_topic_only' }, 400, 'BAD_REQUEST');
    expect(read(model, id!)['topics_policy']).toBe('disable_empty_topic');
  });

  it('archives with DELETE and unarchives with is_archived=false', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-archive', creatorId: HAMLET.userId, isDefault: true }]);
    const before = model.state;
    expectError(as(model, CORDELIA).delete(`/streams/${id}`), 400, 'CANNOT_ADMINISTER_CHANNEL');
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).delete(`/streams/${id}`));
    expect(read(model, id!)).toMatchObject({ is_archived: true, is_default: false });
    expectError(as(model, HAMLET).delete(`/streams/${id}`), 400, 'BAD_REQUEST', 'Channel is already deactivated');
    expectSuccess(as(model, HAMLET).patch(`/streams/${id}`, { is_archived: 'false' }));
    expect(read(model, id!)['is_archived']).toBe(false);
    refused(model, HAMLET, id!, { is_archived: 'false' }, 400, 'BAD_REQUEST', 'Channel is not currently deactivated');
  });

  it('lists parameters it does not know as ignored and changes nothing for them', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-ignored' }]);
    const before = model.state;
    expect(expectSuccess(as(model, IAGO).patch(`/streams/${id}`, { colour: 'red' }))['ignored_parameters_unsupported']).toEqual(['colour']);
    expect(model.state).toBe(before);
  });
});
