/**
 * GET /messages with narrows, one check per operator family, over a small
 * fixed set of messages the other member can see (made once per run):
 *
 *   a1 member → A "Alpha"   apple banana
 *   a2 other  → A "alpha"   cherry and a link        (read by its sender)
 *   a3 owner  → A "beta"    apple, mentions other
 *   b1 member → B "alpha"   banana
 *   d1 member → other       apple direct
 *   d2 owner  → other+member cherry group
 *   d3 other  → owner       banana owner             (read by its sender)
 *
 * Every answer is cut to the ids from a1 to d3, so messages other checks
 * send cannot disturb it.
 */
import { type Cast, type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import {
  channelWith,
  emailAsSeenBy,
  fetchMessages,
  idsOf,
  LIST,
  type MadeChannel,
  mention,
  send,
  sendDirect,
  sendToChannel,
  sentId,
  type Term,
  wire,
} from './support.js';

interface NarrowWorld {
  readonly a: MadeChannel;
  readonly b: MadeChannel;
  readonly ids: Readonly<Record<'a1' | 'a2' | 'a3' | 'b1' | 'd1' | 'd2' | 'd3', number>>;
}

const worlds = new WeakMap<Cast, Promise<NarrowWorld>>();

function narrowWorld(ctx: CheckContext): Promise<NarrowWorld> {
  let world = worlds.get(ctx.cast);
  if (world === undefined) {
    world = (async () => {
      const { owner, member, otherMember: other } = ctx.cast;
      const a = await channelWith(ctx, member, 'narrow-a', [member, other, owner]);
      const b = await channelWith(ctx, member, 'narrow-b', [member, other, owner]);
      const ids = {
        a1: await sendToChannel(ctx, member, a.id, 'Alpha', 'apple banana'),
        a2: await sendToChannel(ctx, other, a.id, 'alpha', 'cherry https://example.org/docs', { read_by_sender: true }),
        a3: await sendToChannel(ctx, owner, a.id, 'beta', `apple ${mention(other)}`),
        b1: await sendToChannel(ctx, member, b.id, 'alpha', 'banana'),
        d1: await sendDirect(ctx, member, [other.userId], 'apple direct'),
        d2: await sendDirect(ctx, owner, [other.userId, member.userId], 'cherry group'),
        d3: sentId(await send(ctx, other, { type: 'direct', to: [owner.userId], content: 'banana owner', read_by_sender: true })),
      };
      return { a, b, ids };
    })();
    worlds.set(ctx.cast, world);
    world.catch(() => worlds.delete(ctx.cast));
  }
  return world;
}

/** The ids the other member gets for the narrow, within the world's range. */
async function matching(ctx: CheckContext, world: NarrowWorld, narrow: readonly Term[], clause: string): Promise<number[]> {
  const body = await fetchMessages(ctx, ctx.cast.otherMember, { anchor: world.ids.a1, num_before: 0, num_after: 500 }, narrow, clause);
  return idsOf(body).filter((id) => id <= world.ids.d3);
}

type Case = readonly [readonly Term[], readonly (keyof NarrowWorld['ids'])[]];

async function expectCases(ctx: CheckContext, cases: readonly Case[], clause: string): Promise<void> {
  const world = await narrowWorld(ctx);
  for (const [narrow, names] of cases) {
    const expected = names.map((name) => world.ids[name]).sort((x, y) => x - y);
    expectEqual(await matching(ctx, world, narrow, clause), expected, `the ids for narrow ${JSON.stringify(narrow)} (${names.join(', ') || 'none'})`, clause);
  }
}

const term = (operator: string, operand: Term['operand'], negated = false): Term => (negated ? { operator, operand, negated } : { operator, operand });

async function channelNarrow(ctx: CheckContext): Promise<void> {
  const { a, b } = await narrowWorld(ctx);
  await expectCases(
    ctx,
    [
      [[term('channel', a.id)], ['a1', 'a2', 'a3']],
      [[term('channel', b.name)], ['b1']],
      [[term('stream', a.name)], ['a1', 'a2', 'a3']],
    ],
    'messages.narrow.channel',
  );
  const legacy = await ctx.call(ctx.cast.otherMember, 'GET', '/messages', {
    anchor: 'newest',
    num_before: '10',
    num_after: '0',
    narrow: JSON.stringify([['channel', b.name]]),
  });
  expectEqual(idsFrom(legacy).slice(-1), [(await narrowWorld(ctx)).ids.b1], 'the legacy [operator, operand] form', 'messages.narrow.channel');
  const unknown = `${ctx.unique('no-such-channel')}`;
  const body = expectError(
    await narrowCall(ctx, [term('channel', unknown)]),
    400,
    'BAD_NARROW',
    `Invalid narrow operator: unknown channel ${unknown}`,
    'messages.narrow.channel',
  );
  expectEqual(body['desc'], `unknown channel ${unknown}`, 'the desc of BAD_NARROW', 'messages.narrow.channel');
}

function idsFrom(response: TargetResponse): number[] {
  const messages = (response.body as { messages?: { id: number }[] } | null)?.messages;
  return Array.isArray(messages) ? messages.map((message) => message.id) : [];
}

function narrowCall(ctx: CheckContext, narrow: readonly Term[]): Promise<TargetResponse> {
  return ctx.call(ctx.cast.otherMember, 'GET', '/messages', wire({ anchor: 'newest', num_before: 10, num_after: 0, narrow }));
}

async function topicNarrow(ctx: CheckContext): Promise<void> {
  const { a } = await narrowWorld(ctx);
  await expectCases(
    ctx,
    [
      [
        [term('channel', a.id), term('topic', 'ALPHA')],
        ['a1', 'a2'],
      ],
      [[term('topic', 'alpha')], ['a1', 'a2', 'b1']],
      [[term('channel', a.id), term('topic', 'beta')], ['a3']],
      [[term('channel', a.id), term('topic', 'gamma')], []],
    ],
    'messages.narrow.topic',
  );
}

async function senderNarrow(ctx: CheckContext): Promise<void> {
  const { member, otherMember, owner } = ctx.cast;
  // By the address the reader sees: where the owner's is hidden from members, that is the placeholder.
  await expectCases(
    ctx,
    [
      [[term('sender', member.userId)], ['a1', 'b1', 'd1']],
      [[term('sender', await emailAsSeenBy(ctx, otherMember, owner.userId))], ['a3', 'd2']],
    ],
    'messages.narrow.sender',
  );
}

async function directNarrow(ctx: CheckContext): Promise<void> {
  const { member, otherMember, owner } = ctx.cast;
  await expectCases(
    ctx,
    [
      [[term('dm', [member.userId])], ['d1']],
      [[term('dm', [member.userId, owner.userId])], ['d2']],
      [[term('dm', await emailAsSeenBy(ctx, otherMember, member.userId))], ['d1']],
      [[term('dm-including', owner.userId)], ['d2', 'd3']],
      [[term('dm-including', member.userId)], ['d1', 'd2']],
    ],
    'messages.narrow.dm',
  );
}

async function isNarrow(ctx: CheckContext): Promise<void> {
  await expectCases(
    ctx,
    [
      [[term('is', 'dm')], ['d1', 'd2', 'd3']],
      [[term('is', 'private')], ['d1', 'd2', 'd3']],
      [[term('is', 'mentioned')], ['a3']],
      [[term('is', 'unread')], ['a1', 'a3', 'b1', 'd1', 'd2']],
      [[term('is', 'starred')], []],
    ],
    'messages.narrow.is',
  );
}

async function hasLink(ctx: CheckContext): Promise<void> {
  await expectCases(ctx, [[[term('has', 'link')], ['a2']]], 'messages.narrow.has-link');
}

async function idNarrow(ctx: CheckContext): Promise<void> {
  const { ids } = await narrowWorld(ctx);
  await expectCases(
    ctx,
    [
      [[term('id', ids.a3)], ['a3']],
      [[term('near', String(ids.a3))], ['a1', 'a2', 'a3', 'b1', 'd1', 'd2', 'd3']],
    ],
    'messages.narrow.id',
  );
}

async function searchNarrow(ctx: CheckContext): Promise<void> {
  await expectCases(
    ctx,
    [
      [[term('search', 'apple')], ['a1', 'a3', 'd1']],
      [[term('search', 'Cherry')], ['a2', 'd2']],
      [[term('search', 'alpha')], ['a1', 'a2', 'b1']],
      [[term('search', 'banana apple')], ['a1']],
    ],
    'messages.narrow.search',
  );
}

async function negated(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { a } = await narrowWorld(ctx);
  await expectCases(
    ctx,
    [
      [[term('channel', a.id, true)], ['b1', 'd1', 'd2', 'd3']],
      [[term('sender', member.userId, true)], ['a2', 'a3', 'd2', 'd3']],
      [[term('is', 'dm', true)], ['a1', 'a2', 'a3', 'b1']],
      // The real server joins every search operand into one search and drops their negation.
      [[term('search', 'banana', true)], ['a1', 'b1', 'd3']],
      [
        [term('channel', a.id), term('has', 'link', true)],
        ['a1', 'a3'],
      ],
      [
        [term('channel', a.id), term('topic', 'beta', true)],
        ['a1', 'a2'],
      ],
    ],
    'messages.narrow.negated',
  );
}

async function badNarrow(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { a } = await narrowWorld(ctx);
  const cases: [readonly Term[], string][] = [
    [[term('colour', 'blue')], 'unknown operator colour'],
    [[term('channel', a.id), term('dm', [member.userId])], 'No message can be both a channel message and direct message'],
    [[term('id', 'not-a-number')], 'Invalid message ID'],
  ];
  for (const [narrow, desc] of cases) {
    const body = expectError(await narrowCall(ctx, narrow), 400, 'BAD_NARROW', `Invalid narrow operator: ${desc}`, 'messages.narrow.bad');
    expectEqual(body['desc'], desc, `the desc of BAD_NARROW for ${JSON.stringify(narrow)}`, 'messages.narrow.bad');
  }
}

const narrowCheck = (id: string, title: string, clause: string, run: (ctx: CheckContext) => Promise<void>) =>
  ({ id, title, clauses: [clause], level: 'compat', endpoint: LIST, run }) as const;

export const NARROW_CHECKS = defineChecks([
  narrowCheck(
    'messages.narrows.channel',
    'channel by id, by name, as `stream` and in the legacy pair form keeps one channel; an unknown name is BAD_NARROW',
    'messages.narrow.channel',
    channelNarrow,
  ),
  narrowCheck('messages.narrows.topic', 'topic keeps that topic whatever its case, within a channel or across channels', 'messages.narrow.topic', topicNarrow),
  narrowCheck('messages.narrows.sender', 'sender by id or e-mail keeps that sender’s channel and direct messages', 'messages.narrow.sender', senderNarrow),
  narrowCheck(
    'messages.narrows.dm',
    'dm keeps one conversation (by ids or e-mail); dm-including keeps every conversation with that user',
    'messages.narrow.dm',
    directNarrow,
  ),
  narrowCheck(
    'messages.narrows.is',
    'is:dm, is:private, is:mentioned, is:unread and is:starred keep what the reader’s flags say',
    'messages.narrow.is',
    isNarrow,
  ),
  narrowCheck('messages.narrows.has-link', 'has:link keeps the one message with a link', 'messages.narrow.has-link', hasLink),
  narrowCheck('messages.narrows.id', 'id keeps one message; near keeps everything', 'messages.narrow.id', idNarrow),
  narrowCheck(
    'messages.narrows.search',
    'search keeps the messages whose content or topic has every word, ignoring case',
    'messages.narrow.search',
    searchNarrow,
  ),
  narrowCheck(
    'messages.narrows.negated',
    'negated channel, sender, is:dm, has:link and topic keep exactly the rest; a negated search searches',
    'messages.narrow.negated',
    negated,
  ),
  narrowCheck('messages.narrows.bad', 'an unknown operator, channel with dm, and a non-numeric id are BAD_NARROW with desc', 'messages.narrow.bad', badNarrow),
]);
