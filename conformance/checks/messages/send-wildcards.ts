/**
 * POST /messages: wildcard mentions in crowded channels and topics. The
 * crowded channel has 16 subscribers (the cast and ten throw-away users), one
 * more than the threshold of 15; it is made once per run.
 */
import { type Actor, type Cast, type CheckContext, defineChecks } from '../../check.js';
import { expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { systemGroupIds } from '../groups/support.js';
import { realmSetting, restoring } from '../realm/support.js';
import { channelWith, type MadeChannel, messagesChannel, SEND, send, sendToChannel, topicMessages } from './support.js';

const THRESHOLD = 15;

interface Crowd {
  readonly channel: MadeChannel;
  readonly users: readonly Actor[];
}

const crowds = new WeakMap<Cast, Promise<Crowd>>();

function crowdedChannel(ctx: CheckContext): Promise<Crowd> {
  let crowd = crowds.get(ctx.cast);
  if (crowd === undefined) {
    crowd = (async () => {
      const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
      const users = [owner, administrator, moderator, member, otherMember, guest];
      for (let n = 0; users.length <= THRESHOLD; n += 1) users.push(await ctx.sharedMember(n));
      return { channel: await channelWith(ctx, member, 'crowded', users), users };
    })();
    crowds.set(ctx.cast, crowd);
    crowd.catch(() => crowds.delete(ctx.cast));
  }
  return crowd;
}

/** Runs `body` with can_mention_many_users_group at its default, role:administrators (restored afterwards if it was not). */
async function withDefaultMentionGroup(ctx: CheckContext, body: () => Promise<void>): Promise<void> {
  const administrators = (await systemGroupIds(ctx))['role:administrators'];
  const current = await realmSetting(ctx, 'can_mention_many_users_group');
  if (current === administrators) return body();
  expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { can_mention_many_users_group: JSON.stringify({ new: administrators }) }));
  return restoring(ctx, { can_mention_many_users_group: JSON.stringify({ new: current }) }, body);
}

async function channelWildcard(ctx: CheckContext): Promise<void> {
  const { member, administrator } = ctx.cast;
  await withDefaultMentionGroup(ctx, async () => {
    const { channel } = await crowdedChannel(ctx);
    const topic = ctx.unique('all');
    const before = await topicMessages(ctx, member, channel.id, topic);
    for (const wildcard of ['all', 'everyone', 'channel', 'stream']) {
      const response = await send(ctx, member, { type: 'stream', to: String(channel.id), topic, content: `@**${wildcard}** please read` });
      expectError(response, 400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', undefined, 'messages.wildcard.channel-code');
    }
    expectUnchanged(before, await topicMessages(ctx, member, channel.id, topic), 'the topic’s messages', 'messages.send.channel-wildcard-threshold');
    await sendToChannel(ctx, administrator, channel.id, topic, '@**all** from an administrator');
    const small = await messagesChannel(ctx);
    await sendToChannel(ctx, member, small.id, ctx.unique('all'), '@**all** in a channel of six');
  });
}

async function topicWildcard(ctx: CheckContext): Promise<void> {
  const { member, administrator } = ctx.cast;
  await withDefaultMentionGroup(ctx, async () => {
    const { channel, users } = await crowdedChannel(ctx);
    const busy = ctx.unique('busy');
    for (const user of users) await sendToChannel(ctx, user, channel.id, busy, `${user.fullName} was here`);
    const before = await topicMessages(ctx, member, channel.id, busy);
    const response = await send(ctx, member, { type: 'stream', to: String(channel.id), topic: busy, content: '@**topic** please read' });
    expectError(response, 400, 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', undefined, 'messages.wildcard.topic-code');
    expectUnchanged(before, await topicMessages(ctx, member, channel.id, busy), 'the busy topic’s messages', 'messages.send.topic-wildcard-threshold');
    await sendToChannel(ctx, administrator, channel.id, busy, '@**topic** from an administrator');
    // The rule counts the topic's participants, not the channel's subscribers.
    await sendToChannel(ctx, member, channel.id, ctx.unique('quiet'), '@**topic** in a topic of one');
  });
}

export const SEND_WILDCARD_CHECKS = defineChecks([
  {
    id: 'messages.send.channel-wildcard',
    title:
      'Given a channel of 16 subscribers, when a member sends each channel wildcard it is STREAM_WILDCARD_MENTION_NOT_ALLOWED (nothing posted); an administrator, or a member in a channel of 6, may',
    clauses: ['messages.wildcard.channel-code', 'messages.send.channel-wildcard-threshold'],
    level: 'spec',
    endpoint: SEND,
    run: channelWildcard,
  },
  {
    id: 'messages.send.topic-wildcard',
    title:
      'Given a topic with 16 participants, when a member sends @**topic** there it is TOPIC_WILDCARD_MENTION_NOT_ALLOWED (nothing posted); an administrator may, and so may the member in a quiet topic',
    clauses: ['messages.wildcard.topic-code', 'messages.send.topic-wildcard-threshold'],
    level: 'spec',
    endpoint: SEND,
    run: topicWildcard,
  },
]);
