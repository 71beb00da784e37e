import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { presentDraft } from '../../present/drafts.js';
import { checkDraftsSynchronized, selectDrafts } from '../../rules/drafts.js';

/** GET /drafts: the caller's drafts, oldest edit first, and how many. */
export const getDrafts = defineEndpoint({
  operation: 'get-drafts',
  method: 'GET',
  path: '/drafts',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    const synchronized = checkDraftsSynchronized(actor);
    if (!synchronized.ok) return fail(synchronized.error);
    const drafts = selectDrafts(state, actor);
    return succeed(state, { count: drafts.length, drafts: drafts.map(presentDraft) });
  },
});
