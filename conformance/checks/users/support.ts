/**
 * Small helpers the user, auth and profile checks share. Everything goes
 * through the public API, so the helpers work against any target.
 */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectClientError, expectSuccess } from '../../expect.js';
import type { TargetAuth, TargetCredentials, TargetResponse } from '../../target.js';

export const ROLES = [100, 200, 300, 400, 600] as const;

/** An error envelope (4xx) carrying this `code`, without pinning status or message: what the spec states. */
export function expectCode(response: TargetResponse, code: string, clause?: string): Body {
  const body = expectClientError(response, clause);
  if (body['code'] !== code) throw new CheckFailure(`error code ${code}, got ${JSON.stringify(body)}`, undefined, clause);
  return body;
}

/** Any non-success answer that carries no data a success would (e.g. no api_key). */
export function expectNoKey(response: TargetResponse, clause?: string): Body {
  const body = expectClientError(response, clause);
  if ('api_key' in body) throw new CheckFailure(`no api_key in a failed key fetch, got ${JSON.stringify(body)}`, undefined, clause);
  return body;
}

export async function readUser(ctx: CheckContext, viewer: TargetAuth, userId: number, params: Record<string, string> = {}): Promise<Body> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', `/users/${userId}`, params));
  const user = body['user'];
  if (user === null || typeof user !== 'object') throw new CheckFailure(`a user object in GET /users/${userId}, got ${JSON.stringify(body)}`);
  return user as Body;
}

export async function listUsers(ctx: CheckContext, viewer: TargetAuth, params: Record<string, string> = {}): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/users', params));
  const members = body['members'];
  if (!Array.isArray(members)) throw new CheckFailure(`a members array in GET /users, got ${JSON.stringify(body)}`);
  return members as Body[];
}

/** The domain the run's addresses use: the owner's, which the realm accepts. */
export function emailDomain(ctx: CheckContext): string {
  const email = ctx.cast.owner.email;
  return email.slice(email.lastIndexOf('@') + 1);
}

export function uniqueEmail(ctx: CheckContext, label: string): string {
  return `${ctx.unique(label)}@${emailDomain(ctx)}`.toLowerCase();
}

/** A password no strength rule refuses, derived from the run's unique names (deterministic per run). */
export function passwordFor(ctx: CheckContext): string {
  return `Zq7-${ctx.unique('pw')}-vK2!mR9#tW`;
}

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly fullName: string;
  readonly userId: number;
}

/**
 * An account the check makes itself with POST /users (the owner may create
 * users: the run's bootstrap needs that too), never logged in yet. The check
 * deactivates it when done (`retire`).
 */
export async function createAccount(ctx: CheckContext, label: string): Promise<Account> {
  const email = uniqueEmail(ctx, label);
  const password = passwordFor(ctx);
  const fullName = ctx.unique(label);
  const body = expectSuccess(await ctx.call(ctx.cast.owner, 'POST', '/users', { email, password, full_name: fullName }));
  if (typeof body['user_id'] !== 'number') throw new CheckFailure(`user_id in POST /users, got ${JSON.stringify(body)}`);
  return { email, password, fullName, userId: body['user_id'] };
}

/** Deactivates a user the check made (ignores the answer: cleanup only). */
export async function retire(ctx: CheckContext, userId: number): Promise<void> {
  await ctx.call(ctx.cast.owner, 'DELETE', `/users/${userId}`);
}

/** Logs in with POST /fetch_api_key; answers the credentials it hands out. */
export async function login(ctx: CheckContext, account: Pick<Account, 'email' | 'password'>): Promise<TargetCredentials> {
  const body = expectSuccess(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: account.password }));
  return { email: String(body['email']), apiKey: String(body['api_key']) };
}

export async function setRole(ctx: CheckContext, by: Actor, userId: number, role: number): Promise<TargetResponse> {
  return ctx.call(by, 'PATCH', `/users/${userId}`, { role: JSON.stringify(role) });
}

/** Active human owners as the owner sees them. */
/** The shared pool's member that checks of PATCH /users may rename and re-role. */
const ADJUSTABLE_POOL_INDEX = 6;

/**
 * A run-shared member for checks that change someone's name or role and need
 * no fresh account: made a member again (a no-op when it is one) before each
 * use, so a check that failed half-way cannot leave it an administrator.
 */
export async function adjustableMember(ctx: CheckContext): Promise<Actor> {
  const user = await ctx.sharedMember(ADJUSTABLE_POOL_INDEX);
  expectSuccess(await setRole(ctx, ctx.cast.owner, user.userId, 400));
  return user;
}

export async function activeHumanOwners(ctx: CheckContext): Promise<Body[]> {
  const members = await listUsers(ctx, ctx.cast.owner);
  return members.filter((user) => user['role'] === 100 && user['is_active'] === true && user['is_bot'] !== true);
}

const PLACEHOLDER = /^user([0-9]+)@(.+)$/i;

/** Whether `email` is the placeholder form `user<id>@<host>` for this user id. */
export function isPlaceholderFor(email: unknown, userId: number): boolean {
  if (typeof email !== 'string') return false;
  const match = PLACEHOLDER.exec(email);
  return match !== null && Number(match[1]) === userId;
}

/**
 * The host placeholder addresses use: learnt from a placeholder the target
 * shows (exact), else from realm_url in GET /server_settings.
 */
export async function placeholderHost(ctx: CheckContext): Promise<string> {
  for (const user of await listUsers(ctx, ctx.cast.guest)) {
    const match = typeof user['email'] === 'string' ? PLACEHOLDER.exec(user['email']) : null;
    if (match && Number(match[1]) === user['user_id']) return match[2]!;
  }
  const settings = expectSuccess(await ctx.call(null, 'GET', '/server_settings'));
  const url = settings['realm_url'] ?? settings['realm_uri'];
  if (typeof url !== 'string') throw new CheckFailure(`realm_url in GET /server_settings, got ${JSON.stringify(settings)}`);
  return new URL(url).host;
}

export function placeholderFor(host: string, userId: number): string {
  return `user${userId}@${host}`;
}

/** The listed keys of a user object (for before/after comparisons). */
function pick(user: Body, keys: readonly string[]): Body {
  return Object.fromEntries(keys.map((key) => [key, user[key]]));
}

/** The user fields an administrative update can touch. */
const EDITABLE_FIELDS = ['full_name', 'role', 'is_admin', 'is_owner', 'is_guest', 'is_active', 'delivery_email', 'email', 'profile_data'] as const;

/** A read-back of what updates can change, profile data included. */
export async function snapshot(ctx: CheckContext, userId: number): Promise<Body> {
  return pick(await readUser(ctx, ctx.cast.owner, userId, { include_custom_profile_fields: 'true' }), EDITABLE_FIELDS);
}

/** An id no user has: well past the largest id the owner can see. */
export async function unknownUserId(ctx: CheckContext): Promise<number> {
  const ids = (await listUsers(ctx, ctx.cast.owner)).map((user) => Number(user['user_id']));
  return Math.max(0, ...ids) + 100_000;
}

/** How many users the owner can list: a read-back for "nobody was created". */
export async function userCount(ctx: CheckContext): Promise<number> {
  return (await listUsers(ctx, ctx.cast.owner)).length;
}

/** The cast's non-administrators, for permission matrices. */
export function nonAdministrators(ctx: CheckContext): readonly Actor[] {
  return [ctx.cast.moderator, ctx.cast.member, ctx.cast.guest];
}
