import { z } from 'zod';
import { type ContentChange, type Placement, updateMessage } from '../../actions/message-edits.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { accept, type Checked, fail, reject, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { firstUnprintablePosition, normalizeContent, truncateTopic } from '../../rules/addressees.js';
import { canAccessChannelContent, selectChannel } from '../../rules/channels.js';
import { selectGroup } from '../../rules/groups.js';
import { accessEditableMessage, checkCanEditContent, isResolvedGeneralChat, matchesContentHash, topicResolution } from '../../rules/message-editing.js';
import {
  canEditTopic,
  canMoveMessagesOutOfChannel,
  canPostInChannel,
  canResolveTopics,
  checkChangeAllTimeLimit,
  checkChannelMoveTimeLimit,
  checkTopicMoveTimeLimit,
} from '../../rules/message-moving.js';
import { EMPTY_TOPIC_DISPLAY_NAME, renderMessageFor } from '../../rules/message-rendering.js';
import { canMentionGroup, canUseChannelWildcard, canUseTopicWildcard, effectiveTopicsPolicy, selectTopicParticipantIds } from '../../rules/message-sending.js';
import type { Channel, Message, State, User } from '../../state.js';
import { getRow } from '../../tables/table.js';

/** The no-topic text: unlike on sending, an edit keeps it as written, but it counts as the empty topic for the topics policy. */
const NO_TOPIC = '(no topic)';

/** PATCH /messages/{message_id} (reference server-messages-channels §4): the real server's checks in its order, then one write. */
export const updateMessageEndpoint = defineEndpoint({
  operation: 'update-message',
  method: 'PATCH',
  path: '/messages/{message_id}',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({
    topic: z.string().optional(),
    propagate_mode: z.enum(['change_one', 'change_later', 'change_all']).default('change_one'),
    send_notification_to_old_thread: wire.bool().default(false),
    send_notification_to_new_thread: wire.bool().default(true),
    content: z.string().optional(),
    prev_content_sha256: z.string().optional(),
    stream_id: wire.json(z.int().min(0)).optional(),
  }),
  aliases: { subject: 'topic' },
  reduce(state, { actor, params, path, now, origin }) {
    const access = accessEditableMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const { message } = access.value;
    if (params.content !== undefined) {
      const allowed = checkCanEditContent(state, actor, message, now);
      if (!allowed.ok) return fail(allowed.error);
    }
    let topic = params.topic?.trim();
    if (topic === EMPTY_TOPIC_DISPLAY_NAME) topic = '';
    if (topic === message.topic) topic = undefined;
    const channelId = params.stream_id;

    if (topic === undefined && params.content === undefined && channelId === undefined) return fail(Errors.nothingToChange());
    if (message.channelId === null && channelId !== undefined) return fail(Errors.directMessageToChannel());
    if (message.channelId === null && topic !== undefined) return fail(Errors.directMessageTopic());
    if (params.propagate_mode !== 'change_one' && topic === undefined && channelId === undefined) return fail(Errors.propagateModeWithoutMove());
    if (topic !== undefined && isResolvedGeneralChat(topic)) return fail(Errors.resolvingGeneralChat());
    const badCharacter = topic === undefined ? undefined : firstUnprintablePosition(topic);
    if (badCharacter !== undefined) return fail(Errors.invalidTopicCharacter(badCharacter));
    if (channelId !== undefined && params.content !== undefined) return fail(Errors.contentEditWithChannelMove());
    if (params.prev_content_sha256 !== undefined && !matchesContentHash(message, params.prev_content_sha256)) return fail(Errors.prevContentMismatch());

    let newContent: string | undefined;
    if (params.content !== undefined) {
      const normalized = normalizeContent(params.content.trimEnd() === '' ? '(deleted)' : params.content);
      if (!normalized.ok) return fail(normalized.error);
      newContent = normalized.value;
    }

    let placement: Placement | null = null;
    if (message.channelId !== null) {
      const from = getRow(state.channels, message.channelId)!;
      const targetTopic = topic === undefined ? message.topic : truncateTopic(topic);
      let to: Channel = from;
      if (channelId !== undefined) {
        const found = selectChannel(state, channelId);
        if (found === undefined || found.isArchived || !canAccessChannelContent(state, actor, found, now)) return fail(Errors.invalidChannelId());
        to = found;
      }
      const policy = effectiveTopicsPolicy(state, to);
      const emptyTarget = targetTopic === '' || targetTopic === NO_TOPIC;
      if (emptyTarget && (topic !== undefined || channelId !== undefined) && policy === 'disable_empty_topic') return fail(Errors.emptyTopicNotAllowed());
      if (policy === 'empty_topic_only' && !emptyTarget) return fail(Errors.onlyEmptyTopicAllowed());
      placement = {
        from,
        to,
        topic: targetTopic,
        topicEdited: topic !== undefined,
        channelEdited: channelId !== undefined,
        resolution: topic === undefined ? null : topicResolution(message.topic, topic, targetTopic),
        propagateMode: params.propagate_mode,
        notifyOldThread: params.send_notification_to_old_thread,
        notifyNewThread: params.send_notification_to_new_thread,
      };
      if (placement.topicEdited) {
        if (placement.resolution !== null) {
          if (!canResolveTopics(state, actor, from, to, now)) return fail(Errors.cannotResolveTopics());
        } else {
          if (!canEditTopic(state, actor, from, to, now)) return fail(Errors.cannotEditMessage());
          const inTime = checkTopicMoveTimeLimit(state, actor, message, now);
          if (!inTime.ok) return fail(inTime.error);
        }
      }
    }

    let content: ContentChange | null = null;
    if (newContent !== undefined) {
      const checked = checkContent(state, actor, message, placement, newContent, origin, now);
      if (!checked.ok) return fail(checked.error);
      content = checked.value;
    }

    if (placement !== null) {
      const { from, to } = placement;
      if (placement.channelEdited) {
        if (!canMoveMessagesOutOfChannel(state, actor, from, now)) return fail(Errors.cannotMoveMessage());
        if (!canPostInChannel(state, actor, to, now)) return fail(Errors.noPermissionToPost());
        const inTime = checkChannelMoveTimeLimit(state, actor, message, now);
        if (!inTime.ok) return fail(inTime.error);
      }
      const moved = placement.topicEdited || placement.channelEdited;
      if (placement.propagateMode === 'change_all' && moved && placement.resolution === null) {
        const change = { topicChanged: placement.topicEdited, channelChanged: placement.channelEdited };
        const inTime = checkChangeAllTimeLimit(state, actor, message, from, change, now);
        if (!inTime.ok) return fail(inTime.error);
      }
    }

    let detachedUploads: readonly Record<string, unknown>[] = [];
    const written = commit(state, now, (tx) => {
      detachedUploads = updateMessage(tx, { editor: actor, message, content, placement, realmUrl: origin });
    });
    return succeed(written, { detached_uploads: detachedUploads });
  },
});

/**
 * The new content rendered for its sender (only the sender edits content),
 * with the mention checks sending applies: wildcards in a channel, mentions
 * of groups the sender may not mention.
 */
function checkContent(
  state: State,
  sender: User,
  message: Message,
  placement: Placement | null,
  content: string,
  origin: string,
  now: number,
): Checked<ContentChange> {
  const rendered = renderMessageFor(state, sender, content, origin, now);
  let topicParticipantIds: Set<number> | undefined;
  if (placement !== null) {
    if (rendered.streamWildcard && !canUseChannelWildcard(state, sender, placement.from, now)) return reject(Errors.channelWildcardNotAllowed());
    if (rendered.topicWildcard) {
      const participants = selectTopicParticipantIds(state, placement.from.id, message.topic);
      if (!canUseTopicWildcard(state, sender, participants.size, now)) return reject(Errors.topicWildcardNotAllowed());
      topicParticipantIds = selectTopicParticipantIds(state, placement.from.id, placement.topic).add(message.senderId);
    }
  }
  for (const groupId of rendered.mentionedGroupIds) {
    const group = selectGroup(state, groupId);
    if (group !== undefined && !canMentionGroup(state, sender, group, now)) return reject(Errors.cannotMentionGroup(group.name));
  }
  return accept({ content, rendered, ...(topicParticipantIds === undefined ? {} : { topicParticipantIds }) });
}
