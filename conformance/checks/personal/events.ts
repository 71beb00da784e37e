/** The personal events: alert_words and user_topic reach the user who changed them, and nobody else. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { messagesChannel } from '../messages/support.js';
import { alertWords, setTopicPolicy, withAlertWords } from './support.js';

const TYPES = ['alert_words', 'user_topic'];

async function personalEvents(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const word = `heard${ctx.unique('w').replace(/[^a-z0-9]/gi, '')}`.toLowerCase();
  const topic = ctx.unique('heard');
  await withAlertWords(ctx, member, [word], async () => {
    await withQueues(ctx, { own: [member, { eventTypes: TYPES }], other: [otherMember, { eventTypes: TYPES }] }, async (queues) => {
      const before = await alertWords(ctx, member);
      expectSuccess(await ctx.call(member, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify([word]) }));
      try {
        expectSuccess(await setTopicPolicy(ctx, member, channel.id, topic, 3));
      } finally {
        await setTopicPolicy(ctx, member, channel.id, topic, 0);
      }
      await settle(ctx, [queues.own, queues.other]);
      await expectEvents(queues.own, [exactEvent({ type: 'alert_words', alert_words: [...before, word] })], {
        what: 'adding an alert word',
        clause: 'personal.alert-words.event',
      });
      const policy = (visibility_policy: number) =>
        exactEvent({ type: 'user_topic', stream_id: channel.id, topic_name: topic, last_updated: match.integer(), visibility_policy });
      await expectEvents(queues.own, [policy(3), policy(0)], { what: 'following a topic, then removing the policy', clause: 'personal.user-topic.event' });
      expectNoEvents(queues.other, () => true, { what: 'another user’s alert words and topic policies', clause: 'personal.alert-words.event' });
    });
  });
}

export const PERSONAL_EVENT_CHECKS = defineChecks([
  {
    id: 'personal.events',
    title:
      'Given queues of two members, when one adds an alert word and follows then releases a topic, then only they get alert_words and two user_topic events',
    clauses: ['personal.alert-words.event', 'personal.user-topic.event'],
    level: 'compat',
    endpoint: 'POST /users/me/alert_words',
    run: personalEvents,
  },
]);
