/**
 * What Notification Bot posts after an edit (reference server-messages-channels
 * §4.4, §4.5): the "marked this topic as resolved" notice, and the breadcrumbs
 * in the old and the new topic of a move.
 */

import type { Tx } from '../events/commit.js';
import { channelNarrowSlug, encodeHashComponent } from '../markdown/zulip/hash-encoding.js';
import { silentMention, topicLinkSyntax } from '../present/link-syntax.js';
import { renderMessageFor } from '../rules/message-rendering.js';
import { isBot } from '../rules/roles.js';
import type { Channel, Message, State, User } from '../state.js';
import { idTreeLast } from '../tables/id-tree.js';
import { selectTopicMessageIds } from '../tables/messages.js';
import { getRow, rows } from '../tables/table.js';
import { deleteMessages, sendMessage } from './messages.js';

/** The real server's RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS: toggling back this soon deletes the notice instead. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

const RESOLVE_NOTICE = /^@_\*\*.*\|\d+\*\* has marked this topic as (?:un)?resolved\.$/s;

/** The absolute link to one message in its (new) topic. */
function messageUrl(realmUrl: string, channel: Channel, topic: string, messageId: number): string {
  return `${realmUrl}/#narrow/channel/${channelNarrowSlug(channel.id, channel.name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
}

/** Posts as Notification Bot into a channel topic; the rows of `readIds` start read. */
function postNotice(tx: Tx, channel: Channel, topic: string, content: string, readIds: readonly number[], realmUrl: string): void {
  const current = tx.draft as unknown as State;
  const bot = current.systemBots.notificationBot;
  sendMessage(tx, {
    sender: bot,
    channel: getRow(current.channels, channel.id) ?? channel,
    topic,
    recipients: [],
    content,
    rendered: renderMessageFor(current, bot, content, realmUrl, tx.now),
    client: 'Internal',
    readBySender: false,
    markReadFor: readIds,
  });
}

/** Whether a message is Notification Bot's resolve or unresolve notice. */
function isResolveNotice(state: State, message: Message): boolean {
  return message.senderId === state.systemBots.notificationBot.id && RESOLVE_NOTICE.test(message.content);
}

/**
 * After a pure rename that resolved or unresolved a topic: deletes the
 * topic's last message when it is such a notice younger than the grace
 * period (an undo), otherwise posts one. Subscribers whose
 * resolved_topic_notice_auto_read_policy is `never` get it unread; everyone
 * else (topics cannot be followed here) and the editor read.
 */
export function noteResolution(tx: Tx, editor: User, channel: Channel, topic: string, resolution: 'resolved' | 'unresolved', realmUrl: string): void {
  const current = tx.draft as unknown as State;
  const ids = selectTopicMessageIds(current, channel.id, topic);
  const lastId = ids === undefined ? undefined : idTreeLast(ids);
  const last = lastId === undefined ? undefined : getRow(current.messages, lastId);
  if (last !== undefined && isResolveNotice(current, last) && tx.now - last.dateSent <= RESOLVE_UNDO_GRACE_SECONDS) {
    deleteMessages(tx, [last]);
    return;
  }
  const subscribers = getRow(current.subscriberIdsByChannel, channel.id);
  const readIds: number[] = [];
  for (const userId of subscribers === undefined ? [] : rows(subscribers)) {
    const user = getRow(current.users, userId);
    const unread = user?.isActive === true && !isBot(user) && user.settings.resolved_topic_notice_auto_read_policy === 'never';
    if (!unread || userId === editor.id) readIds.push(userId);
  }
  const content = `${silentMention(editor)} has marked this topic as ${resolution}.`;
  postNotice(tx, channel, topic, content, readIds, realmUrl);
}

export interface MovedThread {
  readonly editor: User;
  readonly from: Channel;
  readonly fromTopic: string;
  readonly to: Channel;
  readonly toTopic: string;
  readonly targetId: number;
  readonly movedCount: number;
  /** Every message of the old topic the editor could see moved. */
  readonly movedAllVisible: boolean;
  /** The new topic held none the editor could see before. */
  readonly newTopicWasEmpty: boolean;
  readonly realmUrl: string;
}

/** The breadcrumb in the new topic, then the one in the old, as asked for (reference §4.5). */
export function postBreadcrumbs(tx: Tx, move: MovedThread, notify: { readonly oldThread: boolean; readonly newThread: boolean }): void {
  const user = silentMention(move.editor);
  const oldLocation = topicLinkSyntax(move.from, move.fromTopic);
  const newLocation = topicLinkSyntax(move.to, move.toTopic);
  if (notify.newThread) {
    let text: string;
    if (move.newTopicWasEmpty && move.movedAllVisible) text = `This topic was moved here from ${oldLocation} by ${user}.`;
    else if (move.movedCount === 1)
      text = `[A message](${messageUrl(move.realmUrl, move.to, move.toTopic, move.targetId)}) was moved here from ${oldLocation} by ${user}.`;
    else text = `${move.movedCount} messages were moved here from ${oldLocation} by ${user}.`;
    postNotice(tx, move.to, move.toTopic, text, [move.editor.id], move.realmUrl);
  }
  if (notify.oldThread) {
    let text: string;
    if (move.movedAllVisible) text = `This topic was moved to ${newLocation} by ${user}.`;
    else if (move.movedCount === 1) text = `A message was moved from this topic to ${newLocation} by ${user}.`;
    else text = `${move.movedCount} messages were moved from this topic to ${newLocation} by ${user}.`;
    postNotice(tx, move.from, move.fromTopic, text, [move.editor.id], move.realmUrl);
  }
}
