/** PATCH /users/{user_id} full_name=…: administrators rename users. */
import type fc from 'fast-check';
import { checkInvariants } from './invariants.js';
import { type Expected, expectOutcome } from './outcome.js';
import { type Caller, callerActive, callerLabel, callerRole, isAdministrator, type Model, type PoolUser, pick, pickCaller, type World } from './world.js';

/** Legal in a full name on every server, yet not plain ASCII. */
export const NAME_SUFFIXES = ['', ' é', ' Ünïcödé', ' 🐙', ' Ωμέγα'] as const;

export function expectedRename(caller: Caller, target: PoolUser): Expected {
  if (!callerActive(caller)) return 'unauthenticated';
  const actorRole = callerRole(caller);
  if (!isAdministrator(actorRole)) return 'refused';
  if (target.role === 100 && actorRole !== 100) return 'either';
  if (caller.kind === 'pool' && caller.user === target) return 'either';
  return 'ok';
}

export class RenameUserCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly targetPosition: number,
    readonly suffix: number,
  ) {}

  check(model: Readonly<Model>): boolean {
    return model.pool.length > 0;
  }

  async run(model: Model, world: World): Promise<void> {
    const caller = pickCaller(model, this.callerPosition);
    const target = pick(model.pool, this.targetPosition);
    const name = `${world.unique('renamed')}${NAME_SUFFIXES[this.suffix % NAME_SUFFIXES.length]}`;
    const expected = expectedRename(caller, target);
    const response = await world.send({ caller, method: 'PATCH', path: '/users/{user}', params: { full_name: name }, subject: target });
    this.label = world.lastCurl;
    const what = `${callerLabel(caller)} renaming ${target.actor.email}`;
    if (expectOutcome(response, expected, what, 'invariant.role.permissions') === 'success') target.fullName = name;
    await checkInvariants(world, model, target);
  }

  toString(): string {
    return `RenameUser(caller#${this.callerPosition}, user#${this.targetPosition}, suffix#${this.suffix})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
