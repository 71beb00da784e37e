/**
 * Rate limits: runtime state of the store, never of the realm, measured by
 * the store's clock. The rules and the answers are the real server's
 * (zproject/default_settings.py DEFAULT_RATE_LIMITING_RULES, zerver/lib/rate_limiter.py,
 * zerver/middleware.py RateLimitMiddleware):
 *
 * - Authentication, on by default: `authenticate_by_username` on POST /fetch_api_key
 *   (5 attempts per 30 minutes per username; a success clears the count), plus
 *   chatref's own cap on failed password checks per client address (the real
 *   server has none), because each one costs a password hash.
 * - The general API limits, off by default (`--rate-limit`): `api_by_user` for
 *   authenticated requests and `api_by_ip` for unauthenticated ones, with the
 *   X-RateLimit-* headers on every answer they apply to.
 *
 * A request over a limit gets 429 RATE_LIMIT_HIT before the model runs, so it
 * costs nothing and changes nothing.
 */
import { authenticate } from '../model/auth.js';
import { errorResponse } from '../model/envelope.js';
import { Errors } from '../model/errors.js';
import type { ModelRequest, ModelResponse } from '../model/request.js';
import { matchRoute } from '../model/routes.js';
import { isValidEmail } from '../model/rules/emails.js';
import type { State } from '../model/state.js';

/** At most `maxCalls` requests in any `windowSecs` seconds. */
export interface RateRule {
  readonly windowSecs: number;
  readonly maxCalls: number;
}

export const RATE_RULES = {
  apiByUser: [{ windowSecs: 60, maxCalls: 200 }],
  apiByIp: [{ windowSecs: 60, maxCalls: 100 }],
  authenticateByUsername: [{ windowSecs: 1800, maxCalls: 5 }],
  /** chatref's own, with api_by_ip's numbers: failed password checks from one address. */
  failedPasswordsByAddress: [{ windowSecs: 60, maxCalls: 100 }],
} as const satisfies Record<string, readonly RateRule[]>;

/** Keys a limiter keeps before it forgets the least recently used: memory stays bounded whatever clients send. */
export const MAX_KEYS_PER_LIMITER = 10_000;

/** What one limiter said about one request (the real server's RateLimitResult). */
export interface LimitResult {
  readonly overLimit: boolean;
  /** The limit of the longest rule: X-RateLimit-Limit. */
  readonly limit: number;
  readonly remaining: number;
  /** Until the request would be admitted (over the limit), or until the history empties (under it). */
  readonly secondsToFreedom: number;
}

/**
 * A sliding log per key, as the real server keeps in Redis: the timestamps of
 * the newest admitted requests, as many as the longest rule allows. Keys are
 * kept in order of their last request, so expired ones are dropped from the
 * front as new requests arrive, and the oldest go first when the cap is hit.
 */
export class SlidingWindowLimiter {
  private readonly history = new Map<string, number[]>();
  private readonly rules: readonly RateRule[];
  private readonly longest: RateRule;

  constructor(
    rules: readonly RateRule[],
    private readonly maxKeys = MAX_KEYS_PER_LIMITER,
  ) {
    if (rules.length === 0) throw new Error('a limiter needs at least one rule');
    this.rules = [...rules].sort((a, b) => a.windowSecs - b.windowSecs);
    this.longest = this.rules.at(-1)!;
  }

  get size(): number {
    return this.history.size;
  }

  /** Whether a request now would be over a rule, and for how long (is_ratelimited). */
  check(key: string, now: number): { readonly limited: boolean; readonly secondsToFreedom: number } {
    const times = this.history.get(key);
    if (times !== undefined) {
      for (const { windowSecs, maxCalls } of this.rules) {
        const nth = times[times.length - maxCalls];
        if (nth !== undefined && nth + windowSecs >= now) return { limited: true, secondsToFreedom: nth + windowSecs - now };
      }
    }
    return { limited: false, secondsToFreedom: 0 };
  }

  /** Counts a request (incr_ratelimit). */
  record(key: string, now: number): void {
    this.forgetExpired(now);
    const times = this.history.get(key) ?? [];
    this.history.delete(key);
    this.history.set(key, times);
    times.push(now);
    if (times.length > this.longest.maxCalls) times.shift();
    if (this.history.size > this.maxKeys) this.history.delete(this.history.keys().next().value!);
  }

  /** Checks, counts an admitted request, and reports what is left (rate_limit_request). */
  hit(key: string, now: number): LimitResult {
    const { limited, secondsToFreedom } = this.check(key, now);
    const limit = this.longest.maxCalls;
    if (limited) return { overLimit: true, limit, remaining: 0, secondsToFreedom };
    this.record(key, now);
    return { overLimit: false, limit, ...this.left(key, now) };
  }

  /** Forgets a key's history (a successful login clears its failures), or every key's. */
  clear(key?: string): void {
    if (key === undefined) this.history.clear();
    else this.history.delete(key);
  }

  /** Calls left in the longest window, and until the newest of them leaves it (get_api_calls_left). */
  private left(key: string, now: number): { remaining: number; secondsToFreedom: number } {
    const times = this.history.get(key) ?? [];
    const since = now - this.longest.windowSecs;
    let inWindow = 0;
    for (let index = times.length - 1; index >= 0 && times[index]! >= since; index -= 1) inWindow += 1;
    const newest = times.at(-1);
    return { remaining: this.longest.maxCalls - inWindow, secondsToFreedom: newest === undefined ? 0 : newest + this.longest.windowSecs - now };
  }

  private forgetExpired(now: number): void {
    for (const [key, times] of this.history) {
      if (times.at(-1)! + this.longest.windowSecs >= now) return;
      this.history.delete(key);
    }
  }
}

export interface RateLimitOptions {
  /** Limits on password key fetches per username and per address; default true. */
  readonly authentication?: boolean;
  /** The real server's general API limits and X-RateLimit-* headers; default false. */
  readonly api?: boolean;
}

/** A request as a transport hands it over, with the client's address (absent in-process). */
export type LimitedRequest = Pick<ModelRequest, 'method' | 'path' | 'params' | 'authorization'> & { readonly remoteAddress?: string | undefined };

/** A request refused before the model runs, or admitted with what to do to its answer. */
export type Admission = { readonly refused: ModelResponse } | { readonly refused: null; settle(response: ModelResponse): ModelResponse };

const ADMITTED: Admission = { refused: null, settle: (response) => response };

/**
 * The real server keys the raw username; trimmed, the key is a valid address of at most
 * 254 characters, and in lower case its spelling variants cannot dodge the count.
 */
function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A password check the real server counts: the view got past its parameters and the address syntax. */
function passwordAttempt(request: LimitedRequest): string | null {
  const { username, password } = request.params;
  if (typeof username !== 'string' || typeof password !== 'string' || !isValidEmail(username.trim())) return null;
  return usernameKey(username);
}

export class RateLimits {
  readonly authentication: boolean;
  readonly api: boolean;
  private readonly byUsername = new SlidingWindowLimiter(RATE_RULES.authenticateByUsername);
  private readonly failuresByAddress = new SlidingWindowLimiter(RATE_RULES.failedPasswordsByAddress);
  private readonly byUser = new SlidingWindowLimiter(RATE_RULES.apiByUser);
  private readonly byAddress = new SlidingWindowLimiter(RATE_RULES.apiByIp);

  constructor(options: RateLimitOptions = {}) {
    this.authentication = options.authentication ?? true;
    this.api = options.api ?? false;
  }

  /** Decides on a request before the model sees it; limits keyed by address apply only when the transport knows one. */
  admit(state: State, request: LimitedRequest, now: number): Admission {
    if (!this.authentication && !this.api) return ADMITTED;
    const route = matchRoute(request.method.toUpperCase(), request.path);
    // Unknown paths and methods are answered before the real server's limits apply.
    if (route.kind !== 'found') return ADMITTED;
    const address = request.remoteAddress;
    const applied: LimitResult[] = [];

    if (this.api) {
      if (route.endpoint.auth === 'basic') {
        // Only a request that authenticates counts, against its user (the real server's authenticated_rest_api_view).
        const actor = authenticate(state, request.authorization);
        if (actor.ok) applied.push(this.byUser.hit(String(actor.value.id), now));
      } else if (address !== undefined) {
        applied.push(this.byAddress.hit(address, now));
      }
      if (applied.at(-1)?.overLimit === true) return this.refuse(applied, applied.at(-1)!.secondsToFreedom, now);
    }

    const username = this.authentication && route.endpoint.operation === 'fetch-api-key' ? passwordAttempt(request) : null;
    if (username !== null) {
      if (address !== undefined) {
        const failures = this.failuresByAddress.check(address, now);
        if (failures.limited) return this.refuse(applied, failures.secondsToFreedom, now);
      }
      const attempt = this.byUsername.hit(username, now);
      applied.push(attempt);
      if (attempt.overLimit) return this.refuse(applied, attempt.secondsToFreedom, now);
    }

    if (username === null && applied.length === 0) return ADMITTED;
    return {
      refused: null,
      settle: (response) => {
        if (username !== null) {
          if (response.status === 200) this.byUsername.clear(username);
          else if (address !== undefined) this.failuresByAddress.record(address, now);
        }
        return this.withHeaders(response, applied, now);
      },
    };
  }

  /** Forgets every count, e.g. when a test resets the server. */
  clear(): void {
    for (const limiter of [this.byUsername, this.failuresByAddress, this.byUser, this.byAddress]) limiter.clear();
  }

  private refuse(applied: readonly LimitResult[], secondsToFreedom: number, now: number): Admission {
    return { refused: this.withHeaders(errorResponse(Errors.rateLimitHit(secondsToFreedom)), applied, now) };
  }

  /** The real server sends these only while its general rate limiting is on. */
  private withHeaders(response: ModelResponse, applied: readonly LimitResult[], now: number): ModelResponse {
    if (!this.api || applied.length === 0) return response;
    const headers = {
      ...response.headers,
      'X-RateLimit-Limit': String(Math.min(...applied.map((result) => result.limit))),
      'X-RateLimit-Remaining': String(Math.min(...applied.map((result) => result.remaining))),
      'X-RateLimit-Reset': String(Math.trunc(now + Math.max(...applied.map((result) => result.secondsToFreedom)))),
    };
    return { ...response, headers };
  }
}
