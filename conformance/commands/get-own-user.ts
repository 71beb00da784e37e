/** GET /users/me: an active user sees their own record; a deactivated one cannot authenticate. */
import type fc from 'fast-check';
import { CheckFailure } from '../check.js';
import { expectOutcome } from './outcome.js';
import { callerActive, callerLabel, callerRole, type Model, pickCaller, type World } from './world.js';

export class GetOwnUserCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(readonly callerPosition: number) {}

  check(): boolean {
    return true;
  }

  async run(model: Model, world: World): Promise<void> {
    const caller = pickCaller(model, this.callerPosition);
    const response = await world.send({ caller, method: 'GET', path: '/users/me' });
    this.label = world.lastCurl;
    const outcome = expectOutcome(
      response,
      callerActive(caller) ? 'ok' : 'unauthenticated',
      `${callerLabel(caller)} reading their own user`,
      'invariant.deactivated.no-auth',
    );
    if (outcome !== 'success') return;
    const body = response.body as Record<string, unknown>;
    const id = caller.kind === 'owner' ? world.owner.userId : caller.user.actor.userId;
    if (body['user_id'] !== id || body['role'] !== callerRole(caller)) {
      throw new CheckFailure(
        `GET /users/me to show user ${id} with role ${callerRole(caller)}; got user ${String(body['user_id'])} with role ${String(body['role'])}`,
        undefined,
        'invariant.write.read-back',
      );
    }
  }

  toString(): string {
    return `GetOwnUser(caller#${this.callerPosition})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
