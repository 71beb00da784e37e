/**
 * The Python `zulip` package's profile field administration methods
 * (update_realm_profile_field, reorder_realm_profile_fields,
 * remove_realm_profile_field) and the call_endpoint requests its API
 * documentation shows for saved snippets and video calls, reproduced byte for
 * byte (shared/reference/clients.md: strings raw, everything else
 * json.dumps-ed in a form body; a call without parameters sends no body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { FIELD, HAMLET, IAGO } from '../testing/default-realm.js';
import { basicAuth, type PythonMethod, pythonCall } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python-admin' });
});
afterAll(async () => {
  await server.stop();
});

const basic = basicAuth;
const call = (method: PythonMethod, path: string, params: Record<string, unknown>, auth: string) => pythonCall(server.apiUrl, method, path, params, auth);

const iago = () => basic(IAGO.email, IAGO.apiKey);
const hamlet = () => basic(HAMLET.email, HAMLET.apiKey);
const fields = async () => (await call('GET', '/realm/profile_fields', {}, iago())).body.custom_fields as any[];

describe("the Python client's profile field administration against chatref", () => {
  it('update_realm_profile_field: a raw label and json.dumps-ed flags in a PATCH form body', async () => {
    const { body } = await call('PATCH', `/realm/profile_fields/${FIELD.phone}`, { name: 'Téléphone', hint: 'Bureau', required: true }, iago());
    expect(body).toEqual({ result: 'success', msg: '' });
    expect((await fields()).find((field) => field.id === FIELD.phone)).toMatchObject({ name: 'Téléphone', hint: 'Bureau', required: true });
  });

  it('reorder_realm_profile_fields(order=[…]): the list json.dumps-ed', async () => {
    const order = (await fields()).map((field) => field.id).reverse();
    expect((await call('PATCH', '/realm/profile_fields', { order }, iago())).body).toEqual({ result: 'success', msg: '' });
    expect((await fields()).map((field) => field.id)).toEqual(order);
  });

  it('remove_realm_profile_field: a DELETE without a body', async () => {
    expect((await call('DELETE', `/realm/profile_fields/${FIELD.website}`, {}, iago())).body).toEqual({ result: 'success', msg: '' });
    expect((await fields()).map((field) => field.id)).not.toContain(FIELD.website);
  });
});

describe("the Python client's call_endpoint for saved snippets and video calls", () => {
  it('creates, edits, lists and deletes a snippet', async () => {
    const created = await call('POST', '/saved_snippets', { title: 'Welcome message', content: '**Welcome** to the organization.' }, hamlet());
    const id = created.body.saved_snippet_id;
    expect(created.body).toEqual({ result: 'success', msg: '', saved_snippet_id: id });
    expect((await call('PATCH', `/saved_snippets/${id}`, { title: 'New welcome message', content: 'Welcome to Zulip!' }, hamlet())).body.result).toBe(
      'success',
    );
    const listed = (await call('GET', '/saved_snippets', {}, hamlet())).body.saved_snippets;
    expect(listed).toEqual([{ id, title: 'New welcome message', content: 'Welcome to Zulip!', date_created: expect.any(Number) }]);
    expect((await call('DELETE', `/saved_snippets/${id}`, {}, hamlet())).body).toEqual({ result: 'success', msg: '' });
  });

  it('creates a video call with is_video_call json.dumps-ed, and a BigBlueButton link from the query string', async () => {
    const zoom = await call('POST', '/calls/zoom/create', { is_video_call: false }, hamlet());
    expect(zoom.body.url).toMatch(/^https:\/\/video\.chatref\.test\/j\//);
    const provider = await call('POST', '/calls/provider/create', {}, hamlet());
    expect(provider.body).toEqual({ result: 'success', msg: '', url: expect.stringMatching(/^https:\/\/video\.chatref\.test\/j\//) });
    const bbb = await call('GET', '/calls/bigbluebutton/create', { meeting_name: 'Élsinore', voice_only: true }, hamlet());
    expect(bbb.body.url).toMatch(/^\/calls\/bigbluebutton\/join\?bigbluebutton=/);
  });
});
