import { z } from 'zod';
import { editDraft as edit } from '../../actions/drafts.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessDraft, checkDraftData } from '../../rules/drafts.js';
import { editDraftParams, parseDraftParams } from './params.js';

/** PATCH /drafts/{draft_id}: the whole draft is replaced; the id is looked up before the new draft is checked. */
export const editDraft = defineEndpoint({
  operation: 'edit-draft',
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  pathParams: { draft_id: 'int' },
  auth: 'basic',
  params: z.object({ draft: z.string().optional() }),
  reduce(state, { actor, params, path, now }) {
    const parsed = parseDraftParams(actor, editDraftParams, params);
    if (!parsed.ok) return parsed.outcome;
    const access = accessDraft(state, actor, path.draft_id);
    if (!access.ok) return fail(access.error);
    const checked = checkDraftData(state, actor, parsed.value.draft, now);
    if (!checked.ok) return fail(checked.error);
    const draft = { ...checked.value, id: access.value.id };
    return succeed(commit(state, now, (tx) => edit(tx, actor, draft)));
  },
});
