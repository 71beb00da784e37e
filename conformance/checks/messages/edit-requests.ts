/**
 * PATCH /messages/{message_id}: requests refused before any permission
 * question (nothing to change, propagate modes, content with a channel move,
 * topics and channels on direct messages, wildcard mentions), which message
 * an edit may address at all, and the deprecated subject alias.
 */
import { type Actor, type Cast, type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { systemGroupIds } from '../groups/support.js';
import { errorShape } from '../streams/support.js';
import { EDIT, edit, editsChannel, INVALID_MESSAGE, ownerChannel, placeOf, rawMessage, topicIds, withRealmSettings } from './edit-support.js';
import { channelWith, type MadeChannel, MISSING_MESSAGE_ID, sendDirect, sendToChannel } from './support.js';

async function nothingToChange(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('unchanged');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'stays as it is');
  const before = await placeOf(ctx, member, id);
  const cases: readonly [Readonly<Record<string, unknown>>, string, string][] = [
    [{}, 'Nothing to change', 'messages.edit.nothing-to-change'],
    [{ topic }, 'Nothing to change', 'messages.edit.nothing-to-change'],
    [{ topic: `  ${topic} ` }, 'Nothing to change', 'messages.edit.nothing-to-change'],
    [{ topic, propagate_mode: 'change_all' }, 'Nothing to change', 'messages.edit.nothing-to-change'],
    [{ topic: `${topic} x`, propagate_mode: 'change_everything' }, 'Invalid propagate_mode', 'messages.edit.propagate-mode'],
    [{ content: 'new words', propagate_mode: 'change_all' }, 'Invalid propagate_mode without topic edit', 'messages.edit.content-change-one'],
    [{ content: 'new words', propagate_mode: 'change_later' }, 'Invalid propagate_mode without topic edit', 'messages.edit.content-change-one'],
  ];
  for (const [params, msg, clause] of cases) {
    expectError(await edit(ctx, member, id, params), 400, 'BAD_REQUEST', msg, clause);
    expectUnchanged(before, await placeOf(ctx, member, id), `the message after ${JSON.stringify(params)}`, clause);
  }
}

/** Changelog 360: messages of archived channels can be read one by one; before, GET /messages/{id} answered "Invalid message(s)". */
const ARCHIVED_MESSAGES_READABLE_SINCE = 360;

async function access(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const missing = await edit(ctx, member, MISSING_MESSAGE_ID, { content: 'nothing there' });
  const missingBody = expectError(missing, 400, 'BAD_REQUEST', INVALID_MESSAGE, 'messages.edit.access');
  const hidden = await channelWith(ctx, member, 'edit-hidden', [member], { invite_only: true });
  const secret = await sendToChannel(ctx, member, hidden.id, 'secret', 'only the member reads this');
  const direct = await sendDirect(ctx, member, [administrator.userId], 'between the member and the administrator');
  for (const id of [secret, direct]) {
    const before = await placeOf(ctx, member, id);
    const answer = await edit(ctx, otherMember, id, { topic: 'peeked' });
    expectError(answer, 400, 'BAD_REQUEST', INVALID_MESSAGE, 'messages.edit.access');
    expectEqual(errorShape(answer), { status: 400, body: missingBody }, `the answer for message ${id}, alike to a missing one`, 'messages.edit.access');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.edit.access');
  }
  const archived = await ownerChannel(ctx, 'edit-archived', [member]);
  const old = await sendToChannel(ctx, member, archived.id, 'archived', 'in a channel about to be archived');
  expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/streams/${archived.id}`));
  expectError(await edit(ctx, member, old, { content: 'too late' }), 400, 'BAD_REQUEST', INVALID_MESSAGE, 'messages.edit.access');
  if (ctx.featureLevel >= ARCHIVED_MESSAGES_READABLE_SINCE) {
    expectEqual((await placeOf(ctx, member, old)).content, 'in a channel about to be archived', 'a message of an archived channel', 'messages.edit.access');
  }
}

async function contentWithChannel(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const from = await editsChannel(ctx);
  const to = await ownerChannel(ctx, 'edit-content-move', [member]);
  const topic = ctx.unique('both');
  const id = await sendToChannel(ctx, member, from.id, topic, 'content and channel at once');
  const before = await placeOf(ctx, member, id);
  const refused = await edit(ctx, member, id, { content: 'moved and changed', stream_id: to.id });
  expectClientError(refused, 'messages.edit.content-with-channel');
  expectError(refused, 400, 'BAD_REQUEST', 'Cannot change message content while changing channel', 'messages.edit.content-with-channel-message');
  expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.edit.content-with-channel');
  expectEqual(await topicIds(ctx, member, to.id, topic), [], 'messages of the topic in the other channel', 'messages.edit.content-with-channel');
}

async function directMessages(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await editsChannel(ctx);
  const id = await sendDirect(ctx, member, [otherMember.userId], 'a direct message');
  const before = await placeOf(ctx, member, id);
  const withTopic = await edit(ctx, member, id, { topic: 'a topic' });
  expectClientError(withTopic, 'messages.edit.topic-channel-only');
  expectError(withTopic, 400, 'BAD_REQUEST', 'Direct messages cannot have topics.', 'messages.edit.direct-messages');
  const toChannel = await edit(ctx, member, id, { stream_id: channel.id });
  expectClientError(toChannel, 'messages.move.channel-only');
  expectError(toChannel, 400, 'BAD_REQUEST', 'Direct messages cannot be moved to channels.', 'messages.edit.direct-messages');
  expectUnchanged(before, await placeOf(ctx, member, id), 'the direct message', 'messages.move.channel-only');
  expectSuccess(await edit(ctx, member, id, { content: 'an edited direct message' }), 'messages.edit.content');
  expectEqual((await rawMessage(ctx, otherMember, id))['content'], 'an edited direct message', 'the edited direct message', 'messages.edit.content');
}

async function subjectAlias(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('alias');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'renamed through subject');
  expectSuccess(await edit(ctx, member, id, { subject: `${topic} renamed` }), 'messages.edit.subject-alias');
  expectEqual((await placeOf(ctx, member, id)).subject, `${topic} renamed`, 'the topic after a rename through subject', 'messages.edit.subject-alias');
}

// ------------------------------------------------------------------ wildcard mentions

const THRESHOLD = 15;
/** Changelog 229: topic wildcard mentions obey the policy, and the refusals have the codes STREAM_ and TOPIC_WILDCARD_MENTION_NOT_ALLOWED. */
const WILDCARD_CODES_SINCE = 229;
/** Before changelog 229 a refused channel wildcard was BAD_REQUEST with these words. */
const OLD_WILDCARD_REFUSAL = 'You do not have permission to use wildcard mentions in this stream.';
/** Changelog 352: the realm setting can_mention_many_users_group (before, wildcard_mention_policy, whose default was administrators only, too). */
const MENTION_MANY_GROUP_SINCE = 352;

interface Crowd {
  readonly channel: MadeChannel;
  readonly users: readonly Actor[];
}

const crowds = new WeakMap<Cast, Promise<Crowd>>();

/** A channel of 16 subscribers (one above the threshold), made once per run. */
function crowdedChannel(ctx: CheckContext): Promise<Crowd> {
  let crowd = crowds.get(ctx.cast);
  if (crowd === undefined) {
    crowd = (async () => {
      const { administrator, moderator, member, otherMember, guest } = ctx.cast;
      const users = [ctx.cast.owner, administrator, moderator, member, otherMember, guest];
      for (let n = 0; users.length <= THRESHOLD; n += 1) users.push(await ctx.sharedMember(n));
      return { channel: await ownerChannel(ctx, 'edit-crowded', users.slice(1)), users };
    })();
    crowds.set(ctx.cast, crowd);
    crowd.catch(() => crowds.delete(ctx.cast));
  }
  return crowd;
}

async function wildcards(ctx: CheckContext): Promise<void> {
  const { member, administrator } = ctx.cast;
  const administrators = (await systemGroupIds(ctx))['role:administrators'];
  // Below 352 the organization keeps its default policy, which lets administrators only use wildcards in large channels.
  const settings = ctx.featureLevel >= MENTION_MANY_GROUP_SINCE ? { can_mention_many_users_group: administrators } : {};
  const codes = ctx.featureLevel >= WILDCARD_CODES_SINCE;
  await withRealmSettings(ctx, settings, async () => {
    const { channel, users } = await crowdedChannel(ctx);
    const plain = await sendToChannel(ctx, member, channel.id, ctx.unique('edit-all'), 'no wildcard yet');
    const before = await placeOf(ctx, member, plain);
    const channelWide = await edit(ctx, member, plain, { content: '@**all** please read' });
    if (codes) expectError(channelWide, 400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', undefined, 'messages.edit.wildcard-codes');
    else expectError(channelWide, 400, 'BAD_REQUEST', OLD_WILDCARD_REFUSAL, 'messages.edit.wildcard-codes');
    expectUnchanged(before, await placeOf(ctx, member, plain), 'the message', 'messages.edit.wildcard-codes');

    const busy = ctx.unique('edit-busy');
    for (const user of users) await sendToChannel(ctx, user, channel.id, busy, `${user.fullName} was here`);
    // Before 229 a topic wildcard was not restricted, so only the channel wildcard is refused there.
    if (codes) {
      const own = await sendToChannel(ctx, member, channel.id, busy, 'no topic wildcard yet');
      const ownBefore = await placeOf(ctx, member, own);
      expectError(
        await edit(ctx, member, own, { content: '@**topic** please read' }),
        400,
        'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
        undefined,
        'messages.edit.wildcard-codes',
      );
      expectUnchanged(ownBefore, await placeOf(ctx, member, own), 'the message', 'messages.edit.wildcard-codes');
    }

    const allowed = await sendToChannel(ctx, administrator, channel.id, busy, 'an administrator may');
    expectSuccess(await edit(ctx, administrator, allowed, { content: '@**all** and @**topic** from an administrator' }), 'messages.edit.wildcard-codes');
  });
}

export const EDIT_REQUEST_CHECKS = defineChecks([
  {
    id: 'messages.edit.invalid-requests',
    title:
      'When an edit changes nothing (no field, the same topic), names an unknown propagate_mode, or a content edit asks for change_all/change_later, then it is refused and nothing changes',
    clauses: ['messages.edit.nothing-to-change', 'messages.edit.propagate-mode', 'messages.edit.content-change-one'],
    level: 'spec',
    endpoint: EDIT,
    run: nothingToChange,
  },
  {
    id: 'messages.edit.access',
    title:
      'When a member edits a missing message, one in a private channel or a conversation they are not in, or one in an archived channel, then each is "Invalid message(s)" alike',
    clauses: ['messages.edit.access'],
    level: 'compat',
    endpoint: EDIT,
    run: access,
  },
  {
    id: 'messages.edit.content-with-channel',
    title: 'When an edit sends content and stream_id together, then it is BAD_REQUEST "Cannot change message content while changing channel" and nothing moves',
    clauses: ['messages.edit.content-with-channel', 'messages.edit.content-with-channel-message'],
    level: 'spec',
    endpoint: EDIT,
    run: contentWithChannel,
  },
  {
    id: 'messages.edit.direct-messages',
    title: 'Given a direct message, a topic or a stream_id is refused with the real server’s texts, while its content can be edited',
    clauses: ['messages.edit.topic-channel-only', 'messages.move.channel-only', 'messages.edit.direct-messages', 'messages.edit.content'],
    level: 'spec',
    endpoint: EDIT,
    run: directMessages,
  },
  {
    id: 'messages.edit.subject-alias',
    title: 'When a rename sends the new topic as subject, then the topic changes',
    clauses: ['messages.edit.subject-alias'],
    level: 'spec',
    endpoint: EDIT,
    run: subjectAlias,
  },
  {
    id: 'messages.edit.wildcard-codes',
    title:
      'Given a channel of 16 and a topic of 16 participants, when a member edits in @**all** or @**topic**, then it is the wildcard code and nothing changes; an administrator may',
    clauses: ['messages.edit.wildcard-codes'],
    level: 'spec',
    endpoint: EDIT,
    run: wildcards,
  },
]);
