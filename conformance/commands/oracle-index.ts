/**
 * The event oracle's command sequences: the user writes of the invariant
 * property (reused as they are) plus channel, subscription, group, status,
 * profile, realm and message writes. Reads are left out: they send no events.
 */
import fc from 'fast-check';
import { ChangeRoleCommand } from './change-role.js';
import { CreateUserCommand } from './create-user.js';
import { DeactivateUserCommand } from './deactivate-user.js';
import { ArchiveChannelCommand, CHANNEL_CHANGES, CreateChannelCommand, SubscriptionCommand, UpdateChannelCommand } from './oracle-channels.js';
import { CreateGroupCommand, DeactivateGroupCommand, GroupMembershipCommand, UpdateGroupCommand } from './oracle-groups.js';
import { DeleteMessageCommand, MessageFlagCommand, MoveTopicCommand, SendMessageCommand } from './oracle-messages.js';
import { CreateProfileFieldCommand, ProfileDataCommand } from './oracle-profile.js';
import { UpdateRealmCommand } from './oracle-realm.js';
import { STATUS_CHANGES, StatusCommand } from './oracle-status.js';
import type { OracleCommand } from './oracle-world.js';
import { RenameUserCommand } from './rename-user.js';
import { UpdateStatusCommand } from './update-status.js';
import { ROLES } from './world.js';

const position = fc.nat({ max: 9 });
const maybePosition = fc.option(position, { nil: undefined });
/** Callers of the oracle's own commands: the owner half of the time, so that administrative writes succeed often enough to matter. */
const callerPosition = fc.oneof(fc.constant(0), position);

export const ORACLE_COMMANDS: readonly fc.Arbitrary<OracleCommand>[] = [
  // Users (the invariant property's commands)
  fc.tuple(position, position, fc.constantFrom(...ROLES)).map(([caller, target, role]) => new ChangeRoleCommand(caller, target, role)),
  fc.tuple(position, position).map(([caller, target]) => new DeactivateUserCommand(caller, target)),
  fc.tuple(position, position, fc.nat({ max: 9 })).map(([caller, target, suffix]) => new RenameUserCommand(caller, target, suffix)),
  fc.tuple(position, fc.nat({ max: 9 }), fc.option(fc.boolean(), { nil: undefined })).map(([user, text, away]) => new UpdateStatusCommand(user, text, away)),
  fc.constantFrom(...ROLES).map((role) => new CreateUserCommand(role)),
  // Status and profile
  fc.tuple(callerPosition, fc.nat({ max: STATUS_CHANGES.length - 1 })).map(([caller, change]) => new StatusCommand(caller, change)),
  fc.tuple(callerPosition, position, fc.nat({ max: 2 })).map(([caller, field, value]) => new ProfileDataCommand(caller, field, value)),
  fc.constant(null).map(() => new CreateProfileFieldCommand()),
  // Channels and subscriptions
  fc
    .tuple(callerPosition, fc.boolean(), fc.boolean(), maybePosition)
    .map(([caller, inviteOnly, isDefault, also]) => new CreateChannelCommand(caller, inviteOnly, isDefault, also)),
  fc.tuple(callerPosition, position, fc.constantFrom(...CHANNEL_CHANGES)).map(([caller, channel, change]) => new UpdateChannelCommand(caller, channel, change)),
  fc.tuple(callerPosition, position).map(([caller, channel]) => new ArchiveChannelCommand(caller, channel)),
  fc
    .tuple(callerPosition, position, fc.boolean(), maybePosition)
    .map(([caller, channel, subscribe, who]) => new SubscriptionCommand(caller, channel, subscribe, who)),
  fc
    .tuple(callerPosition, position, fc.boolean(), maybePosition)
    .map(([caller, channel, subscribe, who]) => new SubscriptionCommand(caller, channel, subscribe, who)),
  // Groups
  fc.tuple(callerPosition, fc.array(position, { maxLength: 2 })).map(([caller, members]) => new CreateGroupCommand(caller, members)),
  fc.tuple(callerPosition, position, fc.boolean()).map(([caller, group, rename]) => new UpdateGroupCommand(caller, group, rename)),
  fc
    .tuple(callerPosition, position, fc.boolean(), fc.boolean(), position)
    .map(([caller, group, subgroup, add, other]) => new GroupMembershipCommand(caller, group, subgroup, add, other)),
  fc.tuple(callerPosition, position).map(([caller, group]) => new DeactivateGroupCommand(caller, group)),
  // Organization settings
  fc.tuple(callerPosition, position, position).map(([caller, setting, value]) => new UpdateRealmCommand(caller, setting, value)),
  // Messages
  fc.tuple(position, fc.boolean(), position, maybePosition).map(([caller, toChannel, target, also]) => new SendMessageCommand(caller, toChannel, target, also)),
  fc
    .tuple(position, position, fc.constantFrom('starred' as const, 'read' as const), fc.boolean())
    .map(([caller, message, flag, add]) => new MessageFlagCommand(caller, message, flag, add)),
  fc.tuple(callerPosition, position).map(([caller, message]) => new MoveTopicCommand(caller, message)),
  fc.tuple(callerPosition, position).map(([caller, message]) => new DeleteMessageCommand(caller, message)),
];

/** Sequences of writes; each costs a few requests, and the oracle then registers every queue again. */
export function oracleCommandSequences(maxCommands = 8): fc.Arbitrary<Iterable<OracleCommand>> {
  return fc.commands([...ORACLE_COMMANDS], { maxCommands });
}
