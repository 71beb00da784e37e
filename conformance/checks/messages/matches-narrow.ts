/** GET /messages/matches_narrow: which listed messages match, their match fields, and that only received messages count. */

import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import { MATCHES_NARROW, matchesNarrow } from './flags-support.js';
import { channelWith, fetchMessages, readMessage, sendToChannel, type Term } from './support.js';

const TOPIC = 'pies & <tarts>';

async function fruitChannel(ctx: CheckContext, label: string) {
  const { member, otherMember } = ctx.cast;
  const channel = await channelWith(ctx, member, label, [member, otherMember]);
  const apple = await sendToChannel(ctx, otherMember, channel.id, TOPIC, 'an apple pie for the cast');
  const banana = await sendToChannel(ctx, otherMember, channel.id, TOPIC, 'a banana split');
  const elsewhere = await sendToChannel(ctx, otherMember, channel.id, 'drinks', 'apple juice');
  const topicNarrow: Term[] = [
    { operator: channelOperator(ctx.featureLevel), operand: channel.id },
    { operator: 'topic', operand: TOPIC },
  ];
  return { channel, apple, banana, elsewhere, topicNarrow };
}

function matchesOf(body: Body): Record<string, Body> {
  const messages = body['messages'];
  expectTrue(messages !== null && typeof messages === 'object' && !Array.isArray(messages), `messages to be an object, got ${JSON.stringify(body)}`);
  return messages as Record<string, Body>;
}

async function onlyMatching(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { apple, banana, elsewhere, topicNarrow } = await fruitChannel(ctx, 'matches');
  const ids = [apple, banana, elsewhere];
  const plain = matchesOf(expectSuccess(await matchesNarrow(ctx, member, ids, topicNarrow), 'messages.matches-narrow.only-matching'));
  expectEqual(Object.keys(plain).sort(), [String(apple), String(banana)].sort(), 'the ids matching the topic narrow', 'messages.matches-narrow.only-matching');
  const searchNarrow = [...topicNarrow, { operator: 'search', operand: 'apple' }];
  const searched = matchesOf(expectSuccess(await matchesNarrow(ctx, member, ids, searchNarrow), 'messages.matches-narrow.only-matching'));
  expectEqual(Object.keys(searched), [String(apple)], 'the ids matching the topic narrow with a search for apple', 'messages.matches-narrow.only-matching');
  // The message list gives the same match fields for the same narrow.
  const listed = await fetchMessages(ctx, member, { anchor: 'newest', num_before: 10, num_after: 0 }, searchNarrow);
  const fromList = (listed['messages'] as Body[]).find((message) => message['id'] === apple);
  expectEqual(
    searched[String(apple)],
    { match_content: fromList?.['match_content'], match_subject: fromList?.['match_subject'] },
    'the match fields, against GET /messages with the same narrow',
    'messages.matches-narrow.fields',
  );
}

async function rowsOnly(ctx: CheckContext): Promise<void> {
  const { guest, moderator } = ctx.cast;
  const { apple, topicNarrow } = await fruitChannel(ctx, 'matches-rows');
  // The moderator may read the public channel's history but never received it.
  expectEqual(
    matchesOf(expectSuccess(await matchesNarrow(ctx, moderator, [apple], topicNarrow))),
    {},
    'matches for a user without the message',
    'messages.matches-narrow.rows-only',
  );
  expectEqual(
    matchesOf(expectSuccess(await matchesNarrow(ctx, moderator, [apple], []))),
    {},
    'matches of the empty narrow for that user',
    'messages.matches-narrow.rows-only',
  );
  expectEqual(
    matchesOf(expectSuccess(await matchesNarrow(ctx, guest, [apple], []))),
    {},
    'matches for a guest outside the channel',
    'messages.matches-narrow.rows-only',
  );
}

async function highlight(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const { apple, topicNarrow } = await fruitChannel(ctx, 'matches-highlight');
  const rendered = (await readMessage(ctx, member, apple))['content'];
  const plain = matchesOf(expectSuccess(await matchesNarrow(ctx, member, [apple], topicNarrow)));
  expectEqual(
    plain[String(apple)],
    { match_content: rendered, match_subject: 'pies &amp; &lt;tarts&gt;' },
    'the fields without a search: the rendered content and the escaped topic',
    'messages.matches-narrow.highlight',
  );
  const searched = matchesOf(expectSuccess(await matchesNarrow(ctx, member, [apple], [...topicNarrow, { operator: 'search', operand: 'apple tarts' }])));
  const fields = searched[String(apple)];
  expectTrue(
    typeof fields?.['match_content'] === 'string' && fields['match_content'].includes('<span class="highlight">apple</span>'),
    `apple highlighted in match_content, got ${JSON.stringify(fields)}`,
    'messages.matches-narrow.highlight',
  );
  expectEqual(
    fields?.['match_subject'],
    'pies &amp; &lt;<span class="highlight">tarts</span>&gt;',
    'match_subject with tarts highlighted',
    'messages.matches-narrow.highlight',
  );
}

export const MATCHES_NARROW_CHECKS = defineChecks([
  {
    id: 'messages.matches-narrow.only-matching',
    title:
      'Given three messages in two topics, when a member asks which match a topic narrow and a search, then only the matching ids come back, with the message list’s match fields',
    clauses: ['messages.matches-narrow.only-matching', 'messages.matches-narrow.fields'],
    level: 'spec',
    endpoint: MATCHES_NARROW,
    run: onlyMatching,
  },
  {
    id: 'messages.matches-narrow.rows-only',
    title: 'Given a public channel message a user never received, when they ask whether it matches, then it does not',
    clauses: ['messages.matches-narrow.rows-only'],
    level: 'compat',
    endpoint: MATCHES_NARROW,
    run: rowsOnly,
  },
  {
    id: 'messages.matches-narrow.highlight',
    title: 'When a member asks about a message without and with a search, then the fields are its rendered content and escaped topic, and then highlighted',
    clauses: ['messages.matches-narrow.highlight'],
    level: 'compat',
    endpoint: MATCHES_NARROW,
    run: highlight,
  },
]);
