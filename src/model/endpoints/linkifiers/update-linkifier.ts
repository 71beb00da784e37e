import { z } from 'zod';
import { updateLinkifier } from '../../actions/linkifiers.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessLinkifierById, checkLinkifierDefinition } from '../../rules/linkifiers.js';
import { linkifierInput, linkifierParams } from './params.js';

/**
 * PATCH /realm/filters/{filter_id}: an administrator replaces a linkifier whole; pattern and url_template are both
 * required, and the reverse-linkifier fields left out are cleared (a replacement, not a partial update).
 */
export const updateLinkifierEndpoint = defineEndpoint({
  operation: 'update-linkifier',
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  pathParams: { filter_id: 'int' },
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object(linkifierParams),
  reduce(state, { params, path, now }) {
    // The real server looks the linkifier up before it validates the new definition.
    const linkifier = accessLinkifierById(state, path.filter_id);
    if (!linkifier.ok) return fail(linkifier.error);
    const definition = checkLinkifierDefinition(state, linkifierInput(params), linkifier.value.id);
    if (!definition.ok) return fail(definition.error);
    return succeed(commit(state, now, (tx) => updateLinkifier(tx, linkifier.value, definition.value)));
  },
});
