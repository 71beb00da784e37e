/**
 * Who may know a channel (GET /streams/{id}) and who may read and join it
 * (GET /get_stream_id, subscribing oneself), at the boundaries: guests and
 * web-public or subscribed channels, and private channels reached only
 * through one of their group settings.
 */
import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { createGroup, sorted } from '../groups/support.js';
import { CHANNEL_FIELD_SINCE, channelFieldAt, createChannel, includeAllParam, listChannels, type MadeChannel, wire } from './support.js';

const GET = 'GET /streams/{stream_id}';

async function knows(ctx: CheckContext, viewer: Actor, channel: MadeChannel, clause: string): Promise<void> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', `/streams/${channel.id}`), clause);
  expectEqual(body['stream']?.['stream_id'], channel.id, `the channel ${channel.name} by id for user ${viewer.userId}`, clause);
}

async function doesNotKnow(ctx: CheckContext, viewer: Actor, channel: MadeChannel, clause: string): Promise<void> {
  expectError(await ctx.call(viewer, 'GET', `/streams/${channel.id}`), 400, 'BAD_REQUEST', 'Invalid channel ID', clause);
}

async function reads(ctx: CheckContext, viewer: Actor, channel: MadeChannel, clause: string): Promise<void> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/get_stream_id', { stream: channel.name }), clause);
  expectEqual(body['stream_id'], channel.id, `the id of ${channel.name} looked up by user ${viewer.userId}`, clause);
}

async function doesNotRead(ctx: CheckContext, viewer: Actor, channel: MadeChannel, clause: string): Promise<void> {
  expectError(await ctx.call(viewer, 'GET', '/get_stream_id', { stream: channel.name }), 400, 'BAD_REQUEST', `Invalid channel name '${channel.name}'`, clause);
}

async function guests(ctx: CheckContext): Promise<void> {
  const { owner, member, guest } = ctx.cast;
  const open = await createChannel(ctx, member, 'guest-public');
  await doesNotKnow(ctx, guest, open, 'streams.access.guests');
  await doesNotRead(ctx, guest, open, 'streams.access.guests');
  // A private channel the owner puts the guest in (the owner too, so it can look the channel up).
  const closed = await createChannel(ctx, owner, 'guest-private', { invite_only: true, principals: sorted([owner.userId, guest.userId]) });
  await knows(ctx, guest, closed, 'streams.access.guests');
  await reads(ctx, guest, closed, 'streams.access.guests');
}

/** A web-public channel the guest is not subscribed to: a new one if web-public channels are enabled, else any existing one. */
async function unsubscribedWebPublic(ctx: CheckContext): Promise<MadeChannel | undefined> {
  const name = ctx.unique('web-public');
  const made = await ctx.call(ctx.cast.owner, 'POST', '/users/me/subscriptions', wire({ subscriptions: [{ name }], is_web_public: true }));
  if (made.status === 200) {
    const found = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', '/get_stream_id', { stream: name }));
    if (typeof found['stream_id'] !== 'number') throw new CheckFailure(`a stream_id for the new channel ${name}, got ${JSON.stringify(found)}`);
    return { id: found['stream_id'], name };
  }
  expectError(made, 400, 'BAD_REQUEST', 'Web-public channels are not enabled.', 'subscribe.web-public');
  const subscribed = new Set(
    (await listChannels(ctx, ctx.cast.guest, { include_public: 'false', include_subscribed: 'true' })).map((stream) => stream['stream_id']),
  );
  const webPublic = await listChannels(ctx, ctx.cast.administrator, { [includeAllParam(ctx)]: 'true' });
  const candidate = webPublic.find((stream) => stream['is_web_public'] === true && !subscribed.has(stream['stream_id']));
  return candidate === undefined ? undefined : { id: candidate['stream_id'] as number, name: candidate['name'] as string };
}

async function webPublicForGuests(ctx: CheckContext): Promise<void> {
  const channel = await unsubscribedWebPublic(ctx);
  // Without web-public channels there is nothing a guest could reach here.
  if (channel === undefined) return;
  await knows(ctx, ctx.cast.guest, channel, 'streams.access.guests');
  await reads(ctx, ctx.cast.guest, channel, 'streams.access.guests');
}

async function privateThroughGroupSettings(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember } = ctx.cast;
  const onlyMember = { direct_members: [member.userId], direct_subgroups: [] };
  // The owner makes each channel (and administers it), so the member is reached through the one setting only;
  // each setting from the level it appeared at (325, 342, 357).
  const settings = ['can_administer_channel_group', 'can_add_subscribers_group', 'can_subscribe_group'].filter((setting) =>
    channelFieldAt(ctx.featureLevel, setting),
  );
  for (const setting of settings) {
    const channel = await createChannel(ctx, owner, 'private-setting', { invite_only: true, [setting]: onlyMember });
    await knows(ctx, member, channel, 'streams.access.private-metadata');
    await doesNotKnow(ctx, otherMember, channel, 'streams.access.private-metadata');
  }
}

async function joinThroughNestedGroup(ctx: CheckContext): Promise<void> {
  const { owner, administrator, moderator, member, otherMember } = ctx.cast;
  // The member is in `outer` only through `inner`; `outer` and the setting list several other users directly.
  const inner = await createGroup(ctx, { members: [member.userId] });
  const outer = await createGroup(ctx, { members: sorted([owner.userId, administrator.userId]), subgroups: [inner] });
  const setting = { direct_members: sorted([moderator.userId, otherMember.userId, administrator.userId]), direct_subgroups: [outer] };
  const channel = await createChannel(ctx, owner, 'nested-join', { invite_only: true, can_subscribe_group: setting });
  await knows(ctx, member, channel, 'subscribe.content-access-groups');
  await reads(ctx, member, channel, 'subscribe.content-access-groups');
  expectSuccess(
    await ctx.call(member, 'POST', '/users/me/subscriptions', wire({ subscriptions: [{ name: channel.name }] })),
    'subscribe.content-access-groups',
  );
  const mine = expectSuccess(await ctx.call(member, 'GET', '/users/me/subscriptions'))['subscriptions'] as { stream_id: number }[];
  expectEqual(
    mine.some((subscription) => subscription.stream_id === channel.id),
    true,
    'the member subscribed to the channel',
    'subscribe.content-access-groups',
  );
  // Someone in no part of the setting is refused.
  const outsider = await ctx.sharedMember(1);
  expectError(
    await ctx.call(outsider, 'POST', '/users/me/subscriptions', wire({ subscriptions: [{ name: channel.name }] })),
    400,
    'BAD_REQUEST',
    `Unable to access channel (${channel.name}).`,
    'subscribe.no-content-access',
  );
}

export const CHANNEL_ACCESS_CHECKS = defineChecks([
  {
    id: 'streams.access.guests',
    title:
      'Given a guest, when looking up an unsubscribed public channel and a private one they were added to, then only the subscribed one is known and readable',
    clauses: ['streams.access.guests'],
    level: 'compat',
    endpoint: GET,
    run: guests,
  },
  {
    id: 'streams.access.web-public-guests',
    title: 'Given a web-public channel a guest is not subscribed to, when the guest looks it up, then it is known and readable',
    clauses: ['streams.access.guests'],
    level: 'compat',
    endpoint: GET,
    run: webPublicForGuests,
  },
  {
    id: 'streams.access.private-metadata',
    title: 'Given private channels naming a member in one group setting each, when the member and another get them by id, then only the member knows each',
    clauses: ['streams.access.private-metadata'],
    level: 'compat',
    endpoint: GET,
    // Before 325 no group setting of a channel reached its metadata.
    since: CHANNEL_FIELD_SINCE['can_administer_channel_group'],
    run: privateThroughGroupSettings,
  },
  {
    id: 'streams.access.join-nested-group',
    title:
      'Given a private channel whose can_subscribe_group reaches a member only through nested subgroups, when the member subscribes, then it succeeds and an outsider is refused',
    clauses: ['subscribe.content-access-groups', 'subscribe.no-content-access'],
    level: 'compat',
    endpoint: 'POST /users/me/subscriptions',
    // can_subscribe_group appeared at 357.
    since: CHANNEL_FIELD_SINCE['can_subscribe_group'],
    run: joinThroughNestedGroup,
  },
]);
