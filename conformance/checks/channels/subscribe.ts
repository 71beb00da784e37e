/** POST /users/me/subscriptions: creating channels, every parameter, principals and authorization. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { register } from '../realm/support.js';
import { listChannels } from '../streams/support.js';
import { channelNamed, existingNames, makeChannel, subscribe, subscribedKey, subscribedNames, subscriptionTo, systemGroupIds } from './support.js';

const ENDPOINT = 'POST /users/me/subscriptions';
/** Unknown and deactivated principals became 400 BAD_REQUEST here (the spec's versioning section). */
const PRINCIPAL_ERROR_LEVEL = 208;
/** Subscriptions in archived channels became changeable here. */
const ARCHIVED_SUBSCRIPTIONS_LEVEL = 362;

async function createsMissing(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const name = ctx.unique('new');
  const body = expectSuccess(await subscribe(ctx, member, [name]), 'subscribe.creates-missing');
  expectEqual(
    body['subscribed'],
    { [await subscribedKey(ctx, member, member.userId)]: [name] },
    'subscribed keyed by the requester’s id (API e-mail before 289)',
    'subscribe.principals.default',
  );
  expectEqual(body['already_subscribed'], {}, 'already_subscribed', 'subscribe.response');
  expectTrue(typeof body['new_subscription_messages_sent'] === 'boolean', `new_subscription_messages_sent, got ${JSON.stringify(body)}`, 'subscribe.response');
  const channel = await channelNamed(ctx, name);
  expectTrue(channel !== undefined, `the channel ${name} to exist`, 'subscribe.creates-missing');
  expectEqual(channel['invite_only'], false, 'invite_only of a channel created without it', 'subscribe.invite-only');
  expectEqual(await subscribedNames(ctx, member, [name]), [name], 'the requester subscribed', 'subscribe.creates-missing');
  const again = expectSuccess(await subscribe(ctx, member, [name]));
  expectEqual(
    [again['subscribed'], again['already_subscribed']],
    [{}, { [await subscribedKey(ctx, member, member.userId)]: [name] }],
    'a second call reports already_subscribed',
    'subscribe.response',
  );
}

async function nameRules(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const name = ctx.unique('Trim');
  expectSuccess(await subscribe(ctx, member, [`  ${name}  `]));
  expectTrue((await channelNamed(ctx, name))?.['name'] === name, `the channel named ${name}, trimmed`, 'subscribe.name-rules');
  const again = expectSuccess(await subscribe(ctx, ctx.cast.otherMember, [name.toUpperCase()]));
  expectEqual(
    again['subscribed'],
    { [await subscribedKey(ctx, ctx.cast.otherMember, ctx.cast.otherMember.userId)]: [name] },
    'the existing channel found case-insensitively',
    'subscribe.name-rules',
  );
  expectError(await subscribe(ctx, member, ['   ']), 400, 'BAD_REQUEST', "Channel name can't be empty.", 'subscribe.name-rules');
  const bad = `${ctx.unique('ctl')}\u0007`;
  expectError(
    await subscribe(ctx, member, [bad]),
    400,
    'BAD_REQUEST',
    `Invalid character in channel name, at position ${[...bad].length}.`,
    'subscribe.name-rules',
  );
  expectEqual(await existingNames(ctx, [bad]), [], 'no channel made from a refused name', 'subscribe.name-rules');
}

async function nameLimit(ctx: CheckContext): Promise<void> {
  const base = ctx.unique('long');
  const longest = base.padEnd(60, 'x');
  const tooLong = `${longest.slice(0, 59)}yz`;
  expectError(await subscribe(ctx, ctx.cast.member, [tooLong]), 400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).', 'subscribe.name-limit');
  expectEqual(await existingNames(ctx, [tooLong]), [], 'no channel with a 61-character name', 'subscribe.name-limit');
  expectSuccess(await subscribe(ctx, ctx.cast.member, [longest]), 'subscribe.name-limit');
}

async function description(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const name = ctx.unique('desc');
  const call = (actor: typeof member, text: string, channel = name) =>
    ctx.call(actor, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: channel, description: text }]) });
  expectSuccess(await call(member, 'The *first* words'), 'subscribe.description');
  expectEqual((await channelNamed(ctx, name))?.['description'], 'The *first* words', 'the new channel’s description', 'subscribe.description');
  expectSuccess(await call(otherMember, 'Other words'));
  expectEqual(
    (await channelNamed(ctx, name))?.['description'],
    'The *first* words',
    'the description of an existing channel, unchanged',
    'subscribe.description',
  );
  const other = ctx.unique('desc-long');
  expectError(
    await call(member, 'd'.repeat(1025), other),
    400,
    'BAD_REQUEST',
    'subscriptions[0]["description"] is too long (limit: 1024 characters)',
    'subscribe.description',
  );
  expectEqual(await existingNames(ctx, [other]), [], 'no channel for a too long description', 'subscribe.description');
  expectSuccess(await call(member, 'd'.repeat(1024), other), 'subscribe.description');
}

async function principalForms(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const name = ctx.unique('forms');
  const body = expectSuccess(await subscribe(ctx, member, [name], { principals: [otherMember.userId] }), 'subscribe.principals.forms');
  expectEqual(body['subscribed'], { [await subscribedKey(ctx, member, otherMember.userId)]: [name] }, 'subscribed by id', 'subscribe.principals.forms');
  const seen = expectSuccess(await ctx.call(member, 'GET', `/users/${moderator.userId}`))['user'];
  const byEmail = expectSuccess(await subscribe(ctx, member, [name], { principals: [seen['email']] }), 'subscribe.principals.forms');
  expectEqual(
    byEmail['subscribed'],
    { [await subscribedKey(ctx, member, moderator.userId)]: [name] },
    'subscribed by the API e-mail, keyed by user id (by API e-mail before 289)',
    'subscribe.principals.forms',
  );
  expectEqual(await subscribedNames(ctx, moderator, [name]), [name], 'the moderator subscribed', 'subscribe.principals.forms');
  expectEqual(await subscribedNames(ctx, member, [name]), [], 'the requester not subscribed when not among the principals', 'subscribe.principals.forms');
}

async function authorizationErrors(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const secret = await makeChannel(ctx, otherMember, 'secret', { invite_only: true });
  const fresh = ctx.unique('fresh');
  expectError(
    await subscribe(ctx, member, [fresh, secret.name]),
    400,
    'BAD_REQUEST',
    `Unable to access channel (${secret.name}).`,
    'subscribe.no-content-access',
  );
  expectEqual(await existingNames(ctx, [fresh]), [], 'no channel created by the failed call', 'subscribe.atomic');
  const body = expectSuccess(await subscribe(ctx, member, [fresh, secret.name], { authorization_errors_fatal: false }), 'subscribe.authorization-errors-fatal');
  expectEqual(body['unauthorized'], [secret.name], 'the private channel under unauthorized', 'subscribe.authorization-errors-fatal');
  expectEqual(await subscribedNames(ctx, member, [fresh, secret.name]), [fresh], 'subscribed to the new channel only', 'subscribe.authorization-errors-fatal');
}

/** The realm's announcement channel, read with POST /register; undefined when the target cannot tell. */
async function announcementChannelId(ctx: CheckContext): Promise<number | null | undefined> {
  const response = await ctx.call(ctx.cast.owner, 'POST', '/register', { fetch_event_types: JSON.stringify(['realm']) });
  const body = response.body as Record<string, unknown> | null;
  if (response.status !== 200 || body === null) return undefined;
  if (typeof body['queue_id'] === 'string') await ctx.call(ctx.cast.owner, 'DELETE', '/events', { queue_id: body['queue_id'] });
  const value = body['realm_new_stream_announcements_stream_id'];
  return typeof value === 'number' ? (value < 0 ? null : value) : undefined;
}

async function announce(ctx: CheckContext): Promise<void> {
  const { owner, member } = ctx.cast;
  const previous = await announcementChannelId(ctx);
  const quiet = ctx.unique('quiet');
  const loud = ctx.unique('loud');
  if (previous === undefined) {
    // Without a way to restore the organization's setting, only the call itself is checked.
    expectSuccess(await subscribe(ctx, member, [loud], { announce: true }), 'subscribe.announce');
    return;
  }
  const board = await makeChannel(ctx, owner, 'board');
  expectSuccess(await ctx.call(owner, 'PATCH', '/realm', { new_stream_announcements_stream_id: String(board.id) }));
  try {
    const firstMessage = async () => (await channelNamed(ctx, board.name))?.['first_message_id'];
    const before = await firstMessage();
    expectSuccess(await subscribe(ctx, member, [quiet]));
    if (before === null) expectEqual(await firstMessage(), null, 'no announcement without announce', 'subscribe.announce');
    expectSuccess(await subscribe(ctx, member, [loud], { announce: true }), 'subscribe.announce');
    expectTrue(typeof (await firstMessage()) === 'number', 'a message in the announcement channel after announce=true', 'subscribe.announce');
  } finally {
    await ctx.call(owner, 'PATCH', '/realm', { new_stream_announcements_stream_id: String(previous ?? -1) });
  }
}

async function webPublic(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('web');
  const refused = expectError(await subscribe(ctx, ctx.cast.member, [name], { is_web_public: true }), 400, 'BAD_REQUEST', undefined, 'subscribe.web-public');
  expectTrue(
    ['Insufficient permission', 'Web-public channels are not enabled.'].includes(refused['msg']),
    `a permission or not-enabled message, got ${refused['msg']}`,
    'subscribe.web-public',
  );
  expectEqual(await existingNames(ctx, [name]), [], 'no channel created', 'subscribe.web-public');
}

async function defaultStream(ctx: CheckContext): Promise<void> {
  const { administrator, member, owner } = ctx.cast;
  const refused = ctx.unique('def-no');
  expectError(await subscribe(ctx, member, [refused], { is_default_stream: true }), 400, 'BAD_REQUEST', 'Insufficient permission', 'subscribe.default-private');
  expectError(
    await subscribe(ctx, administrator, [refused], { is_default_stream: true, invite_only: true }),
    400,
    'BAD_REQUEST',
    'A default channel cannot be private.',
    'subscribe.default-private',
  );
  expectEqual(await existingNames(ctx, [refused]), [], 'no channel created', 'subscribe.default-private');
  const lobby = await makeChannel(ctx, administrator, 'lobby', { is_default_stream: true });
  try {
    const listed = (await listChannels(ctx, administrator, { include_default: 'true' })).find((stream) => stream['stream_id'] === lobby.id);
    expectEqual(listed?.['is_default'], true, 'is_default of the new default channel', 'subscribe.default-stream');
    const newcomer = await ctx.newUser();
    const status = expectSuccess(await ctx.call(owner, 'GET', `/users/${newcomer.userId}/subscriptions/${lobby.id}`));
    expectEqual(status['is_subscribed'], true, 'a user created afterwards subscribed to the default channel', 'subscribe.default-stream');
  } finally {
    // Archiving takes it out of the defaults, so later users of the run are not subscribed.
    await ctx.call(owner, 'DELETE', `/streams/${lobby.id}`);
  }
}

async function newChannelDefaults(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member } = ctx.cast;
  const made = await makeChannel(ctx, member, 'defaults', { invite_only: true });
  const channel = (await channelNamed(ctx, made.name))!;
  expectEqual(
    {
      creator_id: channel['creator_id'],
      invite_only: channel['invite_only'],
      history_public_to_subscribers: channel['history_public_to_subscribers'],
      message_retention_days: channel['message_retention_days'],
      topics_policy: channel['topics_policy'],
      can_add_subscribers_group: channel['can_add_subscribers_group'],
      can_remove_subscribers_group: channel['can_remove_subscribers_group'],
      can_administer_channel_group: channel['can_administer_channel_group'],
      can_delete_any_message_group: channel['can_delete_any_message_group'],
      can_delete_own_message_group: channel['can_delete_own_message_group'],
      can_move_messages_out_of_channel_group: channel['can_move_messages_out_of_channel_group'],
    },
    {
      creator_id: member.userId,
      invite_only: true,
      history_public_to_subscribers: false,
      message_retention_days: null,
      topics_policy: 'inherit',
      can_add_subscribers_group: ids['role:nobody'],
      can_remove_subscribers_group: ids['role:administrators'],
      can_administer_channel_group: { direct_members: [member.userId], direct_subgroups: [] },
      can_delete_any_message_group: ids['role:nobody'],
      can_delete_own_message_group: ids['role:nobody'],
      can_move_messages_out_of_channel_group: ids['role:nobody'],
    },
    'the new private channel’s settings',
    'subscribe.new-channel-defaults',
  );
}

async function history(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const shared = await makeChannel(ctx, member, 'shared', { invite_only: true, history_public_to_subscribers: true });
  const publicOne = await makeChannel(ctx, member, 'public', { history_public_to_subscribers: false });
  expectEqual(
    (await channelNamed(ctx, shared.name))?.['history_public_to_subscribers'],
    true,
    'history of a private channel asked to share it',
    'subscribe.history',
  );
  expectEqual(
    (await channelNamed(ctx, publicOne.name))?.['history_public_to_subscribers'],
    true,
    'history of a public channel, always shared',
    'subscribe.history',
  );
  const protectedOne = await makeChannel(ctx, member, 'protected', { invite_only: true, history_public_to_subscribers: false });
  expectEqual(
    (await channelNamed(ctx, protectedOne.name))?.['history_public_to_subscribers'],
    false,
    'history of a private channel asked to protect it',
    'subscribe.history',
  );
}

async function retention(ctx: CheckContext): Promise<void> {
  const { owner, member } = ctx.cast;
  const cases: [string, unknown, number | null][] = [
    ['ret-days', 30, 30],
    ['ret-unl', JSON.stringify('unlimited'), -1],
    ['ret-def', JSON.stringify('realm_default'), null],
  ];
  for (const [label, value, stored] of cases) {
    const made = await makeChannel(ctx, owner, label, { message_retention_days: value });
    expectEqual((await channelNamed(ctx, made.name))?.['message_retention_days'], stored, `message_retention_days for ${String(value)}`, 'subscribe.retention');
  }
  const refused = ctx.unique('ret-no');
  expectError(
    await subscribe(ctx, member, [refused], { message_retention_days: 30 }),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization owner',
    'subscribe.retention-value',
  );
  const bad = expectError(
    await subscribe(ctx, owner, [refused], { message_retention_days: 0 }),
    400,
    'REQUEST_VARIABLE_INVALID',
    "Bad value for 'message_retention_days': 0",
    'subscribe.retention-value',
  );
  expectEqual(bad['var_name'], 'message_retention_days', 'var_name', 'subscribe.retention-value');
  expectEqual(await existingNames(ctx, [refused]), [], 'no channel created by the refused calls', 'subscribe.retention-value');
}

async function topicsPolicy(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  const made = await makeChannel(ctx, owner, 'topics', { topics_policy: JSON.stringify('disable_empty_topic') });
  expectEqual((await channelNamed(ctx, made.name))?.['topics_policy'], 'disable_empty_topic', 'the requested topics_policy', 'subscribe.topics-policy');
  const refused = ctx.unique('topics-bad');
  expectError(
    await subscribe(ctx, owner, [refused], { topics_policy: JSON.stringify('sometimes') }),
    400,
    'BAD_REQUEST',
    'Invalid topics_policy',
    'subscribe.topics-policy',
  );
  expectEqual(await existingNames(ctx, [refused]), [], 'no channel for a bad topics_policy', 'subscribe.topics-policy');
}

async function groupSettings(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { owner, member } = ctx.cast;
  const made = await makeChannel(ctx, owner, 'groups', {
    can_add_subscribers_group: { direct_members: [member.userId], direct_subgroups: [] },
    can_remove_subscribers_group: ids['role:moderators'],
    can_administer_channel_group: { direct_members: [], direct_subgroups: [ids['role:administrators']] },
    can_delete_any_message_group: ids['role:nobody'],
    can_delete_own_message_group: { direct_members: [member.userId], direct_subgroups: [ids['role:moderators']] },
    can_move_messages_out_of_channel_group: ids['role:members'],
  });
  const channel = (await channelNamed(ctx, made.name))!;
  expectEqual(
    [
      channel['can_add_subscribers_group'],
      channel['can_remove_subscribers_group'],
      channel['can_administer_channel_group'],
      channel['can_delete_any_message_group'],
      channel['can_delete_own_message_group'],
      channel['can_move_messages_out_of_channel_group'],
    ],
    [
      { direct_members: [member.userId], direct_subgroups: [] },
      ids['role:moderators'],
      ids['role:administrators'],
      ids['role:nobody'],
      { direct_members: [member.userId], direct_subgroups: [ids['role:moderators']] },
      ids['role:members'],
    ],
    'the six group settings as given (a lone subgroup stored as its id)',
    'subscribe.group-settings',
  );
  const refused = ctx.unique('groups-no');
  expectError(
    await subscribe(ctx, member, [refused], { can_delete_own_message_group: ids['role:members'] }),
    400,
    'BAD_REQUEST',
    'Insufficient permission',
    'subscribe.delete-policy',
  );
  expectError(
    await subscribe(ctx, owner, [refused], { can_add_subscribers_group: ids['role:everyone'] }),
    400,
    'BAD_REQUEST',
    "'can_add_subscribers_group' setting cannot be set to 'role:everyone' group.",
    'subscribe.group-settings',
  );
  expectEqual(await existingNames(ctx, [refused]), [], 'no channel created by the refused calls', 'subscribe.group-settings');
}

async function creationOnly(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { member, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, member, 'existing');
  const fields = [
    'invite_only',
    'history_public_to_subscribers',
    'topics_policy',
    'message_retention_days',
    'can_remove_subscribers_group',
    'can_move_messages_out_of_channel_group',
  ];
  const pick = (channel: Record<string, unknown> | undefined) => Object.fromEntries(fields.map((field) => [field, channel?.[field]]));
  const before = pick(await channelNamed(ctx, made.name));
  expectSuccess(
    await subscribe(ctx, otherMember, [made.name], {
      invite_only: true,
      history_public_to_subscribers: false,
      topics_policy: JSON.stringify('inherit'),
      message_retention_days: 30,
      can_remove_subscribers_group: ids['role:members'],
      can_move_messages_out_of_channel_group: ids['role:members'],
    }),
    'subscribe.creation-only',
  );
  expectUnchanged(before, pick(await channelNamed(ctx, made.name)), 'the existing channel’s settings', 'subscribe.creation-only');
  expectEqual(await subscribedNames(ctx, otherMember, [made.name]), [made.name], 'the caller subscribed', 'subscribe.creation-only');
}

/** The error a bad principal gets at the target's level: 400 BAD_REQUEST from 208, 403 UNAUTHORIZED_PRINCIPAL before. */
function expectPrincipalError(ctx: CheckContext, response: TargetResponse, clause: string): string {
  if (ctx.featureLevel >= PRINCIPAL_ERROR_LEVEL) {
    expectError(response, 400, 'BAD_REQUEST', undefined, clause);
    return clause;
  }
  expectError(response, 403, 'UNAUTHORIZED_PRINCIPAL', undefined, 'subscribe.principal.legacy-error');
  return 'subscribe.principal.legacy-error';
}

async function unknownPrincipal(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('ghost');
  const clause = expectPrincipalError(
    ctx,
    await subscribe(ctx, ctx.cast.member, [name], { principals: [ctx.cast.otherMember.userId, 2_000_000_000] }),
    'subscribe.principal.unknown',
  );
  expectEqual(await existingNames(ctx, [name]), [], 'no channel created', clause);
  expectEqual(await subscribedNames(ctx, ctx.cast.otherMember, [name]), [], 'the valid principal not subscribed', 'subscribe.atomic');
}

async function deactivatedPrincipal(ctx: CheckContext): Promise<void> {
  const gone = await ctx.newUser();
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${gone.userId}`));
  const name = ctx.unique('gone');
  const clause = expectPrincipalError(ctx, await subscribe(ctx, ctx.cast.member, [name], { principals: [gone.userId] }), 'subscribe.principal.deactivated');
  expectEqual(await existingNames(ctx, [name]), [], 'no channel created', clause);
}

async function archived(ctx: CheckContext): Promise<void> {
  const { owner, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, owner, 'attic');
  expectSuccess(await ctx.call(owner, 'DELETE', `/streams/${made.id}`));
  const answer = await subscribe(ctx, owner, [made.name], { principals: [otherMember.userId] });
  if (ctx.featureLevel < ARCHIVED_SUBSCRIPTIONS_LEVEL) {
    // Frozen before 362: refused, and no subscription appears.
    expectClientError(answer, 'subscribe.archived.frozen');
    expectEqual(await subscriptionTo(ctx, otherMember, made.name), undefined, 'no subscription to the archived channel', 'subscribe.archived.frozen');
    return;
  }
  expectSuccess(answer, 'subscribe.archived');
  const entry = await subscriptionTo(ctx, otherMember, made.name);
  expectEqual([entry?.['stream_id'], entry?.['is_archived']], [made.id, true], 'the new subscription to the archived channel', 'subscribe.archived');
}

async function addSubscribersGroup(ctx: CheckContext): Promise<void> {
  const { owner, member, otherMember } = ctx.cast;
  const made = await makeChannel(ctx, owner, 'guild', {
    invite_only: true,
    can_add_subscribers_group: { direct_members: [member.userId], direct_subgroups: [] },
  });
  expectSuccess(await subscribe(ctx, member, [made.name], { principals: [otherMember.userId] }), 'subscribe.add-subscribers-group');
  expectEqual(await subscribedNames(ctx, otherMember, [made.name]), [made.name], 'the other member subscribed', 'subscribe.add-subscribers-group');
  expectEqual(await subscribedNames(ctx, member, [made.name]), [], 'the adding member still not subscribed', 'subscribe.add-subscribers-group');
}

async function realmGroup(ctx: CheckContext): Promise<void> {
  const { moderator, member, otherMember, owner } = ctx.cast;
  const ids = await systemGroupIds(ctx);
  const made = await makeChannel(ctx, moderator, 'plaza');
  // The organization's can_add_subscribers_group is role:members by default; set it so for this check.
  const change = (value: number) => ctx.call(owner, 'PATCH', '/realm', { can_add_subscribers_group: JSON.stringify({ new: value }) });
  expectSuccess(await change(ids['role:administrators']));
  try {
    const before = await subscribedNames(ctx, otherMember, [made.name]);
    expectError(
      await subscribe(ctx, member, [made.name], { principals: [otherMember.userId] }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
      'subscribe.others-permission',
    );
    expectError(
      await subscribe(ctx, member, [made.name], { principals: [otherMember.userId], authorization_errors_fatal: false }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
      'subscribe.others-permission',
    );
    expectUnchanged(before, await subscribedNames(ctx, otherMember, [made.name]), 'the other member’s subscriptions', 'subscribe.others-permission');
    expectSuccess(await change(ids['role:members']));
    expectSuccess(await subscribe(ctx, member, [made.name], { principals: [otherMember.userId] }), 'subscribe.realm-group');
    expectEqual(await subscribedNames(ctx, otherMember, [made.name]), [made.name], 'subscribed through the organization’s group', 'subscribe.realm-group');
  } finally {
    await change(ids['role:members']);
  }
}

async function guests(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('guest');
  expectError(await subscribe(ctx, ctx.cast.guest, [name]), 400, 'BAD_REQUEST', 'Not allowed for guest users', 'subscribe.guests');
  expectEqual(await existingNames(ctx, [name]), [], 'no channel created', 'subscribe.guests');
}

/** Made by an administrator (who could make a default channel) with none of the optional settings. */
async function specDefaults(ctx: CheckContext): Promise<void> {
  const made = await makeChannel(ctx, ctx.cast.administrator, 'plain');
  const channel = await channelNamed(ctx, made.name);
  expectEqual(channel?.['is_web_public'], false, 'is_web_public of a channel created without it', 'subscribe.defaults');
  expectEqual(channel?.['topics_policy'], 'inherit', 'topics_policy of a channel created without it', 'subscribe.topics-policy.new-default');
  const newcomer = await ctx.newUser();
  expectEqual(await subscribedNames(ctx, newcomer, [made.name]), [], 'a user created afterwards not subscribed (no default channel)', 'subscribe.defaults');
}

async function limitsFromRegister(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const state = await register(ctx, member);
  const nameLimit = state['max_stream_name_length'];
  const descriptionLimit = state['max_stream_description_length'];
  expectTrue(
    Number.isInteger(nameLimit) && Number.isInteger(descriptionLimit),
    `the limits in the register response, got ${JSON.stringify([nameLimit, descriptionLimit])}`,
    'subscribe.limits.register',
  );
  const longest = ctx.unique('reg').padEnd(nameLimit, 'n');
  const tooLong = `${ctx.unique('reg-over')}`.padEnd(nameLimit + 1, 'o');
  expectClientError(await subscribe(ctx, member, [tooLong]), 'subscribe.limits.register');
  expectSuccess(await subscribe(ctx, member, [longest]), 'subscribe.limits.register');
  const withText = (name: string, text: string) =>
    ctx.call(member, 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name, description: text }]) });
  const overDescribed = ctx.unique('reg-desc-over');
  expectClientError(await withText(overDescribed, 'd'.repeat(descriptionLimit + 1)), 'subscribe.limits.register');
  const described = ctx.unique('reg-desc');
  expectSuccess(await withText(described, 'd'.repeat(descriptionLimit)), 'subscribe.limits.register');
  expectEqual(
    await existingNames(ctx, [tooLong, longest, overDescribed, described]),
    [longest, described],
    'only the channels within the limits created',
    'subscribe.limits.register',
  );
}

/** Runs from feature level 333, where the parameters are gone (the clause's `since`). */
async function removedParameters(ctx: CheckContext): Promise<void> {
  const name = ctx.unique('old-policy');
  const body = expectSuccess(
    await subscribe(ctx, ctx.cast.administrator, [name], { stream_post_policy: 2, is_announcement_only: true }),
    'subscribe.removed-parameters',
  );
  const ignored = body['ignored_parameters_unsupported'];
  expectTrue(
    Array.isArray(ignored) && ignored.includes('stream_post_policy') && ignored.includes('is_announcement_only'),
    `stream_post_policy and is_announcement_only in ignored_parameters_unsupported, got ${JSON.stringify(ignored)}`,
    'subscribe.removed-parameters',
  );
  const channel = await channelNamed(ctx, name);
  expectTrue(
    channel !== undefined && channel['stream_post_policy'] !== 2 && channel['is_announcement_only'] === false,
    `the old policy not applied, got ${JSON.stringify(channel)}`,
    'subscribe.removed-parameters',
  );
}

/** The creation-only settings not covered by creationOnly, sent by an administrator so no permission stands in the way. */
async function creationOnlyByAdministrator(ctx: CheckContext): Promise<void> {
  const ids = await systemGroupIds(ctx);
  const { administrator, member } = ctx.cast;
  const made = await makeChannel(ctx, member, 'existing-admin');
  const fields = ['can_add_subscribers_group', 'can_administer_channel_group', 'can_delete_any_message_group', 'can_delete_own_message_group'];
  const pick = (channel: Record<string, unknown> | undefined) => Object.fromEntries(fields.map((field) => [field, channel?.[field]]));
  const before = pick(await channelNamed(ctx, made.name));
  expectSuccess(
    await subscribe(ctx, administrator, [made.name], {
      is_default_stream: true,
      can_add_subscribers_group: ids['role:members'],
      can_administer_channel_group: ids['role:moderators'],
      can_delete_any_message_group: ids['role:moderators'],
      can_delete_own_message_group: ids['role:members'],
    }),
    'subscribe.creation-only',
  );
  expectUnchanged(before, pick(await channelNamed(ctx, made.name)), 'the existing channel’s group settings', 'subscribe.creation-only');
  const newcomer = await ctx.newUser();
  expectEqual(await subscribedNames(ctx, newcomer, [made.name]), [], 'the existing channel not made a default channel', 'subscribe.creation-only');
}

function check(id: string, title: string, clauses: string[], level: 'spec' | 'compat', run: (ctx: CheckContext) => Promise<void>) {
  return { id, title, clauses, level, endpoint: ENDPOINT, run };
}

export const SUBSCRIBE_CHECKS = defineChecks([
  check(
    'subscribe.creates-missing',
    'When a member subscribes to a new name, then the channel is created (public) and only they are subscribed, keyed by their id',
    ['subscribe.creates-missing', 'subscribe.principals.default', 'subscribe.invite-only', 'subscribe.response'],
    'spec',
    createsMissing,
  ),
  check(
    'subscribe.name-limit',
    'When a name has 61 characters, then it is refused and nothing is created; 60 are fine',
    ['subscribe.name-limit'],
    'spec',
    nameLimit,
  ),
  check(
    'subscribe.description',
    'When a new channel gets a description, then it is kept; a later subscriber’s description is ignored; over 1024 is refused',
    ['subscribe.description'],
    'spec',
    description,
  ),
  check(
    'subscribe.principals.forms',
    'When a member subscribes others by id and by API e-mail, then exactly they are subscribed',
    ['subscribe.principals.forms'],
    'spec',
    principalForms,
  ),
  check(
    'subscribe.authorization-errors-fatal',
    'Given a private channel of someone else, when a member subscribes to it and a new one, then the call fails (or with fatal=false lists it as unauthorized)',
    ['subscribe.authorization-errors-fatal', 'subscribe.no-content-access', 'subscribe.atomic'],
    'spec',
    authorizationErrors,
  ),
  check(
    'subscribe.announce',
    'Given an announcement channel, when a channel is created with announce=true, then a message lands there (and not without announce)',
    ['subscribe.announce'],
    'spec',
    announce,
  ),
  check(
    'subscribe.web-public',
    'When a member asks for a web-public channel, then it is refused and nothing is created',
    ['subscribe.web-public'],
    'spec',
    webPublic,
  ),
  check(
    'subscribe.default-stream',
    'When an administrator creates a default channel, then it is listed as default and a new user is subscribed to it',
    ['subscribe.default-stream', 'subscribe.default-private'],
    'spec',
    defaultStream,
  ),
  check(
    'subscribe.history',
    'When channels are created with history_public_to_subscribers, then private ones keep the value and public ones always share history',
    ['subscribe.history'],
    'spec',
    history,
  ),
  check(
    'subscribe.retention',
    'When an owner creates channels with 30, unlimited and realm_default, then they store 30, -1 and null; members and bad values are refused',
    ['subscribe.retention', 'subscribe.retention-value'],
    'spec',
    retention,
  ),
  check(
    'subscribe.topics-policy',
    'When a channel is created with topics_policy, then it is stored; an unknown value is refused',
    ['subscribe.topics-policy'],
    'spec',
    topicsPolicy,
  ),
  check(
    'subscribe.group-settings',
    'When a channel is created with the six group settings in both forms, then they are stored; forbidden values are refused',
    ['subscribe.group-settings', 'subscribe.delete-policy'],
    'spec',
    groupSettings,
  ),
  check(
    'subscribe.creation-only',
    'Given an existing channel, when another member subscribes with creation settings, then the channel is unchanged',
    ['subscribe.creation-only'],
    'spec',
    creationOnly,
  ),
  check(
    'subscribe.principal.unknown',
    'When a principal does not exist, then 400 BAD_REQUEST (403 UNAUTHORIZED_PRINCIPAL before feature level 208) and nothing changes',
    ['subscribe.principal.unknown', 'subscribe.principal.legacy-error', 'subscribe.atomic'],
    'spec',
    unknownPrincipal,
  ),
  check(
    'subscribe.principal.deactivated',
    'When a principal is deactivated, then 400 BAD_REQUEST (403 UNAUTHORIZED_PRINCIPAL before feature level 208) and nothing is created',
    ['subscribe.principal.deactivated', 'subscribe.principal.legacy-error'],
    'spec',
    deactivatedPrincipal,
  ),
  check(
    'subscribe.archived',
    'Given an archived channel, when the owner subscribes a member to it, then the member’s subscription shows it archived (before feature level 362, it is refused)',
    ['subscribe.archived', 'subscribe.archived.frozen'],
    'spec',
    archived,
  ),
  check(
    'subscribe.add-subscribers-group',
    'Given a private channel whose can_add_subscribers_group holds a member, when that member subscribes another, then it works without their own subscription',
    ['subscribe.add-subscribers-group'],
    'spec',
    addSubscribersGroup,
  ),
  check(
    'subscribe.realm-group',
    'Given the organization’s can_add_subscribers_group, when it excludes a member, then subscribing others fails; when it includes them, it works',
    ['subscribe.realm-group', 'subscribe.others-permission'],
    'spec',
    realmGroup,
  ),
  check(
    'subscribe.defaults',
    'When an administrator creates a channel without optional settings, then it is not web-public, has topics_policy inherit and is no default channel',
    ['subscribe.defaults', 'subscribe.topics-policy.new-default'],
    'spec',
    specDefaults,
  ),
  check(
    'subscribe.limits.register',
    'Given the limits from POST /register, when names and descriptions are at and one over them, then only those at the limit are accepted',
    ['subscribe.limits.register'],
    'spec',
    limitsFromRegister,
  ),
  check(
    'subscribe.removed-parameters',
    'When a channel is created with stream_post_policy and is_announcement_only, then both are listed as ignored and not applied',
    ['subscribe.removed-parameters'],
    'spec',
    removedParameters,
  ),
  check(
    'subscribe.creation-only.administrator',
    'Given an existing channel, when an administrator subscribes with group settings and is_default_stream, then the channel is unchanged and no default',
    ['subscribe.creation-only'],
    'spec',
    creationOnlyByAdministrator,
  ),
  check(
    'subscribe.new-channel-defaults',
    'When a member creates a private channel, then it has the real server’s defaults',
    ['subscribe.new-channel-defaults'],
    'compat',
    newChannelDefaults,
  ),
  check(
    'subscribe.name-rules',
    'When names need trimming, differ in case, are blank or hold control characters, then the real server’s rules apply',
    ['subscribe.name-rules'],
    'compat',
    nameRules,
  ),
  check('subscribe.guests', 'When a guest subscribes, then "Not allowed for guest users" and nothing is created', ['subscribe.guests'], 'compat', guests),
]);
