/**
 * The invariants that hold after any sequence of calls, read back from the
 * target through GET /users and GET /users/{user_id}, and the agreement of
 * what was read with the model of the pool.
 */
import { isDeepStrictEqual } from 'node:util';
import { CheckFailure } from '../check.js';
import { describeResponse, isSuccess } from '../properties/envelope.js';
import { type Model, type PoolUser, ROLES, type World } from './world.js';

type UserDict = Record<string, unknown>;

function fail(what: string, clause: string): never {
  throw new CheckFailure(what, undefined, clause);
}

/** Field rules every user dict obeys on its own. */
export function checkUserDict(user: UserDict): void {
  const who = `user ${String(user['user_id'])}`;
  const role = user['role'];
  if (!ROLES.includes(role as never)) fail(`${who}: role to be one of ${ROLES.join(', ')}; got ${JSON.stringify(role)}`, 'invariant.role.flags');
  if (user['is_owner'] === true && user['is_admin'] !== true)
    fail(`${who}: is_owner true to imply is_admin true; got ${JSON.stringify(user)}`, 'invariant.owner.is-admin');
  const flags = { is_owner: role === 100, is_admin: role === 100 || role === 200, is_guest: role === 600 };
  for (const [flag, wanted] of Object.entries(flags)) {
    if (user[flag] !== wanted) fail(`${who}: ${flag} to be ${wanted} for role ${String(role)}; got ${JSON.stringify(user[flag])}`, 'invariant.role.flags');
  }
  if (typeof user['is_bot'] !== 'boolean') fail(`${who}: is_bot to be a boolean; got ${JSON.stringify(user['is_bot'])}`, 'invariant.bot.type');
  const botType = user['bot_type'];
  if (user['is_bot'] === (botType === null || botType === undefined)) {
    fail(
      `${who}: bot_type to be null exactly when is_bot is false; got is_bot ${String(user['is_bot'])}, bot_type ${JSON.stringify(botType)}`,
      'invariant.bot.type',
    );
  }
  const delivery = user['delivery_email'];
  if (delivery !== null && typeof delivery !== 'string')
    fail(`${who}: delivery_email to be a string or null; got ${JSON.stringify(delivery)}`, 'invariant.delivery-email.type');
  if (user['is_bot'] === true && typeof delivery !== 'string')
    fail(`${who}: a bot's delivery_email to be its real address; got ${JSON.stringify(delivery)}`, 'invariant.delivery-email.type');
}

function agreesWithModel(user: UserDict, pooled: PoolUser): void {
  const who = `user ${pooled.actor.userId} (${pooled.actor.email})`;
  if (user['role'] !== pooled.role)
    fail(`${who}: role ${pooled.role} after the calls so far; read back ${JSON.stringify(user['role'])}`, 'invariant.write.read-back');
  if (user['is_active'] !== pooled.active)
    fail(`${who}: is_active ${pooled.active} after the calls so far; read back ${JSON.stringify(user['is_active'])}`, 'invariant.write.read-back');
  if (user['full_name'] !== pooled.fullName)
    fail(
      `${who}: full_name ${JSON.stringify(pooled.fullName)} after the calls so far; read back ${JSON.stringify(user['full_name'])}`,
      'invariant.write.read-back',
    );
}

/**
 * Reads the realm and checks: every dict's own rules, an active owner
 * exists, the pool matches the model, and (for `subject`) the single-user
 * read agrees with the realm listing.
 */
export async function checkInvariants(world: World, model: Model, subject?: PoolUser): Promise<void> {
  const witnesses = world.witnesses?.();
  const ids =
    witnesses === undefined
      ? undefined
      : [
          ...new Set([
            world.owner.userId,
            ...witnesses,
            ...model.pool.map((user) => user.actor.userId),
            ...(subject === undefined ? [] : [subject.actor.userId]),
          ]),
        ];
  const listing = await world.read('/users', ids === undefined ? {} : { user_ids: JSON.stringify(ids) });
  if (!isSuccess(listing)) fail(`GET /users as the owner to succeed; got ${describeResponse(listing)}`, 'invariant.user.read-agrees');
  const members = (listing.body as { members?: unknown }).members;
  if (!Array.isArray(members)) fail(`GET /users to list members; got ${describeResponse(listing)}`, 'invariant.user.read-agrees');
  const byId = new Map<number, UserDict>();
  for (const member of members as UserDict[]) {
    checkUserDict(member);
    byId.set(member['user_id'] as number, member);
  }
  if (![...byId.values()].some((user) => user['is_active'] === true && user['role'] === 100)) {
    fail('an active organization owner to exist; GET /users lists none', 'invariant.owner.exists');
  }
  const owner = byId.get(world.owner.userId);
  if (owner?.['role'] !== 100 || owner['is_active'] !== true)
    fail(`the run's owner to stay an active owner; read back ${JSON.stringify(owner)}`, 'invariant.owner.exists');
  for (const pooled of model.pool) {
    const user = byId.get(pooled.actor.userId);
    if (user === undefined) fail(`GET /users to list user ${pooled.actor.userId}`, 'invariant.user.read-agrees');
    agreesWithModel(user, pooled);
  }
  if (subject !== undefined) {
    const single = await world.read(`/users/${subject.actor.userId}`);
    if (!isSuccess(single)) fail(`GET /users/${subject.actor.userId} as the owner to succeed; got ${describeResponse(single)}`, 'invariant.user.read-agrees');
    const user = (single.body as { user?: UserDict }).user;
    const listed = byId.get(subject.actor.userId);
    if (!isDeepStrictEqual(user, listed)) {
      fail(
        `GET /users/${subject.actor.userId} to agree with its GET /users entry; single ${JSON.stringify(user)}, listed ${JSON.stringify(listed)}`,
        'invariant.user.read-agrees',
      );
    }
  }
}
