/**
 * Who may edit a message (reference server-messages-channels §4.2): the
 * message must be readable and outside archived channels; only its sender may
 * change its content, while the organization allows editing and within
 * message_content_edit_limit_seconds (for every role).
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { sha256Hex } from '../sha256.js';
import type { Message, MessageEdit, State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import { MAX_TOPIC_LENGTH } from './addressees.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from './message-rendering.js';
import { accessMessage } from './messages.js';

/** The real server's grace on every edit and move time limit, for the round trip of a slow client. */
export const EDIT_LIMIT_GRACE_SECONDS = 20;

/** The message by id with the user's flags, for an edit: a message in an archived channel looks missing. */
export function accessEditableMessage(state: State, user: User, messageId: number, now: number): Checked<{ message: Message; flags: number }> {
  const access = accessMessage(state, user, messageId, now);
  if (!access.ok) return access;
  const { channelId } = access.value.message;
  if (channelId !== null && getRow(state.channels, channelId)?.isArchived === true) return reject(Errors.invalidMessage());
  return access;
}

/**
 * Whether the user may change the message's content now. `graceSeconds` is
 * the real server's 20 s for an edit, and 0 for "is typing an edit".
 */
export function checkCanEditContent(state: State, user: User, message: Message, now: number, graceSeconds = EDIT_LIMIT_GRACE_SECONDS): Checked<true> {
  if (!state.realm.settings.allowMessageEditing) return reject(Errors.messageEditingDisabled());
  if (message.senderId !== user.id) return reject(Errors.cannotEditMessage());
  const limit = state.realm.settings.messageContentEditLimitSeconds;
  if (limit !== null && now - message.dateSent > limit + graceSeconds) return reject(Errors.editTimeLimitPassed());
  return accept(true);
}

/** Whether the client's hash of the raw content it edits (prev_content_sha256) matches the stored content. */
export function matchesContentHash(message: Message, sha256: string): boolean {
  return sha256Hex(message.content) === sha256;
}

/** The real server's RESOLVED_TOPIC_PREFIX: a check mark and a space. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

/** The names a new topic may not have: resolving the empty topic. */
export function isResolvedGeneralChat(topic: string): boolean {
  return topic === RESOLVED_TOPIC_PREFIX.trim() || topic === `${RESOLVED_TOPIC_PREFIX}${EMPTY_TOPIC_DISPLAY_NAME}`;
}

/**
 * Whether a rename resolves or unresolves the topic (reference §4.4):
 * `requested` is the new name before truncation, `stored` after it.
 */
export function topicResolution(oldTopic: string, requested: string, stored: string): 'resolved' | 'unresolved' | null {
  const wasResolved = oldTopic.startsWith(RESOLVED_TOPIC_PREFIX);
  const isResolved = stored.startsWith(RESOLVED_TOPIC_PREFIX);
  if (isResolved && !wasResolved && requested.slice(RESOLVED_TOPIC_PREFIX.length) === oldTopic) return 'resolved';
  // Python's lstrip: every leading check mark and space goes.
  if (wasResolved && !isResolved && oldTopic.replace(/^[✔ ]+/u, '') === stored) return 'unresolved';
  return null;
}

const TRUNCATION_MARK = '...';

/**
 * Whether a history entry's rename was a resolve or an unresolve, judged
 * afterwards from the two names alone (the real server's
 * topic_resolve_toggled): such renames do not count as moves.
 */
export function isResolveToggle(topic: string, prevTopic: string): boolean {
  const prefix = RESOLVED_TOPIC_PREFIX;
  if (prevTopic.startsWith(prefix) && !topic.startsWith(prefix)) return prevTopic.slice(prefix.length) === topic;
  if (topic.startsWith(prefix) && !prevTopic.startsWith(prefix)) {
    if ([...prevTopic].length <= MAX_TOPIC_LENGTH - prefix.length) return topic.slice(prefix.length) === prevTopic;
    if (topic.endsWith(TRUNCATION_MARK)) return prevTopic.startsWith(topic.slice(prefix.length, -TRUNCATION_MARK.length));
  }
  return false;
}

/**
 * last_edit_timestamp and last_moved_timestamp as the real server derives
 * them from the edit history: the newest content edit, and the newest
 * channel change or topic rename that was not a resolve toggle.
 */
export function selectEditTimestamps(history: readonly MessageEdit[]): { lastEdit: number | null; lastMoved: number | null } {
  let lastEdit: number | null = null;
  let lastMoved: number | null = null;
  for (const edit of history) {
    const moved =
      edit.prevChannelId !== undefined || (edit.prevTopic !== undefined && edit.topic !== undefined && !isResolveToggle(edit.topic, edit.prevTopic));
    if (moved) lastMoved = Math.max(lastMoved ?? 0, edit.timestamp);
    if (edit.prevContent !== undefined) lastEdit = Math.max(lastEdit ?? 0, edit.timestamp);
  }
  return { lastEdit, lastMoved };
}
