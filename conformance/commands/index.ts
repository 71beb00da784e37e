/** The command sequences of the invariant and differential properties: one class per API call. */
import fc from 'fast-check';
import { ChangeRoleCommand } from './change-role.js';
import { CreateUserCommand } from './create-user.js';
import { DeactivateUserCommand } from './deactivate-user.js';
import { GetOwnUserCommand } from './get-own-user.js';
import { GetUserCommand } from './get-user.js';
import { RenameUserCommand } from './rename-user.js';
import { UpdateStatusCommand } from './update-status.js';
import { type Model, ROLES, type World } from './world.js';

const position = fc.nat({ max: 9 });
const role = fc.constantFrom(...ROLES);

export const USER_COMMANDS: readonly fc.Arbitrary<fc.AsyncCommand<Model, World>>[] = [
  fc.tuple(position, position, role).map(([caller, target, next]) => new ChangeRoleCommand(caller, target, next)),
  fc.tuple(position, position).map(([caller, target]) => new DeactivateUserCommand(caller, target)),
  fc.tuple(position, position, fc.nat({ max: 9 })).map(([caller, target, suffix]) => new RenameUserCommand(caller, target, suffix)),
  fc.tuple(position, fc.nat({ max: 9 }), fc.option(fc.boolean(), { nil: undefined })).map(([user, text, away]) => new UpdateStatusCommand(user, text, away)),
  position.map((caller) => new GetOwnUserCommand(caller)),
  fc.tuple(position, position).map(([caller, target]) => new GetUserCommand(caller, target)),
  role.map((next) => new CreateUserCommand(next)),
];

/** Command sequences of modest length: each command costs a few requests. */
export function userCommandSequences(maxCommands = 8): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, World>>> {
  return fc.commands([...USER_COMMANDS], { maxCommands });
}
