import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { matchNarrowFields } from '../../narrow/matches.js';
import { narrowParam } from '../../narrow/parse.js';
import { resolveNarrow } from '../../narrow/resolve.js';
import { renameEmptyTopicFallback } from '../../narrow/with.js';
import { fail, succeed } from '../../outcome.js';
import { VAR, wire } from '../../params/wire.js';

/** The narrow of matches_narrow is a list: unlike GET /messages, JSON null is not "no narrow". */
const requiredNarrow = () =>
  z
    .string()
    .superRefine((text, ctx) => {
      if (text.trim() === 'null') ctx.addIssue({ code: 'custom', message: `${VAR} is not a list` });
    })
    .pipe(narrowParam());

/**
 * GET /messages/matches_narrow (reference server-messages-channels §6.3): which
 * of the listed messages, among those the user holds a row for, match the
 * narrow (the empty topic's display name read as the empty topic, `with`
 * not rewritten), each with its rendered content and escaped topic,
 * highlighted for a search.
 */
export const getMessagesMatchesNarrow = defineEndpoint({
  operation: 'check-messages-match-narrow',
  method: 'GET',
  path: '/messages/matches_narrow',
  auth: 'basic',
  params: z.object({
    msg_ids: wire.intArray(),
    narrow: requiredNarrow(),
  }),
  reduce(state, { actor, params, now }) {
    const narrow = resolveNarrow(state, actor, renameEmptyTopicFallback(params.narrow), now);
    if (!narrow.ok) return fail(narrow.error);
    return succeed(state, { messages: matchNarrowFields(state, actor, narrow.value, params.msg_ids, now) });
  },
});
