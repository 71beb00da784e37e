/**
 * Bootstrap: from one owner account that may create users, make the run's
 * cast through the public API only (POST /users, PATCH /users/{id},
 * POST /fetch_api_key), and deactivate everything the run made at the end.
 * Nothing here is chatref-specific, so it works against a real Zulip
 * organization as well.
 */
import { randomBytes } from 'node:crypto';
import type { Actor, Cast } from './check.js';
import { describeCause } from './context.js';
import type { Target, TargetAuth, TargetCredentials, TargetResponse } from './target.js';

/** The run could not start or could not go on (exit code 2): says which precondition failed. */
export class CouldNotRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CouldNotRunError';
  }
}

/** How bootstrap sends a request; a check context passes its recording `call` so throw-away users show up in reproductions. */
export type Caller = (auth: TargetAuth, method: string, path: string, params?: Readonly<Record<string, string>>) => Promise<TargetResponse>;

export interface Session {
  readonly target: Target;
  readonly cast: Cast;
  /** A new user with this role (default 400), created like the cast; deactivated at teardown. */
  newUser(role?: number, via?: Caller): Promise<Actor>;
  /** `${runId}-${label}-${n}`, n counting up through the run. */
  unique(label: string): string;
  /** Ids of every user the run created so far. */
  readonly createdUserIds: readonly number[];
  /** Deactivates every user the run created; errors are ignored. */
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

export interface BootstrapOptions {
  /** Default: a fresh newRunId(). */
  readonly runId?: string;
}

/**
 * Checks the owner account and creates the cast. Throws CouldNotRunError
 * naming the precondition that failed (unreachable, bad credentials, not an
 * owner, cannot create users, password login disabled).
 */
export async function bootstrap(target: Target, owner: TargetCredentials, options: BootstrapOptions = {}): Promise<Session> {
  const runId = options.runId ?? newRunId();
  const created: number[] = [];
  let counter = 0;

  const direct: Caller = async (auth, method, path, params = {}) => {
    try {
      return await target.call(auth, method, path, params);
    } catch (error) {
      throw new CouldNotRunError(`cannot reach ${target.name}: ${method} ${path} got no answer (${describeCause(error)})`);
    }
  };

  const me = await direct(owner, 'GET', '/users/me');
  const meBody = succeeded(me);
  if (meBody === null) {
    const hint = me.status === 401 ? 'the email or API key was rejected' : 'the server did not answer with a success envelope';
    throw new CouldNotRunError(`GET /users/me as ${owner.email} answered ${show(me)}: ${hint}`);
  }
  const ownerRole = Number(meBody['role']);
  if (ownerRole !== ROLE.owner) {
    throw new CouldNotRunError(
      `${owner.email} has role ${Number.isFinite(ownerRole) ? ownerRole : String(meBody['role'])}, not 100: the suite needs an organization owner (who may also create users)`,
    );
  }
  const ownerActor: Actor = {
    email: owner.email,
    apiKey: owner.apiKey,
    userId: Number(meBody['user_id']),
    fullName: String(meBody['full_name']),
    role: ROLE.owner,
  };
  const domain = owner.email.slice(owner.email.lastIndexOf('@') + 1);

  async function createUser(label: string, role: number, via: Caller, preconditions: boolean): Promise<Actor> {
    const email = `${runId}-${label}@${domain}`.toLowerCase();
    const fullName = `${runId} ${label}`;
    const password = strongPassword();
    const fail = (message: string): never => {
      throw preconditions ? new CouldNotRunError(message) : new Error(`could not create a throw-away user: ${message}`);
    };

    const made = await via(ownerActor, 'POST', '/users', { email, password, full_name: fullName });
    const madeBody = succeeded(made);
    if (madeBody === null || typeof madeBody['user_id'] !== 'number') {
      return fail(
        `POST /users (as ${owner.email}) answered ${show(made)}: the account cannot create users (it needs the can_create_users permission, and the realm must accept ${domain} addresses)`,
      );
    }
    const userId = madeBody['user_id'];
    created.push(userId);

    if (role !== ROLE.member) {
      const patched = await via(ownerActor, 'PATCH', `/users/${userId}`, { role: String(role) });
      if (succeeded(patched) === null) {
        return fail(`PATCH /users/${userId} role=${role} (as ${owner.email}) answered ${show(patched)}: the account cannot change roles`);
      }
    }

    const key = await via(null, 'POST', '/fetch_api_key', { username: email, password });
    const keyBody = succeeded(key);
    if (keyBody === null || typeof keyBody['api_key'] !== 'string') {
      return fail(`POST /fetch_api_key for the new user ${email} answered ${show(key)}: password authentication must be enabled`);
    }
    const apiEmail = typeof keyBody['email'] === 'string' ? keyBody['email'] : email;
    return { email: apiEmail, apiKey: keyBody['api_key'], userId, fullName, role };
  }

  const make = (label: string, role: number) => createUser(label, role, direct, true);
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

  return {
    target,
    cast,
    get createdUserIds() {
      return [...created];
    },
    async newUser(role = ROLE.member, via = direct) {
      counter += 1;
      return createUser(`${ROLE_NAMES[role] ?? `role${role}`}${counter}`, role, via, false);
    },
    unique(label) {
      counter += 1;
      return `${runId}-${label}-${counter}`;
    },
    async teardown() {
      await deactivateAll(direct, ownerActor, created);
    },
  };
}

async function deactivateAll(call: Caller, owner: Actor, ids: number[]): Promise<void> {
  for (const id of ids.splice(0).reverse()) {
    try {
      await call(owner, 'DELETE', `/users/${id}`);
    } catch {
      // Teardown is best effort: a user someone already deactivated, or a target that went away.
    }
  }
}
