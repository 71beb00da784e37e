/**
 * What an administrator manages: POST /channels/create, channel folders,
 * invitations, default channels, code playgrounds, the channel e-mail
 * address and data exports. The spec is silent on all of them, so every
 * clause is the real server's behaviour (`compat`), from its views and
 * actions (zerver/views/streams.py, channel_folders.py, invite.py,
 * realm_playgrounds.py, realm_export.py; zerver/actions/channel_folders.py,
 * invites.py, default_streams.py, realm_playgrounds.py).
 */
import type { Clause } from '../clauses.js';
import { compat } from './clause.js';

const CREATE = 'POST /channels/create';
const FOLDERS = 'GET /channel_folders';
const CREATE_FOLDER = 'POST /channel_folders/create';
const UPDATE_FOLDER = 'PATCH /channel_folders/{channel_folder_id}';
const ORDER_FOLDERS = 'PATCH /channel_folders';
const INVITE = 'POST /invites';
const INVITES = 'GET /invites';
const LINK = 'POST /invites/multiuse';
const REVOKE_LINK = 'DELETE /invites/multiuse/{invite_id}';
const REVOKE = 'DELETE /invites/{invite_id}';
const DEFAULT = 'POST /default_streams';
const UNDEFAULT = 'DELETE /default_streams';
const PLAYGROUND = 'POST /realm/playgrounds';
const UNPLAYGROUND = 'DELETE /realm/playgrounds/{playground_id}';
const EMAIL = 'GET /streams/{stream_id}/email_address';
const EXPORTS = 'GET /export/realm';

const streams = 'zerver/views/streams.py';
const folders = 'zerver/views/channel_folders.py, zerver/actions/channel_folders.py';
const invites = 'zerver/views/invite.py, zerver/actions/invites.py';
const defaults = 'zerver/views/streams.py, zerver/actions/default_streams.py';
const playgrounds = 'zerver/views/realm_playgrounds.py, zerver/models/realm_playgrounds.py';
const realmExports = 'zerver/views/realm_export.py';

export const ADMIN_CLAUSES: readonly Clause[] = [
  compat('admin.create.response', streams, 'POST /channels/create answers the new channel’s id, and the channel is there with its name and creator', CREATE),
  compat('admin.create.subscribers', streams, 'the users in subscribers are subscribed to the new channel', CREATE),
  compat('admin.create.folder', streams, 'folder_id puts the new channel in that folder; an unknown folder is "Invalid channel folder ID"', CREATE),
  compat('admin.create.taken', streams, 'a name in use (case-insensitively) is HTTP 409 CHANNEL_ALREADY_EXISTS, and nothing is created', CREATE),
  compat('admin.create.guest', streams, 'guests may not create channels: "Not allowed for guest users"', CREATE),

  compat(
    'admin.folders.create',
    folders,
    'an administrator creates a folder and gets channel_folder_id; GET /channel_folders lists it with its rendered description',
    CREATE_FOLDER,
  ),
  compat(
    'admin.folders.admin-only',
    folders,
    'creating, changing and reordering folders is for administrators ("Must be an organization administrator")',
    CREATE_FOLDER,
  ),
  compat('admin.folders.name', folders, 'a blank name is refused, and so is the name of another active folder (case-insensitively)', CREATE_FOLDER),
  compat('admin.folders.update', folders, 'PATCH changes a folder’s description and name, and archives it', UPDATE_FOLDER),
  compat('admin.folders.archived', folders, 'archived folders are left out of GET /channel_folders unless include_archived is true', FOLDERS),
  compat('admin.folders.in-use', folders, 'a folder that holds a channel cannot be archived', UPDATE_FOLDER),
  compat(
    'admin.folders.order',
    folders,
    'PATCH /channel_folders sets each folder’s order from its position; an order missing a folder is "Invalid order mapping."',
    ORDER_FOLDERS,
  ),
  compat(
    'events.folders',
    folders,
    'folder changes reach every user as channel_folder add (the folder) and update (channel_folder_id and the changed data)',
    CREATE_FOLDER,
  ),

  compat(
    'admin.invites.send',
    invites,
    'a member invites an address; GET /invites lists the invitation to them and to administrators, not to other members',
    INVITE,
  ),
  compat(
    'admin.invites.existing',
    invites,
    'inviting only existing accounts is INVITATION_FAILED with errors [address, reason, deactivated] and sent_invitations false',
    INVITE,
  ),
  compat(
    'admin.invites.revoke',
    invites,
    'the referrer revokes an e-mail invitation and it is no longer listed; revoking again is "No such invitation"',
    REVOKE,
  ),
  compat('admin.invites.link', invites, 'an administrator creates a reusable link; it is listed with is_multiuse true and link_url equal to the answer', LINK),
  compat(
    'admin.invites.link-revoke',
    invites,
    'a revoked link is no longer listed, and revoking it again is "Invitation has already been revoked"',
    REVOKE_LINK,
  ),
  compat(
    'admin.invites.listed-fields',
    invites,
    'listed invitations carry id, invited_by_user_id, invited and expiry_date (seconds), invited_as and is_multiuse',
    INVITES,
  ),
  compat('events.invites', invites, 'an invitation change sends invites_changed to the administrators and the referrer, not to other members', INVITE),

  compat('admin.defaults.add', defaults, 'an administrator makes a public channel a default one; register’s realm_default_streams lists it', DEFAULT),
  compat('admin.defaults.remove', defaults, 'DELETE /default_streams takes it off the list again', UNDEFAULT),
  compat('admin.defaults.admin-only', defaults, 'default channels are for administrators ("Must be an organization administrator")', DEFAULT),
  compat('events.defaults', defaults, 'a change of the default channels sends default_streams with the whole list to every non-guest', DEFAULT),

  compat('admin.playgrounds.add', playgrounds, 'an administrator adds a playground and gets its id; register’s realm_playgrounds lists it', PLAYGROUND),
  compat('admin.playgrounds.template', playgrounds, 'a URL template must hold exactly the variable code, else BAD_REQUEST with the reason', PLAYGROUND),
  compat('admin.playgrounds.remove', playgrounds, 'removing a playground takes it off the list; an unknown id is "Invalid playground"', UNPLAYGROUND),
  compat('events.playgrounds', playgrounds, 'playground changes send realm_playgrounds with the whole list to every user', PLAYGROUND),

  compat('admin.email-address', streams, 'a user who can read a channel gets its e-mail gateway address; one who cannot is "Invalid channel ID"', EMAIL),
  compat('admin.exports.list', realmExports, 'GET /export/realm lists the exports to administrators only', EXPORTS),
];
