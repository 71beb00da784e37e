import { describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import type { ModelResponse } from '../model/request.js';
import { body, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, T0 } from '../testing/default-realm.js';
import { RATE_RULES, SlidingWindowLimiter } from './rate-limit.js';
import { Store, type StoreOptions, type StoreRequest } from './store.js';

describe('SlidingWindowLimiter', () => {
  it('admits maxCalls requests in a window, refuses the next until the oldest leaves it', () => {
    const limiter = new SlidingWindowLimiter([{ windowSecs: 60, maxCalls: 3 }]);
    expect([0, 10, 20].map((at) => limiter.hit('k', T0 + at).remaining)).toEqual([2, 1, 0]);
    expect(limiter.hit('k', T0 + 30)).toEqual({ overLimit: true, limit: 3, remaining: 0, secondsToFreedom: 30 });
    // A refused request is not counted: the wait does not grow.
    expect(limiter.hit('k', T0 + 59).secondsToFreedom).toBe(1);
    expect(limiter.hit('k', T0 + 60).overLimit).toBe(true);
    const admitted = limiter.hit('k', T0 + 60.5);
    expect(admitted).toEqual({ overLimit: false, limit: 3, remaining: 0, secondsToFreedom: 60 });
  });

  it('keeps keys apart and forgets a cleared key', () => {
    const limiter = new SlidingWindowLimiter([{ windowSecs: 60, maxCalls: 1 }]);
    limiter.hit('a', T0);
    expect(limiter.hit('a', T0 + 1).overLimit).toBe(true);
    expect(limiter.hit('b', T0 + 1).overLimit).toBe(false);
    limiter.clear('a');
    expect(limiter.hit('a', T0 + 2).overLimit).toBe(false);
  });

  it('applies every rule, reporting the longest one’s limit', () => {
    const limiter = new SlidingWindowLimiter([
      { windowSecs: 3600, maxCalls: 5 },
      { windowSecs: 1, maxCalls: 2 },
    ]);
    limiter.hit('k', T0);
    expect(limiter.hit('k', T0 + 0.1).limit).toBe(5);
    const burst = limiter.hit('k', T0 + 0.2);
    expect(burst.overLimit).toBe(true);
    expect(burst.secondsToFreedom).toBeCloseTo(0.8);
    for (const at of [2, 3, 4]) expect(limiter.hit('k', T0 + at).overLimit).toBe(false);
    expect(limiter.hit('k', T0 + 5).secondsToFreedom).toBe(3595);
  });

  it('drops keys whose history has expired, and never holds more than maxKeys', () => {
    const limiter = new SlidingWindowLimiter([{ windowSecs: 60, maxCalls: 2 }], 100);
    for (let index = 0; index < 50; index += 1) limiter.hit(`old-${index}`, T0);
    expect(limiter.size).toBe(50);
    limiter.hit('fresh', T0 + 61);
    expect(limiter.size).toBe(1);
    for (let index = 0; index < 1000; index += 1) limiter.hit(`flood-${index}`, T0 + 62);
    expect(limiter.size).toBe(100);
    // The least recently used went first.
    expect(limiter.check('flood-999', T0 + 62)).toEqual({ limited: false, secondsToFreedom: 0 });
    limiter.hit('flood-999', T0 + 62);
    expect(limiter.check('flood-999', T0 + 62).limited).toBe(true);
  });

  it('uses the real server’s rules', () => {
    expect(RATE_RULES.authenticateByUsername).toEqual([{ windowSecs: 1800, maxCalls: 5 }]);
    expect(RATE_RULES.apiByUser).toEqual([{ windowSecs: 60, maxCalls: 200 }]);
    expect(RATE_RULES.apiByIp).toEqual([{ windowSecs: 60, maxCalls: 100 }]);
  });
});

function storeAt(options: Partial<StoreOptions> = {}) {
  let now = T0;
  const store = new Store({ state: loadFixture(), seed: 'rate-limit', clock: () => now, ...options });
  const call = (request: Partial<StoreRequest> & Pick<StoreRequest, 'method' | 'path'>): ModelResponse => {
    let answer: ModelResponse | undefined;
    store.dispatch({ params: {}, ...request }, (response) => {
      answer = response;
    });
    return answer!;
  };
  const login = (username: string, password: string, remoteAddress = '192.0.2.1') =>
    call({ method: 'POST', path: '/fetch_api_key', params: { username, password }, remoteAddress });
  return { store, call, login, advance: (seconds: number) => (now += seconds), now: () => now };
}

const basic = (user: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;

describe('authentication rate limits in the store', () => {
  it('meets 30 wrong passwords for one account with 429 RATE_LIMIT_HIT from the 6th, with retry-after', () => {
    const { login, advance } = storeAt();
    const answers = Array.from({ length: 30 }, () => {
      advance(1);
      return login(HAMLET.email, 'not-hamlets-password');
    });
    for (const answer of answers.slice(0, 5)) expectError(answer, 401, 'AUTHENTICATION_FAILED');
    for (const answer of answers.slice(5)) expectError(answer, 429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit');
    const sixth = answers[5]!;
    // The first attempt (at T0 + 1) leaves the 30-minute window at T0 + 1801; the sixth came at T0 + 6.
    expect(body(sixth)['retry-after']).toBe(1795);
    expect(sixth.headers['Retry-After']).toBe('1795.0');
    expect(body(answers[29]!)['retry-after']).toBe(1771);
    // No X-RateLimit-* headers unless the general limits are emulated, as on a real server without them.
    expect(Object.keys(sixth.headers).filter((name) => name.startsWith('X-RateLimit'))).toEqual([]);
  });

  it('refuses even the right password while locked, and lets it in once the window has passed', () => {
    const { login, advance } = storeAt();
    for (let attempt = 0; attempt < 5; attempt += 1) login(HAMLET.email, 'wrong');
    const locked = expectError(login(HAMLET.email, HAMLET.password!), 429, 'RATE_LIMIT_HIT');
    expect(locked['retry-after']).toBe(1800);
    advance(1800);
    expectError(login(HAMLET.email, HAMLET.password!), 429, 'RATE_LIMIT_HIT');
    advance(0.5);
    expect(expectSuccess(login(HAMLET.email, HAMLET.password!))['api_key']).toBe(HAMLET.apiKey);
  });

  it('leaves other accounts and other addresses alone, and a success clears the account’s count', () => {
    const { login } = storeAt();
    for (let attempt = 0; attempt < 6; attempt += 1) login(HAMLET.email, 'wrong', '192.0.2.1');
    expectError(login(HAMLET.email, HAMLET.password!, '198.51.100.7'), 429, 'RATE_LIMIT_HIT');
    expectSuccess(login(CORDELIA.email, CORDELIA.password!, '192.0.2.1'));
    for (let attempt = 0; attempt < 4; attempt += 1) login(IAGO.email, 'wrong');
    expectSuccess(login(IAGO.email, IAGO.password!));
    for (let attempt = 0; attempt < 4; attempt += 1) expectError(login(IAGO.email, 'wrong'), 401, 'AUTHENTICATION_FAILED');
  });

  it('counts the address’s spelling variants as one account', () => {
    const { login } = storeAt();
    for (const spelling of ['hamlet@chatref.test', 'HAMLET@chatref.test', ' Hamlet@Chatref.Test ', 'hamlet@CHATREF.test', 'hamlet@chatref.TEST']) {
      expectError(login(spelling, 'wrong'), 401, 'AUTHENTICATION_FAILED');
    }
    expectError(login('hamlet@chatref.test', HAMLET.password!), 429, 'RATE_LIMIT_HIT');
  });

  it('does not count requests the real server refuses before the password check', () => {
    const { login, call } = storeAt();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectError(login('not-an-address', 'x'), 400, 'BAD_REQUEST');
      expectError(call({ method: 'POST', path: '/fetch_api_key', params: { username: HAMLET.email } }), 400, 'REQUEST_VARIABLE_MISSING');
    }
    expectSuccess(login(HAMLET.email, HAMLET.password!));
  });

  it('caps failed password checks per address, whichever accounts they name', () => {
    const { login, advance } = storeAt();
    // Empty passwords count as failures too, and cost no hash: a fast test.
    for (let index = 0; index < 100; index += 1) expectError(login(`nobody-${index}@chatref.test`, '', '203.0.113.9'), 401, 'AUTHENTICATION_FAILED');
    const refused = expectError(login(HAMLET.email, HAMLET.password!, '203.0.113.9'), 429, 'RATE_LIMIT_HIT');
    expect(refused['retry-after']).toBe(60);
    expectSuccess(login(HAMLET.email, HAMLET.password!, '203.0.113.10'));
    advance(60.5);
    expectSuccess(login(HAMLET.email, HAMLET.password!, '203.0.113.9'));
  });

  it('forgets every count when the store clears its rate limits', () => {
    const { store, login } = storeAt();
    for (let attempt = 0; attempt < 6; attempt += 1) login(HAMLET.email, '');
    expectError(login(HAMLET.email, HAMLET.password!), 429, 'RATE_LIMIT_HIT');
    store.clearRateLimits();
    expectSuccess(login(HAMLET.email, HAMLET.password!));
  });

  it('limits nothing when turned off', () => {
    const { login } = storeAt({ authRateLimit: false });
    for (let attempt = 0; attempt < 30; attempt += 1) expectError(login(HAMLET.email, ''), 401, 'AUTHENTICATION_FAILED');
    expectSuccess(login(HAMLET.email, HAMLET.password!));
  });

  it('leaves the state untouched and drops uploaded bytes of a refused request', () => {
    const { store, login } = storeAt();
    for (let attempt = 0; attempt < 5; attempt += 1) login(HAMLET.email, 'wrong');
    const before = store.state;
    const key = store.content.put(new Uint8Array([1, 2, 3]));
    let answer: ModelResponse | undefined;
    store.dispatch(
      {
        method: 'POST',
        path: '/fetch_api_key',
        params: { username: HAMLET.email, password: HAMLET.password! },
        files: [{ fieldName: 'f', fileName: 'f.txt', contentType: 'text/plain', contentKey: key, size: 3 }],
      },
      (response) => {
        answer = response;
      },
    );
    expectError(answer!, 429, 'RATE_LIMIT_HIT');
    expect(store.state).toBe(before);
    expect(store.content.size(key)).toBeUndefined();
  });
});

describe('the general API limits (--rate-limit)', () => {
  const limitHeaders = (response: ModelResponse) => ({
    limit: response.headers['X-RateLimit-Limit'],
    remaining: response.headers['X-RateLimit-Remaining'],
    reset: response.headers['X-RateLimit-Reset'],
  });

  it('allows 200 authenticated requests a minute per user, with decreasing X-RateLimit-Remaining, then 429', () => {
    const { call, advance } = storeAt({ rateLimit: true });
    const me = () => call({ method: 'GET', path: '/users/me', authorization: basic(HAMLET) });
    const first = me();
    expectSuccess(first);
    expect(limitHeaders(first)).toEqual({ limit: '200', remaining: '199', reset: String(T0 + 60) });
    for (let count = 2; count < 200; count += 1) me();
    const last = me();
    expect(last.status).toBe(200);
    expect(last.headers['X-RateLimit-Remaining']).toBe('0');
    advance(10);
    const refused = me();
    expectError(refused, 429, 'RATE_LIMIT_HIT');
    expect(body(refused)['retry-after']).toBe(50);
    expect(refused.headers['Retry-After']).toBe('50.0');
    expect(limitHeaders(refused)).toEqual({ limit: '200', remaining: '0', reset: String(T0 + 60) });
    // Another user has a budget of their own.
    expect(call({ method: 'GET', path: '/users/me', authorization: basic(CORDELIA) }).headers['X-RateLimit-Remaining']).toBe('199');
    advance(50.5);
    expectSuccess(me());
  });

  it('does not count requests that fail to authenticate, nor unknown paths', () => {
    const { call } = storeAt({ rateLimit: true });
    const wrong = call({ method: 'GET', path: '/users/me', authorization: basic({ email: HAMLET.email, apiKey: 'x'.repeat(32) }) });
    expectError(wrong, 401, 'UNAUTHORIZED');
    expect(wrong.headers['X-RateLimit-Limit']).toBeUndefined();
    expect(call({ method: 'GET', path: '/no_such_endpoint', authorization: basic(HAMLET) }).headers['X-RateLimit-Limit']).toBeUndefined();
    expect(call({ method: 'GET', path: '/users/me', authorization: basic(HAMLET) }).headers['X-RateLimit-Remaining']).toBe('199');
  });

  it('counts unauthenticated requests per address, 100 a minute', () => {
    const { call } = storeAt({ rateLimit: true });
    const settings = (remoteAddress: string) => call({ method: 'GET', path: '/server_settings', remoteAddress });
    expect(limitHeaders(settings('192.0.2.1'))).toEqual({ limit: '100', remaining: '99', reset: String(T0 + 60) });
    for (let index = 1; index < 100; index += 1) settings('192.0.2.1');
    expectError(settings('192.0.2.1'), 429, 'RATE_LIMIT_HIT');
    expect(settings('192.0.2.2').status).toBe(200);
  });

  it('reports the stricter of the limits on a key fetch', () => {
    const { login } = storeAt({ rateLimit: true });
    const wrong = login(HAMLET.email, 'wrong');
    expect(limitHeaders(wrong)).toEqual({ limit: '5', remaining: '4', reset: String(T0 + 1800) });
  });

  it('sends no X-RateLimit-* headers when off', () => {
    const { call } = storeAt();
    expect(Object.keys(call({ method: 'GET', path: '/users/me', authorization: basic(HAMLET) }).headers)).toEqual(['Content-Type']);
  });
});
