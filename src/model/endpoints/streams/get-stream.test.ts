import { describe, expect, it } from 'vitest';
import { as, body, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';
import { seedChannels } from './testing.js';

function setUp() {
  const model = newModel();
  const [publicId, privateId, webId, archivedId, groupId] = seedChannels(model, [
    { name: 't-public' },
    { name: 't-secret', inviteOnly: true, creatorId: CORDELIA.userId, subscribers: [CORDELIA.userId] },
    { name: 't-web', isWebPublic: true },
    { name: 't-gone', isArchived: true },
    {
      name: 't-admin-grp',
      inviteOnly: true,
      creatorId: CORDELIA.userId,
      settings: { can_administer_channel_group: { directMembers: [HAMLET.userId, POLONIUS.userId], directSubgroups: [] } },
    },
  ]);
  return { model, publicId: publicId!, privateId: privateId!, webId: webId!, archivedId: archivedId!, groupId: groupId! };
}

describe('GET /streams/{stream_id}', () => {
  it('returns one channel object the user may know of', () => {
    const { model, publicId, privateId } = setUp();
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${publicId}`))['stream']).toMatchObject({ stream_id: publicId, name: 't-public' });
    expect(expectSuccess(as(model, IAGO).get(`/streams/${privateId}`))['stream']).toMatchObject({ name: 't-secret', invite_only: true });
  });

  it('answers a private channel the user may not know of exactly like a missing id', () => {
    const { model, privateId } = setUp();
    const hidden = as(model, HAMLET).get(`/streams/${privateId}`);
    const missing = as(model, HAMLET).get('/streams/99999');
    expectError(hidden, 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect(hidden).toEqual(missing);
  });

  it('gives metadata access through can_administer_channel_group, but never to a guest', () => {
    const { model, groupId } = setUp();
    expectSuccess(as(model, HAMLET).get(`/streams/${groupId}`));
    expect(as(model, POLONIUS).get(`/streams/${groupId}`)).toEqual(as(model, POLONIUS).get('/streams/99999'));
  });

  it('shows guests web-public channels only', () => {
    const { model, publicId, webId } = setUp();
    expectSuccess(as(model, POLONIUS).get(`/streams/${webId}`));
    expectError(as(model, POLONIUS).get(`/streams/${publicId}`), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });

  it('returns an archived channel from FL 480, and below it treats one as missing, as the real server does', () => {
    const { model, archivedId } = setUp();
    expect(expectSuccess(as(model, IAGO).get(`/streams/${archivedId}`))['stream']).toMatchObject({ stream_id: archivedId, is_archived: true });
    model.reset({ ...model.state, featureLevel: 479 });
    expectError(as(model, IAGO).get(`/streams/${archivedId}`), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });
});

describe('GET /get_stream_id', () => {
  it('finds a channel by name, case-insensitively and ignoring surrounding spaces', () => {
    const { model, publicId } = setUp();
    expect(expectSuccess(as(model, HAMLET).get('/get_stream_id', { stream: '  T-PUBLIC ' }))['stream_id']).toBe(publicId);
  });

  it('answers a hidden private channel exactly like an unknown name', () => {
    const { model } = setUp();
    const hidden = body(as(model, HAMLET).get('/get_stream_id', { stream: 't-secret' }));
    expect(hidden).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: "Invalid channel name 't-secret'" });
    expect(body(as(model, HAMLET).get('/get_stream_id', { stream: 'no-such' }))['msg']).toBe("Invalid channel name 'no-such'");
  });

  it('needs content access, so an unsubscribed administrator gets the unknown-name error too', () => {
    const { model } = setUp();
    expectError(as(model, IAGO).get('/get_stream_id', { stream: 't-secret' }), 400, 'BAD_REQUEST', "Invalid channel name 't-secret'");
    expectSuccess(as(model, CORDELIA).get('/get_stream_id', { stream: 't-secret' }));
  });

  it('requires the stream parameter', () => {
    const { model } = setUp();
    expectError(as(model, HAMLET).get('/get_stream_id'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream' argument");
  });
});

describe('GET /streams/{stream_id}/members', () => {
  it('lists the active subscribers of a visible channel', () => {
    const model = newModel();
    const [id] = seedChannels(model, [{ name: 't-members', subscribers: [CORDELIA.userId, HAMLET.userId, 7] }]);
    expect(expectSuccess(as(model, HAMLET).get(`/streams/${id}/members`))['subscribers']).toEqual([HAMLET.userId, CORDELIA.userId]);
  });

  it('hides the members of a private channel behind the missing-id error', () => {
    const { model, privateId } = setUp();
    expect(as(model, HAMLET).get(`/streams/${privateId}/members`)).toEqual(as(model, HAMLET).get('/streams/99999/members'));
    expect(expectSuccess(as(model, IAGO).get(`/streams/${privateId}/members`))['subscribers']).toEqual([CORDELIA.userId]);
  });
});

describe('channel ids beyond any table key', () => {
  it('answers them as missing channels instead of failing', () => {
    const model = newModel();
    for (const path of ['/streams/2000000000', '/streams/2000000000/members', '/streams/99999999999999999999']) {
      expectError(as(model, HAMLET).get(path), 400, 'BAD_REQUEST', 'Invalid channel ID');
    }
    expectError(as(model, IAGO).patch('/streams/2000000000', { description: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(as(model, IAGO).delete('/streams/2000000000'), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });
});
