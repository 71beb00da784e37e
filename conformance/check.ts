/**
 * What a conformance check is. A check is data plus one async function: it
 * arranges through the API, acts, and asserts on the response and on the
 * state read back afterwards. It talks to the target only through `ctx.call`,
 * which records every exchange so a failure can be reproduced with curl.
 */
import type { TargetAuth, TargetBytesResponse, TargetClock, TargetCredentials, TargetFile, TargetResponse } from './target.js';

/** `spec`: the spec states it. `compat`: the real server does it where the spec is silent. */
export type Level = 'spec' | 'compat';

/** A user of the cast: who they are and how to authenticate as them. */
export interface Actor extends TargetCredentials {
  readonly userId: number;
  readonly fullName: string;
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  readonly role: number;
}

/** The users one run creates (through the API only) from the single owner account it is given. */
export interface Cast {
  /** The account the run was started with: an owner who may create users. */
  readonly owner: Actor;
  readonly administrator: Actor;
  readonly moderator: Actor;
  readonly member: Actor;
  readonly otherMember: Actor;
  readonly guest: Actor;
  /** Unique per run: prefix of every name the run creates, so runs never collide. */
  readonly runId: string;
}

/** One request a check sent and what came back. */
export interface Exchange {
  readonly auth: TargetAuth;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly files: readonly TargetFile[];
  readonly response: TargetResponse;
  /** Set when `path` is from the server's root rather than below /api/v1 (a ctx.fetch). */
  readonly root?: true;
}

export interface CheckContext {
  readonly cast: Cast;
  /** Calls the target and records the exchange. Parameters are raw wire strings (JSON-encode arrays yourself). */
  call(auth: TargetAuth, method: string, path: string, params?: Readonly<Record<string, string>>, files?: readonly TargetFile[]): Promise<TargetResponse>;
  /**
   * A GET or HEAD from the server's root (a file path such as /user_uploads/…),
   * recorded like a call, with the answer's bytes. Skips the check on a target
   * that cannot do it.
   */
  fetch(auth: TargetAuth, method: 'GET' | 'HEAD', rootPath: string, headers?: Readonly<Record<string, string>>): Promise<TargetBytesResponse>;
  /** A fresh throw-away user for checks that change or deactivate someone (role 400 unless given). */
  newUser(role?: number): Promise<Actor>;
  /**
   * The n-th (from 0) plain member of a pool the whole run shares, made on
   * first use: for checks that only need someone there (a crowd of
   * subscribers, a reader) and change nothing about them but subscriptions.
   */
  sharedMember(index: number): Promise<Actor>;
  /** A name no earlier run used: `${runId}-${label}-${n}`. */
  unique(label: string): string;
  /** Seed for checks that draw random input (the runner's --seed). */
  readonly seed: number;
  /** Property-check runs (the runner's --runs). */
  readonly runs: number;
  /** The target's clock when it has one; checks that need it call requireClock. */
  readonly clock?: TargetClock;
  /** The organization's JWT secret when the tester gave it (see Target.jwtKey); checks that need it skip without it. */
  readonly jwtKey?: string;
  /**
   * The feature level the target is judged as of (what its GET
   * /server_settings claims, or the tester's --feature-level): a check whose
   * behaviour changed at a level expects the form of this one.
   */
  readonly featureLevel: number;
}

export interface Check {
  /** Stable id, e.g. `users.update.role.owner-only`. */
  readonly id: string;
  /** One line: Given … when … then …. */
  readonly title: string;
  /** Clause ids from clauses.ts that this check covers. */
  readonly clauses: readonly string[];
  readonly level: Level;
  /** The endpoint the check is about, as `METHOD /path/{param}` (the route's template). */
  readonly endpoint: string;
  /**
   * The feature level the checked behaviour appeared at: a target judged
   * below it skips the check ("needs feature level ≥ N"). Without it, the
   * level the feature-level table says `endpoint` appeared at; with it, that
   * level is replaced (a check that exercises the endpoint's older form
   * below it gives the older level, 0 for any). A check none of whose
   * clauses holds at the target's level is skipped too.
   */
  readonly since?: number;
  /** The feature level the checked behaviour stopped at: a target judged at or above it skips the check. */
  readonly before?: number;
  /**
   * Set for checks that call endpoints the target's level lacks on purpose
   * (to see them answer as unknown). Otherwise a call to an endpoint that
   * appeared after the target's level skips the check.
   */
  readonly callsLaterEndpoints?: true;
  run(ctx: CheckContext): Promise<void>;
}

/** What an assertion wanted and what it got, as JSON-able values. */
export interface Comparison {
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * Thrown by a failing check: what was expected, and the exchange that showed
 * otherwise (the runner prints it and a curl reproduction of the whole check).
 */
export class CheckFailure extends Error {
  constructor(
    readonly expected: string,
    readonly exchange?: Exchange,
    readonly clause?: string,
    /** The expected and the actual value, when the assertion compared two (reports show them as a diff). */
    readonly comparison?: Comparison,
    /** The requests that reproduce it, when the check knows better than its whole history (a property's shrunk execution). */
    readonly history?: readonly Exchange[],
  ) {
    super(expected);
    this.name = 'CheckFailure';
  }
}

/** Thrown when a check cannot run on this target (e.g. it needs a settable clock): the verdict is `skip`, never `pass`. */
export class CheckSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CheckSkipped';
  }
}

/** The target's clock, or a skip of the calling check when the target has none. */
export function requireClock(ctx: CheckContext): TargetClock {
  if (ctx.clock === undefined) throw new CheckSkipped('the target has no settable clock');
  return ctx.clock;
}

/** Helper for check files: keeps the object literal typed. */
export function defineChecks(checks: readonly Check[]): readonly Check[] {
  return checks;
}
