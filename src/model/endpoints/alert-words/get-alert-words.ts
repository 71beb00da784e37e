import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { selectAlertWords } from '../../rules/alert-words.js';

/** GET /users/me/alert_words: the caller's alert words, in the order added. */
export const getAlertWords = defineEndpoint({
  operation: 'get-alert-words',
  method: 'GET',
  path: '/users/me/alert_words',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    return succeed(state, { alert_words: [...selectAlertWords(state, actor.id)] });
  },
});
