/** Realistic bugs in drafts and navigation views, in the form of bugs.ts. */
import type { Bug } from './bugs.js';
import { errorResponse, is, successResponse } from './distort.js';

const DRAFT = /^\/drafts\/(\d+)$/;
const VIEW = /^\/navigation_views\/(.+)$/;

export const DRAFT_BUGS: readonly Bug[] = [
  {
    name: 'a draft edit answered success but not stored',
    area: 'messages',
    only: 'drafts.edit-delete',
    caughtBy: ['drafts.edit-delete'],
    distortion: () => ({ before: (request) => (is(request, 'PATCH', DRAFT) ? successResponse() : request) }),
  },
  {
    name: 'another user’s draft reported deleted',
    area: 'messages',
    only: 'drafts.edit-delete',
    caughtBy: ['drafts.edit-delete'],
    distortion: () => ({
      after: (request, response) => (is(request, 'DELETE', DRAFT) && response.status === 404 ? successResponse() : response),
    }),
  },
  {
    name: 'a percent-encoded navigation view fragment not decoded',
    area: 'messages',
    only: 'navigation-views.lifecycle',
    caughtBy: ['navigation-views.lifecycle'],
    // A router that matches the raw path finds no view named `narrow%2F…`.
    distortion: () => ({
      before: (request) =>
        (request.method === 'PATCH' || request.method === 'DELETE') && VIEW.test(request.path) && request.path.includes('%2F')
          ? errorResponse(404, 'BAD_REQUEST', 'Navigation view does not exist.')
          : request,
    }),
  },
];
