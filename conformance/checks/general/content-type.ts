/** Every JSON answer says it is JSON: successes, errors and authentication failures alike. */
import { defineChecks } from '../../check.js';
import { expectTrue, isJsonContentType, JSON_CONTENT_TYPE_CLAUSE } from '../../expect.js';
import type { TargetAuth } from '../../target.js';
import { unknownUserId } from '../users/support.js';

export const CONTENT_TYPE_CHECKS = defineChecks([
  {
    id: 'general.json.content-type',
    title: 'Given reads, a write, failed requests and refused credentials, when each is answered, then every answer carries Content-Type application/json',
    clauses: [JSON_CONTENT_TYPE_CLAUSE],
    level: 'spec',
    endpoint: 'GET /users/me',
    async run(ctx) {
      const { member } = ctx.cast;
      const missing = await unknownUserId(ctx);
      const requests: [TargetAuth, string, string, Record<string, string>][] = [
        [null, 'GET', '/server_settings', {}],
        [member, 'GET', '/users/me', {}],
        [member, 'GET', '/users', {}],
        [member, 'GET', '/streams', {}],
        [member, 'GET', '/realm/profile_fields', {}],
        [member, 'POST', '/register', { event_types: '["realm"]' }],
        [member, 'POST', '/users/me/status', { status_text: ctx.unique('json') }],
        [member, 'GET', `/users/${missing}`, {}],
        [member, 'POST', '/users', { email: 'x@example.com', password: 'x', full_name: 'X X' }],
        [member, 'GET', '/events', { queue_id: 'chatref-no-such-queue', last_event_id: '-1' }],
        [null, 'GET', '/users/me', {}],
        [{ email: member.email, apiKey: 'chatrefNotAnApiKey00000000000000' }, 'GET', '/users/me', {}],
        [null, 'POST', '/fetch_api_key', { username: member.email, password: 'chatref-wrong-password' }],
        [null, 'POST', '/fetch_api_key', {}],
      ];
      for (const [auth, method, path, params] of requests) {
        const response = await ctx.call(auth, method, path, params);
        const declared = response.headers['content-type'];
        expectTrue(
          isJsonContentType(declared),
          `${method} ${path} (${response.status}) declared as application/json, got ${JSON.stringify(declared ?? null)}`,
          JSON_CONTENT_TYPE_CLAUSE,
        );
      }
    },
  },
]);
