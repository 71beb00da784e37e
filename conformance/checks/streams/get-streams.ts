/** GET /streams: the channel object and every flag of the listing. */
import { type Cast, type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { systemGroupIds } from '../groups/support.js';
import {
  CHANNEL_FIELD_SINCE,
  CHANNEL_GROUP_SETTING_VALUE_SINCE,
  channelFieldAt,
  createChannel,
  EXCLUDE_ARCHIVED_SINCE,
  INCLUDE_ALL_SINCE,
  includeAllParam,
  listChannels,
  listedIds,
  type MadeChannel,
  readChannel,
  updateChannel,
} from './support.js';

const ENDPOINT = 'GET /streams';

const isInt = (value: unknown) => Number.isInteger(value);
const isIntOrNull = (value: unknown) => value === null || Number.isInteger(value);
const isBool = (value: unknown) => typeof value === 'boolean';
const isString = (value: unknown) => typeof value === 'string';
const isIdList = (value: unknown) => Array.isArray(value) && value.every((id) => Number.isInteger(id));
function isGroupSettingValue(value: unknown): boolean {
  if (Number.isInteger(value)) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const object = value as Record<string, unknown>;
  return (
    Object.keys(object).sort().join(',') === 'direct_members,direct_subgroups' && isIdList(object['direct_members']) && isIdList(object['direct_subgroups'])
  );
}

/** The Channel table of the spec, in its order, with each field's type. */
const CHANNEL_FIELDS: readonly (readonly [string, (value: unknown) => boolean])[] = [
  ['stream_id', isInt],
  ['name', isString],
  ['is_archived', isBool],
  ['description', isString],
  ['rendered_description', isString],
  ['date_created', isInt],
  ['creator_id', isIntOrNull],
  ['invite_only', isBool],
  ['is_web_public', isBool],
  ['stream_post_policy', (value) => value === 1 || value === 2 || value === 3 || value === 4],
  ['is_announcement_only', isBool],
  ['message_retention_days', isIntOrNull],
  ['history_public_to_subscribers', isBool],
  ['topics_policy', (value) => ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'].includes(value as string)],
  ['first_message_id', isIntOrNull],
  ['folder_id', isIntOrNull],
  ['is_recently_active', isBool],
  ['can_add_subscribers_group', isGroupSettingValue],
  ['can_remove_subscribers_group', isGroupSettingValue],
  ['can_administer_channel_group', isGroupSettingValue],
  ['can_delete_any_message_group', isGroupSettingValue],
  ['can_delete_own_message_group', isGroupSettingValue],
  ['can_move_messages_out_of_channel_group', isGroupSettingValue],
];

/** Changelog 333: can_send_message_group replaced stream_post_policy as the parameter; before, the policy was set directly. */
const CAN_SEND_MESSAGE_GROUP_SINCE = CHANNEL_FIELD_SINCE['can_send_message_group'] ?? 0;
/** Changelog 200: is_default_stream of subscribe and update; before, POST /default_streams made a channel a default one. */
const IS_DEFAULT_STREAM_SINCE = paramSince('subscribe', 'is_default_stream') ?? 0;
/** Changelog 356: include_can_access_content of GET /streams. */
const INCLUDE_CAN_ACCESS_CONTENT_SINCE = paramSince('get-streams', 'include_can_access_content') ?? 0;

const EXTRA_FIELDS = [
  'can_move_messages_within_channel_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
  'subscriber_count',
  'stream_weekly_traffic',
];

interface Arranged {
  readonly open: MadeChannel;
  readonly closed: MadeChannel;
  readonly own: MadeChannel;
}

/** One set per run: the checks that use it only list channels. */
const arranged = new WeakMap<Cast, Promise<Arranged>>();

/** Public and private channels of the other member, and a private one of the member. */
function arrange(ctx: CheckContext): Promise<Arranged> {
  let made = arranged.get(ctx.cast);
  if (made === undefined) {
    made = makeArranged(ctx);
    arranged.set(ctx.cast, made);
    // A failed arrangement is that check's failure; the next check tries again.
    made.catch(() => arranged.delete(ctx.cast));
  }
  return made;
}

async function makeArranged(ctx: CheckContext): Promise<Arranged> {
  const { member, otherMember } = ctx.cast;
  const open = await createChannel(ctx, otherMember, 'open');
  const closed = await createChannel(ctx, otherMember, 'closed', { invite_only: true });
  const own = await createChannel(ctx, member, 'own', { invite_only: true });
  return { open, closed, own };
}

async function channelShape(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'shape', { description: 'A *shape* check' });
  const body = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/streams'));
  expectTrue(Array.isArray(body['streams']), `a streams array, got ${JSON.stringify(body)}`, 'streams.list.response');
  const stream = (body['streams'] as Body[]).find((entry) => entry['stream_id'] === made.id);
  expectTrue(stream !== undefined, `the new channel ${made.id} in GET /streams`, 'streams.list.response');
  // Each field from the level it appeared at; before 197 can_remove_subscribers_group was can_remove_subscribers_group_id, a group id.
  if (!channelFieldAt(ctx.featureLevel, 'can_remove_subscribers_group'))
    expectTrue(
      isInt(stream['can_remove_subscribers_group_id']),
      `an integer can_remove_subscribers_group_id in ${JSON.stringify(stream)}`,
      'streams.channel.fields',
    );
  for (const [field, valid] of CHANNEL_FIELDS) {
    if (!channelFieldAt(ctx.featureLevel, field)) continue;
    expectTrue(field in stream, `field ${field} in ${JSON.stringify(stream)}`, 'streams.channel.fields');
    expectTrue(valid(stream[field]), `${field} of the stated type, got ${JSON.stringify(stream[field])}`, 'streams.channel.fields');
  }
  for (const field of EXTRA_FIELDS.filter((extra) => channelFieldAt(ctx.featureLevel, extra)))
    expectTrue(field in stream, `the real server's further field ${field} in ${JSON.stringify(stream)}`, 'streams.channel.extra-fields');
  const known = ['name', 'creator_id', 'is_archived', 'description'].filter((field) => channelFieldAt(ctx.featureLevel, field));
  const expected: Record<string, unknown> = { name: made.name, creator_id: ctx.cast.member.userId, is_archived: false, description: 'A *shape* check' };
  expectEqual(
    known.map((field) => stream[field]),
    known.map((field) => expected[field]),
    known.join(', '),
    'streams.channel.fields',
  );
}

async function postPolicy(ctx: CheckContext): Promise<void> {
  const groups = await systemGroupIds(ctx);
  const made = await createChannel(ctx, ctx.cast.administrator, 'policy');
  const expectations: [number, number][] = [
    [groups['role:administrators'], 2],
    [groups['role:moderators'], 4],
    [groups['role:fullmembers'], 3],
    [groups['role:everyone'], 1],
  ];
  // Before 333 the policy itself was the parameter.
  const asGroup = ctx.featureLevel >= CAN_SEND_MESSAGE_GROUP_SINCE;
  for (const [group, policy] of expectations) {
    expectSuccess(
      await updateChannel(ctx, ctx.cast.administrator, made.id, asGroup ? { can_send_message_group: { new: group } } : { stream_post_policy: policy }),
    );
    const stream = (await listChannels(ctx, ctx.cast.administrator)).find((entry) => entry['stream_id'] === made.id)!;
    expectEqual(
      [stream['stream_post_policy'], stream['is_announcement_only']],
      [policy, policy === 2],
      asGroup ? `stream_post_policy for can_send_message_group ${group}` : `stream_post_policy after setting ${policy}`,
      'streams.channel.post-policy',
    );
  }
}

async function defaults(ctx: CheckContext): Promise<void> {
  const { open, closed, own } = await arrange(ctx);
  const ours = [open, closed, own];
  const member = ctx.cast.member;
  const listed = await listedIds(ctx, member, ours);
  expectTrue(
    listed.includes(open.id) && listed.includes(own.id),
    `the public and the subscribed channel listed by default, got ${JSON.stringify(listed)}`,
    'streams.list.defaults',
  );
  expectTrue(!listed.includes(closed.id), `no private channel the member is not in, got ${JSON.stringify(listed)}`, 'streams.list.no-leak');
  const withoutPublic = await listedIds(ctx, member, ours, { include_public: 'false' });
  expectEqual(withoutPublic, [own.id], 'include_public=false: only the subscribed channel', 'streams.list.include-public');
  const withoutSubscribed = await listedIds(ctx, member, ours, { include_subscribed: 'false' });
  expectEqual(withoutSubscribed, [open.id], 'include_subscribed=false: only the public channel', 'streams.list.include-subscribed');
  expectEqual(
    await listedIds(ctx, member, ours, { include_subscribed: 'false', include_public: 'false' }),
    [],
    'no sources: nothing',
    'streams.list.include-subscribed',
  );
}

async function sortedByName(ctx: CheckContext): Promise<void> {
  await createChannel(ctx, ctx.cast.member, 'zz-sort');
  await createChannel(ctx, ctx.cast.member, 'aa-sort');
  const names = (await listChannels(ctx, ctx.cast.member)).map((stream) => stream['name'] as string);
  const byCodePoint = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expectEqual(names, byCodePoint, 'channel names in sorted order', 'streams.list.sorted');
}

async function archived(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'archived');
  expectSuccess(await ctx.call(ctx.cast.member, 'DELETE', `/streams/${made.id}`));
  expectEqual(await listedIds(ctx, ctx.cast.member, [made]), [], 'the archived channel left out by default', 'streams.list.exclude-archived');
  if (ctx.featureLevel < EXCLUDE_ARCHIVED_SINCE) {
    // Before 315 the listing never had archived channels, and exclude_archived was no parameter.
    expectEqual(
      await listedIds(ctx, ctx.cast.member, [made], { exclude_archived: 'false' }),
      [],
      `the archived channel left out even with exclude_archived=false (no parameter before ${EXCLUDE_ARCHIVED_SINCE})`,
      'streams.list.exclude-archived',
    );
    return;
  }
  expectEqual(
    await listedIds(ctx, ctx.cast.member, [made], { exclude_archived: 'false' }),
    [made.id],
    'the archived channel listed with exclude_archived=false',
    'streams.list.exclude-archived',
  );
}

async function webPublicAndGuests(ctx: CheckContext): Promise<void> {
  const open = await createChannel(ctx, ctx.cast.member, 'guest-open');
  const guest = ctx.cast.guest;
  expectEqual(await listedIds(ctx, guest, [open]), [], 'no unsubscribed public channel for a guest', 'streams.list.guests');
  const webOnly = await listChannels(ctx, guest, { include_web_public: 'true', include_subscribed: 'false' });
  expectTrue(
    webOnly.every((stream) => stream['is_web_public'] === true),
    `only web-public channels with include_web_public alone, got ${JSON.stringify(webOnly.map((stream) => [stream['name'], stream['is_web_public']]))}`,
    'streams.list.include-web-public',
  );
  const all = await listChannels(ctx, ctx.cast.administrator, { [includeAllParam(ctx)]: 'true' });
  const webPublicIds = all
    .filter((stream) => stream['is_web_public'] === true)
    .map((stream) => stream['stream_id'] as number)
    .sort((a, b) => a - b);
  expectEqual(
    webOnly.map((stream) => stream['stream_id'] as number).sort((a, b) => a - b),
    webPublicIds,
    'every web-public channel listed with include_web_public',
    'streams.list.include-web-public',
  );
}

async function includeAll(ctx: CheckContext): Promise<void> {
  const { open, closed, own } = await arrange(ctx);
  const ours = [open, closed, own];
  if (ctx.featureLevel < INCLUDE_ALL_SINCE) {
    // Before 356 only include_all_active, for administrators only.
    const active = (
      await listedIds(ctx, ctx.cast.administrator, ours, { include_all_active: 'true', include_public: 'false', include_subscribed: 'false' })
    ).sort((a, b) => a - b);
    expectEqual(
      active,
      ours.map((c) => c.id).sort((a, b) => a - b),
      `every channel for an administrator with include_all_active (include_all only from ${INCLUDE_ALL_SINCE})`,
      'streams.list.include-all-active',
    );
    expectError(
      await ctx.call(ctx.cast.member, 'GET', '/streams', { include_all_active: 'true' }),
      400,
      'BAD_REQUEST',
      'User not authorized for this query',
      'streams.list.include-all-active',
    );
    return;
  }
  const all = (await listedIds(ctx, ctx.cast.administrator, ours, { include_all: 'true', include_public: 'false', include_subscribed: 'false' })).sort(
    (a, b) => a - b,
  );
  expectEqual(
    all,
    ours.map((c) => c.id).sort((a, b) => a - b),
    'every channel for an administrator with include_all',
    'streams.list.include-all',
  );
  const forMember = await listedIds(ctx, ctx.cast.member, ours, { include_all: 'true' });
  expectTrue(
    !forMember.includes(closed.id) && forMember.includes(open.id) && forMember.includes(own.id),
    `include_all for a member: the channels they may know, got ${JSON.stringify(forMember)}`,
    'streams.list.no-leak',
  );
  const active = (await listedIds(ctx, ctx.cast.administrator, ours, { include_all_active: 'true' })).sort((a, b) => a - b);
  expectEqual(active, all, 'include_all_active for an administrator, as include_all', 'streams.list.include-all-active');
}

async function contentAccess(ctx: CheckContext): Promise<void> {
  const { open, closed, own } = await arrange(ctx);
  const listed = (
    await listedIds(ctx, ctx.cast.member, [open, closed, own], { include_can_access_content: 'true', include_public: 'false', include_subscribed: 'false' })
  ).sort((a, b) => a - b);
  expectEqual(
    listed,
    [open.id, own.id].sort((a, b) => a - b),
    'the public and the subscribed channel, not the private one',
    'streams.list.include-can-access-content',
  );
}

async function includeDefault(ctx: CheckContext): Promise<void> {
  const plain = await createChannel(ctx, ctx.cast.administrator, 'not-default');
  // Before 200 a channel was made a default one through POST /default_streams.
  const byParam = ctx.featureLevel >= IS_DEFAULT_STREAM_SINCE;
  const made = await createChannel(ctx, ctx.cast.administrator, 'default', byParam ? { is_default_stream: true } : {});
  if (!byParam) expectSuccess(await ctx.call(ctx.cast.administrator, 'POST', '/default_streams', { stream_id: String(made.id) }));
  try {
    const flagged = await listChannels(ctx, ctx.cast.member, { include_default: 'true' });
    expectTrue(
      flagged.every((stream) => typeof stream['is_default'] === 'boolean'),
      'is_default on every channel with include_default',
      'streams.list.is-default',
    );
    expectEqual(
      [flagged.find((stream) => stream['stream_id'] === made.id)?.['is_default'], flagged.find((stream) => stream['stream_id'] === plain.id)?.['is_default']],
      [true, false],
      'is_default of a default and a non-default channel',
      'streams.list.include-default',
    );
    const unflagged = await listChannels(ctx, ctx.cast.member);
    expectTrue(
      unflagged.every((stream) => !('is_default' in stream)),
      'no is_default without include_default',
      'streams.list.is-default',
    );
  } finally {
    if (byParam) await updateChannel(ctx, ctx.cast.administrator, made.id, { is_default_stream: false });
    else await ctx.call(ctx.cast.administrator, 'DELETE', '/default_streams', { stream_id: String(made.id) });
  }
}

async function ownerSubscribedNeedsBot(ctx: CheckContext): Promise<void> {
  const { open, closed, own } = await arrange(ctx);
  const listed = await listedIds(ctx, ctx.cast.member, [open, closed, own], {
    include_public: 'false',
    include_subscribed: 'false',
    include_owner_subscribed: 'true',
  });
  expectEqual(listed, [], 'include_owner_subscribed adds nothing for a user who is not a bot', 'streams.list.include-owner-subscribed');
}

/** 2000-01-01 and 2100-01-01 in seconds: a value in milliseconds lies far outside. */
const SECONDS_RANGE = [946_684_800, 4_102_444_800] as const;

async function fieldMeanings(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('meanings');
  expectSuccess(
    await ctx.call(ctx.cast.member, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name, description: 'Some *emphasis* here' }]) }),
  );
  const stream = (await listChannels(ctx, ctx.cast.member)).find((entry) => entry['name'] === name);
  expectTrue(stream !== undefined, `the new channel ${name} in GET /streams`);
  const rendered = stream['rendered_description'];
  expectTrue(
    typeof rendered === 'string' && rendered.includes('<em>emphasis</em>') && !rendered.includes('*emphasis*'),
    `the description rendered as HTML, got ${JSON.stringify(rendered)}`,
    'streams.channel.rendered-description',
  );
  const created = stream['date_created'];
  expectTrue(
    Number.isInteger(created) && created >= SECONDS_RANGE[0] && created < SECONDS_RANGE[1],
    `date_created in UNIX seconds, got ${JSON.stringify(created)}`,
    'streams.channel.date-created',
  );
  // Before 389 there were no channel folders, and no folder_id.
  if (channelFieldAt(ctx.featureLevel, 'folder_id'))
    expectEqual(stream['folder_id'], null, 'folder_id of a channel created in no folder', 'streams.channel.no-folder');
  else
    expectTrue(!('folder_id' in stream), `no folder_id before ${CHANNEL_FIELD_SINCE['folder_id']}, got ${JSON.stringify(stream)}`, 'streams.channel.no-folder');
}

/** The Conventions rule for group-setting values, seen on a channel's setting. */
async function settingWithoutDeactivatedUsers(ctx: CheckContext): Promise<void> {
  const { owner, member } = ctx.cast;
  const leaving = await ctx.newUser();
  const made = await createChannel(ctx, owner, 'leaver-setting', {
    can_remove_subscribers_group: { direct_members: [leaving.userId, member.userId], direct_subgroups: [] },
  });
  const before = (await readChannel(ctx, made.id))['can_remove_subscribers_group'];
  expectEqual(
    [...before['direct_members']].sort((a: number, b: number) => a - b),
    [leaving.userId, member.userId].sort((a, b) => a - b),
    'direct_members before the deactivation',
  );
  expectSuccess(await ctx.call(owner, 'DELETE', `/users/${leaving.userId}`));
  expectEqual(
    (await readChannel(ctx, made.id))['can_remove_subscribers_group'],
    { direct_members: [member.userId], direct_subgroups: [] },
    'can_remove_subscribers_group after deactivating one of its users',
    'groups.setting-value.no-deactivated-users',
  );
}

export const GET_STREAMS_CHECKS = defineChecks([
  {
    id: 'streams.list.field-meanings',
    title:
      'Given a channel with a Markdown description and no folder, when listed, then rendered_description is HTML, date_created is in seconds and folder_id is null',
    clauses: ['streams.channel.rendered-description', 'streams.channel.date-created', 'streams.channel.no-folder'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: fieldMeanings,
  },
  {
    id: 'streams.list.setting-without-deactivated-users',
    title: 'Given a channel setting naming a user who is then deactivated, when listed, then direct_members leaves them out',
    clauses: ['groups.setting-value.no-deactivated-users'],
    level: 'spec',
    endpoint: ENDPOINT,
    // Before 320 no channel setting was a group-setting value (can_remove_subscribers_group was a group id).
    since: CHANNEL_GROUP_SETTING_VALUE_SINCE,
    run: settingWithoutDeactivatedUsers,
  },
  {
    id: 'streams.list.shape',
    title: 'Given a new channel, when listed, then it has every field of the Channel table with its type, then the further fields',
    clauses: ['streams.list.response', 'streams.channel.fields', 'streams.channel.extra-fields'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: channelShape,
  },
  {
    id: 'streams.list.post-policy',
    title: 'Given can_send_message_group set to a role group, when listed, then stream_post_policy and is_announcement_only follow it',
    clauses: ['streams.channel.post-policy'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: postPolicy,
  },
  {
    id: 'streams.list.sources',
    title:
      'Given public, private and subscribed channels, when a member lists with include_public/include_subscribed, then exactly those sources appear and no private channel of others',
    clauses: ['streams.list.defaults', 'streams.list.include-public', 'streams.list.include-subscribed', 'streams.list.no-leak'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: defaults,
  },
  {
    id: 'streams.list.sorted',
    title: 'When a member lists channels, then they come sorted by name',
    clauses: ['streams.list.sorted'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: sortedByName,
  },
  {
    id: 'streams.list.archived',
    title: 'Given an archived channel, when listed, then it appears only with exclude_archived=false',
    clauses: ['streams.list.exclude-archived'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: archived,
  },
  {
    id: 'streams.list.web-public-and-guests',
    title: 'When a guest lists with include_web_public, then exactly the web-public channels appear and never an unsubscribed public one',
    clauses: ['streams.list.include-web-public', 'streams.list.guests'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: webPublicAndGuests,
  },
  {
    id: 'streams.list.include-all',
    title: 'When an administrator lists with include_all (or include_all_active), then every channel appears; a member sees only those they may know',
    clauses: ['streams.list.include-all', 'streams.list.include-all-active', 'streams.list.no-leak'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: includeAll,
  },
  {
    id: 'streams.list.content-access',
    title: 'When a member lists with include_can_access_content only, then the public and subscribed channels appear, not others’ private ones',
    clauses: ['streams.list.include-can-access-content'],
    level: 'spec',
    endpoint: ENDPOINT,
    since: INCLUDE_CAN_ACCESS_CONTENT_SINCE,
    run: contentAccess,
  },
  {
    id: 'streams.list.include-default',
    title: 'Given a default channel, when listed with include_default, then every channel says is_default and only then',
    clauses: ['streams.list.include-default', 'streams.list.is-default'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: includeDefault,
  },
  {
    id: 'streams.list.owner-subscribed',
    title: 'When a user who is not a bot lists with include_owner_subscribed only, then nothing is added',
    clauses: ['streams.list.include-owner-subscribed'],
    level: 'spec',
    endpoint: ENDPOINT,
    run: ownerSubscribedNeedsBot,
  },
]);
