/**
 * Helpers for the linkifier checks. Linkifiers are realm-wide and change how every later message renders, so each
 * check makes patterns that carry a tag unique to the run (nothing else the suite sends matches them) and removes
 * every linkifier it made when it ends, whatever happened.
 */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { messagesChannel, readMessage, sendToChannel } from '../messages/support.js';

export const ADD = 'POST /realm/filters';
export const LIST = 'GET /realm/linkifiers';
export const UPDATE = 'PATCH /realm/filters/{filter_id}';
export const REMOVE = 'DELETE /realm/filters/{filter_id}';
export const REORDER = 'PATCH /realm/linkifiers';

/** Letters and digits only, unique to the run: safe inside a regular expression and a template. */
export function tag(ctx: CheckContext, label: string): string {
  return ctx.unique(label).replace(/[^A-Za-z0-9]/g, '');
}

export function addLinkifier(ctx: CheckContext, actor: Actor, params: Readonly<Record<string, string>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', '/realm/filters', params);
}

export async function listLinkifiers(ctx: CheckContext, actor: Actor, clause = 'linkifiers.list.order'): Promise<Body[]> {
  const linkifiers = expectSuccess(await ctx.call(actor, 'GET', '/realm/linkifiers'), clause)['linkifiers'];
  if (!Array.isArray(linkifiers)) throw new CheckFailure(`a linkifiers list in GET /realm/linkifiers, got ${JSON.stringify(linkifiers)}`, undefined, clause);
  return linkifiers as Body[];
}

/** The linkifiers the check made, to add to and to remove at the end. */
export interface Made {
  /** Adds a linkifier as the administrator (success expected) and remembers it; its id. */
  add(params: Readonly<Record<string, string>>, clause?: string): Promise<number>;
  /** Remembers a linkifier some other request made. */
  note(response: TargetResponse): void;
  readonly ids: readonly number[];
}

/** Runs `body`, then removes every linkifier it made (best effort, so a failing check leaves none behind). */
export async function withLinkifiers(ctx: CheckContext, body: (made: Made) => Promise<void>): Promise<void> {
  const ids: number[] = [];
  const note = (response: TargetResponse) => {
    const id = (response.body as { id?: unknown } | null)?.id;
    if (response.status === 200 && typeof id === 'number' && !ids.includes(id)) ids.push(id);
  };
  const made: Made = {
    async add(params, clause = 'linkifiers.add.response') {
      const response = await addLinkifier(ctx, ctx.cast.administrator, params);
      note(response);
      const id = expectSuccess(response, clause)['id'];
      if (!Number.isInteger(id) || id <= 0)
        throw new CheckFailure(`a positive integer id in the answer, got ${JSON.stringify(response.body)}`, undefined, clause);
      return id as number;
    },
    note,
    ids,
  };
  try {
    await body(made);
  } finally {
    for (const id of ids) await ctx.call(ctx.cast.administrator, 'DELETE', `/realm/filters/${id}`);
  }
}

/** A message in the run's shared channel, as HTML, rendered by sending it (and read back as the member). */
export async function renderedBySending(ctx: CheckContext, topic: string, content: string): Promise<Body> {
  const channel = await messagesChannel(ctx);
  const id = await sendToChannel(ctx, ctx.cast.member, channel.id, topic, content);
  return readMessage(ctx, ctx.cast.member, id);
}
