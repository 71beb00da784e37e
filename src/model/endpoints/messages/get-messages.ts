import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { parseAnchor } from '../../narrow/anchor.js';
import { searchFields } from '../../narrow/highlight.js';
import { narrowParam } from '../../narrow/parse.js';
import { type FetchedMessage, fetchMessagesByIds, fetchNarrowedMessages } from '../../narrow/query.js';
import { resolveNarrow } from '../../narrow/resolve.js';
import type { ResolvedNarrow } from '../../narrow/terms.js';
import { cleanNarrowForFetch } from '../../narrow/with.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { type MessageViewOptions, presentMessageWithFlags } from '../../present/message.js';
import type { State } from '../../state.js';

/** MAX_MESSAGES_PER_FETCH. */
export const MAX_MESSAGES_PER_FETCH = 5000;

const count = () => wire.json(z.int().min(0));

function present(state: State, narrow: ResolvedNarrow, fetched: readonly FetchedMessage[], view: MessageViewOptions): Record<string, unknown>[] {
  return fetched.map(({ message, flags }) => {
    const dict = presentMessageWithFlags(state, message, flags, view);
    return narrow.search === null ? dict : { ...dict, ...searchFields(message, narrow.search) };
  });
}

/**
 * GET /messages (reference server-messages-channels §3.3, §6): a window of a
 * narrow around an anchor, or the listed messages. Checks run in the real
 * server's order: parameters (in its signature's order), message_ids against
 * the range parameters, the anchor, the `with` rewrite, the size of the
 * request, the excluded anchor, then the narrow's terms.
 */
export const getMessages = defineEndpoint({
  operation: 'get-messages',
  method: 'GET',
  path: '/messages',
  auth: 'basic',
  params: z.object({
    allow_empty_topic_name: wire.bool().default(false),
    anchor: z.string().optional(),
    apply_markdown: wire.bool().default(true),
    client_gravatar: wire.bool().default(true),
    message_ids: wire.json(z.array(z.int().min(0)).nullable()).optional(),
    include_anchor: wire.bool().default(true),
    narrow: narrowParam().optional(),
    num_after: count().default(0),
    num_before: count().default(0),
    use_first_unread_anchor: wire.bool().default(false),
  }),
  reduce(state, { actor, params, now }) {
    const messageIds = params.message_ids ?? null;
    const { num_before: numBefore, num_after: numAfter } = params;
    if (messageIds !== null && (numBefore > 0 || numAfter > 0 || params.anchor !== undefined || params.use_first_unread_anchor)) {
      return fail(Errors.incompatibleParameters(['num_before', 'num_after', 'anchor', 'message_ids', 'include_anchor', 'use_first_unread_anchor']));
    }
    const includeAnchor = messageIds === null && params.include_anchor;
    const anchor = messageIds === null ? parseAnchor(params.anchor, params.use_first_unread_anchor) : null;
    if (anchor !== null && !anchor.ok) return fail(anchor.error);
    const cleaned = cleanNarrowForFetch(state, actor, params.narrow ?? [], now);
    if (!cleaned.ok) return fail(cleaned.error);
    if ((messageIds === null ? numBefore + numAfter : messageIds.length) > MAX_MESSAGES_PER_FETCH) return fail(Errors.tooManyMessages(MAX_MESSAGES_PER_FETCH));
    if (numBefore > 0 && numAfter > 0 && !includeAnchor) return fail(Errors.anchorExcludedInMiddle());
    const resolved = resolveNarrow(state, actor, cleaned.value, now);
    if (!resolved.ok) return fail(resolved.error);
    const narrow = resolved.value;
    const view = { applyMarkdown: params.apply_markdown, clientGravatar: params.client_gravatar, allowEmptyTopicName: params.allow_empty_topic_name };

    if (anchor === null) {
      const fetched = fetchMessagesByIds(state, actor, narrow, messageIds ?? [], now);
      return succeed(state, {
        messages: present(state, narrow, fetched, view),
        found_anchor: false,
        found_oldest: false,
        found_newest: false,
        history_limited: false,
      });
    }
    const result = fetchNarrowedMessages(state, actor, narrow, { anchor: anchor.value, numBefore, numAfter, includeAnchor }, now);
    return succeed(state, {
      messages: present(state, narrow, result.messages, view),
      found_anchor: result.foundAnchor,
      found_oldest: result.foundOldest,
      found_newest: result.foundNewest,
      history_limited: false,
      anchor: result.anchor,
    });
  },
});
