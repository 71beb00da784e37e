/**
 * Properties of the pure entry over random request sequences:
 * determinism (responses, events, queue commands), untouched state on
 * failure, no server errors, realm invariants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { CORDELIA, DESDEMONA, HAMLET, HAMLET_BOT, IAGO, OTHELLO, POLONIUS, SHIVA, T0 } from '../testing/default-realm.js';
import { basicAuthorization } from './auth.js';
import { handle } from './handle.js';
import type { ModelRequest } from './request.js';
import type { State } from './state.js';
import { rows } from './tables/table.js';

const SEED = 20261123;
const CAST = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS, OTHELLO, HAMLET_BOT];

const oddString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', ' ', '🐙', 'é', '\u0000', '\u202e', 'null', 'true', '[]', '{}', '-1', '1e400', '"4"'),
);
const userId = fc.oneof(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 999));
const role = fc.constantFrom('100', '200', '300', '400', '600', '500', 'x');
const profileEntry = fc.record({ id: fc.integer({ min: 0, max: 10 }), value: fc.oneof(oddString, fc.array(userId, { maxLength: 3 }), fc.constant(null)) });

/** A request without credentials or clock: [method, path, params]. */
const call: fc.Arbitrary<[string, string, Record<string, string>]> = fc.oneof(
  fc.tuple(fc.constant('GET'), fc.constant('/users'), fc.record({ client_gravatar: fc.constantFrom('true', 'false', 'yes') }, { requiredKeys: [] })),
  userId.map((id) => ['GET', `/users/${id}`, {}] as [string, string, Record<string, string>]),
  fc.constant(['GET', '/users/me', {}] as [string, string, Record<string, string>]),
  fc.tuple(
    fc.constant('PATCH'),
    userId.map((id) => `/users/${id}`),
    fc.record({ role, full_name: oddString }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    userId.map((id) => `/users/${id}`),
    fc.array(profileEntry, { maxLength: 3 }).map((data) => ({ profile_data: JSON.stringify(data) })),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    userId.map((id) => `/users/${id}`),
    fc.record({ actions: fc.constantFrom('{}', '{"delete_profile":true}', 'x') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users'),
    fc.record(
      {
        email: fc.oneof(oddString, fc.constantFrom('new@chatref.test', 'iago@chatref.test')),
        password: fc.constantFrom('x', 'a-Strong-passw0rd-42'),
        full_name: oddString,
      },
      { requiredKeys: [] },
    ),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users/me/status'),
    fc.record(
      { status_text: oddString, emoji_name: fc.constantFrom('octopus', '', 'nope'), away: fc.constantFrom('true', 'false', '1') },
      { requiredKeys: [] },
    ),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant('/users/me/profile_data'),
    fc.array(profileEntry, { maxLength: 3 }).map((data) => ({ data: JSON.stringify(data) })),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/realm/profile_fields'),
    fc.record({ name: oddString, field_type: fc.constantFrom('1', '3', '7', '9', 'x') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/fetch_api_key'),
    fc.record({ username: fc.constantFrom(HAMLET.email, 'x'), password: fc.constantFrom(HAMLET.password!, '') }, { requiredKeys: [] }),
  ),
  fc.tuple(fc.constantFrom('GET', 'PUT', 'OPTIONS'), fc.constantFrom('/nope', '/users/me', '/users/%ZZ'), fc.constant({})),
);

const actor = fc.oneof(
  fc.constantFrom(...CAST).map((user) => basicAuthorization(user.email, user.apiKey)),
  fc.constantFrom(null, '', 'Bearer x', 'Basic !!!'),
);

const request = fc.record({ call, authorization: actor, entropy: fc.uint8Array({ minLength: 64, maxLength: 64 }) });
type RequestSpec = { call: [string, string, Record<string, string>]; authorization: string | null; entropy: Uint8Array };

function toRequest(spec: RequestSpec, index: number): ModelRequest {
  const [method, path, params] = spec.call;
  return { method, path, params, authorization: spec.authorization, now: T0 + index, entropy: spec.entropy };
}

function run(
  initial: State,
  specs: readonly RequestSpec[],
  each?: (before: State, after: State, status: number, eventCount: number) => void,
): { state: State; transcript: string } {
  let state = initial;
  let transcript = '';
  specs.forEach((spec, index) => {
    const result = handle(state, toRequest(spec, index));
    each?.(state, result.state, result.response.status, result.events.length);
    transcript += `${result.response.status} ${JSON.stringify(result.response.headers)} ${JSON.stringify(result.response.body)} ${JSON.stringify(result.events)} ${JSON.stringify(result.queue ?? null)}\n`;
    state = result.state;
  });
  return { state, transcript };
}

const settings = { seed: SEED, numRuns: 40 };

describe('handle(state, request) over random request sequences', () => {
  it('is deterministic: the same state and requests give byte-identical responses, events and states', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 12 }), (specs) => {
        const first = run(loadFixture(), specs);
        const second = run(loadFixture(), specs);
        expect(second.transcript).toBe(first.transcript);
        expect(JSON.stringify(second.state)).toBe(JSON.stringify(first.state));
      }),
      settings,
    );
  });

  it('returns the very same state object and no events for every failed request, and never a 5xx', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 12 }), (specs) => {
        run(loadFixture(), specs, (before, after, status, eventCount) => {
          expect(status).toBeLessThan(500);
          if (status >= 400) expect([after === before, eventCount]).toEqual([true, 0]);
        });
      }),
      settings,
    );
  });

  it('keeps the realm invariants: an active human owner exists, the indexes match the rows', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 15 }), (specs) => {
        const { state } = run(loadFixture(), specs);
        const users = [...rows(state.users)];
        const owners = users.filter((user) => user.role === 100 && user.isActive && user.botType === null).map((user) => user.id);
        expect(owners.length).toBeGreaterThan(0);
        expect([...state.activeHumanOwnerIds]).toEqual(owners);
        expect(state.userIdByEmail.size).toBe(users.length);
        for (const bot of users.filter((user) => user.botOwnerId !== null)) expect(users.find((user) => user.id === bot.botOwnerId)).toBeDefined();
      }),
      settings,
    );
  });
});
