/** POST /users as the owner: a new pool user. Capped per run, creation being slow on every server. */
import type fc from 'fast-check';
import { checkInvariants } from './invariants.js';
import type { Model, Role, World } from './world.js';

/** More pool users than this are not worth the cost of creating them. */
export const MAX_ACTIVE_POOL = 3;

export class CreateUserCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(readonly role: Role) {}

  check(model: Readonly<Model>): boolean {
    return model.created < 1 && model.pool.filter((user) => user.active).length < MAX_ACTIVE_POOL;
  }

  async run(model: Model, world: World): Promise<void> {
    const user = await world.createUser(this.role);
    this.label = `created ${user.actor.email} (id ${user.actor.userId}) with role ${this.role}`;
    model.pool.push(user);
    model.created += 1;
    await checkInvariants(world, model, user);
  }

  toString(): string {
    return `CreateUser(${this.role})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
