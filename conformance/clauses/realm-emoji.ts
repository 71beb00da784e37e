/**
 * Custom (realm) emoji. The spec only names the reaction type and says a
 * realm_emoji reaction's code is the emoji's ID, derived when a name alone is
 * given; listing, uploading and deactivating custom emoji, their images,
 * rendering and events are the real server's behaviour (`compat`, facts from
 * zerver/views/realm_emoji.py, zerver/lib/emoji.py, zerver/actions/realm_emoji.py,
 * zerver/lib/upload, zerver/tests/test_realm_emoji.py, the OpenAPI operations
 * get-custom-emoji, upload-custom-emoji and deactivate-custom-emoji,
 * server-markdown.md §2.3 and server-events.md).
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const LIST = 'GET /realm/emoji';
const UPLOAD = 'POST /realm/emoji/{emoji_name}';
const DEACTIVATE = 'DELETE /realm/emoji/{emoji_name}';
const REACT = 'POST /messages/{message_id}/reactions';
const SEND = 'POST /messages';
const STATUS = 'POST /users/me/status';

const REACT_SECTION = 'POST /messages/{message_id}/reactions — add an emoji reaction';
const RECORDS = 'Other records';
const views = 'zerver/views/realm_emoji.py';
const lib = 'zerver/lib/emoji.py';
const openapi = (operation: string) => `OpenAPI ${operation}`;

export const REALM_EMOJI_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('realm-emoji.reaction.code-is-id', RECORDS, 'a realm_emoji reaction’s emoji_code is the custom emoji’s ID', REACT),
  spec('realm-emoji.reaction.type-derived', REACT_SECTION, 'reacting with a custom emoji’s name alone derives reaction_type realm_emoji and its code', REACT),

  // ------------------------------------------------------------------ GET /realm/emoji
  compat(
    'realm-emoji.list.shape',
    openapi('get-custom-emoji'),
    '`emoji` maps each ID to {id (the same ID as a string), name, source_url, still_url (null unless animated), deactivated, author_id}',
    LIST,
  ),
  compat('realm-emoji.list.public', `${views} list_emoji`, 'every user, guests included, may list the custom emoji', LIST),

  // ------------------------------------------------------------------ POST /realm/emoji/{emoji_name}
  compat(
    'realm-emoji.upload.success',
    openapi('upload-custom-emoji'),
    'one image file in a multipart form adds the emoji, answered with the bare success envelope; the caller is its author',
    UPLOAD,
  ),
  compat('realm-emoji.upload.name-normalized', `${views} upload_emoji`, 'the name is stripped and its spaces become underscores', UPLOAD),
  compat(
    'realm-emoji.upload.name-rules',
    `${lib} check_valid_emoji_name`,
    'an empty name, one with characters other than a-z, 0-9, - and _, and one ending in - or _ are refused, each with the real server’s message',
    UPLOAD,
  ),
  compat('realm-emoji.upload.guest-refused', 'zerver/decorator.py require_member_or_admin', 'guests get "Not allowed for guest users"', UPLOAD),
  compat(
    'realm-emoji.upload.permission',
    `${views} upload_emoji`,
    'only users in can_add_custom_emoji_group may add one; others get "Insufficient permission"',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.duplicate',
    `${views} upload_emoji`,
    'a name an active emoji has fails with "A custom emoji with this name already exists."; a deactivated one’s name may be used again',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.one-file',
    `${views} upload_emoji`,
    'no file, or files under two field names, fail with "You must upload exactly one file."',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.default-name',
    `${views} upload_emoji`,
    'a standard emoji’s name may be taken by administrators only: "Only administrators can override default emoji."',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.size-limit',
    `${views} upload_emoji`,
    'a file over 5 MiB fails with "Uploaded file is larger than the allowed limit of 5 MiB"',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.image-type',
    'zerver/lib/upload upload_emoji_image',
    'a file that is not a PNG, GIF, JPEG, WebP or AVIF image fails with BAD_IMAGE "Invalid image format"',
    UPLOAD,
  ),
  compat(
    'realm-emoji.upload.source-url',
    'zerver/lib/upload/local.py get_emoji_url',
    'source_url is /user_avatars/<realm_id>/emoji/images/<file name><extension of the type>',
    UPLOAD,
  ),

  // ------------------------------------------------------------------ DELETE /realm/emoji/{emoji_name}
  compat(
    'realm-emoji.deactivate.listed',
    'zerver/tests/test_realm_emoji.py test_delete',
    'a deactivated emoji stays listed, with deactivated true',
    DEACTIVATE,
  ),
  compat(
    'realm-emoji.deactivate.who',
    `${lib} check_remove_custom_emoji`,
    'administrators deactivate any custom emoji, others only their own: "Must be an organization administrator or emoji author"',
    DEACTIVATE,
  ),
  compat('realm-emoji.deactivate.unknown', `${views} delete_emoji`, 'a name no active emoji has fails with 404 "Emoji \'<name>\' does not exist"', DEACTIVATE),

  // ------------------------------------------------------------------ the image
  compat(
    'realm-emoji.image.served',
    'zerver/views/upload.py serve_local_avatar_unauthed',
    'source_url serves the uploaded bytes without authentication, with the uploaded Content-Type',
    UPLOAD,
  ),
  compat('realm-emoji.image.deactivated-served', `${views} delete_emoji`, 'a deactivated emoji’s image is still served', DEACTIVATE),
  compat('realm-emoji.image.missing', 'zerver/views/upload.py serve_local_avatar_unauthed', 'an image path no emoji has answers an HTML 404', UPLOAD),

  // ------------------------------------------------------------------ where custom emoji are used
  compat(
    'realm-emoji.reaction.deactivated',
    `${lib} check_emoji_request`,
    'a deactivated custom emoji cannot be reacted with: "This custom emoji has been deactivated."',
    REACT,
  ),
  compat(
    'realm-emoji.render.active',
    'server-markdown.md §2.3',
    '`:name:` of an active custom emoji renders <img alt=":name:" class="emoji" src="<source_url>" title="<name, _ as spaces>">',
    SEND,
  ),
  compat('realm-emoji.render.deactivated', 'server-markdown.md §2.3', 'after deactivation `:name:` is plain text in new messages', SEND),
  compat('realm-emoji.status', `${lib} get_emoji_data`, 'a status emoji given by a custom emoji’s name gets its ID as code and type realm_emoji', STATUS),

  // ------------------------------------------------------------------ events
  compat(
    'realm-emoji.events.update',
    'server-events.md: realm_emoji',
    'adding and deactivating each send every user a realm_emoji event, op update, with every custom emoji of the realm',
    UPLOAD,
  ),
  compat(
    'realm-emoji.events.register',
    'server-events.md: register',
    'register’s realm_emoji is the listing’s dict, and applying the events to it gives a fresh register’s',
    UPLOAD,
  ),
];
