import { z } from 'zod';
import { planFlagUpdate, updateMessageFlags } from '../../actions/message-flags.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { parseAnchor } from '../../narrow/anchor.js';
import { narrowParam } from '../../narrow/parse.js';
import { fetchNarrowedMessages } from '../../narrow/query.js';
import { resolveNarrow } from '../../narrow/resolve.js';
import { renameEmptyTopicFallback } from '../../narrow/with.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { checkFlagChange } from '../../rules/message-flags.js';

/** MAX_MESSAGES_PER_UPDATE: num_before + num_after is clamped to it. */
export const MAX_MESSAGES_PER_UPDATE = 5000;

const count = () => wire.json(z.int().min(0));

/**
 * POST /messages/flags/narrow: the flag update of POST /messages/flags on a
 * window of a narrow (the range GET /messages would return, `with` not
 * rewritten), what clients use to mark a view read. Checks run in the real
 * server's order: parameters, the anchor, an excluded anchor inside the
 * range, the narrow, then the flag and operation.
 */
export const updateMessageFlagsForNarrow = defineEndpoint({
  operation: 'update-message-flags-for-narrow',
  method: 'POST',
  path: '/messages/flags/narrow',
  auth: 'basic',
  params: z.object({
    anchor: z.string(),
    flag: z.string(),
    include_anchor: wire.bool().default(true),
    narrow: narrowParam(),
    num_after: count(),
    num_before: count(),
    op: z.string(),
  }),
  reduce(state, { actor, params, now }) {
    const anchor = parseAnchor(params.anchor, false);
    if (!anchor.ok) return fail(anchor.error);
    const includeAnchor = params.include_anchor;
    if (params.num_before > 0 && params.num_after > 0 && !includeAnchor) return fail(Errors.anchorExcludedInMiddle());
    const numBefore = Math.min(params.num_before, Math.max(MAX_MESSAGES_PER_UPDATE - params.num_after, MAX_MESSAGES_PER_UPDATE / 2));
    const numAfter = Math.min(params.num_after, MAX_MESSAGES_PER_UPDATE - numBefore);
    const narrow = resolveNarrow(state, actor, renameEmptyTopicFallback(params.narrow), now);
    if (!narrow.ok) return fail(narrow.error);
    const window = fetchNarrowedMessages(state, actor, narrow.value, { anchor: anchor.value, numBefore, numAfter, includeAnchor }, now);
    const ids = window.messages.map(({ message }) => message.id);
    const change = checkFlagChange(params.flag, params.op);
    if (!change.ok) return fail(change.error);
    const update = planFlagUpdate(state, actor, change.value, ids, now);
    if (!update.ok) return fail(update.error);
    return succeed(
      commit(state, now, (tx) => updateMessageFlags(tx, actor, update.value)),
      {
        processed_count: ids.length,
        updated_count: update.value.messageIds.length,
        first_processed_id: ids[0] ?? null,
        last_processed_id: ids.at(-1) ?? null,
        found_oldest: window.foundOldest,
        found_newest: window.foundNewest,
        ignored_because_not_subscribed_channels: update.value.ignoredChannelIds,
      },
    );
  },
});
