import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { buildState } from '../fixtures/build-state.js';
import { basicAuthorization } from '../model/auth.js';
import { rows } from '../model/tables/table.js';
import { CORDELIA, DESDEMONA, HAMLET, HAMLET_BOT, IAGO, OTHELLO, POLONIUS, SHIVA } from '../testing/default-realm.js';
import { escapeHtml } from './home-page.js';
import type { RunningServer } from './server.js';

const PUBLISHED = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS];
// Building a realm hashes its passwords (scrypt): seconds on a busy machine.
const SETUP_MS = 120_000;

async function page(server: RunningServer, path = '/', init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the home page on the default realm', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await createServer({ port: 0, seed: 'home' });
  }, SETUP_MS);
  afterAll(async () => {
    await server.stop();
  });

  it('answers GET / with a self-contained HTML page', async () => {
    const { status, headers, text } = await page(server);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('<title>chatref · Chatref Default Realm</title>');
    expect(text).toContain(`feature level <span id="feature-level">${server.getState().featureLevel}</span>`);
    expect(text).toContain(`<code>${server.url}</code>`);
    // Nothing to fetch from elsewhere: no script, no stylesheet or image link, no absolute URL in an attribute.
    expect(text).not.toMatch(/<script|<link|<img|src=|href="https?:/i);
  });

  it('lists the published logins of the active humans, and no one else', async () => {
    const { text } = await page(server);
    for (const user of PUBLISHED) {
      expect(text).toContain(`<td><code>${user.email}</code></td>`);
      expect(text).toContain(`<code>${user.apiKey}</code>`);
      expect(text).toContain(`<code>${user.password}</code>`);
    }
    expect(text).not.toContain(OTHELLO.apiKey);
    expect(text).not.toContain(HAMLET_BOT.apiKey);
  });

  it('links the API, the control plane and the docs', async () => {
    const { text } = await page(server);
    expect(text).toContain('href="/api/v1/server_settings"');
    expect(text).toContain('href="/chatref/admin"');
    expect(text).toContain('href="/chatref/README.md"');
    const readme = await page(server, '/chatref/README.md');
    expect(readme.status).toBe(200);
    expect(readme.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(readme.text).toMatch(/^# chatref\n/);
    for (const [, path] of text.matchAll(/href="(\/chatref\/docs\/[^"]+)"/g)) expect((await page(server, path!)).status, path).toBe(200);
  });

  it('never shows the admin token', async () => {
    const { text } = await page(server);
    expect(server.adminToken.length).toBeGreaterThan(10);
    expect(text).not.toContain(server.adminToken);
    expect(text).toContain('Authorization: Bearer &lt;token&gt;');
  });

  it('answers /chatref and /chatref/ too, with a query or without', async () => {
    const home = (await page(server)).text;
    for (const path of ['/chatref', '/chatref/', '/?from=bookmark']) {
      const { status, text } = await page(server, path);
      expect(status, path).toBe(200);
      expect(text, path).toBe(home);
    }
  });

  it('answers an API client asking for JSON with the page as well: the real server has no JSON at / (it redirects to /login/)', async () => {
    const { status, headers } = await page(server, '/', { headers: { accept: 'application/json' } });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await page(server);
    const head = await page(server, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
    expect(head.text).toBe('');
  });

  it('refuses other methods with a JSON 405', async () => {
    const response = await fetch(`${server.url}/`, { method: 'POST', body: 'a=1' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ result: 'error', msg: 'Method Not Allowed' });
  });

  it('leaves the JSON 404 on other paths outside the API', async () => {
    for (const path of ['/index.html', '/chatref/nope', '/chatref/docs/../package.json', '/chatref/README.md/', '/login/']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ result: 'error', msg: 'Not Found', code: 'NOT_FOUND' });
    }
  });

  it('drops a key from the page once it is regenerated', async () => {
    const regenerated = await fetch(`${server.apiUrl}/users/me/api_key/regenerate`, {
      method: 'POST',
      headers: { authorization: basicAuthorization(SHIVA.email, SHIVA.apiKey) },
    });
    const { api_key: newKey } = (await regenerated.json()) as { api_key: string };
    const { text } = await page(server);
    expect(text).not.toContain(SHIVA.apiKey);
    expect(text).not.toContain(newKey);
    // The password still works, so Shiva stays, with the key marked as changed.
    expect(text).toMatch(new RegExp(`<code>${SHIVA.email}</code>.*changed.*<code>${SHIVA.password}</code>`));
  });
});

describe('the home page on a fixture of ones own', () => {
  const realmName = `<script>alert("x")</script> & O'Brien's`;
  let server: RunningServer;

  beforeAll(async () => {
    const state = buildState({
      realm: { name: realmName, host: 'own.test', date_created: 1_700_000_000 },
      users: [
        // An address the README publishes, with credentials of its own: they are this fixture's secrets.
        {
          email: IAGO.email,
          full_name: 'Iago <b>II</b>',
          role: 100,
          api_key: 'OwnIagoKey0000000000000000000001',
          password: 'own-secret-password',
          date_joined: 1_700_000_000,
        },
        { email: 'ann@own.test', full_name: 'Ann', role: 400, api_key: 'OwnAnnKey00000000000000000000002', date_joined: 1_700_000_000 },
      ],
    });
    server = await createServer({ port: 0, fixture: state, adminToken: 'own-admin-token-0001' });
  }, SETUP_MS);
  afterAll(async () => {
    await server.stop();
  });

  it('escapes what the fixture says', async () => {
    const { text } = await page(server);
    expect(text).toContain(`<title>chatref · ${escapeHtml(realmName)}</title>`);
    expect(text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien&#39;s');
    expect(text).not.toContain('<script');
  });

  it("shows none of the fixture's keys or passwords, and no names", async () => {
    const { text } = await page(server);
    for (const user of rows(server.getState().users)) {
      expect(text).not.toContain(user.apiKey);
      expect(text).not.toContain(user.deliveryEmail);
    }
    expect(text).not.toContain('own-secret-password');
    expect(text).not.toContain('own-admin-token-0001');
    expect(text).not.toContain('id="users"');
    expect(text).toContain("The 2 active users have credentials of this server's own");
  });
});
