import { z } from 'zod';
import { addPlayground } from '../../actions/playgrounds.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars } from '../../params/wire.js';
import { checkPlaygroundDefinition, isValidPygmentsLanguage, MAX_PYGMENTS_LANGUAGE_LENGTH } from '../../rules/playgrounds.js';

/** POST /realm/playgrounds: an administrator adds a playground that code blocks of a language link to. */
export const addCodePlayground = defineEndpoint({
  operation: 'add-code-playground',
  method: 'POST',
  path: '/realm/playgrounds',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({
    name: z.string(),
    pygments_language: maxChars(MAX_PYGMENTS_LANGUAGE_LENGTH),
    url_template: z.string(),
  }),
  reduce(state, { params, now }) {
    // The view checks the characters on the value as sent, before stripping it.
    if (!isValidPygmentsLanguage(params.pygments_language)) return fail(Errors.invalidPygmentsLanguage());
    const definition = checkPlaygroundDefinition(state, {
      name: params.name,
      pygmentsLanguage: params.pygments_language,
      urlTemplate: params.url_template,
    });
    if (!definition.ok) return fail(definition.error);
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = addPlayground(tx, definition.value);
    });
    return succeed(written, { id });
  },
});
