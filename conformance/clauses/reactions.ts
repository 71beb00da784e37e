/**
 * Emoji reactions and message reports. The spec states adding a reaction
 * (its parameters, the invalid-code error and REACTION_ALREADY_EXISTS), what
 * identifies a reaction, and the report endpoint (its types, the explanation
 * `other` needs, the moderation channel it needs); removing a reaction and
 * the exact wording are the real server's behaviour (`compat`, facts in
 * server-messages-channels.md §7, §8 and server-events.md §5.1).
 */
import type { Clause } from '../clauses.js';
import { compat, since, spec } from './clause.js';

const ADD = 'POST /messages/{message_id}/reactions';
const REMOVE = 'DELETE /messages/{message_id}/reactions';
const REPORT = 'POST /messages/{message_id}/report';

const ADD_SECTION = 'POST /messages/{message_id}/reactions — add an emoji reaction';
const REPORT_SECTION = 'POST /messages/{message_id}/report — report a message';
const RECORDS = 'Other records';
const ERRORS = 'Errors';
const facts = (section: string) => `server-messages-channels.md: ${section}`;
const ev = (section: string) => `server-events.md: ${section}`;

export const REACTION_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('reactions.add.name-only', ADD_SECTION, 'emoji_name alone is enough: the code and the type are derived from it', ADD),
  spec('reactions.add.code', ADD_SECTION, 'emoji_code, when given, names the emoji within the namespace of reaction_type', ADD),
  spec('reactions.add.vote', ADD_SECTION, 'emoji_code lets a user vote on a reaction someone made under another name for the same emoji', ADD),
  spec('reactions.add.invalid-code', `${ADD_SECTION}; ${ERRORS}`, 'an invalid emoji code fails with BAD_REQUEST', ADD),
  spec('reactions.add.already-exists', `${ADD_SECTION}; ${ERRORS}`, 'adding a reaction the user already has fails with REACTION_ALREADY_EXISTS', ADD),
  spec('reactions.record.unicode', RECORDS, 'a unicode_emoji reaction’s code is the dash-separated hex encoding of its code points', ADD),
  spec('reactions.record.service-extra', RECORDS, 'a service_extra_emoji reaction’s code is the emoji’s name', ADD),

  // ------------------------------------------------------------------ POST /messages/{message_id}/reactions
  compat(
    'reactions.add.read-back',
    facts('§3.2'),
    'the message object lists each reaction as {emoji_name, emoji_code, reaction_type, user_id}, oldest first',
    ADD,
  ),
  compat('reactions.add.unknown-name', facts('§7.2'), 'a name no emoji has (the empty name too) fails with "Emoji \'<name>\' does not exist"', ADD),
  compat(
    'reactions.add.mismatch',
    facts('§7.3'),
    'a name that is not the given code’s fails with "Invalid emoji name."; an unknown type with "Invalid emoji type."',
    ADD,
  ),
  compat('reactions.add.vote-name', facts('§7.3'), 'a vote takes the existing reaction’s name and skips the name check', ADD),
  compat('reactions.add.missing-name', facts('§0'), 'emoji_name is required: without it "Missing \'emoji_name\' argument"', ADD),
  compat('reactions.add.inaccessible', facts('§0, §7.1'), 'reacting to a message the user may not read is "Invalid message(s)", as for a missing one', ADD),
  compat('reactions.add.historical', facts('§7.1'), 'reacting to a message read from public history gives the user a row for it', ADD),
  compat('reactions.add.refused-unchanged', facts('§0'), 'a refused reaction leaves the message’s reactions as they were', ADD),

  // ------------------------------------------------------------------ DELETE /messages/{message_id}/reactions
  compat('reactions.remove.by-name', facts('§7.4'), 'a reaction is removed by emoji_name, its code looked up from the name', REMOVE),
  compat('reactions.remove.by-code', facts('§7.4'), 'a reaction is removed by emoji_code (reaction_type unicode_emoji unless given)', REMOVE),
  compat('reactions.remove.own-only', facts('§7.4'), 'only the caller’s own reaction is removed; other users’ votes stay', REMOVE),
  compat(
    'reactions.remove.missing',
    facts('§7.4'),
    'removing a reaction the caller does not have fails with REACTION_DOES_NOT_EXIST, "Reaction doesn\'t exist."',
    REMOVE,
  ),
  compat(
    'reactions.remove.neither',
    facts('§7.4'),
    'without emoji_name and emoji_code: "At least one of the following arguments must be present: emoji_name, emoji_code"',
    REMOVE,
  ),

  // ------------------------------------------------------------------ events
  compat(
    'events.reactions.add',
    ev('§5.1'),
    'adding a reaction sends a reaction event, op add, with user_id, message_id, emoji_name, emoji_code and reaction_type',
    ADD,
  ),
  compat('events.reactions.remove', ev('§5.1'), 'removing a reaction sends the same event with op remove', REMOVE),
  compat('events.reactions.audience', ev('§5.1'), 'reaction events reach the users who may see the message, and nobody else', ADD),
];

export const REPORT_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('reports.notify', REPORT_SECTION, 'a report posts a notification in the organization’s moderation request channel', REPORT),
  since(435, spec('reports.types', REPORT_SECTION, 'report_type is one of the keys of server_report_message_types from the register response', REPORT)),
  spec('reports.other-needs-description', `${REPORT_SECTION}; ${ERRORS}`, 'a report of type other without a description fails with BAD_REQUEST', REPORT),
  spec('reports.not-configured', `${REPORT_SECTION}; ${ERRORS}`, 'without a moderation request channel a report fails with BAD_REQUEST', REPORT),

  // ------------------------------------------------------------------ compat
  compat('reports.invalid-type', facts('§8.2'), 'a report_type outside the set fails with 400 BAD_REQUEST', REPORT),
  compat('reports.explanation-text', facts('§8.2'), 'the other-without-description error reads "An explanation is required." and is checked first', REPORT),
  compat('reports.disabled-text', facts('§8.2'), 'the no-channel error reads "Message reporting is not enabled in this organization."', REPORT),
  compat(
    'reports.description-limit',
    facts('§0, §8.2'),
    'the server refuses a description over 1000 characters: "description is too long (limit: 1000 characters)"',
    REPORT,
  ),
  compat('reports.inaccessible', facts('§8.2'), 'reporting a message the user may not read is "Invalid message(s)", as for a missing one', REPORT),
  compat('reports.refused-nothing-posted', facts('§8.2'), 'a refused report posts nothing', REPORT),
  compat(
    'reports.notification.wording',
    facts('§8.3'),
    'Notification Bot posts in "<reported user> moderation": who reported whose message and when, a quote of the reason and description, and the message in a spoiler',
    REPORT,
  ),
  compat('reports.notification.direct', facts('§8.3'), 'a reported direct message is named as one and linked to its conversation', REPORT),
];
