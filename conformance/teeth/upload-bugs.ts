/** Realistic upload and attachment bugs, in the form of bugs.ts. */
import type { TargetBytesResponse } from '../target.js';
import type { Bug } from './bugs.js';
import { failedWith, is, type Request, rewrite, succeeded, successResponse, whoIs } from './distort.js';

const FILE_PATH = /^\/user_uploads\/(?!temporary\/)/;
const EDIT = /^\/messages\/\d+$/;

/** A 403 on a file path turned into the file (empty here: what matters is that it was handed out). */
function served(): TargetBytesResponse {
  return { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-length': '0' }, body: null, bytes: new Uint8Array(0) };
}

function isUpload(request: Request): boolean {
  return is(request, 'POST', '/user_uploads');
}

export const UPLOAD_BUGS: readonly Bug[] = [
  {
    name: 'anyone may read an upload no message links yet',
    area: 'messages',
    only: 'uploads.access.private-until-linked',
    caughtBy: ['uploads.access.private-until-linked'],
    distortion: () => ({
      afterFetch: (request, response) => (FILE_PATH.test(request.path) && response.status === 403 ? served() : response),
    }),
  },
  {
    name: 'guests read files of public channels they are not in',
    area: 'messages',
    only: 'uploads.access.guest-and-private,properties.uploads.access',
    caughtBy: ['uploads.access.guest-and-private', 'properties.uploads.access'],
    distortion: () => ({
      async afterFetch(request, response, inner) {
        if (!FILE_PATH.test(request.path) || response.status !== 403) return response;
        const me = await whoIs(inner, request.auth);
        return me?.['role'] === 600 ? served() : response;
      },
    }),
  },
  {
    name: 'an attachment can be deleted by someone other than its owner',
    area: 'messages',
    only: 'attachments.remove.owner',
    caughtBy: ['attachments.remove.owner'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'DELETE', /^\/attachments\/\d+$/) && failedWith(response, /^Invalid attachment$/) ? successResponse({}) : response,
    }),
  },
  {
    name: 'the upload size limit is not enforced',
    area: 'messages',
    only: 'uploads.upload.size-limit',
    caughtBy: ['uploads.upload.size-limit'],
    // The server keeps only the first MiB of a file over the limit, and says nothing.
    distortion: () => ({
      before: (request) =>
        isUpload(request)
          ? { ...request, files: request.files.map((file) => ({ ...file, data: file.data.subarray(0, Math.min(file.data.length, 1024 * 1024)) })) }
          : request,
    }),
  },
  {
    name: 'an edit that removes the last link to a file answers detached_uploads []',
    area: 'messages',
    only: 'uploads.detached.edit',
    caughtBy: ['uploads.detached.edit'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'PATCH', EDIT) && succeeded(response)
          ? rewrite(response, (body) => {
              body['detached_uploads'] = [];
            })
          : response,
    }),
  },
  {
    name: 'the upload path keeps the file name as sent instead of sanitising it',
    area: 'messages',
    only: 'uploads.upload.response',
    caughtBy: ['uploads.upload.response'],
    distortion: () => ({
      after: (request, response) =>
        isUpload(request) && succeeded(response)
          ? rewrite(response, (body) => {
              const url = String(body['url']);
              const raw = `${url.slice(0, url.lastIndexOf('/') + 1)}${encodeURIComponent(String(body['filename']))}`;
              body['url'] = raw;
              body['uri'] = raw;
            })
          : response,
    }),
  },
  {
    name: 'a text file is served as JSON',
    area: 'messages',
    only: 'uploads.download.served',
    caughtBy: ['uploads.download.served'],
    distortion: () => ({
      afterFetch: (request, response) =>
        FILE_PATH.test(request.path) && response.status === 200
          ? { ...response, headers: { ...response.headers, 'content-type': 'application/json' } }
          : response,
    }),
  },
];
