import { z } from 'zod';
import { addLinkifier } from '../../actions/linkifiers.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { checkLinkifierDefinition } from '../../rules/linkifiers.js';
import { linkifierInput, linkifierParams } from './params.js';

/** POST /realm/filters: an administrator adds a linkifier; it goes last in the order (reference server-messages-channels §10.1). */
export const addLinkifierEndpoint = defineEndpoint({
  operation: 'add-linkifier',
  method: 'POST',
  path: '/realm/filters',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object(linkifierParams),
  reduce(state, { params, now }) {
    const definition = checkLinkifierDefinition(state, linkifierInput(params));
    if (!definition.ok) return fail(definition.error);
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = addLinkifier(tx, definition.value);
    });
    return succeed(written, { id });
  },
});
