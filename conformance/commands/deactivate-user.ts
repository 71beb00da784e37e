/** DELETE /users/{user_id}: administrators deactivate users; only owners deactivate owners. */
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
  type World,
} from './world.js';

export function expectedDeactivation(model: Model, caller: Caller, target: PoolUser): Expected {
  if (!callerActive(caller)) return 'unauthenticated';
  const actorRole = callerRole(caller);
  if (!isAdministrator(actorRole)) return 'refused';
  if (!target.active) return 'refused';
  if (target.role === 100 && actorRole !== 100) return 'refused';
  if (target.role === 100 && activeOwners(model) === 1) return 'refused';
  if (caller.kind === 'pool' && caller.user === target) return 'either';
  return 'ok';
}

export class DeactivateUserCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly targetPosition: number,
  ) {}

  check(model: Readonly<Model>): boolean {
    return model.pool.length > 0;
  }

  async run(model: Model, world: World): Promise<void> {
    const caller = pickCaller(model, this.callerPosition);
    const target = pick(model.pool, this.targetPosition);
    const expected = expectedDeactivation(model, caller, target);
    const response = await world.send({ caller, method: 'DELETE', path: '/users/{user}', subject: target });
    this.label = world.lastCurl;
    const what = `${callerLabel(caller)} deactivating ${target.actor.email} (role ${target.role}${target.active ? '' : ', deactivated'})`;
    if (expectOutcome(response, expected, what, 'invariant.role.permissions') === 'success') target.active = false;
    await checkInvariants(world, model, target);
  }

  toString(): string {
    return `DeactivateUser(caller#${this.callerPosition}, user#${this.targetPosition})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
