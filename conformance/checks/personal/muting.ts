/** Muting users: the list, the refusals, and messages from muted users arriving read. Every check unmutes whom it muted. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { flagsOf, messagesChannel, sendToChannel } from '../messages/support.js';
import { mutedIds } from './support.js';

const MUTE = 'POST /users/me/muted_users/{muted_user_id}';
const MISSING_USER_ID = 1_999_999_999;

async function muteAndUnmute(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const path = `/users/me/muted_users/${otherMember.userId}`;
  try {
    expectSuccess(await ctx.call(member, 'POST', path), 'personal.mute.listed');
    expectTrue(
      (await mutedIds(ctx, member, 'personal.mute.listed')).includes(otherMember.userId),
      'the muted user in register’s muted_users',
      'personal.mute.listed',
    );
    expectError(await ctx.call(member, 'POST', path), 400, 'BAD_REQUEST', 'User already muted', 'personal.mute.errors');
  } finally {
    expectSuccess(await ctx.call(member, 'DELETE', path), 'personal.mute.listed');
  }
  expectTrue(
    !(await mutedIds(ctx, member, 'personal.mute.listed')).includes(otherMember.userId),
    'the unmuted user gone from muted_users',
    'personal.mute.listed',
  );
  expectError(await ctx.call(member, 'DELETE', path), 400, 'BAD_REQUEST', 'User is not muted', 'personal.unmute.not-muted');
  expectError(await ctx.call(member, 'POST', `/users/me/muted_users/${member.userId}`), 400, 'BAD_REQUEST', 'Cannot mute self', 'personal.mute.errors');
  expectError(await ctx.call(member, 'POST', `/users/me/muted_users/${MISSING_USER_ID}`), 400, 'BAD_REQUEST', 'No such user', 'personal.mute.errors');
  expectEqual((await mutedIds(ctx, member)).includes(member.userId), false, 'the member muting themselves', 'personal.mute.errors');
}

async function mutedArriveRead(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique('muting');
  const earlier = await sendToChannel(ctx, otherMember, channel.id, topic, 'before the mute');
  expectTrue(!(await flagsOf(ctx, member, earlier)).includes('read'), 'a fresh message unread for the member', 'personal.mute.read');
  const path = `/users/me/muted_users/${otherMember.userId}`;
  expectSuccess(await ctx.call(member, 'POST', path), 'personal.mute.read');
  try {
    expectTrue((await flagsOf(ctx, member, earlier)).includes('read'), 'the muted user’s unread message marked read', 'personal.mute.read');
    const later = await sendToChannel(ctx, otherMember, channel.id, topic, 'after the mute');
    expectTrue((await flagsOf(ctx, member, later)).includes('read'), 'a message from the muted user arriving read', 'personal.mute.read');
  } finally {
    await ctx.call(member, 'DELETE', path);
  }
}

export const MUTING_CHECKS = defineChecks([
  {
    id: 'personal.mute.list',
    title:
      'When a member mutes and unmutes another, then register lists and then drops them; muting twice, oneself or an unknown user, and unmuting again, are refused',
    clauses: ['personal.mute.listed', 'personal.mute.errors', 'personal.unmute.not-muted'],
    level: 'compat',
    endpoint: MUTE,
    run: muteAndUnmute,
  },
  {
    id: 'personal.mute.read',
    title: 'Given an unread message from another member, when the member mutes them, then it and their next message are read for the member',
    clauses: ['personal.mute.read'],
    level: 'compat',
    endpoint: MUTE,
    run: mutedArriveRead,
  },
]);
