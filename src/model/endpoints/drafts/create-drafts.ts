import { z } from 'zod';
import { createDrafts as create } from '../../actions/drafts.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkDraftData } from '../../rules/drafts.js';
import type { Draft } from '../../state.js';
import { createDraftsParams, parseDraftParams } from './params.js';

/** POST /drafts: every draft is checked before any is stored; the ids come back in the order sent. */
export const createDrafts = defineEndpoint({
  operation: 'create-drafts',
  method: 'POST',
  path: '/drafts',
  auth: 'basic',
  params: z.object({ drafts: z.string().optional() }),
  reduce(state, { actor, params, now }) {
    const parsed = parseDraftParams(actor, createDraftsParams, params);
    if (!parsed.ok) return parsed.outcome;
    const drafts: Omit<Draft, 'id'>[] = [];
    for (const data of parsed.value.drafts) {
      const checked = checkDraftData(state, actor, data, now);
      if (!checked.ok) return fail(checked.error);
      drafts.push(checked.value);
    }
    let ids: number[] = [];
    const written = commit(state, now, (tx) => {
      ids = create(tx, actor, drafts);
    });
    return succeed(written, { ids });
  },
});
