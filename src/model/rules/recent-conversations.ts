/**
 * Register's recent_private_conversations (the real server's
 * get_recent_private_conversations): the direct-message conversations among
 * the user's newest direct messages, newest first.
 */
import type { State, User } from '../state.js';
import { walkDown } from '../tables/id-tree.js';
import { getRow } from '../tables/table.js';

/** The real server's RECENT_CONVERSATIONS_LIMIT: only the user's newest 1000 direct messages are looked at. */
export const RECENT_CONVERSATIONS_LIMIT = 1000;

export interface RecentConversation {
  readonly max_message_id: number;
  /** The other participants, ascending; empty for messages to oneself. */
  readonly user_ids: readonly number[];
}

/** Cost: at most RECENT_CONVERSATIONS_LIMIT of the user's direct-message rows. */
export function selectRecentDirectConversations(state: State, user: User): RecentConversation[] {
  const ids = getRow(state.directMessageIds, user.id);
  const conversations = new Map<string, RecentConversation>();
  if (ids === undefined) return [];
  let looked = 0;
  walkDown(ids, Number.POSITIVE_INFINITY, (id) => {
    const message = getRow(state.messages, id);
    if (message !== undefined) {
      const key = message.directUserIds.join(',');
      if (!conversations.has(key)) {
        conversations.set(key, { max_message_id: id, user_ids: message.directUserIds.filter((other) => other !== user.id) });
      }
    }
    looked += 1;
    return looked < RECENT_CONVERSATIONS_LIMIT;
  });
  return [...conversations.values()];
}
