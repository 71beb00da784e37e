/**
 * PATCH /messages/{message_id} with content: the edit reads back (source,
 * HTML, history, last_edit_timestamp, mention flags), only the sender may
 * make it, and allow_message_editing, the content time limit and
 * prev_content_sha256 can refuse it.
 */
import { type CheckContext, defineChecks, requireClock } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { paramSince, sendsKeyAt } from '../../feature-level.js';
import { realmState } from '../realm/support.js';
import {
  ageTo,
  EDIT,
  edit,
  editsChannel,
  GRACE_SECONDS,
  NO_EDIT_PERMISSION,
  placeOf,
  rawMessage,
  SHORT_LIMIT,
  sha256,
  withRealmSettings,
} from './edit-support.js';
import { flagsOf, mention, readMessage, sendToChannel } from './support.js';

const TIME_LIMIT_PASSED = 'The time limit for editing this message has passed';

async function contentEdit(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await editsChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('edit'), 'first **draft**');
  const sentAt = (await readMessage(ctx, member, id))['timestamp'];
  const body = expectSuccess(await edit(ctx, member, id, { content: 'second **draft**', propagate_mode: 'change_one' }), 'messages.edit.content');
  // detached_uploads is in the edit answer from feature level 285.
  if (sendsKeyAt(ctx.featureLevel, 'update-message', 'detached_uploads')) {
    expectEqual(body['detached_uploads'], [], 'detached_uploads of an edit that removed no upload link', 'messages.edit.detached-uploads');
  }
  for (const reader of [member, otherMember]) {
    expectEqual(
      (await rawMessage(ctx, reader, id))['content'],
      'second **draft**',
      `the source ${reader.fullName} reads after the edit`,
      'messages.edit.content',
    );
    const rendered = await readMessage(ctx, reader, id);
    expectEqual(rendered['content'], '<p>second <strong>draft</strong></p>', `the HTML ${reader.fullName} reads after the edit`, 'messages.edit.rendered');
    const edited = rendered['last_edit_timestamp'];
    expectTrue(
      Number.isInteger(edited) && edited >= sentAt,
      `last_edit_timestamp, an integer not before the send (${sentAt}), got ${JSON.stringify(edited)}`,
      'messages.edit.last-edit-timestamp',
    );
  }
}

async function history(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('history'), 'the *old* words');
  expectSuccess(await edit(ctx, member, id, { content: 'the *new* words' }));
  const versions = expectSuccess(await ctx.call(member, 'GET', `/messages/${id}/history`), 'messages.edit.history')['message_history'] as Body[];
  expectEqual(versions?.length, 2, 'the number of versions in GET /messages/{id}/history after one edit', 'messages.edit.history');
  const latest = versions[1]!;
  expectEqual(
    [latest['content'], latest['prev_content'], latest['prev_rendered_content']],
    ['the *new* words', 'the *old* words', '<p>the <em>old</em> words</p>'],
    'content, prev_content and prev_rendered_content of the newest version',
    'messages.edit.history',
  );
  const entries = (await readMessage(ctx, member, id))['edit_history'] as Body[] | undefined;
  expectEqual(
    [entries?.length, entries?.[0]?.['prev_content'], entries?.[0]?.['user_id']],
    [1, 'the *old* words', member.userId],
    'the message’s edit_history (one entry, by the sender, with prev_content)',
    'messages.edit.history',
  );
}

async function senderOnly(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator, owner } = ctx.cast;
  const channel = await editsChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('not-yours'), 'written by the member');
  const before = await placeOf(ctx, member, id);
  for (const actor of [otherMember, administrator, owner]) {
    const refused = await edit(ctx, actor, id, { content: `rewritten by ${actor.fullName}` });
    expectError(refused, 400, 'BAD_REQUEST', undefined, 'messages.edit.no-permission');
    expectError(refused, 400, 'BAD_REQUEST', NO_EDIT_PERMISSION, 'messages.edit.sender-only');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.edit.sender-only');
  }
}

async function editingDisabled(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('frozen');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'cannot change');
  await withRealmSettings(ctx, { allow_message_editing: false }, async () => {
    const before = await placeOf(ctx, member, id);
    const refused = await edit(ctx, member, id, { content: 'changed anyway' });
    expectClientError(refused, 'messages.edit.allow-message-editing');
    expectError(refused, 400, 'BAD_REQUEST', 'Your organization has turned off message editing', 'messages.edit.disabled');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.edit.allow-message-editing');
    // The setting is about content: topics can still be renamed.
    const renamed = `${topic} renamed`;
    expectSuccess(await edit(ctx, member, id, { topic: renamed }), 'messages.edit.disabled');
    expectEqual((await placeOf(ctx, member, id)).subject, renamed, 'the topic after a rename with editing off', 'messages.edit.disabled');
  });
}

async function contentTimeLimit(ctx: CheckContext): Promise<void> {
  const clock = requireClock(ctx);
  const { member, owner } = ctx.cast;
  const channel = await editsChannel(ctx);
  await withRealmSettings(ctx, { allow_message_editing: true, message_content_edit_limit_seconds: SHORT_LIMIT }, async () => {
    const mine = await sendToChannel(ctx, member, channel.id, ctx.unique('limit'), 'edit me in time');
    const owners = await sendToChannel(ctx, owner, channel.id, ctx.unique('limit'), 'the owner is bound too');
    await ageTo(ctx, clock, member, mine, SHORT_LIMIT + GRACE_SECONDS - 1);
    expectSuccess(await edit(ctx, member, mine, { content: 'edited one second inside the grace' }), 'messages.edit.content-limit-grace');
    for (const [actor, id] of [
      [member, mine],
      [owner, owners],
    ] as const) {
      await ageTo(ctx, clock, actor, id, SHORT_LIMIT + GRACE_SECONDS + 1);
      const before = await placeOf(ctx, actor, id);
      const refused = await edit(ctx, actor, id, { content: 'one second too late' });
      expectClientError(refused, 'messages.edit.content-time-limit');
      expectError(refused, 400, 'BAD_REQUEST', TIME_LIMIT_PASSED, 'messages.edit.content-limit-grace');
      expectUnchanged(before, await placeOf(ctx, actor, id), `${actor.fullName}'s message`, 'messages.edit.content-time-limit');
    }
  });
}

async function prevContentSha256(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const topic = ctx.unique('race');
  const id = await sendToChannel(ctx, member, channel.id, topic, 'version one');
  expectSuccess(await edit(ctx, member, id, { content: 'version two', prev_content_sha256: sha256('version one') }), 'messages.edit.prev-content-sha256');
  const before = await placeOf(ctx, member, id);
  expectEqual(before.content, 'version two', 'the content after an edit with the matching hash', 'messages.edit.prev-content-sha256');
  for (const params of [
    { content: 'version three', prev_content_sha256: sha256('version one') },
    { topic: `${topic} moved`, prev_content_sha256: sha256('version one') },
  ]) {
    const refused = await edit(ctx, member, id, params);
    expectClientError(refused, 'messages.edit.prev-content-sha256');
    const body = expectError(
      refused,
      400,
      'EXPECTATION_MISMATCH',
      "'prev_content_sha256' value does not match the expected value.",
      'messages.edit.sha256-mismatch',
    );
    expectEqual(body['field_name'], 'prev_content_sha256', 'field_name of the mismatch', 'messages.edit.sha256-mismatch');
    expectUnchanged(before, await placeOf(ctx, member, id), 'the message', 'messages.edit.prev-content-sha256');
  }
}

async function contentNormalised(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await editsChannel(ctx);
  const limit = (await realmState(ctx))['max_message_length'];
  expectTrue(
    Number.isInteger(limit) && limit > 0,
    `max_message_length in the register response, got ${JSON.stringify(limit)}`,
    'messages.edit.content-max-length',
  );
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('normalised'), 'some words');
  expectSuccess(await edit(ctx, member, id, { content: ' \n  ' }), 'messages.edit.blank-content');
  expectEqual((await placeOf(ctx, member, id)).content, '(deleted)', 'the content after a blank edit', 'messages.edit.blank-content');
  expectSuccess(await edit(ctx, member, id, { content: 'x'.repeat(limit + 500) }), 'messages.edit.content-truncated');
  const stored = String((await placeOf(ctx, member, id)).content);
  expectTrue(
    stored.length <= limit,
    `edited content of at most max_message_length (${limit}), got ${stored.length} characters`,
    'messages.edit.content-max-length',
  );
  expectTrue(
    stored.length === 10_000 && stored.endsWith('\n[message truncated]'),
    `the content cut to 10000 characters ending with "\\n[message truncated]", got ${stored.length} ending ${JSON.stringify(stored.slice(-25))}`,
    'messages.edit.content-truncated',
  );
}

async function mentionFlags(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const channel = await editsChannel(ctx);
  const id = await sendToChannel(ctx, member, channel.id, ctx.unique('mentions'), 'nobody mentioned yet');
  expectEqual(
    (await flagsOf(ctx, otherMember, id)).includes('mentioned'),
    false,
    'mentioned for the other member before the edit',
    'messages.edit.mention-flags',
  );
  expectSuccess(await edit(ctx, member, id, { content: `now for ${mention(otherMember)}` }));
  expectEqual((await flagsOf(ctx, otherMember, id)).includes('mentioned'), true, 'mentioned for a user the edit mentions', 'messages.edit.mention-flags');
  expectEqual(
    (await flagsOf(ctx, moderator, id)).includes('mentioned'),
    false,
    'mentioned for a user the edit does not mention',
    'messages.edit.mention-flags',
  );
  expectSuccess(await edit(ctx, member, id, { content: `now for ${mention(moderator)} instead` }));
  expectEqual(
    [(await flagsOf(ctx, otherMember, id)).includes('mentioned'), (await flagsOf(ctx, moderator, id)).includes('mentioned')],
    [false, true],
    'mentioned for [the user no longer mentioned, the user newly mentioned]',
    'messages.edit.mention-flags',
  );
}

export const EDIT_CONTENT_CHECKS = defineChecks([
  {
    id: 'messages.edit.content',
    title:
      'When a member edits their message’s content (change_one), then it answers detached_uploads [], and everyone reads the new source and HTML with last_edit_timestamp',
    clauses: [
      'messages.edit.content',
      'messages.edit.detached-uploads',
      'messages.edit.content-change-one',
      'messages.edit.rendered',
      'messages.edit.last-edit-timestamp',
    ],
    level: 'spec',
    endpoint: EDIT,
    run: contentEdit,
  },
  {
    id: 'messages.edit.history',
    title: 'Given an edited message, then its history has a newest version with prev_content and prev_rendered_content, and edit_history one entry',
    clauses: ['messages.edit.history'],
    level: 'compat',
    endpoint: EDIT,
    run: history,
  },
  {
    id: 'messages.edit.sender-only',
    title: 'When another member, an administrator or the owner edits a member’s content, then it is BAD_REQUEST and the content stays',
    clauses: ['messages.edit.no-permission', 'messages.edit.sender-only'],
    level: 'spec',
    endpoint: EDIT,
    run: senderOnly,
  },
  {
    id: 'messages.edit.allow-message-editing',
    title: 'Given allow_message_editing off, when the sender edits content, then it is refused and unchanged, while a topic rename still works',
    clauses: ['messages.edit.allow-message-editing', 'messages.edit.disabled'],
    level: 'spec',
    endpoint: EDIT,
    run: editingDisabled,
  },
  {
    id: 'messages.edit.content-time-limit',
    title: 'Given a 60 s content limit, when the sender edits 79 s after sending it works, and at 81 s it is refused, for a member and for the owner alike',
    clauses: ['messages.edit.content-time-limit', 'messages.edit.content-limit-grace'],
    level: 'spec',
    endpoint: EDIT,
    run: contentTimeLimit,
  },
  {
    id: 'messages.edit.prev-content-sha256',
    title: 'When an edit carries the SHA-256 of the stored content it works; with a stale hash an edit or a rename is EXPECTATION_MISMATCH and nothing changes',
    clauses: ['messages.edit.prev-content-sha256', 'messages.edit.sha256-mismatch'],
    level: 'spec',
    endpoint: EDIT,
    // The parameter is new at feature level 379; before, the server ignores it.
    since: paramSince('update-message', 'prev_content_sha256'),
    run: prevContentSha256,
  },
  {
    id: 'messages.edit.content-normalised',
    title: 'When the content is edited to blanks it becomes "(deleted)"; over max_message_length it is cut to 10000 ending "[message truncated]"',
    clauses: ['messages.edit.content-max-length', 'messages.edit.blank-content', 'messages.edit.content-truncated'],
    level: 'spec',
    endpoint: EDIT,
    run: contentNormalised,
  },
  {
    id: 'messages.edit.mention-flags',
    title: 'When an edit adds a mention the user gets mentioned; when a later edit mentions someone else instead, the first loses it and the second gets it',
    clauses: ['messages.edit.mention-flags'],
    level: 'spec',
    endpoint: EDIT,
    run: mentionFlags,
  },
]);
