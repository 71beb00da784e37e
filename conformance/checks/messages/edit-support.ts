/**
 * Helpers the PATCH /messages/{message_id} checks share: the edit call,
 * channels made by the owner (so that no member is a channel administrator
 * by having created it), read-backs of topics and of Notification Bot's
 * notices, organization settings changed for one check and put back, and
 * ageing a message on a target whose clock can be moved.
 */
import { createHash } from 'node:crypto';
import { type Actor, type Cast, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { channelOperator, paramSince } from '../../feature-level.js';
import type { TargetClock, TargetResponse } from '../../target.js';
import { type SystemGroupName, systemGroupIds } from '../groups/support.js';
import { realmState, restoring } from '../realm/support.js';
import { channelWith, fetchMessages, type MadeChannel, readMessage, wire } from './support.js';

export const EDIT = 'PATCH /messages/{message_id}';
/** The resolved-topic prefix: a heavy check mark and a space. */
export const RESOLVED = '✔ ';
export const NOTIFICATION_BOT = 'Notification Bot';
/** The real server's grace on every edit and move limit. */
export const GRACE_SECONDS = 20;
/** The limit the time-window checks set (seconds): small, so the clock moves by a minute or two. */
export const SHORT_LIMIT = 60;

export const NO_EDIT_PERMISSION = "You don't have permission to edit this message";
export const NO_MOVE_PERMISSION = "You don't have permission to move this message";
export const NO_RESOLVE_PERMISSION = "You don't have permission to resolve topics in this channel.";
export const INVALID_MESSAGE = 'Invalid message(s)';

/** PATCH /messages/{id} as `actor`; values JSON-encoded unless strings. */
export function edit(ctx: CheckContext, actor: Actor, id: number, params: Readonly<Record<string, unknown>>): Promise<TargetResponse> {
  return ctx.call(actor, 'PATCH', `/messages/${id}`, wire(params));
}

/** A channel the owner makes (only the owner administers it), with these users subscribed. */
export function ownerChannel(
  ctx: CheckContext,
  label: string,
  subscribers: readonly Actor[],
  params: Readonly<Record<string, unknown>> = {},
): Promise<MadeChannel> {
  return channelWith(ctx, ctx.cast.owner, label, [ctx.cast.owner, ...subscribers], params);
}

const sharedChannels = new WeakMap<Cast, Promise<MadeChannel>>();

/** The public channel, made once per run by the owner, that most edit checks use (each with its own topics); the whole cast is subscribed. */
export function editsChannel(ctx: CheckContext): Promise<MadeChannel> {
  let made = sharedChannels.get(ctx.cast);
  if (made === undefined) {
    const { administrator, moderator, member, otherMember, guest } = ctx.cast;
    made = ownerChannel(ctx, 'edits', [administrator, moderator, member, otherMember, guest]);
    sharedChannels.set(ctx.cast, made);
    made.catch(() => sharedChannels.delete(ctx.cast));
  }
  return made;
}

/** The message as `viewer` reads it: Markdown source, the empty topic as "". */
export function rawMessage(ctx: CheckContext, viewer: Actor, id: number): Promise<Body> {
  return readMessage(ctx, viewer, id, { apply_markdown: 'false', allow_empty_topic_name: 'true' });
}

/** Where the message is now and what it says, as `viewer` reads it. */
export async function placeOf(ctx: CheckContext, viewer: Actor, id: number): Promise<{ stream_id: unknown; subject: unknown; content: unknown }> {
  const message = await rawMessage(ctx, viewer, id);
  return { stream_id: message['stream_id'], subject: message['subject'], content: message['content'] };
}

/** The messages of a topic, oldest first, as `viewer` reads them (Markdown source). */
export async function topicRead(ctx: CheckContext, viewer: Actor, channelId: number, topic: string): Promise<Body[]> {
  const narrow = [
    { operator: channelOperator(ctx.featureLevel), operand: channelId },
    { operator: 'topic', operand: topic },
  ];
  const params = { anchor: 'oldest', num_before: 0, num_after: 1000, allow_empty_topic_name: true, apply_markdown: false };
  return (await fetchMessages(ctx, viewer, params, narrow))['messages'] as Body[];
}

/** Ids of the topic's messages other than Notification Bot's notices, oldest first. */
export async function topicIds(ctx: CheckContext, viewer: Actor, channelId: number, topic: string): Promise<number[]> {
  return (await topicRead(ctx, viewer, channelId, topic)).filter((message) => message['sender_full_name'] !== NOTIFICATION_BOT).map((message) => message['id']);
}

/** Notification Bot's notices in the topic, oldest first, as `viewer` reads them. */
export async function noticeMessagesIn(ctx: CheckContext, viewer: Actor, channelId: number, topic: string): Promise<Body[]> {
  return (await topicRead(ctx, viewer, channelId, topic)).filter((message) => message['sender_full_name'] === NOTIFICATION_BOT);
}

/** The Markdown of Notification Bot's notices in the topic, oldest first. */
export async function noticesIn(ctx: CheckContext, viewer: Actor, channelId: number, topic: string): Promise<string[]> {
  return (await noticeMessagesIn(ctx, viewer, channelId, topic)).map((message) => message['content']);
}

/** Sends `count` messages from `sender` to the topic; their ids, oldest first. */
export async function sendMany(ctx: CheckContext, sender: Actor, channelId: number, topic: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 1; index <= count; index++) {
    const sent = expectSuccess(
      await ctx.call(sender, 'POST', '/messages', wire({ type: 'stream', to: String(channelId), topic, content: `message ${index}` })),
    );
    ids.push(sent['id']);
  }
  return ids;
}

/** `@_**Name|id**`: the silent mention the server writes into its notices. */
export function silentMention(user: Actor): string {
  return `@_**${user.fullName}|${user.userId}**`;
}

/** `#**channel>topic**`: a topic link as the server writes it. */
export function topicLink(channel: MadeChannel, topic: string): string {
  return `#**${channel.name}>${topic}**`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The wire form of a PATCH /realm value: group settings as {new}, time limits with "unlimited" for none. */
function realmParam(name: string, value: unknown): string {
  if (name.endsWith('_group')) return JSON.stringify({ new: value });
  if (name.endsWith('_limit_seconds') && value === null) return JSON.stringify('unlimited');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether the target's level has this organization setting (a PATCH /realm parameter the table may date). */
export function hasRealmSetting(ctx: CheckContext, name: string): boolean {
  const since = paramSince('update-realm', name);
  return since === undefined || ctx.featureLevel >= since;
}

/** Whether the target's level has this channel setting (a PATCH /streams/{id} parameter the table may date). */
export function hasChannelSetting(ctx: CheckContext, name: string): boolean {
  const since = paramSince('update-stream', name);
  return since === undefined || ctx.featureLevel >= since;
}

/**
 * The organization policies that group settings replaced (changelog 291,
 * 310, 316): below the group setting's level, the policy value that names
 * the same system group.
 */
const LEGACY_POLICIES: Readonly<Record<string, { readonly policy: string; readonly values: Partial<Record<SystemGroupName, number>> }>> = {
  can_delete_own_message_group: {
    policy: 'delete_own_message_policy',
    values: { 'role:members': 1, 'role:administrators': 2, 'role:fullmembers': 3, 'role:moderators': 4, 'role:everyone': 5 },
  },
  can_move_messages_between_channels_group: {
    policy: 'move_messages_between_streams_policy',
    values: { 'role:members': 1, 'role:administrators': 2, 'role:fullmembers': 3, 'role:moderators': 4, 'role:nobody': 6 },
  },
  can_move_messages_between_topics_group: {
    policy: 'edit_topic_policy',
    values: { 'role:members': 1, 'role:administrators': 2, 'role:fullmembers': 3, 'role:moderators': 4, 'role:everyone': 5, 'role:nobody': 6 },
  },
};

/**
 * A setting as the target's level names it: a group setting the level
 * lacks becomes the policy it replaced, with the value naming the same
 * system group. A group setting with no older form, or a group no policy
 * value names, is a mistake of the check that asks for it.
 */
async function settingAtLevel(ctx: CheckContext, name: string, value: unknown): Promise<[string, unknown]> {
  if (hasRealmSetting(ctx, name)) return [name, value];
  const legacy = LEGACY_POLICIES[name];
  if (legacy === undefined) throw new CheckFailure(`a setting the target's level has: ${name} is new at feature level ${paramSince('update-realm', name)}`);
  const groups = await systemGroupIds(ctx);
  const group = (Object.keys(groups) as SystemGroupName[]).find((key) => groups[key] === value);
  const policy = group === undefined ? undefined : legacy.values[group];
  if (policy === undefined) throw new CheckFailure(`a ${legacy.policy} value for ${JSON.stringify(value)}, the check's ${name}`);
  return [legacy.policy, policy];
}

/**
 * Runs `body` with these organization settings (values as register reports
 * them: a group id or {direct_members, direct_subgroups}, null for no time
 * limit), then puts back the ones it changed. Below the level of a group
 * setting that replaced a policy, the policy is set instead.
 */
export async function withRealmSettings(ctx: CheckContext, settings: Readonly<Record<string, unknown>>, body: () => Promise<void>): Promise<void> {
  const state = await realmState(ctx);
  const change: Record<string, string> = {};
  const restore: Record<string, string> = {};
  for (const [asked, askedValue] of Object.entries(settings)) {
    const [name, value] = await settingAtLevel(ctx, asked, askedValue);
    const current = state[`realm_${name}`];
    if (JSON.stringify(current) === JSON.stringify(value)) continue;
    change[name] = realmParam(name, value);
    restore[name] = realmParam(name, current);
  }
  if (Object.keys(change).length === 0) return body();
  return restoring(ctx, restore, async () => {
    expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', change));
    await body();
  });
}

/** A group-setting value of exactly these users. */
export function usersGroup(...users: readonly Actor[]): { direct_members: number[]; direct_subgroups: number[] } {
  return { direct_members: users.map((user) => user.userId), direct_subgroups: [] };
}

/**
 * Moves the target's clock until `seconds` have passed since the message
 * was sent (the message's own timestamp, as `viewer` reads it).
 */
export async function ageTo(ctx: CheckContext, clock: TargetClock, viewer: Actor, id: number, seconds: number): Promise<void> {
  const sent = (await readMessage(ctx, viewer, id))['timestamp'];
  if (!Number.isInteger(sent)) throw new CheckFailure(`an integer timestamp on message ${id}, got ${JSON.stringify(sent)}`);
  const by = sent + seconds - (await clock.now());
  if (by < 0) throw new CheckFailure(`message ${id} to be younger than ${seconds} s when the check ages it; it is ${seconds - by} s old`);
  if (by > 0) await clock.advance(by);
}
