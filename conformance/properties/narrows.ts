/**
 * GET /messages against a naive client-side oracle. A small random set of
 * messages (drawn from the run's seed: two fresh channels, topics, direct
 * conversations, senders, words, links, mentions) is sent once per check;
 * then each property run draws a narrow (operators of one family, some
 * negated) or an anchor window, and compares the server's answer with the
 * oracle applied to the full list the reader fetched without a narrow.
 */

import fc from 'fast-check';
import { type Actor, type Check, type CheckContext, CheckFailure } from '../check.js';
import { channelWith, emailAsSeenBy, type MadeChannel, wire } from '../checks/messages/support.js';
import { type Body, expectError, expectSuccess } from '../expect.js';
import { channelOperator } from '../feature-level.js';
import { type AnchorSpec, type Directory, type KnownMessage, type NarrowTerm, naiveNarrow, sliceWindow, type WindowRequest } from './narrow-oracle.js';
import { checkProperty, Recorder } from './recorder.js';

const WORDS = ['apple', 'banana', 'cherry', 'mango', 'olive'];
const TOPICS = ['north', 'south', 'east'];
const LINK = 'https://example.org/page';
const MESSAGES = 14;

/** Conversations by index into [reader, other, third]; the last one leaves the reader out. */
const CONVERSATIONS: readonly (readonly number[])[] = [
  [0, 1],
  [0, 2],
  [0, 1, 2],
  [1, 2],
];

interface Draft {
  readonly sender: number;
  /** 'A' | 'B' for a channel, else an index into CONVERSATIONS. */
  readonly to: 'A' | 'B' | number;
  readonly topic: number;
  readonly words: readonly string[];
  readonly link: boolean;
  readonly mention: boolean;
  readonly readBySender: boolean;
}

const draftArbitrary: fc.Arbitrary<Draft> = fc
  .record({
    sender: fc.nat(2),
    // Channel A gets about half: the anchor windows are drawn over it.
    to: fc.oneof(
      { arbitrary: fc.constant<'A' | 'B'>('A'), weight: 3 },
      { arbitrary: fc.constant<'A' | 'B'>('B'), weight: 1 },
      { arbitrary: fc.nat(CONVERSATIONS.length - 1), weight: 2 },
    ),
    topic: fc.nat(TOPICS.length - 1),
    words: fc.subarray(WORDS, { minLength: 1, maxLength: 3 }),
    link: fc.boolean(),
    mention: fc.boolean(),
    readBySender: fc.boolean(),
  })
  .map((draft) => {
    if (typeof draft.to !== 'number') return draft;
    const members = CONVERSATIONS[draft.to]!;
    return { ...draft, sender: members[draft.sender % members.length]! };
  });

interface World {
  readonly reader: Actor;
  readonly users: readonly Actor[];
  readonly a: MadeChannel;
  readonly b: MadeChannel;
  /** Everything the reader can see among the messages sent, oldest first. */
  readonly visible: readonly KnownMessage[];
  /** The ids sent, oldest first (some invisible to the reader). */
  readonly sent: readonly number[];
  readonly directory: Directory;
  /** Each user's address as the reader sees it (an address hidden from them is not theirs to narrow by). */
  readonly emails: ReadonlyMap<number, string>;
}

function content(draft: Draft, reader: Actor): string {
  return [...draft.words, ...(draft.link ? [LINK] : []), ...(draft.mention ? [`@**${reader.fullName}**`] : [])].join(' ');
}

async function sendDraft(ctx: CheckContext, world: Omit<World, 'visible' | 'sent' | 'directory' | 'emails'>, draft: Draft): Promise<number> {
  const sender = world.users[draft.sender]!;
  const common = { content: content(draft, world.reader), read_by_sender: draft.readBySender };
  const params =
    typeof draft.to === 'number'
      ? { type: 'direct', to: CONVERSATIONS[draft.to]!.filter((index) => index !== draft.sender).map((index) => world.users[index]!.userId), ...common }
      : { type: 'stream', to: String((draft.to === 'A' ? world.a : world.b).id), topic: TOPICS[draft.topic], ...common };
  const id = expectSuccess(await ctx.call(sender, 'POST', '/messages', wire(params)))['id'];
  if (!Number.isInteger(id)) throw new CheckFailure(`an id from POST /messages, got ${JSON.stringify(id)}`);
  return id as number;
}

/** The reader's messages with ids in [first, last], oldest first (one window, no narrow). */
async function readerRange(ctx: CheckContext, reader: Actor, first: number, last: number): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(reader, 'GET', '/messages', wire({ anchor: first, num_before: 0, num_after: 5000 })));
  return (body['messages'] as Body[]).filter((message) => message['id'] >= first && message['id'] <= last);
}

async function buildWorld(ctx: CheckContext): Promise<World> {
  const { member: reader, otherMember, owner } = ctx.cast;
  const users = [reader, otherMember, owner];
  const a = await channelWith(ctx, reader, 'prop-a', users);
  const b = await channelWith(ctx, reader, 'prop-b', users);
  // Unbiased: a biased first sample is mostly the simplest values (every message alike).
  const drafts = fc.sample(fc.array(draftArbitrary, { minLength: MESSAGES, maxLength: MESSAGES }), { seed: ctx.seed, numRuns: 1, unbiased: true })[0]!;
  const sent: number[] = [];
  const sources = new Map<number, Draft>();
  for (const draft of drafts) {
    const id = await sendDraft(ctx, { reader, users, a, b }, draft);
    sent.push(id);
    sources.set(id, draft);
  }
  const messages = await readerRange(ctx, reader, sent[0]!, sent[sent.length - 1]!);
  const expectedVisible = sent.filter((id) => {
    const to = sources.get(id)!.to;
    return typeof to !== 'number' || CONVERSATIONS[to]!.includes(0);
  });
  const got = messages.map((message) => message['id']);
  if (JSON.stringify(got) !== JSON.stringify(expectedVisible)) {
    throw new CheckFailure(
      `the reader's messages to be exactly those sent to them or their channels, ${JSON.stringify(expectedVisible)}, got ${JSON.stringify(got)}`,
    );
  }
  const visible = messages.map((message) => {
    const draft = sources.get(message['id'])!;
    return { message, words: draft.words, hasLink: draft.link };
  });
  const emails = new Map<number, string>();
  for (const user of users) emails.set(user.userId, await emailAsSeenBy(ctx, reader, user.userId));
  const directory: Directory = {
    readerId: reader.userId,
    channelIdByName: new Map([a, b].map((channel) => [channel.name.toLowerCase(), channel.id])),
    userIdByEmail: new Map(users.map((user) => [emails.get(user.userId)!.toLowerCase(), user.userId])),
  };
  return { reader, users, a, b, visible, sent, directory, emails };
}

// ------------------------------------------------------------------ narrows

function narrowArbitrary(world: World): fc.Arbitrary<NarrowTerm[]> {
  const [, other, third] = world.users as [Actor, Actor, Actor];
  const mixedCase = (word: string) => fc.constantFrom(word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1));
  const someId = fc.constantFrom(...world.sent, world.sent[world.sent.length - 1]! + 1_000_000);
  const channel = fc.constantFrom<NarrowTerm['operand']>(world.a.id, world.a.name, world.b.id, world.b.name.toUpperCase());
  const user = fc.constantFrom<NarrowTerm['operand']>(...world.users.flatMap((actor) => [actor.userId, world.emails.get(actor.userId)!]));
  const operators: Readonly<Record<string, fc.Arbitrary<NarrowTerm['operand']>>> = {
    channel,
    topic: fc.oneof(fc.constantFrom(...TOPICS).chain(mixedCase), fc.constant('west')),
    dm: fc.constantFrom<NarrowTerm['operand']>([other.userId], [third.userId], [other.userId, third.userId]),
    'dm-including': fc.constantFrom<NarrowTerm['operand']>(other.userId, third.userId),
    'is:dm': fc.constant('dm'),
    sender: user,
    'is:other': fc.constantFrom('unread', 'starred', 'mentioned'),
    has: fc.constant('link'),
    search: fc.oneof(fc.constantFrom(...WORDS, ...TOPICS).chain(mixedCase), fc.constant(`${WORDS[0]} ${WORDS[1]}`)),
    id: someId,
    near: someId.map(String),
  };
  // A channel term with a direct-message term is BAD_NARROW even negated on the real server: one family per narrow.
  const families = [['channel', 'topic'], ['dm', 'dm-including', 'is:dm'], []];
  const neutral = ['sender', 'is:other', 'has', 'search', 'id', 'near'];
  return fc
    .constantFrom(...families)
    .chain((family) => fc.uniqueArray(fc.constantFrom(...family, ...neutral), { minLength: 1, maxLength: 3 }))
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({ operand: operators[name]!, negated: fc.boolean() }).map(({ operand, negated }): NarrowTerm => {
            const operator = name.startsWith('is:') ? 'is' : name;
            return negated ? { operator, operand, negated } : { operator, operand };
          }),
        ),
      ),
    );
}

async function narrowRun(ctx: CheckContext, world: World, narrow: readonly NarrowTerm[]): Promise<void> {
  const first = world.sent[0]!;
  const last = world.sent[world.sent.length - 1]!;
  const response = await ctx.call(world.reader, 'GET', '/messages', wire({ anchor: first, num_before: 0, num_after: 5000, narrow }));
  const body = expectSuccess(response, clauseFor(narrow));
  const got = (body['messages'] as Body[]).map((message) => message['id'] as number).filter((id) => id >= first && id <= last);
  const expected = naiveNarrow(world.visible, narrow, world.directory);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    throw new CheckFailure(
      `narrow ${JSON.stringify(narrow)} to keep ${JSON.stringify(expected)} of ${JSON.stringify(world.visible.map((known) => known.message['id']))}, got ${JSON.stringify(got)}`,
      undefined,
      clauseFor(narrow),
    );
  }
}

function clauseFor(narrow: readonly NarrowTerm[]): string {
  if (narrow.some((term) => term.negated === true)) return 'messages.narrow.negated';
  const operator = narrow[0]!.operator;
  const byOperator: Readonly<Record<string, string>> = {
    channel: 'messages.narrow.channel',
    topic: 'messages.narrow.topic',
    sender: 'messages.narrow.sender',
    dm: 'messages.narrow.dm',
    'dm-including': 'messages.narrow.dm',
    is: 'messages.narrow.is',
    has: 'messages.narrow.has-link',
    search: 'messages.narrow.search',
    id: 'messages.narrow.id',
    near: 'messages.narrow.id',
  };
  return byOperator[operator] ?? 'messages.narrow.negated';
}

// ------------------------------------------------------------------ anchors

function windowArbitrary(ids: readonly number[]): fc.Arbitrary<WindowRequest> {
  const anchor: fc.Arbitrary<AnchorSpec> = fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom<AnchorSpec>('oldest', 'newest', 'first_unread', 0, -3),
    // An id between two of the channel's, or past the last.
    fc.constantFrom(...ids).map((id) => id + 1),
  );
  return fc
    .record({ anchor, numBefore: fc.nat(6), numAfter: fc.nat(6), includeAnchor: fc.boolean() })
    .filter((request) => request.includeAnchor || !(request.numBefore === 0 && request.numAfter === 0));
}

async function windowRun(ctx: CheckContext, world: World, channelIds: readonly number[], unread: ReadonlySet<number>, request: WindowRequest): Promise<void> {
  const params = {
    anchor: request.anchor,
    num_before: request.numBefore,
    num_after: request.numAfter,
    include_anchor: request.includeAnchor,
    narrow: [{ operator: channelOperator(ctx.featureLevel), operand: world.a.id }],
  };
  const response = await ctx.call(world.reader, 'GET', '/messages', wire(params));
  if (!request.includeAnchor && request.numBefore > 0 && request.numAfter > 0) {
    expectError(response, 400, 'BAD_REQUEST', 'The anchor can only be excluded at an end of the range', 'messages.list.include-anchor');
    return;
  }
  const body = expectSuccess(response, 'messages.list.anchors');
  const expected = sliceWindow(channelIds, request, unread);
  const got = {
    ids: (body['messages'] as Body[]).map((message) => message['id'] as number),
    anchor: body['anchor'],
    foundAnchor: body['found_anchor'],
    foundOldest: body['found_oldest'],
    foundNewest: body['found_newest'],
  };
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    const clause = JSON.stringify(got.ids) === JSON.stringify(expected.ids) ? 'messages.list.found' : 'messages.list.anchors';
    throw new CheckFailure(
      `${JSON.stringify(request)} over channel ${JSON.stringify(channelIds)} (unread ${JSON.stringify([...unread])}) to answer ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`,
      undefined,
      clause,
    );
  }
}

async function runNarrows(ctx: CheckContext): Promise<void> {
  const world = await buildWorld(ctx);
  const recorder = new Recorder(ctx);
  const property = fc.asyncProperty(narrowArbitrary(world), (narrow) => recorder.execute(() => narrowRun({ ...ctx, call: recorder.call }, world, narrow)));
  await checkProperty(ctx, recorder, { claim: 'GET /messages with a narrow keeps what a naive filter keeps', clause: 'messages.narrow.negated' }, property);
}

async function runAnchors(ctx: CheckContext): Promise<void> {
  const world = await buildWorld(ctx);
  const all = expectSuccess(
    await ctx.call(
      world.reader,
      'GET',
      '/messages',
      wire({ anchor: 'oldest', num_before: 0, num_after: 5000, narrow: [{ operator: channelOperator(ctx.featureLevel), operand: world.a.id }] }),
    ),
  );
  const messages = all['messages'] as Body[];
  const channelIds = messages.map((message) => message['id'] as number);
  const unread = new Set(messages.filter((message) => !(message['flags'] as string[]).includes('read')).map((message) => message['id'] as number));
  const recorder = new Recorder(ctx);
  const property = fc.asyncProperty(windowArbitrary(channelIds), (request) =>
    recorder.execute(() => windowRun({ ...ctx, call: recorder.call }, world, channelIds, unread, request)),
  );
  await checkProperty(
    ctx,
    recorder,
    { claim: 'GET /messages with an anchor window answers the slice of the full list', clause: 'messages.list.anchors' },
    property,
  );
}

export const NARROW_PROPERTY_CHECK: Check = {
  id: 'properties.narrows.naive-filter',
  title:
    'Given random messages in two channels and direct conversations, then GET /messages with any narrow of one family (some terms negated) keeps what a naive filter keeps',
  clauses: [
    'messages.narrow.channel',
    'messages.narrow.topic',
    'messages.narrow.sender',
    'messages.narrow.dm',
    'messages.narrow.is',
    'messages.narrow.has-link',
    'messages.narrow.id',
    'messages.narrow.search',
    'messages.narrow.negated',
  ],
  level: 'compat',
  endpoint: 'GET /messages',
  run: runNarrows,
};

export const ANCHOR_PROPERTY_CHECK: Check = {
  id: 'properties.narrows.anchor-window',
  title:
    'Given random messages in a channel, then any anchor, num_before, num_after and include_anchor answer the slice of the full list with the right found_* and anchor',
  clauses: ['messages.list.anchors', 'messages.list.found', 'messages.list.include-anchor'],
  level: 'compat',
  endpoint: 'GET /messages',
  run: runAnchors,
};
