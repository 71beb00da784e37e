/**
 * The properties have teeth: each one fails against a deliberately broken
 * target, and says so with the seed, the fast-check path and a curl script.
 */
import { describe, expect, it } from 'vitest';
import { type Check, CheckFailure } from '../check.js';
import type { Target, TargetResponse } from '../target.js';
import { PROPERTY_CHECKS } from './index.js';
import { contextFor, FIXTURE_OWNER, freshModelTarget, sessionOn } from './test-session.js';

type Middleware = (next: Target['call'], ...args: Parameters<Target['call']>) => Promise<TargetResponse>;

function broken(middleware: Middleware): Target {
  const inner = freshModelTarget('teeth');
  return { name: 'broken', call: (...args) => middleware(inner.call.bind(inner), ...args), close: () => inner.close() };
}

function check(id: string): Check {
  const found = PROPERTY_CHECKS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no property check ${id}`);
  return found;
}

/** Runs the check against the target and returns its failure (or throws when it passes). */
async function failureOf(id: string, target: Target): Promise<CheckFailure> {
  const session = await sessionOn(target);
  try {
    await check(id).run(contextFor(session, 7, 15));
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error(`${id} passed against a broken target`);
}

function expectReproducible(failure: CheckFailure, clause: string): void {
  expect(failure.message).toMatch(/seed: -?\d+, path: "[\d:]+"/);
  expect(failure.message).toContain('shrunk counterexample:');
  expect(failure.message).toMatch(/curl -sS (-G|-X [A-Z]+) "\$CHATREF_URL\/api\/v1\//);
  expect(failure.clause).toBe(clause);
}

const isObject = (body: unknown): body is Record<string, unknown> => body !== null && typeof body === 'object';

describe('property checks against broken targets', () => {
  it('bad input: a server error on a malformed role', async () => {
    const target = broken(async (next, auth, method, path, params = {}, files) => {
      const role = params['role'];
      if (role !== undefined && !/^\d+$/.test(role)) return { status: 500, headers: { 'content-type': 'text/html' }, body: '<h1>Server Error</h1>' };
      return next(auth, method, path, params, files);
    });
    const failure = await failureOf('properties.bad-input.update-user', target);
    expectReproducible(failure, 'general.bad-input.client-error');
    expect(failure.message).toContain("--data-urlencode 'role=");
  });

  it('bad input: a refused request that changed the state anyway', async () => {
    const target = broken(async (next, auth, method, path, params = {}, files) => {
      const response = await next(auth, method, path, params, files);
      // The name is applied even when another parameter made the request fail.
      if (method === 'PATCH' && response.status === 400 && params['full_name'] !== undefined && /^\/users\/\d+$/.test(path)) {
        await next(FIXTURE_OWNER, method, path, { full_name: params['full_name'] });
      }
      return response;
    });
    const failure = await failureOf('properties.bad-input.update-user', target);
    expectReproducible(failure, 'general.bad-input.no-change');
  });

  it('bad input: a status update that ignores an emoji code or type sent without emoji_name', async () => {
    const target = broken(async (next, auth, method, path, params = {}, files) => {
      if (method === 'POST' && path === '/users/me/status' && params['emoji_name'] === undefined) {
        const { emoji_code: _code, reaction_type: _type, ...rest } = params;
        return next(auth, method, path, rest, files);
      }
      return next(auth, method, path, params, files);
    });
    const failure = await failureOf('properties.bad-input.update-status', target);
    expectReproducible(failure, 'general.bad-input.rejected');
    expect(failure.message).toContain('without emoji_name');
  });

  it('auth: a request without credentials let in', async () => {
    const target = broken((next, auth, method, path, params, files) => next(auth ?? FIXTURE_OWNER, method, path, params, files));
    const failure = await failureOf('properties.auth.get-users', target);
    expectReproducible(failure, 'auth.basic.required');
  });

  it('auth: a public endpoint that wants credentials', async () => {
    const target = broken(async (next, auth, method, path, params, files) => {
      if (path === '/server_settings' && auth === null)
        return { status: 401, headers: {}, body: { result: 'error', msg: 'Not logged in', code: 'UNAUTHORIZED' } };
      return next(auth, method, path, params, files);
    });
    const failure = await failureOf('properties.auth.get-server-settings', target);
    expectReproducible(failure, 'general.server-settings.unauthenticated');
  });

  it('invariants: a member allowed to change roles', async () => {
    const target = broken(async (next, auth, method, path, params = {}, files) => {
      if (method === 'PATCH' && params['role'] !== undefined && auth !== null && typeof auth === 'object')
        return next(FIXTURE_OWNER, method, path, params, files);
      return next(auth, method, path, params, files);
    });
    const failure = await failureOf('properties.invariants.users', target);
    expectReproducible(failure, 'invariant.role.permissions');
    expect(failure.message).toMatch(/ChangeRole\(/);
  });

  it('invariants: an owner listed as not an administrator', async () => {
    const target = broken(async (next, auth, method, path, params, files) => {
      const response = await next(auth, method, path, params, files);
      if (method !== 'GET' || path !== '/users' || !isObject(response.body) || !Array.isArray(response.body['members'])) return response;
      const members = (response.body['members'] as Record<string, unknown>[]).map((user) => (user['is_owner'] === true ? { ...user, is_admin: false } : user));
      return { ...response, body: { ...response.body, members } };
    });
    const failure = await failureOf('properties.invariants.users', target);
    expectReproducible(failure, 'invariant.owner.is-admin');
  });

  it('invariants: a deactivated user who can still authenticate', async () => {
    const deactivated = new Set<string>();
    const target = broken(async (next, auth, method, path, params, files) => {
      const response = await next(auth, method, path, params, files);
      if (method === 'DELETE' && response.status === 200) {
        const read = await next(FIXTURE_OWNER, 'GET', path);
        const user = isObject(read.body) ? (read.body['user'] as Record<string, unknown>) : undefined;
        if (typeof user?.['delivery_email'] === 'string') deactivated.add(user['delivery_email']);
      }
      if (response.status === 401 && auth !== null && typeof auth === 'object' && deactivated.has(auth.email)) {
        return next(FIXTURE_OWNER, method, path, params, files);
      }
      return response;
    });
    const failure = await failureOf('properties.invariants.users', target);
    expectReproducible(failure, 'invariant.deactivated.no-auth');
  });

  it('differential: another status and code than the reference', async () => {
    const target = broken(async (next, auth, method, path, params, files) => {
      const response = await next(auth, method, path, params, files);
      // Still a 4xx error envelope, so only the comparison with the reference can tell.
      if (response.status === 400 && isObject(response.body)) return { ...response, status: 403, body: { ...response.body, code: 'FORBIDDEN' } };
      return response;
    });
    const failure = await failureOf('properties.differential.users', target);
    expectReproducible(failure, 'differential.reference.agrees');
  });
});
