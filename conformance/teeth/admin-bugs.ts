/** Realistic bugs in what administrators manage (channel folders, invitations, default channels), in the form of bugs.ts. */
import { modelOwner } from '../runner.js';
import type { Bug } from './bugs.js';
import { type Distortion, is, successResponse } from './distort.js';

const OWNER = modelOwner();

/** GET /channel_folders forgets its default: archived folders are listed too. */
function archivedFoldersListed(): Distortion {
  return {
    before: (request) => (is(request, 'GET', '/channel_folders') ? { ...request, params: { ...request.params, include_archived: 'true' } } : request),
  };
}

/** GET /invites skips the referrer filter: every caller sees the invitations an owner sees. */
function invitationsOfEveryone(): Distortion {
  return {
    after: async (request, response, inner) => (is(request, 'GET', '/invites') && response.status === 200 ? inner(OWNER, 'GET', '/invites') : response),
  };
}

export const ADMIN_BUGS: readonly Bug[] = [
  {
    name: 'archived channel folders listed without include_archived',
    area: 'channels',
    only: 'admin.folders.lifecycle',
    caughtBy: ['admin.folders.lifecycle'],
    distortion: archivedFoldersListed,
  },
  {
    name: 'invitations listed to members who did not send them',
    area: 'users',
    only: 'admin.invites.email',
    caughtBy: ['admin.invites.email'],
    distortion: invitationsOfEveryone,
  },
  {
    name: 'removing a default channel answers success and changes nothing',
    area: 'channels',
    only: 'admin.defaults',
    caughtBy: ['admin.defaults'],
    distortion: () => ({ before: (request) => (is(request, 'DELETE', '/default_streams') ? successResponse() : request) }),
  },
];
