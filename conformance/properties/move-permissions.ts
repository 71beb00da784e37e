/**
 * Who may rename topics, move messages out of a channel and resolve topics,
 * over random settings. Each run draws an actor (guest, member, moderator,
 * administrator), the organization's three groups and the source channel's
 * four (system groups, or a group of just the actor), sets them on the target
 * through the API, and has the actor try one action on a fresh message. The
 * answer must agree with the named rules (canMoveMessagesWithinChannel,
 * canMoveMessagesOutOfChannel, canResolveTopicsIn) evaluated on a mirror: an
 * in-process model of the default realm given the same settings through its
 * API, whose users of the same roles stand in for the cast.
 */
import fc from 'fast-check';
import { createModel, type Model } from '../../src/in-process.js';
import { canMoveMessagesOutOfChannel, canMoveMessagesWithinChannel, canResolveTopicsIn } from '../../src/model/rules/message-moving.js';
import type { Channel, User } from '../../src/model/state.js';
import { getRow } from '../../src/model/tables/table.js';
import { DESDEMONA, HAMLET, IAGO, POLONIUS, SHIVA } from '../../src/testing/default-realm.js';
import { type Actor, type Check, type CheckContext, CheckFailure } from '../check.js';
import { type SystemGroupName, systemGroupIds } from '../checks/groups/support.js';
import { NO_EDIT_PERMISSION, NO_MOVE_PERMISSION, NO_RESOLVE_PERMISSION, ownerChannel, placeOf, RESOLVED } from '../checks/messages/edit-support.js';
import { sendToChannel, wire } from '../checks/messages/support.js';
import { realmState } from '../checks/realm/support.js';
import { readChannel } from '../checks/streams/support.js';
import { type Body, expectError, expectSuccess, expectUnchanged } from '../expect.js';
import { paramSince } from '../feature-level.js';
import type { TargetResponse } from '../target.js';
import { checkProperty, Recorder } from './recorder.js';

type Role = 'guest' | 'member' | 'moderator' | 'administrator';
type Action = 'rename' | 'move' | 'resolve';
/** A system group, or an anonymous group of just the acting user. */
type Choice = SystemGroupName | 'actor';

const ROLES: readonly Role[] = ['guest', 'member', 'moderator', 'administrator'];
const ANY: readonly Choice[] = ['role:everyone', 'role:members', 'role:moderators', 'role:administrators', 'role:nobody', 'actor'];
const NOT_EVERYONE: readonly Choice[] = ANY.filter((choice) => choice !== 'role:everyone');

const REALM_SETTINGS = ['can_move_messages_between_topics_group', 'can_move_messages_between_channels_group', 'can_resolve_topics_group'] as const;
const CHANNEL_SETTINGS = [
  'can_move_messages_within_channel_group',
  'can_move_messages_out_of_channel_group',
  'can_resolve_topics_group',
  'can_administer_channel_group',
] as const;

interface Draw {
  readonly role: Role;
  readonly action: Action;
  readonly realm: Readonly<Record<(typeof REALM_SETTINGS)[number], Choice>>;
  readonly channel: Readonly<Record<(typeof CHANNEL_SETTINGS)[number], Choice>>;
}

const drawArbitrary: fc.Arbitrary<Draw> = fc.record({
  role: fc.constantFrom(...ROLES),
  action: fc.constantFrom<Action>('rename', 'move', 'resolve'),
  realm: fc.record({
    can_move_messages_between_topics_group: fc.constantFrom(...ANY),
    can_move_messages_between_channels_group: fc.constantFrom(...NOT_EVERYONE),
    can_resolve_topics_group: fc.constantFrom(...ANY),
  }),
  channel: fc.record({
    can_move_messages_within_channel_group: fc.constantFrom(...ANY),
    can_move_messages_out_of_channel_group: fc.constantFrom(...ANY),
    can_resolve_topics_group: fc.constantFrom(...ANY),
    can_administer_channel_group: fc.constantFrom(...NOT_EVERYONE),
  }),
});

const REFUSALS: Readonly<Record<Action, { readonly msg: string; readonly clause: string }>> = {
  rename: { msg: NO_EDIT_PERMISSION, clause: 'messages.move.topic-permission' },
  move: { msg: NO_MOVE_PERMISSION, clause: 'messages.move.channel-permission' },
  resolve: { msg: NO_RESOLVE_PERMISSION, clause: 'messages.resolve.permission' },
};

function groupValue(choice: Choice, ids: Readonly<Record<SystemGroupName, number>>, actorId: number): unknown {
  return choice === 'actor' ? { direct_members: [actorId], direct_subgroups: [] } : ids[choice];
}

/** The settings of one draw as PATCH parameters ({new: value}), for one side's group ids and actor. */
function settingParams(
  settings: Readonly<Record<string, Choice>>,
  ids: Readonly<Record<SystemGroupName, number>>,
  actorId: number,
): Record<string, { new: unknown }> {
  return Object.fromEntries(Object.entries(settings).map(([name, choice]) => [name, { new: groupValue(choice, ids, actorId) }]));
}

/** The default realm in-process, with one source and one target channel like the target's, to evaluate the rules on. */
class Mirror {
  private readonly model: Model;
  private readonly ids: Record<SystemGroupName, number>;
  readonly sourceId: number;
  private readonly users: Readonly<Record<Role, number>> = {
    guest: POLONIUS.userId,
    member: HAMLET.userId,
    moderator: SHIVA.userId,
    administrator: IAGO.userId,
  };

  constructor(seed: number) {
    const now = 1_760_000_000;
    this.model = createModel({ seed: `move-permissions-${seed}`, clock: () => now });
    const groups = (this.call('GET', '/user_groups')['user_groups'] as Body[]).filter((group) => group['is_system_group'] === true);
    this.ids = Object.fromEntries(groups.map((group) => [group['name'], group['id']])) as Record<SystemGroupName, number>;
    this.sourceId = this.makeChannel('source');
    this.makeChannel('target');
  }

  private call(method: string, path: string, params: Readonly<Record<string, unknown>> = {}): Body {
    const response = this.model.call(method, path, wire(params), { auth: DESDEMONA });
    const body = response.body as Body;
    if (response.status !== 200) throw new Error(`the mirror refused ${method} ${path}: ${JSON.stringify(body)}`);
    return body;
  }

  private makeChannel(name: string): number {
    this.call('POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals: [DESDEMONA.userId, ...Object.values(this.users)] });
    return this.call('GET', '/get_stream_id', { stream: name })['stream_id'] as number;
  }

  /** Whether the rules let the draw's actor do its action once the mirror has the draw's settings. */
  allows(draw: Draw): boolean {
    const actorId = this.users[draw.role];
    this.call('PATCH', '/realm', wireSettings(settingParams(draw.realm, this.ids, actorId)));
    this.call('PATCH', `/streams/${this.sourceId}`, wireSettings(settingParams(draw.channel, this.ids, actorId)));
    const state = this.model.state;
    const user = getRow(state.users, actorId) as User;
    const channel = getRow(state.channels, this.sourceId) as Channel;
    switch (draw.action) {
      case 'rename':
        return canMoveMessagesWithinChannel(state, user, channel);
      case 'move':
        return canMoveMessagesOutOfChannel(state, user, channel);
      case 'resolve':
        return canResolveTopicsIn(state, user, channel);
    }
  }
}

function wireSettings(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)]));
}

/** Canonical JSON of a group-setting value, so that key order does not count as a change. */
function canonical(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface World {
  readonly actors: Readonly<Record<Role, Actor>>;
  readonly ids: Readonly<Record<SystemGroupName, number>>;
  readonly source: { readonly id: number; readonly name: string };
  readonly target: { readonly id: number; readonly name: string };
  readonly mirror: Mirror;
  /** What the target holds now (canonical JSON), to send only changes. */
  readonly realmNow: Map<string, string>;
  readonly channelNow: Map<string, string>;
}

/** PATCH parameters for the settings whose value differs from what the target holds; records the new values. */
function changes(wanted: Readonly<Record<string, { new: unknown }>>, now: Map<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, change] of Object.entries(wanted)) {
    const value = canonical(change.new);
    if (now.get(name) === value) continue;
    params[name] = JSON.stringify(change);
    now.set(name, value);
  }
  return params;
}

async function attempt(ctx: CheckContext, world: World, draw: Draw): Promise<void> {
  const { owner } = ctx.cast;
  const actor = world.actors[draw.role];
  const realm = changes(settingParams(draw.realm, world.ids, actor.userId), world.realmNow);
  if (Object.keys(realm).length > 0) expectSuccess(await ctx.call(owner, 'PATCH', '/realm', realm));
  const channel = changes(settingParams(draw.channel, world.ids, actor.userId), world.channelNow);
  if (Object.keys(channel).length > 0) expectSuccess(await ctx.call(owner, 'PATCH', `/streams/${world.source.id}`, channel));

  const topic = ctx.unique('perm').slice(-40);
  const id = await sendToChannel(ctx, owner, world.source.id, topic, 'who may move this?');
  const newTopic = draw.action === 'rename' ? `${topic} renamed` : draw.action === 'resolve' ? `${RESOLVED}${topic}` : topic;
  const params = draw.action === 'move' ? { stream_id: world.target.id } : { topic: newTopic };
  const expected = { stream_id: draw.action === 'move' ? world.target.id : world.source.id, subject: newTopic, content: 'who may move this?' };
  const allowed = world.mirror.allows(draw);
  const before = await placeOf(ctx, owner, id);
  const response: TargetResponse = await ctx.call(actor, 'PATCH', `/messages/${id}`, wire(params));
  const refusal = REFUSALS[draw.action];
  if (allowed) {
    expectSuccess(response, refusal.clause);
    const after = await placeOf(ctx, owner, id);
    if (JSON.stringify(after) !== JSON.stringify(expected)) {
      throw new CheckFailure(
        `the message after an allowed ${draw.action} to be ${JSON.stringify(expected)}, got ${JSON.stringify(after)}`,
        undefined,
        refusal.clause,
      );
    }
  } else {
    expectError(response, 400, 'BAD_REQUEST', refusal.msg, refusal.clause);
    expectUnchanged(before, await placeOf(ctx, owner, id), 'the message', refusal.clause);
  }
}

async function runMovePermissions(ctx: CheckContext): Promise<void> {
  const { guest, member, moderator, administrator } = ctx.cast;
  const ids = await systemGroupIds(ctx);
  const everyone = [guest, member, moderator, administrator];
  const source = await ownerChannel(ctx, 'perm-source', everyone);
  const target = await ownerChannel(ctx, 'perm-target', everyone);
  const stream = await readChannel(ctx, source.id);
  const channelNow = new Map(CHANNEL_SETTINGS.map((name) => [name, canonical(stream[name])]));
  // The organization's three groups are put back afterwards (the channels are throw-away).
  const registered = await realmState(ctx);
  const original = Object.fromEntries(REALM_SETTINGS.map((name) => [name, registered[`realm_${name}`]]));
  const realmNow = new Map(REALM_SETTINGS.map((name) => [name, canonical(original[name])]));
  const world: World = { actors: { guest, member, moderator, administrator }, ids, source, target, mirror: new Mirror(ctx.seed), realmNow, channelNow };
  const recorder = new Recorder(ctx);
  const property = fc.asyncProperty(drawArbitrary, (draw) => recorder.execute(() => attempt({ ...ctx, call: recorder.call }, world, draw)));
  const claim = 'a rename, move or resolve is allowed exactly when the named move rules allow it';
  try {
    await checkProperty(ctx, recorder, { claim, clause: 'messages.move.topic-permission' }, property);
  } finally {
    const restore = Object.fromEntries(REALM_SETTINGS.map((name) => [name, JSON.stringify({ new: original[name] })]));
    await ctx.call(ctx.cast.owner, 'PATCH', '/realm', restore);
  }
}

/**
 * The level from which every setting the property draws exists (the
 * channel's can_resolve_topics_group, 402, is the newest). Below it the
 * rules it evaluates were other ones (policies before the organization's
 * groups, no channel groups and no channel-administrator right to move
 * before 396), which the fixed checks of edit-topic, edit-move and
 * edit-resolve cover.
 */
const ALL_SETTINGS_SINCE = Math.max(
  ...REALM_SETTINGS.map((name) => paramSince('update-realm', name) ?? 0),
  ...CHANNEL_SETTINGS.map((name) => paramSince('update-stream', name) ?? 0),
);

export const MOVE_PERMISSION_CHECK: Check = {
  id: 'properties.move-permissions.rules',
  title:
    'Given random organization and channel groups and a guest, member, moderator or administrator, then renaming, moving out and resolving succeed exactly when the named move rules say so',
  clauses: [
    'messages.move.topics-group',
    'messages.move.channels-group',
    'messages.resolve.group',
    'messages.move.topic-permission',
    'messages.move.channel-permission',
    'messages.resolve.permission',
  ],
  level: 'compat',
  endpoint: 'PATCH /messages/{message_id}',
  since: ALL_SETTINGS_SINCE,
  run: runMovePermissions,
};
