/**
 * The simplified picture the command sequences are checked against (the
 * `Model`), and the system they act on (the `World`): the target, seen only
 * through calls, plus an optional reference model fed the same calls.
 */
import type { Actor } from '../check.js';
import type { TargetResponse } from '../target.js';

export type Role = 100 | 200 | 300 | 400 | 600;
export const ROLES: readonly Role[] = [100, 200, 300, 400, 600];

/** A user the run created and may change; addressed by position, never by a guessed id. */
export interface PoolUser {
  readonly actor: Actor;
  role: Role;
  active: boolean;
  fullName: string;
}

export interface Model {
  /** The users commands may act on; the cast owner is never among them. */
  readonly pool: PoolUser[];
  /** How many users commands created this run (creation is slow; commands cap it). */
  created: number;
}

/** Who makes a call: the cast owner or a pool user. */
export type Caller = { readonly kind: 'owner' } | { readonly kind: 'pool'; readonly user: PoolUser };

/** A call with `{user}` standing for a pool user's id in the path. */
export interface WorldRequest {
  readonly caller: Caller;
  readonly method: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
  /** The pool user `{user}` in the path refers to. */
  readonly subject?: PoolUser;
}

export interface World {
  readonly owner: Actor;
  /** The feature level the target is judged at (undefined: the newest). */
  readonly featureLevel?: number;
  /** Sends a request to the target (and the reference, comparing both answers when there is one). */
  send(request: WorldRequest): Promise<TargetResponse>;
  /** Reads as the cast owner, from the target only. */
  read(path: string, params?: Readonly<Record<string, string>>): Promise<TargetResponse>;
  /** Creates a pool user on the target (and its mirror on the reference). */
  createUser(role: Role): Promise<PoolUser>;
  /** A name no run used before (for names commands set). */
  unique(label: string): string;
  /** The curl line of the last request sent, for command labels. */
  readonly lastCurl: string;
  /**
   * The users an invariant read lists (GET /users?user_ids=…) besides the
   * pool, or undefined to list the whole organization: a realm that grew
   * with earlier runs must not make every read cost more.
   */
  witnesses?(): readonly number[] | undefined;
}

export function isAdministrator(role: Role): boolean {
  return role <= 200;
}

/** Position modulo the live count: every drawn command applies, whatever the pool looks like. */
export function pick<T>(items: readonly T[], position: number): T {
  return items[position % items.length]!;
}

/** Callers by position: 0 is the cast owner, the rest the pool. */
export function pickCaller(model: Model, position: number): Caller {
  const index = position % (model.pool.length + 1);
  return index === 0 ? { kind: 'owner' } : { kind: 'pool', user: model.pool[index - 1]! };
}

export function callerRole(caller: Caller): Role {
  return caller.kind === 'owner' ? 100 : caller.user.role;
}

export function callerActive(caller: Caller): boolean {
  return caller.kind === 'owner' || caller.user.active;
}

export function callerLabel(caller: Caller): string {
  return caller.kind === 'owner' ? 'owner' : `${caller.user.actor.email} (role ${caller.user.role}${caller.user.active ? '' : ', deactivated'})`;
}

/** Active owners the model knows of: the cast owner plus pool owners. */
export function activeOwners(model: Model): number {
  return 1 + model.pool.filter((user) => user.active && user.role === 100).length;
}
