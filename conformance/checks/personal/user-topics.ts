/** Topic visibility policies, new and legacy. Every check sets its topics back to no policy. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { messagesChannel } from '../messages/support.js';
import { setTopicPolicy, topicPolicies } from './support.js';

const USER_TOPIC = 'POST /user_topics';
const MUTED_TOPICS = 'PATCH /users/me/subscriptions/muted_topics';
const MISSING_CHANNEL_ID = 2_000_000_000;

async function setAndRemove(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('policy');
  try {
    expectSuccess(await setTopicPolicy(ctx, member, channel.id, topic, 1), 'personal.user-topic.set');
    expectEqual((await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()], 1, `the policy of ${topic}`, 'personal.user-topic.set');
    expectSuccess(await setTopicPolicy(ctx, member, channel.id, topic.toUpperCase(), 3), 'personal.user-topic.set');
    expectEqual(
      (await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()],
      3,
      `the policy of ${topic} set in another case`,
      'personal.user-topic.set',
    );
    for (const [policy, msg] of [
      ['4', 'Invalid visibility_policy: Value error, Not in the list of possible values'],
      ['-1', 'Invalid visibility_policy: Value error, Not in the list of possible values'],
    ] as const) {
      expectError(await setTopicPolicy(ctx, member, channel.id, topic, policy), 400, 'BAD_REQUEST', msg, 'personal.user-topic.invalid');
    }
    expectError(await setTopicPolicy(ctx, member, MISSING_CHANNEL_ID, topic, 1), 400, 'BAD_REQUEST', 'Invalid channel ID', 'personal.user-topic.invalid');
    expectEqual((await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()], 3, `the policy of ${topic} after refusals`, 'personal.user-topic.invalid');
  } finally {
    expectSuccess(await setTopicPolicy(ctx, member, channel.id, topic, 0), 'personal.user-topic.set');
  }
  expectEqual(
    (await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()],
    undefined,
    `the policy of ${topic} after removing it`,
    'personal.user-topic.set',
  );
}

async function legacy(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('legacy');
  const patch = (params: Record<string, string>) => ctx.call(member, 'PATCH', '/users/me/subscriptions/muted_topics', { topic, ...params });
  try {
    expectSuccess(await patch({ stream_id: String(channel.id), op: 'add' }), 'personal.muted-topics.legacy');
    expectEqual((await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()], 1, `${topic} muted by channel id`, 'personal.muted-topics.legacy');
    expectSuccess(await patch({ stream: channel.name, op: 'remove' }), 'personal.muted-topics.legacy');
    expectEqual(
      (await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()],
      undefined,
      `${topic} unmuted by channel name`,
      'personal.muted-topics.legacy',
    );
    expectError(await patch({ op: 'add' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument", 'personal.muted-topics.one-channel');
    expectError(
      await patch({ stream: channel.name, stream_id: String(channel.id), op: 'add' }),
      400,
      'BAD_REQUEST',
      'Unsupported parameter combination: stream_id, stream',
      'personal.muted-topics.one-channel',
    );
    expectEqual((await topicPolicies(ctx, member, channel.id))[topic.toLowerCase()], undefined, `${topic} after refusals`, 'personal.muted-topics.one-channel');
  } finally {
    await setTopicPolicy(ctx, member, channel.id, topic, 0);
  }
}

export const USER_TOPIC_CHECKS = defineChecks([
  {
    id: 'personal.user-topic.set',
    title:
      'When a member mutes a topic, follows it in another case and removes the policy, then register’s user_topics follows; bad policies and channels are refused',
    clauses: ['personal.user-topic.set', 'personal.user-topic.invalid'],
    level: 'compat',
    endpoint: USER_TOPIC,
    run: setAndRemove,
  },
  {
    id: 'personal.muted-topics.legacy',
    title: 'When a member mutes a topic by channel id and unmutes it by name, then user_topics follows; without a channel or with both it is refused',
    clauses: ['personal.muted-topics.legacy', 'personal.muted-topics.one-channel'],
    level: 'compat',
    endpoint: MUTED_TOPICS,
    run: legacy,
  },
]);
