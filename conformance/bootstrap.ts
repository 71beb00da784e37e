/**
 * Bootstrap: from one owner account that may create users, make the run's
 * cast through the public API only (POST /users, PATCH /users/{id},
 * POST /fetch_api_key), and deactivate everything the run made at the end.
 * Nothing here is chatref-specific, so it works against a real Zulip
 * organization as well.
 */
import { randomBytes } from 'node:crypto';
import { type Actor, type Cast, type Check, CheckFailure, type Exchange } from './check.js';
import { describeCause } from './context.js';
import type { Target, TargetAuth, TargetCredentials, TargetResponse } from './target.js';

/** The run could not start or could not go on (exit code 2): says which precondition failed. */
export class CouldNotRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CouldNotRunError';
  }
}

/** The run was asked to stop (a signal) while it set up: what it made so far has been deactivated again. */
export class RunInterrupted extends Error {
  constructor(readonly reason: string) {
    super(`interrupted (${reason}) during the set-up`);
    this.name = 'RunInterrupted';
  }
}

/** An AbortSignal's reason as the report names it: the signal's name when the caller gave one, else `aborted`. */
export function interruptionReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' && signal.reason !== '' ? signal.reason : 'aborted';
}

/**
 * What a run made on the target and has not cleaned up yet. Teardown takes
 * each entry out once it has dealt with it, so at any moment this is what a
 * run that quit now would leave behind.
 */
export interface Ledger {
  /** Ids of the users the run created and has not deactivated. */
  readonly users: number[];
  readonly groups: number[];
  /** Channel name → who subscribed first (its creator, who can still look a private channel up by name). */
  readonly channels: Map<string, TargetAuth>;
}

export function newLedger(): Ledger {
  return { users: [], groups: [], channels: new Map() };
}

/** `7 users (ids 12, 13, …), 1 user group (id 4), 2 channels (crx-a, crx-b)`, or `nothing`. */
export function describeLedger(ledger: Ledger): string {
  const list = (values: readonly (number | string)[]) => (values.length <= 12 ? values.join(', ') : `${values.slice(0, 12).join(', ')}, …`);
  const parts: string[] = [];
  const users = [...ledger.users];
  if (users.length > 0) parts.push(`${users.length} user${users.length === 1 ? '' : 's'} (id${users.length === 1 ? '' : 's'} ${list(users)})`);
  if (ledger.groups.length > 0)
    parts.push(
      `${ledger.groups.length} user group${ledger.groups.length === 1 ? '' : 's'} (id${ledger.groups.length === 1 ? '' : 's'} ${list(ledger.groups)})`,
    );
  const channels = [...ledger.channels.keys()];
  if (channels.length > 0) parts.push(`${channels.length} channel${channels.length === 1 ? '' : 's'} (${list(channels)})`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

/**
 * The server answered the suite's own set-up wrongly (a malformed user_id, a
 * refused role change …): reported as the named clause's failure, with the
 * set-up's requests for the reproduction, not as "could not run".
 */
export class SetupFailure extends CheckFailure {
  constructor(
    expected: string,
    exchange: Exchange,
    clause: string,
    /** What the set-up was doing, e.g. `create-user`: the result's id is `setup.${step}`. */
    readonly step: string,
    /** The set-up's requests up to and including the failing one. */
    readonly exchanges: readonly Exchange[],
  ) {
    super(expected, exchange, clause);
    this.name = 'SetupFailure';
  }

  /** The check a report lists for the failed set-up: it names only the clause that failed. */
  asCheck(level: Check['level']): Check {
    const exchange = this.exchange;
    return {
      id: `setup.${this.step}`,
      title: `The suite's set-up (${this.step}) got a wrong answer, so no check ran`,
      clauses: this.clause === undefined ? [] : [this.clause],
      level,
      endpoint: exchange === undefined ? '' : `${exchange.method} ${exchange.path.replace(/\/\d+(?=\/|$)/, '/{user_id}')}`,
      run: async () => {
        throw this;
      },
    };
  }
}

/** How bootstrap sends a request; a check context passes its recording `call` so throw-away users show up in reproductions. */
export type Caller = (auth: TargetAuth, method: string, path: string, params?: Readonly<Record<string, string>>) => Promise<TargetResponse>;

export interface Session {
  readonly target: Target;
  readonly cast: Cast;
  /** A new user with this role (default 400), created like the cast; deactivated at teardown. */
  newUser(role?: number, via?: Caller): Promise<Actor>;
  /** The index-th member of the run's shared pool, made on first use (see CheckContext.sharedMember). */
  sharedMember(index: number, via?: Caller): Promise<Actor>;
  /** `${runId}-${label}-${n}`, n counting up through the run. */
  unique(label: string): string;
  /** Ids of every user the run created so far (and has not deactivated). */
  readonly createdUserIds: readonly number[];
  /** What the run made and has not cleaned up yet (shrinks as teardown goes). */
  readonly ledger: Ledger;
  /** Notes the user group or channels a successful request created, so that teardown deactivates or archives them. */
  noteCreation(auth: TargetAuth, method: string, path: string, params: Readonly<Record<string, string>>, response: TargetResponse): void;
  /** Archives the channels, deactivates the user groups and users the run created; errors are ignored. */
  teardown(): Promise<void>;
}

export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

const ROLE_NAMES: Readonly<Record<number, string>> = { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' };

/** `cr` + base36 time + random: sorts by time, never repeats across runs. */
export function newRunId(): string {
  const random = randomBytes(4).readUInt32BE(0).toString(36).padStart(7, '0').slice(0, 5);
  return `cr${Date.now().toString(36)}${random}`;
}

/** 24 characters from the system's randomness; strong enough for any password policy. */
export function strongPassword(): string {
  return `${randomBytes(18).toString('base64url')}`;
}

function show(response: TargetResponse): string {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  return `${response.status} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
}

function bodyOf(response: TargetResponse): Record<string, unknown> | null {
  const body = response.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

function succeeded(response: TargetResponse): Record<string, unknown> | null {
  const body = bodyOf(response);
  return response.status === 200 && body !== null && body['result'] === 'success' ? body : null;
}

/** A well-formed error envelope with a 4xx status: the server refused on purpose (as opposed to answering nonsense). */
function refused(response: TargetResponse): boolean {
  const body = bodyOf(response);
  return response.status >= 400 && response.status < 500 && body?.['result'] === 'error' && typeof body['code'] === 'string';
}

/**
 * An answer the chat API never gives to the set-up: a 5xx, or a body that is
 * not a JSON object (an HTML page, plain text, nothing). Something else
 * answers at that URL (a proxy, another web server) or the server is failing:
 * the run cannot start, as opposed to a real API answering the set-up wrongly.
 */
function notTheApi(response: TargetResponse): boolean {
  return response.status >= 500 || bodyOf(response) === null;
}

/** `503 text/html "Service Unavailable"`: an answer in a few words, for a one-line message (JSON shown as it is). */
export function describeForeignAnswer(response: TargetResponse): string {
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  const clip = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);
  const head = `${response.status}${type === '' ? '' : ` ${type}`}`;
  const body = response.body;
  if (body === null || body === undefined || body === '') return `${head} with an empty body`;
  if (typeof body !== 'string') return `${head} ${clip(JSON.stringify(body))}`;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
  const text = title !== undefined && title !== '' ? title : /^\s*</.test(body) ? body.replace(/<[^>]*>/g, ' ') : body;
  return `${head} ${JSON.stringify(clip(text.replace(/\s+/g, ' ').trim()))}`;
}

function isUserId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export interface BootstrapOptions {
  /** Default: a fresh newRunId(). */
  readonly runId?: string;
  /** When it aborts, the set-up stops between two users, deactivates what it made and throws RunInterrupted. */
  readonly signal?: AbortSignal;
  /** Where the session notes what it makes (default: a new one); give one to see what is left at any moment. */
  readonly ledger?: Ledger;
}

/**
 * Checks the owner account and creates the cast. Throws CouldNotRunError
 * when the suite cannot use the target (unreachable, credentials refused,
 * not an owner, not allowed to create users, password login disabled, a 5xx
 * or non-JSON answer), SetupFailure when the target answers a set-up request
 * wrongly, and RunInterrupted when the signal aborts.
 */
export async function bootstrap(target: Target, owner: TargetCredentials, options: BootstrapOptions = {}): Promise<Session> {
  const runId = options.runId ?? newRunId();
  const ledger = options.ledger ?? newLedger();
  const created = ledger.users;
  let counter = 0;
  /** The set-up's requests, for a SetupFailure's reproduction; no longer kept once the cast is made. */
  let log: Exchange[] | null = [];

  const direct: Caller = async (auth, method, path, params = {}) => {
    let response: TargetResponse;
    try {
      response = await target.call(auth, method, path, params);
    } catch (error) {
      throw new CouldNotRunError(`cannot reach ${target.name}: ${method} ${path} got no answer (${describeCause(error)})`);
    }
    log?.push({ auth, method, path, params: { ...params }, files: [], response });
    return response;
  };
  /** Sends one set-up request and returns the exchange, so a failure can show it. */
  const ask = async (via: Caller, auth: TargetAuth, method: string, path: string, params: Readonly<Record<string, string>> = {}): Promise<Exchange> => {
    const response = await via(auth, method, path, params);
    if (log !== null && notTheApi(response)) {
      const why = response.status >= 500 ? 'a server error' : 'not JSON, so something other than the chat API answers there';
      throw new CouldNotRunError(`${target.name} answered ${method} ${path} with ${describeForeignAnswer(response)} (${why})`);
    }
    return { auth, method, path, params, files: [], response };
  };
  const stopIfAborted = () => {
    if (options.signal?.aborted) throw new RunInterrupted(interruptionReason(options.signal));
  };
  const setupFailure = (step: string, clause: string, exchange: Exchange, expected: string): SetupFailure =>
    new SetupFailure(expected, exchange, clause, step, [...(log ?? [exchange])]);

  stopIfAborted();
  const me = await ask(direct, owner, 'GET', '/users/me');
  const meBody = succeeded(me.response);
  if (meBody === null) {
    if (me.response.status === 401 || me.response.status === 403) {
      throw new CouldNotRunError(`GET /users/me as ${owner.email} answered ${show(me.response)}: the email or API key was rejected`);
    }
    throw setupFailure('own-user', 'users.me.flat', me, `GET /users/me as ${owner.email} to answer the success envelope; got ${show(me.response)}`);
  }
  const ownerRole = meBody['role'];
  if (!isUserId(meBody['user_id']) || typeof ownerRole !== 'number') {
    throw setupFailure('own-user', 'users.me.flat', me, `GET /users/me to carry an integer user_id and role; got ${show(me.response)}`);
  }
  if (ownerRole !== ROLE.owner) {
    throw new CouldNotRunError(`${owner.email} has role ${ownerRole}, not 100: the suite needs an organization owner (who may also create users)`);
  }
  const ownerActor: Actor = {
    email: owner.email,
    apiKey: owner.apiKey,
    userId: meBody['user_id'],
    fullName: String(meBody['full_name']),
    role: ROLE.owner,
  };
  const domain = owner.email.slice(owner.email.lastIndexOf('@') + 1);

  /**
   * During bootstrap a refusal means the account or realm cannot be used
   * (could not run); inside a check, after the cast was made the same way,
   * any wrong answer is that check's failure.
   */
  async function createUser(label: string, role: number, via: Caller, duringBootstrap: boolean): Promise<Actor> {
    const email = `${runId}-${label}@${domain}`.toLowerCase();
    const fullName = `${runId} ${label}`;
    const password = strongPassword();
    const wrong = (step: string, clause: string, exchange: Exchange, expected: string): never => {
      if (duringBootstrap) throw setupFailure(step, clause, exchange, expected);
      throw new CheckFailure(`a throw-away user: ${expected}`, exchange, clause);
    };

    const made = await ask(via, ownerActor, 'POST', '/users', { email, password, full_name: fullName });
    const madeBody = succeeded(made.response);
    if (madeBody === null && duringBootstrap && refused(made.response)) {
      throw new CouldNotRunError(
        `POST /users (as ${owner.email}) answered ${show(made.response)}: the account cannot create users (it needs the can_create_users permission, and the realm must accept ${domain} addresses)`,
      );
    }
    const userId = madeBody?.['user_id'];
    if (!isUserId(userId) || userId === ownerActor.userId || created.includes(userId)) {
      return wrong(
        'create-user',
        'users.create.returns-id',
        made,
        `POST /users to answer the new user's user_id (a positive integer no other user has); got ${show(made.response)}`,
      );
    }
    created.push(userId);

    if (role !== ROLE.member) {
      const patched = await ask(via, ownerActor, 'PATCH', `/users/${userId}`, { role: String(role) });
      if (succeeded(patched.response) === null) {
        return wrong('set-role', 'users.update.role', patched, `PATCH /users/${userId} role=${role} by the owner to succeed; got ${show(patched.response)}`);
      }
    }

    const key = await ask(via, null, 'POST', '/fetch_api_key', { username: email, password });
    const keyBody = succeeded(key.response);
    if (keyBody === null) {
      if (duringBootstrap && bodyOf(key.response)?.['code'] === 'PASSWORD_AUTH_DISABLED') {
        throw new CouldNotRunError(`POST /fetch_api_key for the new user ${email} answered ${show(key.response)}: password authentication must be enabled`);
      }
      return wrong(
        'fetch-api-key',
        'auth.fetch-api-key.exchange',
        key,
        `POST /fetch_api_key with the new user's email and password to succeed; got ${show(key.response)}`,
      );
    }
    if (typeof keyBody['api_key'] !== 'string' || keyBody['api_key'] === '') {
      return wrong('fetch-api-key', 'auth.fetch-api-key.response', key, `POST /fetch_api_key to answer the api_key as a string; got ${show(key.response)}`);
    }
    const apiEmail = typeof keyBody['email'] === 'string' ? keyBody['email'] : email;
    return { email: apiEmail, apiKey: keyBody['api_key'], userId, fullName, role };
  }

  const make = (label: string, role: number) => {
    stopIfAborted();
    return createUser(label, role, direct, true);
  };
  let cast: Cast;
  try {
    cast = {
      owner: ownerActor,
      administrator: await make('administrator', ROLE.administrator),
      moderator: await make('moderator', ROLE.moderator),
      member: await make('member', ROLE.member),
      otherMember: await make('othermember', ROLE.member),
      guest: await make('guest', ROLE.guest),
      runId,
    };
  } catch (error) {
    await deactivateAll(direct, ownerActor, created);
    throw error;
  }
  log = null;
  const shared: Promise<Actor>[] = [];
  const createdGroups = ledger.groups;
  const createdChannels = ledger.channels;

  return {
    target,
    cast,
    get createdUserIds() {
      return [...created];
    },
    ledger,
    async newUser(role = ROLE.member, via = direct) {
      counter += 1;
      return createUser(`${ROLE_NAMES[role] ?? `role${role}`}${counter}`, role, via, false);
    },
    sharedMember(index, via = direct) {
      for (let n = shared.length; n <= index; n += 1) {
        // One after another, so a reproduction lists them in order.
        const made = (shared[n - 1] ?? Promise.resolve()).then(() => createUser(`shared${n + 1}`, ROLE.member, via, false));
        // A failed creation is that check's failure; the next check asks again.
        made.catch(() => shared.splice(n));
        shared.push(made);
      }
      return shared[index] as Promise<Actor>;
    },
    unique(label) {
      counter += 1;
      return `${runId}-${label}-${counter}`;
    },
    noteCreation(auth, method, path, params, response) {
      if (method !== 'POST' || response.status !== 200) return;
      if (path === '/user_groups/create') {
        const groupId = (response.body as { group_id?: unknown } | null)?.group_id;
        if (typeof groupId === 'number') createdGroups.push(groupId);
      } else if (path === '/users/me/subscriptions') {
        for (const name of runChannelNames(params['subscriptions'], runId)) if (!createdChannels.has(name)) createdChannels.set(name, auth);
      }
    },
    async teardown() {
      // Channels and groups first: a later run's registers and listings should not carry them.
      await archiveChannels(direct, ownerActor, createdChannels);
      while (createdGroups.length > 0) {
        try {
          await direct(ownerActor, 'POST', `/user_groups/${createdGroups.at(-1)}/deactivate`);
        } catch {
          // Best effort, as for users: a group already deactivated, or a target that went away.
        }
        createdGroups.pop();
      }
      await deactivateAll(direct, ownerActor, created);
    },
  };
}

/** The names in a subscribe request's `subscriptions` that carry the run's prefix: channels the run made (or joined). */
function runChannelNames(subscriptions: string | undefined, runId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(subscriptions ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined))
      .filter((name): name is string => typeof name === 'string' && name.startsWith(`${runId}-`));
  } catch {
    return [];
  }
}

/**
 * Marks the run's channels read for the owner and archives them: a later
 * run's registers leave archived channels out (unless asked for them), so
 * they do not grow with earlier runs. A renamed channel is no longer found by
 * its name and stays.
 */
async function archiveChannels(call: Caller, owner: Actor, channels: Map<string, TargetAuth>): Promise<void> {
  for (const [name, creator] of [...channels]) {
    try {
      const found = await call(creator, 'GET', '/get_stream_id', { stream: name });
      const id = (found.body as { stream_id?: unknown } | null)?.stream_id;
      if (found.status !== 200 || typeof id !== 'number') continue;
      // The run's messages would stay unread for the owner in registers of later runs.
      const narrow = JSON.stringify([{ operator: 'channel', operand: id }]);
      await call(owner, 'POST', '/messages/flags/narrow', { anchor: 'oldest', num_before: '0', num_after: '1000', narrow, op: 'add', flag: 'read' });
      await call(owner, 'DELETE', `/streams/${id}`);
    } catch {
      // Best effort, as for users.
    } finally {
      channels.delete(name);
    }
  }
}

/** Newest first; each id leaves the list once its request is answered. */
async function deactivateAll(call: Caller, owner: Actor, ids: number[]): Promise<void> {
  while (ids.length > 0) {
    try {
      await call(owner, 'DELETE', `/users/${ids.at(-1)}`);
    } catch {
      // Teardown is best effort: a user someone already deactivated, or a target that went away.
    }
    ids.pop();
  }
}
