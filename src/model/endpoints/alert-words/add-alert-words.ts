import { z } from 'zod';
import { setAlertWords } from '../../actions/alert-words.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { succeed } from '../../outcome.js';
import { maxChars, wire } from '../../params/wire.js';
import { cleanAlertWords, MAX_ALERT_WORD_LENGTH, selectAlertWords, withAddedAlertWords } from '../../rules/alert-words.js';

/**
 * POST /users/me/alert_words: adds words (each at most 100 characters before
 * stripping; blank ones are dropped, ones already there in any case
 * skipped) and answers with the whole list.
 */
export const addAlertWords = defineEndpoint({
  operation: 'add-alert-words',
  method: 'POST',
  path: '/users/me/alert_words',
  auth: 'basic',
  params: z.object({
    alert_words: wire.json(z.array(maxChars(MAX_ALERT_WORD_LENGTH))),
  }),
  reduce(state, { actor, params, now }) {
    const words = withAddedAlertWords(selectAlertWords(state, actor.id), cleanAlertWords(params.alert_words));
    return succeed(
      commit(state, now, (tx) => setAlertWords(tx, actor, words)),
      { alert_words: [...words] },
    );
  },
});
