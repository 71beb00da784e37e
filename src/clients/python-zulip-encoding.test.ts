/**
 * The Python `zulip` package's wire habits (shared/reference/clients.md),
 * reproduced byte for byte since PyPI is out of reach here.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { FIELD, HAMLET, IAGO } from '../testing/default-realm.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python' });
});
afterAll(async () => {
  await server.stop();
});

const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

/** Like the client: strings raw, everything else json.dumps-ed (ASCII-escaped), None dropped, form body for non-GET. */
function encode(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const text =
      typeof value === 'string' ? value : JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    form.append(key, text);
  }
  return form.toString();
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, params: Record<string, unknown>, auth: string) {
  const hasParams = Object.keys(params).length > 0;
  const query = method === 'GET' && hasParams ? `?${encode(params)}` : '';
  const response = await request(`${server.apiUrl}${path}${query}`, {
    method,
    headers: {
      authorization: auth,
      ...(method !== 'GET' && hasParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method !== 'GET' && hasParams ? { body: encode(params) } : {}),
  });
  return { status: response.statusCode, body: (await response.body.json()) as any };
}

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

  it('sends DELETE parameters in a form body', async () => {
    const owner = basic(IAGO.email, IAGO.apiKey);
    const { body } = await call('DELETE', '/users/5', { deactivation_notification_comment: 'Farewell' }, owner);
    expect(body).toEqual({ result: 'success', msg: '' });
    expect((await call('GET', '/users/5', {}, owner)).body.user.is_active).toBe(false);
  });
});
