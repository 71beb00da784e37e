import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { as, expectError, HAMLET, newModel } from '../testing/default-realm.js';
import { REAL_SERVER_OPERATIONS } from './real-server-operations.js';
import { ENDPOINTS } from './routes.js';

describe('paths the real server serves and chatref does not yet', () => {
  it('answer 404 NOT_FOUND naming the operation, while unknown paths keep the plain 404', () => {
    const hamlet = as(newModel(), HAMLET);
    expectError(hamlet.post('/calls/webex/create'), 404, 'NOT_FOUND', 'chatref does not implement POST /calls/webex/create yet');
    expectError(hamlet.get('/thumbnail/status/2/abc.png'), 404, 'NOT_FOUND', 'chatref does not implement GET /thumbnail/status/{realm_id_str}/{filename} yet');
    expectError(hamlet.delete('/realm/domains/example.com'), 404, 'NOT_FOUND', 'chatref does not implement DELETE /realm/domains/{domain} yet');
    expectError(hamlet.get('/no_such_thing'), 404, 'NOT_FOUND', 'Not Found');
    expectError(hamlet.post('/calls/webex/create/extra'), 404, 'NOT_FOUND', 'Not Found');
    expectError(hamlet.post('/users/me/muted_users/'), 404, 'NOT_FOUND', 'Not Found');
  });

  it('name a method the real server serves on a path where chatref serves only others; other methods stay 405', () => {
    const hamlet = as(newModel(), HAMLET);
    // One such operation while any is left (chatref keeps implementing them): a served path, an unserved method.
    const served = new Map<string, Set<string>>();
    for (const endpoint of ENDPOINTS) served.set(endpoint.path, (served.get(endpoint.path) ?? new Set()).add(endpoint.method));
    const missing = REAL_SERVER_OPERATIONS.map((operation) => operation.split(' ') as [string, string]).find(
      ([method, path]) => served.has(path) && !served.get(path)!.has(method) && !path.includes('{'),
    );
    if (missing !== undefined) {
      const [method, path] = missing;
      expectError(as(newModel(), HAMLET)[method.toLowerCase() as 'post'](path), 404, 'NOT_FOUND', `chatref does not implement ${method} ${path} yet`);
    }
    const refused = expectError(hamlet.delete('/server_settings'), 405, 'BAD_REQUEST', 'Method Not Allowed');
    expect(refused['allowed_methods']).toEqual(['GET', 'HEAD']);
    // The real server's user ids are integers: DELETE /users/{user_id} is not DELETE /users/{email}.
    expectError(hamlet.delete('/users/cordelia%40chatref.test'), 405, 'BAD_REQUEST', 'Method Not Allowed');
  });

  it('never shadow an endpoint chatref implements', () => {
    const listed = new Set(REAL_SERVER_OPERATIONS);
    expect(listed.size).toBe(REAL_SERVER_OPERATIONS.length);
    // The spec's POST /calls/provider/create is the real server's /calls/zoom/create; every other route is the real server's.
    const ours = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(ours.filter((operation) => listed.has(operation)).length).toBeGreaterThan(50);
  });

  it('are listed from zulip.yaml by src/tools/list-zulip-operations.mjs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-operations-'));
    const yaml = join(dir, 'zulip.yaml');
    writeFileSync(
      yaml,
      [
        'openapi: 3.0.1',
        'paths:',
        '  /users/{user_id}:',
        '    patch: {operationId: update-user}',
        '    get: {operationId: get-user}',
        '  /real-time:',
        '    post: {operationId: real-time}',
        '  /drafts:',
        '    get: {operationId: get-drafts}',
        'components: {}',
      ].join('\n'),
    );
    const out = join(dir, 'operations.ts');
    execFileSync(process.execPath, ['src/tools/list-zulip-operations.mjs', yaml, out]);
    const written = readFileSync(out, 'utf8');
    expect(written).toContain(
      "export const REAL_SERVER_OPERATIONS: readonly string[] = [\n  'GET /drafts',\n  'GET /users/{user_id}',\n  'PATCH /users/{user_id}',\n];\n",
    );
  });
});
