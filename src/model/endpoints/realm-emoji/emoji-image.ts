/**
 * The custom emoji images, outside /api/v1 and without authentication, as the
 * real server's local storage serves /user_avatars/ (serve_local_avatar_unauthed):
 * /user_avatars/<realm_id>/emoji/images/<file>. A deactivated emoji's image is
 * still served; any other path there is the real server's HTML 404.
 */
import { errorResponse } from '../../envelope.js';
import { Errors } from '../../errors.js';
import { decodePathSegments } from '../../path-segments.js';
import type { ModelRequest, ModelResponse } from '../../request.js';
import { selectRealmEmojiByFileName } from '../../rules/realm-emoji.js';
import type { State } from '../../state.js';

const PREFIX = '/user_avatars/';

/** The paths this module answers, for the transport's dispatch. */
export function isAvatarPath(pathname: string): boolean {
  return pathname.startsWith(PREFIX);
}

/** A GET or HEAD of an emoji image (null for a path outside /user_avatars/). */
export function serveEmojiImage(state: State, request: Pick<ModelRequest, 'method' | 'path'>): ModelResponse | null {
  if (!isAvatarPath(request.path)) return null;
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return errorResponse(Errors.methodNotAllowed(['GET', 'HEAD']));
  const parts = decodePathSegments(request.path);
  const isEmojiImage = parts !== null && parts.length === 5 && parts[1] === String(state.realm.id) && parts[2] === 'emoji' && parts[3] === 'images';
  const emoji = isEmojiImage ? selectRealmEmojiByFileName(state, parts[4]!) : undefined;
  if (emoji === undefined) return errorResponse(Errors.avatarFileNotFound());
  return {
    status: 200,
    headers: { 'Cache-Control': 'max-age=31536000, public, immutable' },
    body: null,
    file: { contentKey: emoji.contentKey, contentType: emoji.contentType, size: emoji.size, disposition: null },
  };
}
