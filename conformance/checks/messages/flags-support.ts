/** Helpers the flag-changing checks share: the three endpoints, and who reads what back. */
import type { Actor, CheckContext } from '../../check.js';
import { type Body, expectSuccess, expectTrue } from '../../expect.js';
import type { TargetAuth, TargetResponse } from '../../target.js';
import { flagsOf, wire } from './support.js';

export const UPDATE_FLAGS = 'POST /messages/flags';
export const UPDATE_FLAGS_NARROW = 'POST /messages/flags/narrow';
export const MARK_TOPIC_READ = 'POST /mark_topic_as_read';
export const MATCHES_NARROW = 'GET /messages/matches_narrow';

export const INVALID_MESSAGE = 'Invalid message(s)';

/** The event types a flags check's queue takes: the flag events, and user_status so that `settle` works. */
export const FLAG_EVENT_TYPES = ['update_message_flags', 'user_status'];

/** POST /messages/flags as `actor`. */
export function updateFlags(ctx: CheckContext, actor: TargetAuth, messages: readonly number[], op: string, flag: string): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/messages/flags', { messages: JSON.stringify(messages), op, flag });
}

/** POST /messages/flags/narrow as `actor` (values JSON-encoded unless strings). */
export function updateFlagsForNarrow(ctx: CheckContext, actor: TargetAuth, params: Readonly<Record<string, unknown>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/messages/flags/narrow', wire({ include_anchor: true, ...params }));
}

export function markTopicRead(ctx: CheckContext, actor: TargetAuth, streamId: number, topic: string): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/mark_topic_as_read', { stream_id: String(streamId), topic_name: topic });
}

export function matchesNarrow(ctx: CheckContext, actor: TargetAuth, ids: readonly number[], narrow: unknown): Promise<TargetResponse> {
  return ctx.call(actor, 'GET', '/messages/matches_narrow', { msg_ids: JSON.stringify(ids), narrow: JSON.stringify(narrow) });
}

/** Each message's flags as `viewer` reads them by id, sorted. */
export async function flagsOfEach(ctx: CheckContext, viewer: TargetAuth, ids: readonly number[]): Promise<string[][]> {
  const all: string[][] = [];
  for (const id of ids) all.push(await flagsOf(ctx, viewer, id));
  return all;
}

/** Whether `viewer` reads the message as read. */
export async function isRead(ctx: CheckContext, viewer: TargetAuth, id: number): Promise<boolean> {
  return (await flagsOf(ctx, viewer, id)).includes('read');
}

/** Marks the messages read for `actor` and checks that it answered success. */
export async function markRead(ctx: CheckContext, actor: Actor, ids: readonly number[]): Promise<void> {
  expectSuccess(await updateFlags(ctx, actor, ids, 'add', 'read'));
}

/** The answer's list under `key`, checked to be a list of integers. */
export function intList(body: Body, key: string, clause: string): number[] {
  const list = body[key];
  expectTrue(Array.isArray(list) && list.every((item) => Number.isInteger(item)), `${key} to be a list of integers, got ${JSON.stringify(body)}`, clause);
  return list as number[];
}
