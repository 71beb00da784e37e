/**
 * The home page as a person sees it: Debian's Chromium, headless, loads it
 * from a server on a free port and follows its links. Without Chromium this
 * fails, naming the package, unless CHATREF_NO_BROWSER=1 says to skip it.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import { CORDELIA, DESDEMONA, HAMLET, IAGO, POLONIUS, SHIVA } from '../testing/default-realm.js';
import type { RunningServer } from './server.js';

const CHROMIUM = process.env['CHATREF_CHROMIUM'] ?? '/usr/bin/chromium';
const SKIP = process.env['CHATREF_NO_BROWSER'] === '1';
// Generous: a busy machine starts Chromium in seconds, not milliseconds; every wait below is for a condition.
const PATIENCE_MS = 120_000;
const FLAGS = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(SKIP)(`the home page in headless Chromium (${CHROMIUM}; CHATREF_NO_BROWSER=1 skips)`, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium), point CHATREF_CHROMIUM at one, or set CHATREF_NO_BROWSER=1 to skip`,
      );
    }
    server = await createServer({ port: 0, seed: 'chromium' });
    // playwright-core gives each launch a fresh profile directory of its own, and runs headless without a sandbox.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: PATIENCE_MS });
    page = await browser.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  }, PATIENCE_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, PATIENCE_MS);

  it(
    'shows the realm and the published logins',
    async () => {
      const response = await page.goto(`${server.url}/`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe('chatref · Chatref Default Realm');
      expect(await page.locator('#feature-level').textContent()).toBe(String(server.getState().featureLevel));
      const rows = await page.locator('#users tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      const expected = [
        [DESDEMONA, 'owner'],
        [IAGO, 'administrator'],
        [SHIVA, 'moderator'],
        [HAMLET, 'member'],
        [CORDELIA, 'member'],
        [POLONIUS, 'guest'],
      ] as const;
      expect(rows.map((row) => row.slice(1))).toEqual(expected.map(([user, role]) => [user.email, role, user.apiKey, user.password]));
      expect(await page.content()).not.toContain(server.adminToken);
      // Self-contained: the page asked for nothing beyond itself (Chromium may try the server's /favicon.ico).
      expect(requested.filter((url) => !url.endsWith('/favicon.ico'))).toEqual([`${server.url}/`]);
      expect(problems).toEqual([]);
    },
    PATIENCE_MS,
  );

  it(
    'links to server_settings, whose JSON describes the same server',
    async () => {
      await page.goto(`${server.url}/chatref`);
      const [settings] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/v1/server_settings')),
        page.click('#server-settings'),
      ]);
      expect(settings.status()).toBe(200);
      const body = (await settings.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        result: 'success',
        realm_name: 'Chatref Default Realm',
        zulip_feature_level: server.getState().featureLevel,
        realm_url: server.url,
      });
      await page.waitForURL(`${server.url}/api/v1/server_settings`);
      // What the person reads: Chromium's JSON viewer may add controls around the text.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      expect(JSON.parse(await page.locator('body').innerText())).toEqual(body);
    },
    PATIENCE_MS,
  );

  it(
    'links to the control plane, which wants the token the page does not show, and to the README',
    async () => {
      await page.goto(`${server.url}/`);
      const [admin] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/chatref/admin')), page.click('#admin')]);
      expect(admin.status()).toBe(401);
      expect(await admin.json()).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
      await page.goBack();
      await page.getByRole('link', { name: 'README.md' }).click();
      await page.waitForURL(`${server.url}/chatref/README.md`);
      expect(await page.locator('body').textContent()).toMatch(/^# chatref\n/);
    },
    PATIENCE_MS,
  );
});
