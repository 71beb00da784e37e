/** GET and DELETE /attachments, and the detached_uploads of an edit. */
import { defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { responseKeySince } from '../../feature-level.js';
import { messagesChannel, sendToChannel } from '../messages/support.js';
import { attachmentOf, link, readStatus, textFile, upload, withUploads } from './support.js';

export const ATTACHMENT_CHECKS = defineChecks([
  {
    id: 'attachments.list.read-back',
    title: 'Given a member’s linked upload, when they and another member list attachments, then only the owner sees it, with its messages in milliseconds',
    clauses: ['attachments.list.own', 'attachments.list.shape'],
    level: 'compat',
    endpoint: 'GET /attachments',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const channel = await messagesChannel(ctx);
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('listed.txt', 'twelve bytes'));
        uploads.push(file);
        const id = await sendToChannel(ctx, member, channel.id, ctx.unique('upload'), link(file));
        const record = await attachmentOf(ctx, member, file.pathId);
        expectTrue(record !== undefined, `the owner’s GET /attachments lists ${file.pathId}`, 'attachments.list.own');
        // From feature level 472 the linking messages are message_ids; before, messages [{id, date_sent}].
        const level = Number(expectSuccess(await ctx.call(null, 'GET', '/server_settings'))['zulip_feature_level']);
        const idsKey = level >= 472 ? 'message_ids' : 'messages';
        expectEqual(
          Object.keys(record).sort(),
          ['create_time', 'id', idsKey, 'name', 'path_id', 'size'].sort(),
          'the attachment’s fields',
          'attachments.list.shape',
        );
        expectEqual([record['name'], record['size']], ['listed.txt', 12], 'name and size', 'attachments.list.shape');
        const messages: Body[] = level >= 472 ? (record['message_ids'] as number[]).map((messageId) => ({ id: messageId })) : (record['messages'] as Body[]);
        expectEqual(
          messages.map((message) => message['id']),
          [id],
          'the linking messages',
          'attachments.list.shape',
        );
        expectTrue(
          Number(record['create_time']) > 1e12 && (level >= 472 || Number(messages[0]?.['date_sent']) > 1e12),
          'create_time and date_sent in milliseconds',
          'attachments.list.shape',
        );
        const others = expectSuccess(await ctx.call(otherMember, 'GET', '/attachments'), 'attachments.list.own');
        expectTrue(typeof others['upload_space_used'] === 'number', 'upload_space_used as a number', 'attachments.list.own');
        expectTrue(
          !(others['attachments'] as Body[]).some((entry) => entry['path_id'] === file.pathId),
          'another member’s list without the file',
          'attachments.list.own',
        );
      });
    },
  },
  {
    id: 'attachments.remove.owner',
    title:
      'Given a member’s upload, when others try to delete it and then the owner does, then the others get "Invalid attachment" and after the owner’s delete it is neither listed nor served',
    clauses: ['attachments.remove.owner-only', 'attachments.remove.gone'],
    level: 'compat',
    endpoint: 'DELETE /attachments/{attachment_id}',
    async run(ctx) {
      const { member, otherMember, administrator } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('delete-me.txt', 'bye'));
        uploads.push(file);
        const record = await attachmentOf(ctx, member, file.pathId);
        expectTrue(record !== undefined, `the owner’s GET /attachments lists ${file.pathId}`, 'attachments.remove.owner-only');
        for (const other of [otherMember, administrator]) {
          expectError(
            await ctx.call(other, 'DELETE', `/attachments/${record['id']}`),
            400,
            'BAD_REQUEST',
            'Invalid attachment',
            'attachments.remove.owner-only',
          );
        }
        expectEqual(await readStatus(ctx, member, file.url), 200, 'the file after refused deletes', 'attachments.remove.owner-only');
        expectSuccess(await ctx.call(member, 'DELETE', `/attachments/${record['id']}`), 'attachments.remove.owner-only');
        expectEqual(await attachmentOf(ctx, member, file.pathId), undefined, 'the deleted file in GET /attachments', 'attachments.remove.gone');
        expectEqual(await readStatus(ctx, member, file.url), 404, 'the deleted file’s path', 'attachments.remove.gone');
      });
    },
  },
  {
    id: 'uploads.detached.edit',
    title:
      'Given a message linking two of a member’s files, one also linked elsewhere, when the member edits both links away, then detached_uploads lists only the other one, as an Attachment record',
    clauses: ['uploads.detached.listed', 'uploads.detached.record'],
    level: 'spec',
    endpoint: 'PATCH /messages/{message_id}',
    // detached_uploads is in the edit answer from feature level 285.
    since: responseKeySince('update-message', 'detached_uploads'),
    async run(ctx) {
      const { member } = ctx.cast;
      const channel = await messagesChannel(ctx);
      await withUploads(ctx, member, async (uploads) => {
        const alone = await upload(ctx, member, textFile('alone.txt', 'alone'));
        const twice = await upload(ctx, member, textFile('twice.txt', 'twice'));
        uploads.push(alone, twice);
        const id = await sendToChannel(ctx, member, channel.id, ctx.unique('upload'), `${link(alone)} ${link(twice)}`);
        await sendToChannel(ctx, member, channel.id, ctx.unique('upload'), link(twice));
        const record = await attachmentOf(ctx, member, alone.pathId);
        const edit = expectSuccess(await ctx.call(member, 'PATCH', `/messages/${id}`, { content: 'links removed' }), 'uploads.detached.listed');
        const detached = edit['detached_uploads'];
        expectTrue(Array.isArray(detached) && detached.length === 1, `one detached upload, got ${JSON.stringify(detached)}`, 'uploads.detached.listed');
        const [entry] = detached as Body[];
        expectEqual(
          Object.keys(entry!).sort(),
          ['create_time', 'id', 'message_ids', 'name', 'path_id', 'size'],
          'a detached upload’s fields',
          'uploads.detached.record',
        );
        expectEqual(
          [entry!['id'], entry!['name'], entry!['path_id'], entry!['size'], entry!['message_ids']],
          [record?.['id'], 'alone.txt', alone.pathId, 5, []],
          'the detached upload',
          'uploads.detached.listed',
        );
        const created = Number(entry!['create_time']);
        expectTrue(Number.isInteger(created) && created > 1e9 && created < 1e11, `create_time in seconds, got ${created}`, 'uploads.detached.record');
      });
    },
  },
]);
