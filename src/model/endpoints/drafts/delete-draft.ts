import { z } from 'zod';
import { deleteDraft as remove } from '../../actions/drafts.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessDraft, checkDraftsSynchronized } from '../../rules/drafts.js';

/** DELETE /drafts/{draft_id}: one of the caller's drafts; anyone else's is a 404 like a missing one. */
export const deleteDraft = defineEndpoint({
  operation: 'delete-draft',
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  pathParams: { draft_id: 'int' },
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const synchronized = checkDraftsSynchronized(actor);
    if (!synchronized.ok) return fail(synchronized.error);
    const access = accessDraft(state, actor, path.draft_id);
    if (!access.ok) return fail(access.error);
    const draft = access.value;
    return succeed(commit(state, now, (tx) => remove(tx, actor, draft)));
  },
});
