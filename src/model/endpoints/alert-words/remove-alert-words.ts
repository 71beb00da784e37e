import { z } from 'zod';
import { setAlertWords } from '../../actions/alert-words.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { selectAlertWords, withoutAlertWords } from '../../rules/alert-words.js';

/** DELETE /users/me/alert_words: removes the words given (case-insensitively; unknown ones are ignored) and answers with the rest. */
export const removeAlertWords = defineEndpoint({
  operation: 'remove-alert-words',
  method: 'DELETE',
  path: '/users/me/alert_words',
  auth: 'basic',
  params: z.object({
    alert_words: wire.json(z.array(z.string())),
  }),
  reduce(state, { actor, params, now }) {
    const words = withoutAlertWords(selectAlertWords(state, actor.id), params.alert_words);
    return succeed(
      commit(state, now, (tx) => setAlertWords(tx, actor, words)),
      { alert_words: [...words] },
    );
  },
});
