/**
 * register's `unread_msgs`: the user's unread rows grouped by conversation,
 * read from the user's unread index (cost: their unread count, capped as the
 * real server caps it).
 */
import { ANY_MENTION } from '../../rules/message-flags.js';
import { selectUserMessageFlags } from '../../rules/messages.js';
import type { State, User } from '../../state.js';
import { walkDown } from '../../tables/id-tree.js';
import { getRow } from '../../tables/table.js';

/** The real server's MAX_UNREAD_MESSAGES: older unreads are left out and `old_unreads_missing` says so. */
export const MAX_UNREAD_MESSAGES = 50_000;

export function presentUnreadState(state: State, user: User): Record<string, unknown> {
  const unread = getRow(state.unreadMessageIds, user.id);
  const ids: number[] = [];
  if (unread !== undefined) {
    walkDown(unread, Number.POSITIVE_INFINITY, (id) => {
      ids.push(id);
      return ids.length < MAX_UNREAD_MESSAGES;
    });
  }
  ids.reverse();
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Map<string, { user_ids_string: string; unread_message_ids: number[] }>();
  const mentions: number[] = [];
  for (const id of ids) {
    const message = getRow(state.messages, id);
    if (message === undefined) continue;
    if (((selectUserMessageFlags(state, user.id, id) ?? 0) & ANY_MENTION) !== 0) mentions.push(id);
    if (message.channelId !== null) {
      const key = `${message.channelId}\u0000${message.topic}`;
      let entry = streams.get(key);
      if (entry === undefined) streams.set(key, (entry = { stream_id: message.channelId, topic: message.topic, unread_message_ids: [] }));
      entry.unread_message_ids.push(id);
    } else if (message.directUserIds.length <= 2) {
      const other = message.directUserIds.find((participant) => participant !== user.id) ?? user.id;
      let entry = pms.get(other);
      if (entry === undefined) pms.set(other, (entry = { other_user_id: other, sender_id: other, unread_message_ids: [] }));
      entry.unread_message_ids.push(id);
    } else {
      const key = message.directUserIds.join(',');
      let entry = huddles.get(key);
      if (entry === undefined) huddles.set(key, (entry = { user_ids_string: key, unread_message_ids: [] }));
      entry.unread_message_ids.push(id);
    }
  }
  return {
    unread_msgs: {
      count: ids.length,
      pms: [...pms.values()],
      streams: [...streams.values()],
      huddles: [...huddles.values()],
      mentions,
      old_unreads_missing: unread !== undefined && unread.size > MAX_UNREAD_MESSAGES,
    },
  };
}
