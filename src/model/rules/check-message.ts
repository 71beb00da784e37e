/**
 * The real server's check_message: whether `sender` may send `content` to an
 * addressee, in its order of checks, and the message as it would be sent
 * (normalised topic and content, rendering, who a topic wildcard reaches).
 * POST /messages, scheduled messages (when scheduled, edited and delivered)
 * and reminders all go through it.
 */
import { Errors } from '../errors.js';
import { escapePython } from '../markdown/dialect/escape.js';
import type { RenderedMessage } from '../markdown/types.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, User } from '../state.js';
import { normalizeContent, normalizeTopic, truncateTopic } from './addressees.js';
import { selectChannel, selectChannelByName } from './channels.js';
import { keepsNoTopicLiteral, NO_TOPIC } from './feature-levels.js';
import { selectGroup } from './groups.js';
import { renderMessageFor } from './message-rendering.js';
import {
  canMentionGroup,
  canUseChannelWildcard,
  canUseTopicWildcard,
  checkCanSendDirectMessage,
  checkCanSendToChannel,
  checkTopicAllowed,
  selectTopicParticipantIds,
} from './message-sending.js';
import { selectUser, selectUserByVisibleEmail } from './users.js';

/** Where a message goes: a channel (by id or name) and topic, or direct-message recipients (by ids or e-mails). */
export type Addressee =
  | { readonly kind: 'channel'; readonly channel: number | string; readonly topic: string | undefined }
  | { readonly kind: 'direct'; readonly recipients: { readonly ids: readonly number[] } | { readonly emails: readonly string[] } };

/** A message that passed every check, ready for actions/messages.ts sendMessage. */
export interface CheckedMessage {
  /** Null for a direct message. */
  readonly channel: Channel | null;
  /** Direct-message recipients as addressed (the sender is added when sending). */
  readonly recipients: readonly User[];
  readonly topic: string;
  readonly content: string;
  readonly rendered: RenderedMessage;
  readonly topicParticipantIds?: ReadonlySet<number>;
}

function resolveChannel(state: State, indicator: number | string): Checked<Channel> {
  if (typeof indicator === 'number') {
    const channel = selectChannel(state, indicator);
    return channel === undefined ? reject(Errors.channelIdDoesNotExist(indicator)) : accept(channel);
  }
  const name = indicator.trim();
  const channel = selectChannelByName(state, name);
  return channel === undefined ? reject(Errors.channelDoesNotExist(escapePython(name))) : accept(channel);
}

function resolveRecipients(state: State, sender: User, recipients: Extract<Addressee, { kind: 'direct' }>['recipients']): Checked<User[]> {
  const users: User[] = [];
  if ('ids' in recipients) {
    if (recipients.ids.length === 0) return reject(Errors.noRecipients());
    for (const id of recipients.ids) {
      const user = selectUser(state, id);
      if (user === undefined) return reject(Errors.invalidRecipientId(id));
      users.push(user);
    }
  } else {
    if (recipients.emails.length === 0) return reject(Errors.noRecipients());
    for (const email of recipients.emails) {
      const user = selectUserByVisibleEmail(state, sender, email);
      if (user === undefined) return reject(Errors.invalidRecipientEmail(email));
      users.push(user);
    }
  }
  return accept(users);
}

/** The addressee and content checks, then the rendered content's mention checks, each failing with the real server's error. */
export function checkMessage(state: State, sender: User, addressee: Addressee, rawContent: string, now: number, origin: string): Checked<CheckedMessage> {
  let channel: Channel | null = null;
  let recipients: User[] = [];
  let topic = '';
  if (addressee.kind === 'channel') {
    if (addressee.topic === undefined) return reject(Errors.missingTopic());
    const normalized = keepsNoTopicLiteral(state, addressee.topic) ? accept(NO_TOPIC) : normalizeTopic(addressee.topic);
    if (!normalized.ok) return normalized;
    const content = normalizeContent(rawContent);
    if (!content.ok) return content;
    topic = truncateTopic(normalized.value);
    const resolved = resolveChannel(state, addressee.channel);
    if (!resolved.ok) return resolved;
    channel = resolved.value;
    const allowed = checkCanSendToChannel(state, sender, channel, now);
    if (!allowed.ok) return allowed;
    const topicAllowed = checkTopicAllowed(state, channel, topic);
    if (!topicAllowed.ok) return topicAllowed;
  } else {
    const resolved = resolveRecipients(state, sender, addressee.recipients);
    if (!resolved.ok) return resolved;
    recipients = resolved.value;
    const content = normalizeContent(rawContent);
    if (!content.ok) return content;
    const deactivated = recipients.find((user) => !user.isActive);
    const allowed = checkCanSendDirectMessage(state, sender, recipients, now);
    if (!allowed.ok) return allowed;
    if (deactivated !== undefined) return reject(Errors.recipientDeactivated(deactivated.deliveryEmail));
  }
  const content = normalizeContent(rawContent);
  if (!content.ok) return content;
  const rendered = renderMessageFor(state, sender, content.value, origin, now);
  let topicParticipantIds: Set<number> | undefined;
  if (channel !== null) {
    if (rendered.streamWildcard && !canUseChannelWildcard(state, sender, channel, now)) return reject(Errors.channelWildcardNotAllowed());
    if (rendered.topicWildcard) {
      topicParticipantIds = selectTopicParticipantIds(state, channel.id, topic);
      if (!canUseTopicWildcard(state, sender, topicParticipantIds.size, now)) return reject(Errors.topicWildcardNotAllowed());
    }
  }
  for (const groupId of rendered.mentionedGroupIds) {
    const group = selectGroup(state, groupId);
    if (group !== undefined && !canMentionGroup(state, sender, group, now)) return reject(Errors.cannotMentionGroup(group.name));
  }
  return accept({ channel, recipients, topic, content: content.value, rendered, ...(topicParticipantIds === undefined ? {} : { topicParticipantIds }) });
}
