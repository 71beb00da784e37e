import { z } from 'zod';
import { markAllAsRead as markAll } from '../../actions/mark-as-read.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { succeed } from '../../outcome.js';

/**
 * POST /mark_all_as_read: marks every unread message of the caller read.
 * The real server stops after a time limit and answers `complete: false`;
 * chatref always finishes.
 */
export const markAllAsRead = defineEndpoint({
  operation: 'mark-all-as-read',
  method: 'POST',
  path: '/mark_all_as_read',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, now }) {
    return succeed(
      commit(state, now, (tx) => markAll(tx, actor.id)),
      { complete: true },
    );
  },
});
