/**
 * The in-process model and chatref over HTTP must answer alike: same fixture,
 * seed and clock, same random request sequence, identical statuses and bodies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/create-server.js';
import { CORDELIA, DESDEMONA, HAMLET, HAMLET_BOT, IAGO, OTHELLO, POLONIUS, SHIVA } from '../../src/testing/default-realm.js';
import type { TargetAuth } from '../target.js';
import { httpTarget } from './http.js';
import { modelTarget } from './model.js';

const CAST: TargetAuth[] = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS, OTHELLO, HAMLET_BOT, null, 'Bearer x', 'Basic ???'];
const text = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('', '🐙 é', 'true', '[1]', '{"id":1}', 'a@b.c'));
const id = fc.integer({ min: 0, max: 12 });
const call = fc.oneof(
  fc.tuple(
    fc.constant('GET'),
    fc.constantFrom('/users', '/users/me', '/realm/profile_fields', '/server_settings', '/nope'),
    fc.dictionary(fc.constantFrom('client_gravatar', 'include_custom_profile_fields', 'x'), text, { maxKeys: 2 }),
  ),
  fc.tuple(
    fc.constant('GET'),
    id.map((n) => `/users/${n}`),
    fc.constant({}),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    id.map((n) => `/users/${n}`),
    fc.dictionary(fc.constantFrom('role', 'full_name', 'profile_data'), text, { maxKeys: 2 }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    id.map((n) => `/users/${n}`),
    fc.constant({}),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/users/me/status'), fc.dictionary(fc.constantFrom('status_text', 'emoji_name', 'away'), text, { maxKeys: 3 })),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users'),
    fc.record({ email: fc.constantFrom('x@chatref.test', 'bad'), password: fc.constantFrom('Strong-pw-1234-xyz'), full_name: text }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/fetch_api_key'),
    fc.record({ username: fc.constantFrom(HAMLET.email, 'x'), password: fc.constantFrom(HAMLET.password!, 'no') }),
  ),
  fc.tuple(fc.constantFrom('PUT', 'OPTIONS'), fc.constantFrom('/users', '/users/me'), fc.constant({})),
);
const step = fc.tuple(fc.constantFrom(...CAST), call);

function tickingClock() {
  let now = 1_760_000_000;
  return () => (now += 1);
}

describe('model and HTTP targets', () => {
  it('answer every request sequence identically', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const server = await createServer({ port: 0, seed: 'parity', clock: tickingClock(), log: () => {} });
        const model = modelTarget({ seed: 'parity', clock: tickingClock(), origin: server.url });
        const http = httpTarget(server.url);
        try {
          for (const [auth, [method, path, params]] of steps) {
            const [viaModel, viaHttp] = [await model.call(auth, method, path, params), await http.call(auth, method, path, params)];
            expect({ status: viaHttp.status, body: viaHttp.body }).toEqual({ status: viaModel.status, body: viaModel.body });
            for (const name of ['www-authenticate', 'allow']) expect(viaHttp.headers[name]).toBe(viaModel.headers[name]);
          }
        } finally {
          await server.stop();
        }
      }),
      { seed: 424242, numRuns: 25 },
    );
  });
});
