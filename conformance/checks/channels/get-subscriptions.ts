/** GET /users/me/subscriptions and GET /users/{user_id}/subscriptions/{stream_id}. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { errorShape, MISSING_CHANNEL_ID } from '../streams/support.js';
import { makeChannel, subscribe, subscriptionTo } from './support.js';

const LIST = 'GET /users/me/subscriptions';
const STATUS = 'GET /users/{user_id}/subscriptions/{stream_id}';

const PERSONAL_FIELDS = [
  'color',
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'email_notifications',
  'push_notifications',
  'audible_notifications',
  'wildcard_mentions_notify',
];

async function shape(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const made = await makeChannel(ctx, member, 'mine', { invite_only: true });
  const entry = await subscriptionTo(ctx, member, made.name);
  expectTrue(entry !== undefined, `${made.name} among the member’s subscriptions`, 'subscriptions.list.shape');
  for (const field of ['stream_id', 'name', 'description', 'invite_only', 'is_web_public', 'history_public_to_subscribers', ...PERSONAL_FIELDS]) {
    expectTrue(field in entry, `field ${field} in ${JSON.stringify(entry)}`, 'subscriptions.list.shape');
  }
  expectEqual(
    [entry['stream_id'], entry['invite_only'], entry['is_muted']],
    [made.id, true, false],
    'stream_id, invite_only, is_muted',
    'subscriptions.list.shape',
  );
  expectTrue(
    typeof entry['color'] === 'string' && /^#[0-9a-fA-F]{6}$/.test(entry['color']),
    `a #rrggbb color, got ${JSON.stringify(entry['color'])}`,
    'subscriptions.list.shape',
  );
}

async function subscribers(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, member, 'pair');
  expectSuccess(await subscribe(ctx, member, [made.name], { principals: [otherMember.userId] }));
  const plain = await subscriptionTo(ctx, member, made.name);
  expectTrue(
    plain !== undefined && !('subscribers' in plain),
    `no subscribers without include_subscribers, got ${JSON.stringify(plain)}`,
    'subscriptions.list.subscribers',
  );
  const full = await subscriptionTo(ctx, member, made.name, { include_subscribers: 'true' });
  const ids = [...((full?.['subscribers'] as number[] | undefined) ?? [])].sort((a, b) => a - b);
  expectEqual(
    ids,
    [member.userId, otherMember.userId].sort((a, b) => a - b),
    'the subscribers with include_subscribers=true',
    'subscriptions.list.subscribers',
  );
}

async function status(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, member, 'status');
  const ask = (userId: number, channelId: number) => ctx.call(otherMember, 'GET', `/users/${userId}/subscriptions/${channelId}`);
  expectEqual(expectSuccess(await ask(member.userId, made.id))['is_subscribed'], true, 'is_subscribed of the creator', 'subscriptions.status');
  expectEqual(expectSuccess(await ask(otherMember.userId, made.id))['is_subscribed'], false, 'is_subscribed of a non-subscriber', 'subscriptions.status');
  const hidden = await makeChannel(ctx, member, 'status-hidden', { invite_only: true });
  const seen = await ask(member.userId, hidden.id);
  expectError(seen, 400, 'BAD_REQUEST', undefined, 'subscriptions.status');
  expectEqual(
    errorShape(seen),
    errorShape(await ask(member.userId, MISSING_CHANNEL_ID)),
    'the same answer for a hidden and a missing channel',
    'subscriptions.status',
  );
}

export const GET_SUBSCRIPTIONS_CHECKS = defineChecks([
  {
    id: 'subscriptions.list.shape',
    title: 'Given a member’s new private channel, when they list their subscriptions, then it is there with the channel fields and personal settings',
    clauses: ['subscriptions.list.shape'],
    level: 'compat',
    endpoint: LIST,
    run: shape,
  },
  {
    id: 'subscriptions.list.subscribers',
    title: 'When subscriptions are listed, then subscribers appear only with include_subscribers=true, and then all of them',
    clauses: ['subscriptions.list.subscribers'],
    level: 'compat',
    endpoint: LIST,
    run: subscribers,
  },
  {
    id: 'subscriptions.status',
    title: 'When a member asks whether users are subscribed, then is_subscribed answers; a hidden channel looks missing',
    clauses: ['subscriptions.status'],
    level: 'compat',
    endpoint: STATUS,
    run: status,
  },
]);
