/** POST /register's sections about the user's messages: max_message_id, unread_msgs, starred_messages and recent_private_conversations. */
import { selectNewestMessageId, selectStarredMessageIds } from '../../rules/messages.js';
import { selectRecentDirectConversations } from '../../rules/recent-conversations.js';
import type { RegisterContext } from './register-context.js';
import { presentUnreadState } from './unread-state.js';

export function presentMaxMessageId({ state, actor }: RegisterContext): Record<string, unknown> {
  return { max_message_id: selectNewestMessageId(state, actor) };
}

export function presentUnreadMessages({ state, actor }: RegisterContext): Record<string, unknown> {
  return presentUnreadState(state, actor);
}

export function presentStarredMessages({ state, actor }: RegisterContext): Record<string, unknown> {
  return { starred_messages: selectStarredMessageIds(state, actor) };
}

export function presentRecentConversations({ state, actor }: RegisterContext): Record<string, unknown> {
  return {
    recent_private_conversations: selectRecentDirectConversations(state, actor).map((conversation) => ({
      max_message_id: conversation.max_message_id,
      user_ids: [...conversation.user_ids],
    })),
  };
}
