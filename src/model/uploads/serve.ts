/**
 * The file paths outside /api/v1 (the real server's serve_file_backend,
 * serve_file_download_backend and serve_file_unauthed_from_token; reference
 * server-messages-channels §12.3): the access decision and the headers of the
 * answer. The bytes themselves are the transport's to send, from the content
 * store, under the key the answer names.
 */
import parseRange from 'range-parser';
import { authenticate } from '../auth.js';
import { errorResponse } from '../envelope.js';
import { Errors } from '../errors.js';
import { decodePathSegments } from '../path-segments.js';
import type { ModelRequest, ModelResponse, ServedFile } from '../request.js';
import { accessAttachmentByPath, isServedInline, selectAttachmentByPath } from '../rules/uploads.js';
import type { Attachment, State, User } from '../state.js';
import { getRow } from '../tables/table.js';

/** The paths this module answers, for the transport's dispatch. */
export function isFilePath(pathname: string): boolean {
  return pathname.startsWith('/user_uploads/');
}

type FileRoute =
  | { readonly kind: 'temporary'; readonly token: string; readonly filename: string }
  | { readonly kind: 'authed'; readonly pathId: string; readonly download: boolean };

function routeOf(pathname: string): FileRoute | null {
  const parts = decodePathSegments(pathname);
  if (parts === null || parts[0] !== 'user_uploads') return null;
  if (parts[1] === 'temporary') return parts.length === 4 ? { kind: 'temporary', token: parts[2]!, filename: parts[3]! } : null;
  const download = parts[1] === 'download';
  const rest = parts.slice(download ? 2 : 1);
  // <realm_id>/<path…>: at least two segments.
  return rest.length < 2 ? null : { kind: 'authed', pathId: rest.join('/'), download };
}

/** Python's urllib quote (safe '/'): what RFC 8187's filename* carries. */
function quote(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, '/');
}

/** Django's content_disposition_header: a quoted filename when it is printable ASCII, else filename* in UTF-8. */
export function contentDisposition(download: boolean, filename: string): string {
  const disposition = download ? 'attachment' : 'inline';
  if (/^[\t\x20-\x7e]*$/.test(filename)) return `${disposition}; filename="${filename.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `${disposition}; filename*=utf-8''${quote(filename)}`;
}

function served(attachment: Attachment, download: boolean, rangeHeader: string | null | undefined): ModelResponse {
  const size = attachment.size;
  const file: ServedFile = {
    contentKey: attachment.contentKey,
    contentType: attachment.contentType,
    size,
    disposition: contentDisposition(download || !isServedInline(attachment.contentType), attachment.fileName),
  };
  const headers: Record<string, string> = { 'Cache-Control': 'private, immutable', 'Accept-Ranges': 'bytes' };
  if (rangeHeader != null && rangeHeader !== '' && size > 0) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: null, text: '' };
    // A malformed header, or several ranges, is answered with the whole file (RFC 9110 allows it).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` }, body: null, file: { ...file, range: { start, end } } };
    }
  }
  return { status: 200, headers, body: null, file };
}

/** The real server's redirect of a logged-out visitor to the login page, with the file to come back to. */
function loginRedirect(pathname: string): ModelResponse {
  const next = encodeURIComponent(pathname).replace(/%2F/g, '/');
  return { status: 302, headers: { Location: `/login/?next=${next}`, Vary: 'Accept' }, body: null };
}

function serveTemporary(state: State, token: string, filename: string, now: number): ModelResponse {
  const entry = getRow(state.uploads.temporaryTokens, token);
  if (entry === undefined || entry.expiresAt < now) return errorResponse(Errors.invalidUploadToken());
  if (entry.pathId.slice(entry.pathId.lastIndexOf('/') + 1) !== filename) return errorResponse(Errors.invalidUploadFilename());
  const attachment = selectAttachmentByPath(state, entry.pathId);
  return attachment === undefined ? errorResponse(Errors.invalidUploadToken()) : served(attachment, false, null);
}

/**
 * A GET or HEAD of a file path: the file's answer, the real server's HTML
 * 404/403 (or a login redirect for a logged-out visitor), or null when the
 * path is none of the file paths. Basic authentication works as on the API;
 * without it the caller is a spectator.
 */
export function serveFile(state: State, request: Pick<ModelRequest, 'method' | 'path' | 'authorization' | 'now' | 'range'>): ModelResponse | null {
  const route = routeOf(request.path);
  if (route === null) return null;
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return errorResponse(Errors.methodNotAllowed(['GET', 'HEAD']));
  const now = Math.floor(request.now);
  if (route.kind === 'temporary') return serveTemporary(state, route.token, route.filename, now);
  let user: User | null = null;
  if (request.authorization != null && request.authorization !== '') {
    const authenticated = authenticate(state, request.authorization);
    if (!authenticated.ok) return errorResponse(authenticated.error);
    user = authenticated.value;
  }
  const access = accessAttachmentByPath(state, user, route.pathId, now);
  if (!access.ok) return user === null && access.error.status === 403 ? loginRedirect(request.path) : errorResponse(access.error);
  return served(access.value, route.download, request.range);
}
