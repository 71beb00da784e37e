/** Personal subscription settings and the combined subscribe/unsubscribe call. Every check restores what it changed. */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess } from '../../expect.js';
import { subscriptionTo } from '../channels/support.js';
import { messagesChannel } from '../messages/support.js';
import { createChannel } from '../streams/support.js';

const PROPERTIES = 'POST /users/me/subscriptions/properties';
const UPDATE = 'PATCH /users/me/subscriptions';

function setProperties(ctx: CheckContext, actor: Parameters<CheckContext['call']>[0], data: readonly unknown[]) {
  return ctx.call(actor, 'POST', '/users/me/subscriptions/properties', { subscription_data: JSON.stringify(data) });
}

function settingsOf(subscription: Body | undefined): Body {
  return {
    color: subscription?.['color'],
    is_muted: subscription?.['is_muted'],
    in_home_view: subscription?.['in_home_view'],
    pin_to_top: subscription?.['pin_to_top'],
  };
}

async function properties(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const before = settingsOf(await subscriptionTo(ctx, member, channel.name));
  const restore = [
    { stream_id: channel.id, property: 'color', value: before['color'] },
    { stream_id: channel.id, property: 'is_muted', value: before['is_muted'] },
    { stream_id: channel.id, property: 'pin_to_top', value: before['pin_to_top'] },
  ];
  try {
    const changes = [
      { stream_id: channel.id, property: 'color', value: '#c2c2c2' },
      { stream_id: channel.id, property: 'in_home_view', value: false },
      { stream_id: channel.id, property: 'pin_to_top', value: true },
    ];
    expectSuccess(await setProperties(ctx, member, changes), 'personal.properties.update');
    expectEqual(
      settingsOf(await subscriptionTo(ctx, member, channel.name)),
      { color: '#c2c2c2', is_muted: true, in_home_view: false, pin_to_top: true },
      'the member’s subscription settings',
      'personal.properties.update',
    );
    const refused: [unknown, string][] = [
      [{ stream_id: channel.id, property: 'color', value: 'blue' }, 'color is not a valid hex color code'],
      [{ stream_id: channel.id, property: 'is_muted', value: 'no' }, 'is_muted is not a boolean'],
      [{ stream_id: channel.id, property: 'no_such_setting', value: true }, 'Unknown subscription property: no_such_setting'],
    ];
    for (const [change, msg] of refused) {
      expectError(
        await setProperties(ctx, member, [{ stream_id: channel.id, property: 'pin_to_top', value: false }, change]),
        400,
        'BAD_REQUEST',
        msg,
        'personal.properties.errors',
      );
    }
    expectEqual(
      settingsOf(await subscriptionTo(ctx, member, channel.name)),
      { color: '#c2c2c2', is_muted: true, in_home_view: false, pin_to_top: true },
      'the member’s subscription settings after refused changes',
      'personal.properties.errors',
    );
  } finally {
    await setProperties(ctx, member, restore);
  }
}

async function combined(ctx: CheckContext): Promise<void> {
  const { owner, member } = ctx.cast;
  const leaving = await createChannel(ctx, owner, 'leave-me', { principals: [owner.userId, member.userId] });
  const joining = await createChannel(ctx, owner, 'join-me');
  try {
    const body = expectSuccess(
      await ctx.call(member, 'PATCH', '/users/me/subscriptions', { add: JSON.stringify([{ name: joining.name }]), delete: JSON.stringify([leaving.name]) }),
      'personal.update-subscriptions.combined',
    );
    expectEqual(
      { subscribed: body['subscribed'], already_subscribed: body['already_subscribed'], removed: body['removed'], not_removed: body['not_removed'] },
      { subscribed: { [String(member.userId)]: [joining.name] }, already_subscribed: {}, removed: [leaving.name], not_removed: [] },
      'the combined answer',
      'personal.update-subscriptions.combined',
    );
    expectEqual(
      (await subscriptionTo(ctx, member, joining.name)) !== undefined,
      true,
      `the member subscribed to ${joining.name}`,
      'personal.update-subscriptions.combined',
    );
    expectEqual(
      (await subscriptionTo(ctx, member, leaving.name)) !== undefined,
      false,
      `the member left ${leaving.name}`,
      'personal.update-subscriptions.combined',
    );
    expectError(
      await ctx.call(member, 'PATCH', '/users/me/subscriptions', {}),
      400,
      'BAD_REQUEST',
      'Nothing to do. Specify at least one of "add" or "delete".',
      'personal.update-subscriptions.nothing',
    );
  } finally {
    for (const channel of [leaving, joining]) await ctx.call(owner, 'DELETE', `/streams/${channel.id}`);
  }
}

export const SUBSCRIPTION_SETTING_CHECKS = defineChecks([
  {
    id: 'personal.properties.update',
    title:
      'When a member sets colour, in_home_view and pin_to_top, then the subscription reads back changed (is_muted as not in_home_view); refused batches change nothing',
    clauses: ['personal.properties.update', 'personal.properties.errors'],
    level: 'compat',
    endpoint: PROPERTIES,
    run: properties,
  },
  {
    id: 'personal.update-subscriptions.combined',
    title: 'When a member adds one channel and deletes another in one PATCH, then both happen and the answer has both halves; an empty PATCH is refused',
    clauses: ['personal.update-subscriptions.combined', 'personal.update-subscriptions.nothing'],
    level: 'compat',
    endpoint: UPDATE,
    run: combined,
  },
]);
