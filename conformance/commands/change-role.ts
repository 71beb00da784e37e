/** PATCH /users/{user_id} role=…: administrators change roles; only owners touch the owner role. */
import type fc from 'fast-check';
import { checkInvariants } from './invariants.js';
import { type Expected, expectOutcome } from './outcome.js';
import {
  activeOwners,
  type Caller,
  callerActive,
  callerLabel,
  callerRole,
  isAdministrator,
  type Model,
  type PoolUser,
  pick,
  pickCaller,
  type Role,
  type World,
} from './world.js';

export function expectedRoleChange(model: Model, caller: Caller, target: PoolUser, role: Role): Expected {
  if (!callerActive(caller)) return 'unauthenticated';
  const actorRole = callerRole(caller);
  if (!isAdministrator(actorRole)) return 'refused';
  if (target.role === role) return caller.kind === 'pool' && caller.user === target ? 'either' : 'ok';
  if ((target.role === 100 || role === 100) && actorRole !== 100) return 'refused';
  if (target.role === 100 && target.active && activeOwners(model) === 1) return 'refused';
  if (target.role === 600 && isAdministrator(role)) return 'refused';
  // Changing one's own role is a corner the spec leaves open.
  if (caller.kind === 'pool' && caller.user === target) return 'either';
  return 'ok';
}

export class ChangeRoleCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly targetPosition: number,
    readonly role: Role,
  ) {}

  check(model: Readonly<Model>): boolean {
    return model.pool.length > 0;
  }

  async run(model: Model, world: World): Promise<void> {
    const caller = pickCaller(model, this.callerPosition);
    const target = pick(model.pool, this.targetPosition);
    const expected = expectedRoleChange(model, caller, target, this.role);
    const response = await world.send({ caller, method: 'PATCH', path: '/users/{user}', params: { role: String(this.role) }, subject: target });
    this.label = world.lastCurl;
    const what = `${callerLabel(caller)} changing the role of ${target.actor.email} (role ${target.role}) to ${this.role}`;
    if (expectOutcome(response, expected, what, 'invariant.role.permissions') === 'success') target.role = this.role;
    await checkInvariants(world, model, target);
  }

  toString(): string {
    return `ChangeRole(caller#${this.callerPosition}, user#${this.targetPosition}, ${this.role})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
