/**
 * The Python `zulip` package's wire habits (shared/reference/clients.md),
 * reproduced byte for byte since PyPI is out of reach here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { FIELD, HAMLET, IAGO } from '../testing/default-realm.js';
import { basicAuth, type PythonMethod, pythonCall } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python' });
});
afterAll(async () => {
  await server.stop();
});

const basic = basicAuth;
const call = (method: PythonMethod, path: string, params: Record<string, unknown>, auth: string) => pythonCall(server.apiUrl, method, path, params, auth);

describe("the Python client's encoding against chatref", () => {
  it('reads server_settings even with the wrong key in its Basic header, and finds zulip_version', async () => {
    const { status, body } = await call('GET', '/server_settings', {}, basic(HAMLET.email, 'wrong'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 'success', zulip_feature_level: 496 });
    expect(typeof body.zulip_version).toBe('string');
  });

  it('posts fetch_api_key with a Basic header carrying an empty key', async () => {
    const { body } = await call('POST', '/fetch_api_key', { username: HAMLET.email, password: HAMLET.password }, basic(HAMLET.email, ''));
    expect(body).toMatchObject({ result: 'success', api_key: HAMLET.apiKey });
  });

  it('sends JSON-encoded, ASCII-escaped values in a form body for PATCH', async () => {
    const auth = basic(HAMLET.email, HAMLET.apiKey);
    const data = [
      { id: FIELD.biography, value: 'Élsinore, né à Danemark' },
      { id: FIELD.mentor, value: [IAGO.userId] },
    ];
    expect((await call('PATCH', '/users/me/profile_data', { data }, auth)).body).toEqual({ result: 'success', msg: '' });
    const me = (await call('GET', '/users/me', {}, auth)).body;
    expect(me.profile_data[FIELD.biography].value).toBe('Élsinore, né à Danemark');
  });

  it('sends booleans as json.dumps does and drops None', async () => {
    const auth = basic(HAMLET.email, HAMLET.apiKey);
    const { body } = await call('POST', '/users/me/status', { away: true, status_text: 'Out', emoji_name: null }, auth);
    expect(body).toEqual({ result: 'success', msg: '' });
    const users = await call('GET', '/users', { client_gravatar: false, include_custom_profile_fields: true }, auth);
    expect(users.body.members.every((member: any) => typeof member.avatar_url === 'string')).toBe(true);
  });

  it('update_message: PATCH with message_id repeated in the body, which the server names as ignored', async () => {
    const auth = basic(HAMLET.email, HAMLET.apiKey);
    const sent = await call('POST', '/messages', { type: 'stream', to: 'general', topic: 'python edits', content: 'draft' }, auth);
    const id = sent.body.id;
    const { body } = await call('PATCH', `/messages/${id}`, { message_id: id, content: 'Fixed: naïve café' }, auth);
    expect(body).toEqual({ result: 'success', msg: '', detached_uploads: [], ignored_parameters_unsupported: ['message_id'] });
    expect((await call('GET', `/messages/${id}`, {}, auth)).body.raw_content).toBe('Fixed: naïve café');
    const moved = await call(
      'PATCH',
      `/messages/${id}`,
      { message_id: id, topic: 'python moved', propagate_mode: 'change_all', send_notification_to_old_thread: false },
      auth,
    );
    expect(moved.body.result).toBe('success');
    expect((await call('GET', `/messages/${id}`, {}, auth)).body.message.subject).toBe('python moved');
  });

  it('update_message_flags, add_reaction and remove_reaction (a DELETE with a form body)', async () => {
    const hamlet = basic(HAMLET.email, HAMLET.apiKey);
    const iago = basic(IAGO.email, IAGO.apiKey);
    const id = (await call('POST', '/messages', { type: 'stream', to: 'general', topic: 'python reactions', content: 'hi' }, hamlet)).body.id;
    const flags = await call('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'starred' }, iago);
    expect(flags.body).toMatchObject({ result: 'success', messages: [id] });
    const added = await call('POST', `/messages/${id}/reactions`, { message_id: id, emoji_name: 'thumbs_up' }, iago);
    expect(added.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['message_id'] });
    const message = (await call('GET', `/messages/${id}`, {}, iago)).body.message;
    expect(message.flags).toContain('starred');
    expect(message.reactions).toEqual([expect.objectContaining({ emoji_name: 'thumbs_up', emoji_code: '1f44d', user_id: IAGO.userId })]);
    const removed = await call('DELETE', `/messages/${id}/reactions`, { message_id: id, emoji_name: 'thumbs_up' }, iago);
    expect(removed.body.result).toBe('success');
    expect((await call('GET', `/messages/${id}`, {}, iago)).body.message.reactions).toEqual([]);
  });

  it('set_typing_status: `to` as a JSON list; a bare id is refused as the real server does', async () => {
    const hamlet = basic(HAMLET.email, HAMLET.apiKey);
    expect((await call('POST', '/typing', { op: 'start', to: [IAGO.userId] }, hamlet)).body).toEqual({ result: 'success', msg: '' });
    const bare = await call('POST', '/typing', { op: 'start', to: String(IAGO.userId) }, hamlet);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'to is not a list' });
  });

  it('sends DELETE parameters in a form body', async () => {
    const owner = basic(IAGO.email, IAGO.apiKey);
    const { body } = await call('DELETE', '/users/5', { deactivation_notification_comment: 'Farewell' }, owner);
    expect(body).toEqual({ result: 'success', msg: '' });
    expect((await call('GET', '/users/5', {}, owner)).body.user.is_active).toBe(false);
  });
});
