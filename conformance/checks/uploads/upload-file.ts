/** POST /user_uploads: the answer, the path, one file only, and the size limit. */
import { defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { answersFilenameAt, attachmentOf, textFile, upload, urlKeyAt, withUploads } from './support.js';

const UPLOAD = 'POST /user_uploads';
const PATH = /^\/user_uploads\/\d+\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/[^/]+$/;

export const UPLOAD_FILE_CHECKS = defineChecks([
  {
    id: 'uploads.upload.response',
    title: 'Given a member, when they upload one file, then the answer has url, the same uri and the name as sent, and the file is listed under its path',
    clauses: ['uploads.upload.one-file', 'uploads.upload.response', 'uploads.record.url', 'uploads.upload.path'],
    level: 'spec',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member } = ctx.cast;
      await withUploads(ctx, member, async (uploads) => {
        const file = await upload(ctx, member, textFile('my notes (draft).txt', 'chatref upload check'));
        uploads.push(file);
        // Below feature level 272 uri is the only name of the URL (upload() read it); from 272 it is url's deprecated alias.
        if (urlKeyAt(ctx.featureLevel) === 'url') expectEqual(file.body['uri'], file.url, 'uri, the deprecated alias of url', 'uploads.upload.response');
        // filename is in the answer from feature level 286.
        if (answersFilenameAt(ctx.featureLevel)) expectEqual(file.filename, 'my notes (draft).txt', 'filename as sent', 'uploads.upload.response');
        expectTrue(PATH.test(file.url), `a URL /user_uploads/<realm>/<hex>/<token>/<name>, got ${file.url}`, 'uploads.upload.path');
        expectTrue(file.url.endsWith('/my-notes-draft.txt'), `the sanitised name at the end of ${file.url}`, 'uploads.upload.path');
        const record = await attachmentOf(ctx, member, file.pathId);
        expectTrue(record !== undefined, `GET /attachments lists path_id ${file.pathId}`, 'uploads.record.url');
      });
    },
  },
  {
    id: 'uploads.upload.refusals',
    title: 'Given a member, when they send a form without a file or with files under two names, then each is refused with the real server’s words',
    clauses: ['uploads.upload.no-file', 'uploads.upload.several-files'],
    level: 'compat',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member } = ctx.cast;
      expectError(
        await ctx.call(member, 'POST', '/user_uploads', { note: 'no file' }),
        400,
        'BAD_REQUEST',
        'You must specify a file to upload',
        'uploads.upload.no-file',
      );
      const two = [textFile('a.txt', 'a', 'text/plain', 'first'), textFile('b.txt', 'b', 'text/plain', 'second')];
      expectError(
        await ctx.call(member, 'POST', '/user_uploads', {}, two),
        400,
        'BAD_REQUEST',
        'You may only upload one file at a time',
        'uploads.upload.several-files',
      );
    },
  },
  {
    id: 'uploads.upload.size-limit',
    title: 'Given the max_file_upload_size_mib register reports, when a member uploads one byte more, then it is refused and nothing is listed',
    clauses: ['uploads.upload.size-limit', 'uploads.upload.too-large-message'],
    level: 'spec',
    endpoint: UPLOAD,
    async run(ctx) {
      const { member } = ctx.cast;
      const limit = expectSuccess(await ctx.call(member, 'POST', '/register', { event_types: '["realm"]' }))['max_file_upload_size_mib'];
      expectTrue(
        typeof limit === 'number' && limit > 0,
        `max_file_upload_size_mib as a positive number, got ${JSON.stringify(limit)}`,
        'uploads.upload.size-limit',
      );
      const before = expectSuccess(await ctx.call(member, 'GET', '/attachments'))['attachments'];
      const data = new Uint8Array(limit * 1024 * 1024 + 1);
      const refused = await ctx.call(member, 'POST', '/user_uploads', {}, [
        { fieldName: 'file', fileName: 'too-big.bin', contentType: 'application/octet-stream', data },
      ]);
      expectTrue(
        refused.status >= 400 && refused.status < 500,
        `a refusal of a file one byte over ${limit} MiB, got ${refused.status}`,
        'uploads.upload.size-limit',
      );
      expectError(
        refused,
        400,
        'BAD_REQUEST',
        `File is larger than this server's configured maximum upload size (${limit} MiB).`,
        'uploads.upload.too-large-message',
      );
      expectEqual(
        expectSuccess(await ctx.call(member, 'GET', '/attachments'))['attachments'],
        before,
        'the member’s attachments after the refusal',
        'uploads.upload.size-limit',
      );
    },
  },
]);
