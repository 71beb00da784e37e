/**
 * The World the commands act on: a target reached through the check's
 * recorded calls, with pool users named "user1", "user2", …, and optionally
 * a reference model that gets every call too and must answer alike.
 */
import { isDeepStrictEqual } from 'node:util';
import { type Actor, type CheckContext, CheckFailure } from '../check.js';
import { endpointSince } from '../feature-level.js';
import { curlLine } from '../properties/curl.js';
import { describeResponse, isSuccess } from '../properties/envelope.js';
import type { Call } from '../properties/recorder.js';
import { comparable, type Names } from '../reference/normalize.js';
import type { Reference } from '../reference/reference.js';
import type { TargetResponse } from '../target.js';
import type { Model, PoolUser, Role, World, WorldRequest } from './world.js';

/** Only the latest pool users take part in a run; older ones would only slow the reads. */
const POOL_WINDOW = 6;

export interface TargetWorld extends World {
  /** Adds a user made outside the commands (e.g. with ctx.newUser) to the pool, in whatever state it is now. */
  adopt(actor: Actor): void;
  /** Reads the pool's current state from the target: the model a run starts from. */
  readModel(): Promise<Model>;
  /** Ids of users commands created, for deactivation when the check ends. */
  readonly createdIds: readonly number[];
  /** Reads every pool user of the window through `send`, so a reference compares the state both sides ended in. */
  readBackPool(): Promise<void>;
}

export function worldOverTarget(ctx: CheckContext, call: Call, reference?: Reference): TargetWorld {
  const owner = ctx.cast.owner;
  const ids = new Map<number, string>([[owner.userId, 'owner']]);
  const emails = new Map<string, string>([[owner.email.toLowerCase(), 'owner']]);
  const names: Names = { ids, emails };
  const pool: { actor: Actor; name: string }[] = [];
  const createdIds: number[] = [];
  const domain = owner.email.slice(owner.email.lastIndexOf('@') + 1);
  let lastCurl = '';
  /** Chosen from the check's first whole listing: every bot and one user of each role (see World.witnesses). */
  let witnesses: number[] | undefined;

  function chooseWitnesses(members: readonly Record<string, unknown>[]): number[] {
    const roles = new Set<unknown>();
    const chosen: number[] = [];
    for (const member of members) {
      const id = member['user_id'];
      if (typeof id !== 'number') continue;
      if (member['is_bot'] === true || !roles.has(member['role'])) chosen.push(id);
      roles.add(member['role']);
    }
    return chosen;
  }

  function register(actor: Actor): string {
    const name = `user${pool.length + 1}`;
    ids.set(actor.userId, name);
    emails.set(actor.email.toLowerCase(), name);
    pool.push({ actor, name });
    return name;
  }

  /** The mirror starts as the user was made; each run's readModel brings it up to date. */
  function adopt(actor: Actor): void {
    const name = register(actor);
    reference?.createUser(name, actor.email.slice(0, actor.email.lastIndexOf('@')), actor.fullName, actor.role);
  }

  function nameOf(user: PoolUser): string {
    return ids.get(user.actor.userId) ?? '<unknown>';
  }

  function compare(what: string, target: TargetResponse, mirrored: TargetResponse): void {
    if (reference === undefined) return;
    const left = comparable(target.status, target.body, names);
    const right = comparable(mirrored.status, mirrored.body, reference.names);
    if (!isDeepStrictEqual(left, right)) {
      throw new CheckFailure(
        `${what} to answer as the reference model does (ids mapped, own timestamps, keys and domains ignored); target ${JSON.stringify(left)}, reference ${JSON.stringify(right)}`,
        undefined,
        'differential.reference.agrees',
      );
    }
  }

  const world: TargetWorld = {
    owner,
    featureLevel: ctx.featureLevel,
    get lastCurl() {
      return lastCurl;
    },
    get createdIds() {
      return createdIds;
    },
    unique: (label) => ctx.unique(label),
    adopt,
    witnesses: () => witnesses,

    async send(request: WorldRequest) {
      const auth = request.caller.kind === 'owner' ? owner : request.caller.user.actor;
      const path = request.subject === undefined ? request.path : request.path.replace('{user}', String(request.subject.actor.userId));
      const params = request.params ?? {};
      lastCurl = curlLine({ auth, method: request.method, path, params });
      const response = await call(auth, request.method, path, params);
      if (reference !== undefined) {
        const callerName = request.caller.kind === 'owner' ? 'owner' : nameOf(request.caller.user);
        const referencePath = request.subject === undefined ? request.path : request.path.replace('{user}', String(reference.idOf(nameOf(request.subject))));
        compare(`${request.method} ${request.path}`, response, reference.call(callerName, request.method, referencePath, params));
      }
      return response;
    },

    read: (path, params = {}) => call(owner, 'GET', path, params),

    async createUser(role: Role): Promise<PoolUser> {
      const localPart = ctx.unique('pool').toLowerCase();
      const email = `${localPart}@${domain}`;
      const password = `Pw-${localPart}-7319!`;
      const fullName = ctx.unique('pool');
      const made = await call(owner, 'POST', '/users', { email, password, full_name: fullName });
      const id = (made.body as Record<string, unknown> | null)?.['user_id'];
      if (!isSuccess(made) || typeof id !== 'number')
        throw new CheckFailure(`POST /users as the owner to create a user; got ${describeResponse(made)}`, undefined, 'invariant.role.permissions');
      createdIds.push(id);
      if (role !== 400) {
        const patched = await call(owner, 'PATCH', `/users/${id}`, { role: String(role) });
        if (!isSuccess(patched))
          throw new CheckFailure(
            `the owner to give the new user ${id} role ${role}; got ${describeResponse(patched)}`,
            undefined,
            'invariant.role.permissions',
          );
      }
      const key = await call(null, 'POST', '/fetch_api_key', { username: email, password });
      const apiKey = (key.body as Record<string, unknown> | null)?.['api_key'];
      if (!isSuccess(key) || typeof apiKey !== 'string')
        throw new CheckFailure(`POST /fetch_api_key for the new user; got ${describeResponse(key)}`, undefined, 'auth.key-fetch.public');
      const actor: Actor = { email, apiKey, userId: id, fullName, role };
      const name = register(actor);
      lastCurl = curlLine({ auth: owner, method: 'POST', path: '/users', params: { email, password, full_name: fullName } });
      if (reference !== undefined) compare('POST /users', made, reference.createUser(name, localPart, fullName, role));
      return { actor, role, active: true, fullName };
    },

    async readBackPool(): Promise<void> {
      for (const { actor } of pool.slice(-POOL_WINDOW)) {
        const subject: PoolUser = { actor, role: actor.role as Role, active: true, fullName: actor.fullName };
        await world.send({ caller: { kind: 'owner' }, method: 'GET', path: '/users/{user}', subject });
        // GET /users/{user_id}/status appeared at 262.
        if (ctx.featureLevel >= (endpointSince('GET /users/{user_id}/status') ?? 0))
          await world.send({ caller: { kind: 'owner' }, method: 'GET', path: '/users/{user}/status', subject });
      }
    },

    async readModel(): Promise<Model> {
      const ids = witnesses === undefined ? undefined : [owner.userId, ...pool.slice(-POOL_WINDOW).map(({ actor }) => actor.userId)];
      const listing = await call(owner, 'GET', '/users', ids === undefined ? {} : { user_ids: JSON.stringify(ids) });
      const members = (listing.body as { members?: Record<string, unknown>[] } | null)?.members;
      if (!isSuccess(listing) || !Array.isArray(members))
        throw new CheckFailure(`GET /users as the owner to succeed; got ${describeResponse(listing)}`, undefined, 'invariant.user.read-agrees');
      witnesses ??= chooseWitnesses(members);
      const byId = new Map(members.map((member) => [member['user_id'], member]));
      const users: PoolUser[] = [];
      for (const { actor, name } of pool.slice(-POOL_WINDOW)) {
        const member = byId.get(actor.userId);
        if (member === undefined) throw new CheckFailure(`GET /users to list the run's user ${actor.userId}`, undefined, 'invariant.user.read-agrees');
        const user: PoolUser = { actor, role: member['role'] as Role, active: member['is_active'] === true, fullName: String(member['full_name']) };
        reference?.sync(name, user);
        users.push(user);
      }
      return { pool: users, created: 0 };
    },
  };
  return world;
}
