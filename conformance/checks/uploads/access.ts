/** Who may read an upload, the downloads themselves, and the temporary links. */
import { defineChecks } from '../../check.js';
import { expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { channelWith, messagesChannel, sendDirect, sendToChannel } from '../messages/support.js';
import { download, link, readStatus, textFile, upload, withUploads } from './support.js';

const UPLOAD = 'POST /user_uploads';
const TEMPORARY = 'GET /user_uploads/{realm_id}/{filename}';

export const UPLOAD_ACCESS_CHECKS = defineChecks([
  {
    id: 'uploads.access.private-until-linked',
    title:
      'Given a file a member uploaded, when others read it before and after a public channel message links it, then only the uploader can at first, then every non-guest',
    clauses: ['uploads.upload.private-until-linked', 'uploads.access.public-channel'],
    level: 'spec',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member, otherMember, administrator } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('early.txt', 'not yet shared'));
        uploads.push(file);
        expectEqual(await readStatus(ctx, member, file.url), 200, 'the uploader reading their file', 'uploads.upload.private-until-linked');
        for (const other of [otherMember, administrator]) {
          expectEqual(await readStatus(ctx, other, file.url), 403, `user ${other.userId} reading an unlinked file`, 'uploads.upload.private-until-linked');
        }
        const channel = await messagesChannel(ctx);
        await sendToChannel(ctx, member, channel.id, ctx.unique('upload'), `here: ${link(file)}`);
        for (const other of [otherMember, administrator]) {
          expectEqual(
            await readStatus(ctx, other, file.url),
            200,
            `user ${other.userId} reading a file a public channel links`,
            'uploads.access.public-channel',
          );
        }
      });
    },
  },
  {
    id: 'uploads.access.guest-and-private',
    title:
      'Given files linked in a public channel without the guest, a private channel and a direct message, then a guest, non-subscribers and non-recipients cannot read them and the others can',
    clauses: ['uploads.access.public-channel', 'uploads.access.private-channel', 'uploads.access.direct'],
    level: 'compat',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member, otherMember, moderator, guest } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const open = await channelWith(ctx, member, 'upload-open', [member, otherMember]);
        const shared = await upload(ctx, member, textFile('public.txt', 'public'));
        uploads.push(shared);
        await sendToChannel(ctx, member, open.id, ctx.unique('upload'), link(shared));
        expectEqual(await readStatus(ctx, guest, shared.url), 403, 'a guest reading a public channel’s file they did not get', 'uploads.access.public-channel');
        expectEqual(
          await readStatus(ctx, moderator, shared.url),
          200,
          'a non-subscribed member reading a public channel’s file',
          'uploads.access.public-channel',
        );

        const closed = await channelWith(ctx, member, 'upload-private', [member, otherMember], { invite_only: true });
        const secret = await upload(ctx, member, textFile('private.txt', 'private'));
        uploads.push(secret);
        await sendToChannel(ctx, member, closed.id, ctx.unique('upload'), link(secret));
        expectEqual(await readStatus(ctx, otherMember, secret.url), 200, 'a subscriber reading a private channel’s file', 'uploads.access.private-channel');
        expectEqual(await readStatus(ctx, moderator, secret.url), 403, 'a non-subscriber reading a private channel’s file', 'uploads.access.private-channel');

        const direct = await upload(ctx, member, textFile('direct.txt', 'direct'));
        uploads.push(direct);
        await sendDirect(ctx, member, [otherMember.userId], link(direct));
        expectEqual(await readStatus(ctx, otherMember, direct.url), 200, 'the recipient reading a direct message’s file', 'uploads.access.direct');
        expectEqual(await readStatus(ctx, moderator, direct.url), 403, 'another user reading a direct message’s file', 'uploads.access.direct');
      });
    },
  },
  {
    id: 'uploads.access.claims',
    title:
      'Given a member’s file, when someone who may not read it links it, then it stays private; when its only message is deleted, then only the uploader reads it again',
    clauses: ['uploads.access.claim-needs-access', 'uploads.access.deleted-message'],
    level: 'compat',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member, otherMember, moderator } = ctx.cast;
      const channel = await messagesChannel(ctx);
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('mine.txt', 'mine'));
        uploads.push(file);
        await sendToChannel(ctx, otherMember, channel.id, ctx.unique('upload'), `taking ${link(file)}`);
        expectEqual(await readStatus(ctx, moderator, file.url), 403, 'a third user after someone else linked the file', 'uploads.access.claim-needs-access');
        const id = await sendToChannel(ctx, member, channel.id, ctx.unique('upload'), link(file));
        expectEqual(await readStatus(ctx, moderator, file.url), 200, 'a third user after the uploader linked it', 'uploads.access.claim-needs-access');
        expectSuccess(await ctx.call(member, 'DELETE', `/messages/${id}`));
        expectEqual(await readStatus(ctx, moderator, file.url), 403, 'a third user after the linking message was deleted', 'uploads.access.deleted-message');
        expectEqual(await readStatus(ctx, member, file.url), 200, 'the uploader after the linking message was deleted', 'uploads.access.deleted-message');
      });
    },
  },
  {
    id: 'uploads.download.served',
    title:
      'Given an uploaded image and text file, when the owner downloads them, then the bytes come back with the uploaded type, an inline or attachment disposition, and missing or forbidden files are HTML 404 and 403',
    clauses: ['uploads.download.bytes', 'uploads.download.content-type', 'uploads.download.html-errors'],
    level: 'compat',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
        const image = await upload(ctx, member, { fieldName: 'file', fileName: 'pixel.png', contentType: 'image/png', data: bytes });
        uploads.push(image);
        const served = await download(ctx, member, image.url);
        expectEqual(served.status, 200, 'the owner downloading their image', 'uploads.download.bytes');
        expectEqual([...served.bytes], [...bytes], 'the downloaded bytes', 'uploads.download.bytes');
        expectEqual(served.headers['content-type'], 'image/png', 'Content-Type of an uploaded PNG', 'uploads.download.content-type');
        expectEqual(served.headers['content-length'], String(bytes.length), 'Content-Length', 'uploads.download.bytes');
        expectEqual(served.headers['content-disposition'], 'inline; filename="pixel.png"', 'Content-Disposition of an image', 'uploads.download.bytes');
        const archive = await upload(ctx, member, { fieldName: 'file', fileName: 'data.zip', contentType: 'application/zip', data: bytes });
        uploads.push(archive);
        const zipped = await download(ctx, member, archive.url);
        expectEqual(zipped.headers['content-type'], 'application/zip', 'Content-Type of an uploaded zip', 'uploads.download.content-type');
        expectEqual(zipped.headers['content-disposition'], 'attachment; filename="data.zip"', 'Content-Disposition of a zip', 'uploads.download.bytes');

        const forbidden = await download(ctx, otherMember, archive.url);
        expectEqual(forbidden.status, 403, 'another user downloading an unlinked file', 'uploads.download.html-errors');
        expectTrue(
          (forbidden.headers['content-type'] ?? '').startsWith('text/html'),
          `an HTML 403, got ${forbidden.headers['content-type']}`,
          'uploads.download.html-errors',
        );
        const missing = await download(ctx, member, `${archive.url}-missing`);
        expectEqual(missing.status, 404, 'a path no file has', 'uploads.download.html-errors');
        expectTrue(
          (missing.headers['content-type'] ?? '').startsWith('text/html'),
          `an HTML 404, got ${missing.headers['content-type']}`,
          'uploads.download.html-errors',
        );
      });
    },
  },
  {
    id: 'uploads.temporary.link',
    title:
      'Given an uploaded file, when its owner asks the API for it, then a temporary link serves it without authentication, and another user gets the HTML 403',
    clauses: ['uploads.temporary.url', 'uploads.temporary.forbidden'],
    level: 'compat',
    endpoint: TEMPORARY,
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('temporary.txt', 'for a moment'));
        uploads.push(file);
        const url = expectSuccess(await ctx.call(member, 'GET', file.url), 'uploads.temporary.url')['url'];
        expectTrue(
          typeof url === 'string' && /^\/user_uploads\/temporary\/[^/]+\/temporary\.txt$/.test(url),
          `a /user_uploads/temporary/<token>/temporary.txt link, got ${JSON.stringify(url)}`,
          'uploads.temporary.url',
        );
        const served = await download(ctx, null, url as string);
        expectEqual(
          [served.status, Buffer.from(served.bytes).toString('utf8')],
          [200, 'for a moment'],
          'the temporary link without authentication',
          'uploads.temporary.url',
        );
        const refused = await ctx.call(otherMember, 'GET', file.url);
        expectEqual(refused.status, 403, 'another user asking for the link', 'uploads.temporary.forbidden');
      });
    },
  },
]);
