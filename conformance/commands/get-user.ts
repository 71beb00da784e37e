/** GET /users/{user_id}: any active user may read a pool user, and the record matches the model. */
import type fc from 'fast-check';
import { CheckFailure } from '../check.js';
import { checkUserDict } from './invariants.js';
import { expectOutcome } from './outcome.js';
import { callerActive, callerLabel, callerRole, type Model, pick, pickCaller, type World } from './world.js';

export class GetUserCommand implements fc.AsyncCommand<Model, World> {
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
    const response = await world.send({ caller, method: 'GET', path: '/users/{user}', subject: target });
    this.label = world.lastCurl;
    // Guests may be limited to users they share a channel with, depending on the realm.
    const expected = !callerActive(caller) ? 'unauthenticated' : callerRole(caller) === 600 ? 'either' : 'ok';
    if (expectOutcome(response, expected, `${callerLabel(caller)} reading ${target.actor.email}`, 'invariant.user.read-agrees') !== 'success') return;
    const user = (response.body as { user?: Record<string, unknown> }).user;
    if (user === undefined) throw new CheckFailure('GET /users/{user_id} to answer a user object', undefined, 'invariant.user.read-agrees');
    checkUserDict(user);
    if (user['user_id'] !== target.actor.userId || user['role'] !== target.role || user['is_active'] !== target.active) {
      throw new CheckFailure(
        `GET /users/${target.actor.userId} to show role ${target.role}, is_active ${target.active}; got ${JSON.stringify(user)}`,
        undefined,
        'invariant.write.read-back',
      );
    }
  }

  toString(): string {
    return `GetUser(caller#${this.callerPosition}, user#${this.targetPosition})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
