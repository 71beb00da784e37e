/**
 * Helpers the message checks share: sending, reading back one message or a
 * window of them, and the channels the checks post in. Everything goes
 * through the public API, so the helpers work against any target.
 */

import { type Actor, type Cast, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import type { TargetAuth, TargetResponse } from '../../target.js';
import { createChannel, type MadeChannel, wire } from '../streams/support.js';

export type { MadeChannel };
export { wire };

export const SEND = 'POST /messages';
export const LIST = 'GET /messages';
export const GET_ONE = 'GET /messages/{message_id}';
export const DELETE = 'DELETE /messages/{message_id}';

/** A message id no realm reaches in a conformance run. */
export const MISSING_MESSAGE_ID = 1_999_999_999;

/** A narrow term as GET /messages takes it. */
export interface Term {
  readonly operator: string;
  readonly operand: string | number | readonly number[];
  readonly negated?: boolean;
}

/** POST /messages with these parameters (JSON-encoded unless strings). */
export function send(ctx: CheckContext, actor: TargetAuth, params: Readonly<Record<string, unknown>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/messages', wire(params));
}

/** The id a successful send answered. */
export function sentId(response: TargetResponse, clause = 'messages.send.response'): number {
  const body = expectSuccess(response, clause);
  const id = body['id'];
  if (!Number.isInteger(id) || id <= 0) throw new CheckFailure(`a positive integer id in the send answer, got ${JSON.stringify(body)}`, undefined, clause);
  return id;
}

export async function sendToChannel(
  ctx: CheckContext,
  actor: TargetAuth,
  channel: number | string,
  topic: string,
  content: string,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<number> {
  return sentId(await send(ctx, actor, { type: 'stream', to: typeof channel === 'number' ? String(channel) : channel, topic, content, ...extra }));
}

export async function sendDirect(ctx: CheckContext, actor: TargetAuth, to: readonly number[], content: string): Promise<number> {
  return sentId(await send(ctx, actor, { type: 'direct', to: [...to], content }));
}

/** GET /messages/{id} as `viewer`: the whole answer. */
export function getMessage(ctx: CheckContext, viewer: TargetAuth, id: number, params: Readonly<Record<string, string>> = {}): Promise<TargetResponse> {
  return ctx.call(viewer, 'GET', `/messages/${id}`, params);
}

/** The message as `viewer` reads it by id. */
export async function readMessage(ctx: CheckContext, viewer: TargetAuth, id: number, params: Readonly<Record<string, string>> = {}): Promise<Body> {
  const body = expectSuccess(await getMessage(ctx, viewer, id, params), 'messages.get.response');
  const message = body['message'];
  if (message === null || typeof message !== 'object') throw new CheckFailure(`a message object in GET /messages/${id}, got ${JSON.stringify(body)}`);
  return message as Body;
}

/** GET /messages with these parameters (narrow as terms); the answer's body. */
export async function fetchMessages(
  ctx: CheckContext,
  viewer: TargetAuth,
  params: Readonly<Record<string, unknown>>,
  narrow?: readonly Term[],
  clause?: string,
): Promise<Body> {
  const all = narrow === undefined ? params : { ...params, narrow };
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/messages', wire(all)), clause);
  if (!Array.isArray(body['messages'])) throw new CheckFailure(`a messages array in GET /messages, got ${JSON.stringify(body)}`, undefined, clause);
  return body;
}

export function idsOf(body: Body): number[] {
  return (body['messages'] as Body[]).map((message) => message['id'] as number);
}

/** The newest ids of a channel as `viewer` sees them: what a refused send must leave as it was. */
export async function newestInChannel(ctx: CheckContext, viewer: TargetAuth, channelId: number, count = 20): Promise<number[]> {
  return idsOf(
    await fetchMessages(ctx, viewer, { anchor: 'newest', num_before: count, num_after: 0 }, [
      { operator: channelOperator(ctx.featureLevel), operand: channelId },
    ]),
  );
}

/** The messages of one topic, oldest first, as `viewer` sees them. */
export async function topicMessages(ctx: CheckContext, viewer: TargetAuth, channelId: number, topic: string): Promise<Body[]> {
  const narrow = [
    { operator: channelOperator(ctx.featureLevel), operand: channelId },
    { operator: 'topic', operand: topic },
  ];
  return (await fetchMessages(ctx, viewer, { anchor: 'oldest', num_before: 0, num_after: 1000, allow_empty_topic_name: true }, narrow))['messages'] as Body[];
}

/** The newest direct-message ids `viewer` holds with these users (a refused direct send must not add one). */
export async function newestDirect(ctx: CheckContext, viewer: TargetAuth, others: readonly number[], count = 20): Promise<number[]> {
  return idsOf(await fetchMessages(ctx, viewer, { anchor: 'newest', num_before: count, num_after: 0 }, [{ operator: 'dm', operand: [...others] }]));
}

/** A fresh channel made by `creator`, with these users subscribed at creation (no notification DMs go out for a new channel). */
export async function channelWith(
  ctx: CheckContext,
  creator: Actor,
  label: string,
  subscribers: readonly Actor[],
  params: Readonly<Record<string, unknown>> = {},
): Promise<MadeChannel> {
  const others = subscribers.filter((user) => user.userId !== creator.userId).map((user) => user.userId);
  return createChannel(ctx, creator, label, others.length === 0 ? params : { principals: [creator.userId, ...others], ...params });
}

const sharedChannels = new WeakMap<Cast, Promise<MadeChannel>>();

/**
 * The public channel the run's message checks post in, with the whole cast
 * subscribed (made once per run; each check uses its own topics).
 */
export function messagesChannel(ctx: CheckContext): Promise<MadeChannel> {
  let made = sharedChannels.get(ctx.cast);
  if (made === undefined) {
    const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
    made = channelWith(ctx, member, 'messages', [owner, administrator, moderator, member, otherMember, guest]);
    sharedChannels.set(ctx.cast, made);
    made.catch(() => sharedChannels.delete(ctx.cast));
  }
  return made;
}

/** `@**Full Name**`: a mention of the user. */
/** A user's `email` as `viewer` sees it: the real address, or the placeholder where it is hidden from them (what narrows by address take). */
export async function emailAsSeenBy(ctx: CheckContext, viewer: TargetAuth, userId: number): Promise<string> {
  const user = expectSuccess(await ctx.call(viewer, 'GET', `/users/${userId}`))['user'] as Body;
  if (typeof user['email'] !== 'string') throw new CheckFailure(`an email in GET /users/${userId}, got ${JSON.stringify(user['email'])}`);
  return user['email'];
}

export function mention(user: Actor): string {
  return `@**${user.fullName}**`;
}

/** The user's flags on a message, sorted, as they read it by id. */
export async function flagsOf(ctx: CheckContext, viewer: TargetAuth, id: number): Promise<string[]> {
  const flags = (await readMessage(ctx, viewer, id))['flags'];
  if (!Array.isArray(flags)) throw new CheckFailure(`a flags list on message ${id}, got ${JSON.stringify(flags)}`);
  return [...(flags as string[])].sort();
}
