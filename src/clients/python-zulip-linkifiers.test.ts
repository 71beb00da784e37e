/**
 * The Python `zulip` package's add_realm_filter, reproduced byte for byte (shared/reference/clients.md): at our
 * feature level it posts pattern and url_template as a form body, strings raw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { HAMLET, IAGO } from '../testing/default-realm.js';
import { basicAuth, type PythonMethod, pythonCall } from './python-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'python-linkifiers' });
});
afterAll(async () => {
  await server.stop();
});

const basic = basicAuth;
const call = (method: PythonMethod, path: string, form: Record<string, string> | undefined, auth: string) =>
  pythonCall(server.apiUrl, method, path, form ?? {}, auth);

describe("the Python client's add_realm_filter against chatref", () => {
  it('adds a linkifier with pattern and url_template, which then links messages', async () => {
    const admin = basic(IAGO.email, IAGO.apiKey);
    const added = await call('POST', '/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/pull/{id}' }, admin);
    expect(added).toEqual({ status: 200, body: { result: 'success', msg: '', id: expect.any(Number) } });
    const listed = await call('GET', '/realm/linkifiers', undefined, basic(HAMLET.email, HAMLET.apiKey));
    expect(listed.body.linkifiers).toEqual([
      {
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://github.com/zulip/zulip/pull/{id}',
        id: added.body.id,
        example_input: null,
        reverse_template: null,
        alternative_url_templates: [],
      },
    ]);
    const rendered = await call('POST', '/messages/render', { content: 'see #123' }, basic(HAMLET.email, HAMLET.apiKey));
    expect(rendered.body.rendered).toBe('<p>see <a href="https://github.com/zulip/zulip/pull/123">#123</a></p>');
  });
});
