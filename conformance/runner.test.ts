/**
 * The runner against deliberately broken targets: sample checks (not in the
 * registry) over wrappers of the model that answer 500, flip a field, refuse
 * to create users or go away mid-run.
 */
import { describe, expect, it } from 'vitest';
import { describeLedger } from './bootstrap.js';
import { type Check, type CheckContext, CheckFailure, requireClock } from './check.js';
import type { Clause } from './clauses.js';
import { expectEqual, expectSuccess } from './expect.js';
import { exitCodeOf } from './report/types.js';
import { DEFAULT_SEED, type LiveRun, matchesPattern, modelOwner, runConformance, selectChecks } from './runner.js';
import type { Target, TargetResponse } from './target.js';
import { modelTarget } from './targets/model.js';

const OWNER = modelOwner();

const CLAUSES: readonly Clause[] = [
  { id: 'sample.me.role', section: 'User', summary: 'own role is reported', level: 'spec', endpoint: 'GET /users/me' },
  { id: 'sample.users.list', section: 'User', summary: 'users are listed', level: 'spec', endpoint: 'GET /users' },
  { id: 'sample.status', section: 'User', summary: 'status can be set', level: 'compat', endpoint: 'POST /users/me/status' },
  { id: 'sample.uncovered', section: 'User', summary: 'nobody checks this', level: 'spec' },
];

function check(id: string, clauses: string[], run: (ctx: CheckContext) => Promise<void>, level: 'spec' | 'compat' = 'spec'): Check {
  return { id, title: `sample ${id}`, clauses, level, endpoint: 'GET /users/me', run };
}

const meRole = check('sample.me-role', ['sample.me.role'], async (ctx) => {
  const body = expectSuccess(await ctx.call(ctx.cast.guest, 'GET', '/users/me'));
  expectEqual(body['role'], 600, 'the guest role');
});

const listUsers = check('sample.list-users', ['sample.users.list'], async (ctx) => {
  const body = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users', { client_gravatar: 'false' }));
  expectEqual(Array.isArray(body['members']), true, 'members to be an array');
});

const setStatus = check(
  'sample.set-status',
  ['sample.status'],
  async (ctx) => {
    const user = await ctx.newUser();
    expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: ctx.unique("it's") }));
  },
  'compat',
);

const throwsTypeError = check('sample.type-error', [], async (ctx) => {
  await ctx.call(ctx.cast.owner, 'GET', '/users/me');
  (null as unknown as { x: number }).x;
});

const failsWithOwnExchange = check('sample.own-exchange', ['sample.me.role'], async (ctx) => {
  const first = await ctx.call(ctx.cast.member, 'GET', '/users/me');
  await ctx.call(ctx.cast.member, 'GET', '/server_settings');
  throw new CheckFailure('the first answer to be a teapot', { ...lastOf(ctx, first) }, 'sample.me.role');
});

function lastOf(ctx: CheckContext, response: TargetResponse) {
  return { auth: ctx.cast.member, method: 'GET', path: '/users/me', params: {}, files: [], response };
}

/** The model, with a hook to change answers. */
function brokenModel(tamper: (method: string, path: string, response: TargetResponse, auth: unknown) => TargetResponse): Target & { calls: string[] } {
  const inner = modelTarget({ seed: 7 });
  const calls: string[] = [];
  return {
    name: 'broken',
    calls,
    async call(auth, method, path, params, files) {
      calls.push(`${method} ${path}`);
      return tamper(method, path, await inner.call(auth, method, path, params, files), auth);
    },
    close: () => inner.close(),
  };
}

describe('runConformance', () => {
  it('passes sample checks on the model, with a clause summary', async () => {
    const report = await runConformance({ target: 'model', checks: [meRole, listUsers, setStatus], clauses: CLAUSES, seed: 1 });
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(3);
    expect(report.outcome).toBe('pass');
    expect(exitCodeOf(report)).toBe(0);
    expect(report.runId).toMatch(/^cr[0-9a-z]+$/);
    expect(Object.fromEntries(report.clauses.map((clause) => [clause.id, clause.status]))).toEqual({
      'sample.me.role': 'pass',
      'sample.users.list': 'pass',
      'sample.status': 'pass',
      'sample.uncovered': 'not covered',
    });
  });

  it('reports a 500 and a flipped field as failures with the exchange and a curl script', async () => {
    const target = brokenModel((method, path, response) => {
      if (path === '/users' && method === 'GET') return { ...response, status: 500, body: { result: 'error', msg: 'boom', code: 'BAD' } };
      if (path === '/users/me' && method === 'GET' && (response.body as any)?.role === 600)
        return { ...response, body: { ...(response.body as object), role: 400 } };
      return response;
    });
    const report = await runConformance({
      target,
      owner: OWNER,
      checks: [meRole, listUsers, setStatus, throwsTypeError, failsWithOwnExchange],
      clauses: CLAUSES,
      seed: 1,
    });
    expect(report.outcome).toBe('fail');
    expect(exitCodeOf(report)).toBe(1);
    expect([report.passed, report.failed]).toEqual([1, 4]);
    const byId = Object.fromEntries(report.results.map((result) => [result.id, result]));

    const role = byId['sample.me-role']!.failure!;
    expect(role.kind).toBe('CheckFailure');
    expect(role.expected).toBe('the guest role to be 600, got 400');
    expect(role).toMatchObject({ blames: ['sample.me.role'], level: 'spec', section: 'User', rule: 'own role is reported' });
    expect(role.comparison).toEqual({ expected: 600, actual: 400 });
    expect(role.diff).toBe('- 600\n+ 400');
    expect(role.exchange).toMatchObject({ method: 'GET', path: '/users/me', status: 200 });
    expect(role.curl).toContain(`curl -sS "$CHATREF_URL"'/api/v1/users/me' -u '${report.runId}-guest@chatref.test:`);

    const list = byId['sample.list-users']!.failure!;
    expect(list.exchange).toMatchObject({ path: '/users', status: 500, params: { client_gravatar: 'false' } });
    expect(list.curl).toContain(`-G "$CHATREF_URL"'/api/v1/users'`);
    expect(list.curl).toContain(`--data-urlencode 'client_gravatar=false'`);

    const typeError = byId['sample.type-error']!.failure!;
    expect(typeError.kind).toBe('TypeError');
    expect(typeError.expected).toMatch(/^unexpected TypeError: /);
    expect(typeError.stack).toContain('runner.test.ts');

    // The CheckFailure's own exchange wins over the last one.
    const own = byId['sample.own-exchange']!.failure!;
    expect(own.clause).toBe('sample.me.role');
    expect(own.exchange).toMatchObject({ path: '/users/me' });
    // The request after the failing one is not part of the reproduction, only of the full history.
    expect(own.curl).not.toContain('/api/v1/server_settings');
    expect(own.fullCurl).toContain('/api/v1/server_settings');
    expect(own.reproduction).toEqual({ requests: 1, outOf: 1, capped: 0 });

    // newUser's requests are part of the reproduction; the status text needs quoting.
    const status = byId['sample.set-status'];
    expect(status!.verdict).toBe('pass');

    expect(report.clauses.find((clause) => clause.id === 'sample.me.role')!.status).toBe('fail');
    expect(report.clauses.find((clause) => clause.id === 'sample.status')!.status).toBe('pass');
  });

  it('records the newUser exchanges and quotes parameters in the curl script', async () => {
    const failing = check('sample.status-fails', ['sample.status'], async (ctx) => {
      const user = await ctx.newUser(300);
      expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: "it's $HOME `x`" }));
      throw new CheckFailure('nothing');
    });
    const report = await runConformance({ target: 'model', checks: [failing], clauses: CLAUSES, seed: 1 });
    const curl = report.results[0]!.failure!.curl;
    expect(curl.split('\n').filter((line) => line.startsWith('curl '))).toHaveLength(4);
    expect(curl).toContain(`curl -sS "$CHATREF_URL"'/api/v1/users' -u '${OWNER.email}:${OWNER.apiKey}' --data-urlencode 'email=`);
    expect(curl).toMatch(/curl -sS -X PATCH "\$CHATREF_URL"'\/api\/v1\/users\/\d+' -u '[^']+' --data-urlencode 'role=300'/);
    expect(curl).toContain(`--data-urlencode 'status_text=it'\\''s $HOME \`x\`'`);
    expect(curl).toContain('# expected: nothing');
  });

  it('deactivates every user it created', async () => {
    const inner = modelTarget({ seed: 3 });
    const report = await runConformance({ target: inner, owner: OWNER, checks: [setStatus, setStatus], clauses: CLAUSES, seed: 1 });
    expect(report.passed).toBe(2);
    const users = (await inner.call(OWNER, 'GET', '/users')).body as { members: { email: string; is_active: boolean; delivery_email?: string }[] };
    const made = users.members.filter((user) => (user.delivery_email ?? user.email).startsWith(report.runId!));
    expect(made).toHaveLength(7);
    expect(made.filter((user) => user.is_active)).toEqual([]);
  });

  it('could not run: the account cannot create users, with the precondition named', async () => {
    const target = brokenModel((method, path, response) =>
      method === 'POST' && path === '/users'
        ? { ...response, status: 400, body: { result: 'error', msg: 'User not authorized to create users', code: 'BAD_REQUEST' } }
        : response,
    );
    const report = await runConformance({ target, owner: OWNER, checks: [meRole], clauses: CLAUSES, seed: 1 });
    expect(report.outcome).toBe('could not run');
    expect(exitCodeOf(report)).toBe(2);
    expect(report.couldNotRun).toMatch(/^POST \/users .*answered 400 .*the account cannot create users/);
    expect(report.results).toEqual([]);
  });

  it('could not run: bad credentials, and an account that is not an owner', async () => {
    const badKey = await runConformance({ target: 'model', checks: [meRole], clauses: CLAUSES, seed: 1, owner: OWNER });
    expect(badKey.outcome).toBe('pass');
    const rejected = await runConformance({ target: modelTarget(), owner: { email: OWNER.email, apiKey: 'wrong' }, checks: [meRole], clauses: CLAUSES });
    expect(rejected.couldNotRun).toMatch(/^GET \/users\/me .* answered 401 .*rejected/);
    const admin = await runConformance({
      target: modelTarget(),
      owner: { email: 'iago@chatref.test', apiKey: 'IagoAdministratorKey000000000002' },
      checks: [meRole],
      clauses: CLAUSES,
    });
    expect(admin.couldNotRun).toMatch(/role 200, not 100/);
  });

  it('could not run: a target that goes away mid-run stops the run; a single dropped request is a failure', async () => {
    let alive = true;
    const inner = modelTarget();
    const dying: Target = {
      name: 'dying',
      async call(auth, method, path, params, files) {
        if (!alive) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        return inner.call(auth, method, path, params, files);
      },
      close: async () => {},
    };
    const dies = check('sample.dies', [], async (ctx) => {
      alive = false;
      await ctx.call(ctx.cast.owner, 'GET', '/users/me');
    });
    const report = await runConformance({ target: dying, owner: OWNER, checks: [meRole, dies, listUsers], clauses: CLAUSES });
    expect(report.outcome).toBe('could not run');
    expect(exitCodeOf(report)).toBe(2);
    expect(report.couldNotRun).toMatch(/stopped answering during sample\.dies.*ECONNREFUSED/);
    expect(report.results.map((result) => result.id)).toEqual(['sample.me-role']);

    alive = true;
    let drops = 0;
    const flaky: Target = {
      ...dying,
      async call(auth, method, path, params, files) {
        // The first GET /server_settings is the runner's (it reads the feature level); the second, the check's.
        if (path === '/server_settings' && drops++ === 1) throw new Error('socket hang up');
        return inner.call(auth, method, path, params, files);
      },
    };
    const once = check('sample.dropped', [], async (ctx) => {
      await ctx.call(null, 'GET', '/server_settings');
    });
    const flakyReport = await runConformance({ target: flaky, owner: OWNER, checks: [once, meRole], clauses: CLAUSES });
    expect(flakyReport.outcome).toBe('fail');
    expect(flakyReport.results[0]!.failure!.expected).toMatch(/unexpected TransportError: GET \/server_settings: no answer/);
    expect(flakyReport.results[1]!.verdict).toBe('pass');
  });

  it('times out a check that never finishes', async () => {
    const hangs = check('sample.hangs', [], () => new Promise(() => {}));
    const report = await runConformance({ target: 'model', checks: [hangs], clauses: CLAUSES, timeoutMs: 50 });
    expect(report.results[0]!.failure!.expected).toMatch(/check sample\.hangs did not finish within 50 ms/);
  });

  it('moves the model target clock for checks that need one, and skips them on a target without one', async () => {
    const seen: number[] = [];
    const timed = check('sample.clock', ['sample.status'], async (ctx) => {
      const clock = requireClock(ctx);
      const before = await clock.now();
      await clock.advance(300);
      seen.push((await clock.now()) - before);
    });
    const onModel = await runConformance({ target: 'model', checks: [timed], clauses: CLAUSES, seed: 1 });
    expect(onModel.results[0]!.verdict).toBe('pass');
    expect(seen[0]).toBeGreaterThanOrEqual(300);
    expect(seen[0]).toBeLessThan(310);

    const clockless = brokenModel((_method, _path, response) => response);
    const report = await runConformance({ target: clockless, owner: OWNER, checks: [timed, setStatus], clauses: CLAUSES, seed: 1 });
    expect(report.results.map((result) => [result.id, result.verdict])).toEqual([
      ['sample.clock', 'skip'],
      ['sample.set-status', 'pass'],
    ]);
    expect(report.results[0]!.skipped).toBe('the target has no settable clock');
    expect([report.passed, report.failed, report.skipped, report.outcome]).toEqual([1, 0, 1, 'pass']);
    const onlySkipped = await runConformance({ target: brokenModel((_m, _p, response) => response), owner: OWNER, checks: [timed], clauses: CLAUSES });
    expect(onlySkipped.clauses.find((clause) => clause.id === 'sample.status')!.status).toBe('not covered');
  });

  it('reports progress and passes seed and runs to checks', async () => {
    const seen: unknown[] = [];
    const probe = check('sample.seed', [], async (ctx) => {
      seen.push([ctx.seed, ctx.runs, ctx.unique('x'), ctx.unique('x')]);
    });
    const events: string[] = [];
    const report = await runConformance({
      target: 'model',
      checks: [probe],
      clauses: CLAUSES,
      seed: 42,
      runs: 3,
      onProgress: (event) => events.push(event.kind),
    });
    expect(seen).toEqual([[42, 3, `${report.runId}-x-1`, `${report.runId}-x-2`]]);
    expect(events).toEqual(['starting', 'bootstrapped', 'started', 'finished', 'ended']);
  });
});

/** The run's users on the model, read as the owner: id → active. */
async function runUsers(target: Target, runId: string): Promise<Map<number, boolean>> {
  const body = (await target.call(OWNER, 'GET', '/users')).body as {
    members: { user_id: number; email: string; is_active: boolean; delivery_email?: string }[];
  };
  return new Map(body.members.filter((user) => (user.delivery_email ?? user.email).startsWith(runId)).map((user) => [user.user_id, user.is_active]));
}

describe('interruption', () => {
  const sample = (n: number) =>
    check(`sample.n${n}`, ['sample.status'], async (ctx) => {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: `n${n}` }));
    });
  const five = [1, 2, 3, 4, 5].map(sample);

  it('an abort during a check lets it finish, starts no other, cleans up and lists the rest as not run', async () => {
    const target = modelTarget({ seed: 4 });
    const controller = new AbortController();
    const events: string[] = [];
    const report = await runConformance({
      target,
      owner: OWNER,
      checks: five,
      clauses: CLAUSES,
      signal: controller.signal,
      onProgress: (event) => {
        events.push(event.kind === 'started' || event.kind === 'finished' ? `${event.kind} ${event.index}` : event.kind);
        if (event.kind === 'started' && event.index === 1) controller.abort('SIGINT');
      },
    });
    expect(report.outcome).toBe('interrupted');
    expect(report.interrupted).toBe('SIGINT');
    expect(exitCodeOf(report)).toBe(130);
    expect(report.results.map((result) => [result.id, result.verdict])).toEqual([
      ['sample.n1', 'pass'],
      ['sample.n2', 'pass'],
    ]);
    expect(report.notRun.map((entry) => entry.id)).toEqual(['sample.n3', 'sample.n4', 'sample.n5']);
    expect(report.notRun[0]).toEqual({ id: 'sample.n3', title: 'sample sample.n3', clauses: ['sample.status'], level: 'spec', endpoint: 'GET /users/me' });
    expect(events).toEqual(['starting', 'bootstrapped', 'started 0', 'finished 0', 'started 1', 'finished 1', 'ended']);
    // The cast and both throw-away users, all deactivated.
    const users = await runUsers(target, report.runId!);
    expect(users.size).toBe(7);
    expect([...users.values()].filter((active) => active)).toEqual([]);
  });

  it('a signal after the last check leaves the verdict as it is; SIGTERM is 143', async () => {
    const sigtermAfterFirstCheck = (count: number) => {
      const controller = new AbortController();
      return runConformance({
        target: 'model',
        checks: five.slice(0, count),
        clauses: CLAUSES,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.kind === 'finished') controller.abort('SIGTERM');
        },
      });
    };
    const whole = await sigtermAfterFirstCheck(1);
    expect([whole.outcome, whole.interrupted, whole.notRun]).toEqual(['pass', undefined, []]);
    const partial = await sigtermAfterFirstCheck(2);
    expect([partial.outcome, exitCodeOf(partial), partial.notRun.length]).toEqual(['interrupted', 143, 1]);
  });

  it('an abort during the set-up deactivates the users made so far and runs no check', async () => {
    const inner = modelTarget({ seed: 5 });
    const controller = new AbortController();
    let creations = 0;
    const target: Target = {
      name: 'slow to set up',
      async call(auth, method, path, params, files) {
        const response = await inner.call(auth, method, path, params, files);
        if (method === 'POST' && path === '/users' && ++creations === 2) controller.abort('SIGINT');
        return response;
      },
      close: () => inner.close(),
    };
    let live: LiveRun | undefined;
    const report = await runConformance({
      target,
      owner: OWNER,
      checks: five,
      clauses: CLAUSES,
      signal: controller.signal,
      onProgress: (event) => {
        if (event.kind === 'starting') live = event.run;
      },
    });
    expect([report.outcome, report.interrupted, report.results, report.notRun.length]).toEqual(['interrupted', 'SIGINT', [], 5]);
    expect(creations).toBe(2);
    const users = await runUsers(inner, live!.runId);
    expect(users.size).toBe(2);
    expect([...users.values()]).toEqual([false, false]);
    expect(live!.ledger.users).toEqual([]);
    expect(live!.report().outcome).toBe('interrupted');
  });

  it('an aborted signal before the start runs nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const report = await runConformance({ target: 'model', checks: five, clauses: CLAUSES, signal: controller.signal });
    expect([report.outcome, report.interrupted, report.notRun.length, exitCodeOf(report)]).toEqual(['interrupted', 'aborted', 5, 2]);
  });

  it('the live run names its stage and what it has made but not cleaned up yet', async () => {
    const seen: string[] = [];
    let live: LiveRun | undefined;
    const probe = check('sample.probe', [], async (ctx) => {
      await ctx.newUser();
      seen.push(`${live!.stage()}: ${describeLedger(live!.ledger)}`);
    });
    const report = await runConformance({
      target: 'model',
      checks: [probe],
      clauses: CLAUSES,
      onProgress: (event) => {
        if (event.kind === 'starting') {
          live = event.run;
          seen.push(`${live.stage()}: ${describeLedger(live.ledger)}`);
        }
      },
    });
    expect(seen[0]).toBe('setting up: nothing');
    expect(seen[1]).toMatch(/^running check sample\.probe: 6 users \(ids \d+, \d+, \d+, \d+, \d+, \d+\)$/);
    expect([live!.stage(), describeLedger(live!.ledger), report.outcome]).toEqual(['cleaning up', 'nothing', 'pass']);
  });
});

describe('answers that are not the chat API', () => {
  const html503: TargetResponse = {
    status: 503,
    headers: { 'content-type': 'text/html' },
    body: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503</h1><hr>nginx</body></html>\n',
  };

  it('a 503 with HTML to GET /users/me is "could not run", in one line saying what answered what', async () => {
    const target = brokenModel(() => html503);
    const report = await runConformance({ target, owner: OWNER, checks: [meRole], clauses: CLAUSES });
    expect(report.outcome).toBe('could not run');
    expect(exitCodeOf(report)).toBe(2);
    expect(report.couldNotRun).toBe('broken answered GET /users/me with 503 text/html "503 Service Temporarily Unavailable" (a server error)');
    expect(report.results).toEqual([]);
    expect(report.notRun.map((entry) => entry.id)).toEqual(['sample.me-role']);
  });

  it('a 5xx JSON error during the cast is "could not run", and the users made before it are deactivated', async () => {
    let creations = 0;
    const target = brokenModel((method, path, response) =>
      method === 'POST' && path === '/users' && ++creations === 3
        ? { ...response, status: 500, body: { result: 'error', msg: 'Internal server error', code: 'BAD_REQUEST' } }
        : response,
    );
    const report = await runConformance({ target, owner: OWNER, checks: [meRole], clauses: CLAUSES });
    expect(report.couldNotRun).toBe(
      'broken answered POST /users with 500 application/json {"result":"error","msg":"Internal server error","code":"BAD_REQUEST"} (a server error)',
    );
    // The two made before the failing third (whose id the 500 did not say).
    expect(target.calls.filter((call) => call.startsWith('DELETE /users/'))).toHaveLength(2);
  });

  it('a page that is not JSON (a 200 login page, an empty 404) is "could not run"; a JSON 4xx stays the failing clause', async () => {
    const page = await runConformance({
      target: brokenModel(() => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html>\n<p>Please   log in</p>' })),
      owner: OWNER,
      checks: [meRole],
      clauses: CLAUSES,
    });
    expect(page.couldNotRun).toBe(
      'broken answered GET /users/me with 200 text/html "Please log in" (not JSON, so something other than the chat API answers there)',
    );
    const empty = await runConformance({
      target: brokenModel(() => ({ status: 404, headers: {}, body: null })),
      owner: OWNER,
      checks: [meRole],
      clauses: CLAUSES,
    });
    expect(empty.couldNotRun).toMatch(/^broken answered GET \/users\/me with 404 with an empty body \(not JSON/);

    const refusedRole = brokenModel((method, path, response) =>
      method === 'PATCH' && path.startsWith('/users/')
        ? { ...response, status: 400, body: { result: 'error', msg: 'Invalid role', code: 'BAD_REQUEST' } }
        : response,
    );
    const failing = await runConformance({ target: refusedRole, owner: OWNER, checks: [meRole], clauses: CLAUSES });
    expect([failing.outcome, exitCodeOf(failing), failing.results.map((result) => result.id)]).toEqual(['fail', 1, ['setup.set-role']]);
  });
});

describe('failure evidence', () => {
  it('fails a clause a failing assertion names even when its check does not list it, at any --level', async () => {
    const blamesOther = check('sample.blames-other', ['sample.me.role'], async (ctx) => {
      await ctx.call(ctx.cast.member, 'GET', '/users/me');
      throw new CheckFailure('the status to be set', undefined, 'sample.status');
    });
    const unlisted = check('sample.lists-nothing', [], async () => {
      throw new CheckFailure('a users list', undefined, 'sample.users.list');
    });
    for (const level of ['compat', 'spec'] as const) {
      const report = await runConformance({ target: 'model', checks: [blamesOther, unlisted, setStatus, listUsers], clauses: CLAUSES, seed: 1, level });
      const status = Object.fromEntries(report.clauses.map((clause) => [clause.id, clause.status]));
      expect(status['sample.status'], level).toBe('fail');
      expect(status['sample.users.list'], level).toBe('fail');
      expect(report.clauses.find((clause) => clause.id === 'sample.status')!.checks, level).toContain('sample.blames-other');
      expect(report.results[0]!.failure).toMatchObject({ clause: 'sample.status', blames: ['sample.status'], level: 'compat' });
    }
  });

  it('lists a clause a failure names that the register lacks', async () => {
    const odd = check('sample.odd-failure', [], async () => {
      throw new CheckFailure('x', undefined, 'sample.nowhere');
    });
    const report = await runConformance({ target: 'model', checks: [odd], clauses: CLAUSES });
    expect(report.unknownClauses).toEqual(['sample.nowhere']);
  });

  it('uses a fixed default seed, so two runs agree', async () => {
    const seeds: number[] = [];
    const probe = check('sample.seed-default', [], async (ctx) => {
      seeds.push(ctx.seed);
    });
    const first = await runConformance({ target: 'model', checks: [probe], clauses: CLAUSES });
    const second = await runConformance({ target: 'model', checks: [probe], clauses: CLAUSES });
    expect([first.seed, second.seed, ...seeds]).toEqual([DEFAULT_SEED, DEFAULT_SEED, DEFAULT_SEED, DEFAULT_SEED]);
  });

  it('reproduces with the failing request, the writes before it and the reads whose ids it uses', async () => {
    const reads = check('sample.shrinks', ['sample.status'], async (ctx) => {
      await ctx.call(ctx.cast.owner, 'GET', '/users');
      const me = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users/me'));
      await ctx.call(null, 'GET', '/server_settings');
      expectSuccess(await ctx.call(ctx.cast.member, 'POST', '/users/me/status', { status_text: 'away' }));
      await ctx.call(ctx.cast.member, 'GET', '/users/me/presence');
      const status = await ctx.call(ctx.cast.owner, 'GET', `/users/${me['user_id']}/status`);
      await ctx.call(ctx.cast.owner, 'GET', '/users/me');
      throw new CheckFailure('the status text to be gone', {
        auth: ctx.cast.owner,
        method: 'GET',
        path: `/users/${me['user_id']}/status`,
        params: {},
        files: [],
        response: status,
      });
    });
    const report = await runConformance({ target: 'model', checks: [reads], clauses: CLAUSES, seed: 1 });
    const failure = report.results[0]!.failure!;
    const commands = failure.curl.split('\n').filter((line) => line.startsWith('curl '));
    expect(commands.map((line) => line.match(/'\/api\/v1([^']*)'/)![1])).toEqual([
      '/users/me',
      '/users/me/status',
      expect.stringMatching(/^\/users\/\d+\/status$/),
    ]);
    expect(failure.curl).toMatch(/# 2\. got 200[^\n]*\ncurl[^\n]*\/users\/me'/);
    expect(failure.reproduction).toEqual({ requests: 3, outOf: 6, capped: 0 });
    expect(failure.fullCurl!.split('\n').filter((line) => line.startsWith('curl '))).toHaveLength(7);
  });

  it('keeps a reproduction to ten requests', async () => {
    const many = check('sample.many-writes', ['sample.status'], async (ctx) => {
      for (let index = 0; index < 15; index++) await ctx.call(ctx.cast.member, 'POST', '/users/me/status', { status_text: `s${index}` });
      await ctx.call(ctx.cast.member, 'GET', '/users/me');
      throw new CheckFailure('something else');
    });
    const report = await runConformance({ target: 'model', checks: [many], clauses: CLAUSES, seed: 1 });
    const failure = report.results[0]!.failure!;
    expect(failure.curl.split('\n').filter((line) => line.startsWith('curl '))).toHaveLength(10);
    expect(failure.reproduction).toEqual({ requests: 10, outOf: 16, capped: 6 });
    expect(failure.curl).toContain('6 earlier writes are left out');
    expect(failure.curl).toContain(`'status_text=s14'`);
    expect(failure.curl).not.toContain(`'status_text=s5'`);
  });
});

describe('selection', () => {
  const checks = [meRole, listUsers, setStatus];

  it('matches ids, endpoints and clause ids by substring or glob, case-insensitively', () => {
    expect(matchesPattern('ME-ROLE', ['sample.me-role'])).toBe(true);
    expect(matchesPattern('sample.*', ['sample.me-role'])).toBe(true);
    expect(matchesPattern('*.me-*', ['sample.me-role'])).toBe(true);
    expect(matchesPattern('me-*', ['sample.me-role'])).toBe(false);
    expect(matchesPattern('nope, role', ['sample.me-role'])).toBe(true);
    expect(matchesPattern('a.c', ['abc'])).toBe(false);
    expect(selectChecks({ checks, only: 'sample.users.list' }).map((c) => c.id)).toEqual(['sample.list-users']);
    expect(selectChecks({ checks, only: 'GET /users/me' })).toHaveLength(3);
  });

  it('level spec keeps spec checks and spec clauses only', async () => {
    expect(selectChecks({ checks, level: 'spec' }).map((c) => c.id)).toEqual(['sample.me-role', 'sample.list-users']);
    const report = await runConformance({ target: 'model', checks, clauses: CLAUSES, level: 'spec', seed: 1 });
    expect(report.results).toHaveLength(2);
    expect(report.clauses.map((clause) => clause.id)).toEqual(['sample.me.role', 'sample.users.list', 'sample.uncovered']);
  });

  it('--only narrows the clause summary to the matching and named clauses', async () => {
    const report = await runConformance({ target: 'model', checks, clauses: CLAUSES, only: 'status', seed: 1 });
    expect(report.results.map((result) => result.id)).toEqual(['sample.set-status']);
    expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual([['sample.status', 'pass']]);
  });

  it('could not run when --only matches nothing; unknown clause ids are listed', async () => {
    const none = await runConformance({ target: 'model', checks, clauses: CLAUSES, only: 'zzz' });
    expect(none.outcome).toBe('could not run');
    expect(none.couldNotRun).toBe('no check matches --only zzz');
    const odd = check('sample.odd', ['sample.missing'], async () => {});
    const report = await runConformance({ target: 'model', checks: [odd], clauses: CLAUSES });
    expect(report.unknownClauses).toEqual(['sample.missing']);
  });
});
