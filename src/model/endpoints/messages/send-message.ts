import { z } from 'zod';
import { sendMessage } from '../../actions/messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { escapePython } from '../../markdown/dialect/escape.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { normalizeContent, normalizeTopic, parseChannelIndicator, parseDirectRecipients, truncateTopic } from '../../rules/addressees.js';
import { selectChannel, selectChannelByName } from '../../rules/channels.js';
import { isSentByHuman } from '../../rules/clients.js';
import { selectGroup } from '../../rules/groups.js';
import { renderMessageFor } from '../../rules/message-rendering.js';
import {
  canMentionGroup,
  canUseChannelWildcard,
  canUseTopicWildcard,
  checkCanSendDirectMessage,
  checkCanSendToChannel,
  checkTopicAllowed,
  selectTopicParticipantIds,
} from '../../rules/message-sending.js';
import { selectUser, selectUserByVisibleEmail } from '../../rules/users.js';
import type { Channel, State, User } from '../../state.js';

type Resolved<T> = { ok: true; value: T } | { ok: false; error: ReturnType<typeof Errors.invalidParam> };

function resolveRecipients(state: State, actor: User, to: string): Resolved<User[]> {
  const parsed = parseDirectRecipients(to);
  if (!parsed.ok) return parsed;
  const users: User[] = [];
  if ('ids' in parsed.value) {
    if (parsed.value.ids.length === 0) return { ok: false, error: Errors.noRecipients() };
    for (const id of parsed.value.ids) {
      const user = selectUser(state, id);
      if (user === undefined) return { ok: false, error: Errors.invalidRecipientId(id) };
      users.push(user);
    }
  } else {
    if (parsed.value.emails.length === 0) return { ok: false, error: Errors.noRecipients() };
    for (const email of parsed.value.emails) {
      const user = selectUserByVisibleEmail(state, actor, email);
      if (user === undefined) return { ok: false, error: Errors.invalidRecipientEmail(email) };
      users.push(user);
    }
  }
  return { ok: true, value: users };
}

function resolveChannel(state: State, indicator: number | string): Resolved<Channel> {
  if (typeof indicator === 'number') {
    const channel = selectChannel(state, indicator);
    return channel === undefined ? { ok: false, error: Errors.channelIdDoesNotExist(indicator) } : { ok: true, value: channel };
  }
  const name = indicator.trim();
  const channel = selectChannelByName(state, name);
  return channel === undefined ? { ok: false, error: Errors.channelDoesNotExist(escapePython(name)) } : { ok: true, value: channel };
}

/** POST /messages (reference server-messages-channels §3.1): the checks in the real server's order, then one write. */
export const sendMessageEndpoint = defineEndpoint({
  operation: 'send-message',
  method: 'POST',
  path: '/messages',
  auth: 'basic',
  params: z.object({
    type: z.enum(['direct', 'private', 'stream', 'channel']),
    to: z.string(),
    topic: z.string().optional(),
    content: z.string(),
    queue_id: z.string().optional(),
    local_id: z.string().optional(),
    read_by_sender: wire.bool().optional(),
  }),
  aliases: { subject: 'topic' },
  reduce(state, { actor, params, now, origin, clientName }) {
    const toChannel = params.type === 'stream' || params.type === 'channel';
    let channel: Channel | null = null;
    let recipients: User[] = [];
    let topic = '';
    if (toChannel) {
      const indicator = parseChannelIndicator(params.to);
      if (!indicator.ok) return fail(indicator.error);
      if (params.topic === undefined) return fail(Errors.missingTopic());
      const normalized = normalizeTopic(params.topic);
      if (!normalized.ok) return fail(normalized.error);
      topic = normalized.value;
      const content = normalizeContent(params.content);
      if (!content.ok) return fail(content.error);
      topic = truncateTopic(topic);
      const resolved = resolveChannel(state, indicator.value);
      if (!resolved.ok) return fail(resolved.error);
      channel = resolved.value;
      const allowed = checkCanSendToChannel(state, actor, channel, now);
      if (!allowed.ok) return fail(allowed.error);
      const topicAllowed = checkTopicAllowed(state, channel, topic);
      if (!topicAllowed.ok) return fail(topicAllowed.error);
    } else {
      const resolved = resolveRecipients(state, actor, params.to);
      if (!resolved.ok) return fail(resolved.error);
      recipients = resolved.value;
      const content = normalizeContent(params.content);
      if (!content.ok) return fail(content.error);
      const deactivated = recipients.find((user) => !user.isActive);
      const allowed = checkCanSendDirectMessage(state, actor, recipients, now);
      if (!allowed.ok) return fail(allowed.error);
      if (deactivated !== undefined) return fail(Errors.recipientDeactivated(deactivated.deliveryEmail));
    }
    const content = normalizeContent(params.content);
    if (!content.ok) return fail(content.error);
    const rendered = renderMessageFor(state, actor, content.value, origin, now);
    let topicParticipantIds: Set<number> | undefined;
    if (channel !== null) {
      if (rendered.streamWildcard && !canUseChannelWildcard(state, actor, channel, now)) return fail(Errors.channelWildcardNotAllowed());
      if (rendered.topicWildcard) {
        topicParticipantIds = selectTopicParticipantIds(state, channel.id, topic);
        if (!canUseTopicWildcard(state, actor, topicParticipantIds.size, now)) return fail(Errors.topicWildcardNotAllowed());
      }
    }
    for (const groupId of rendered.mentionedGroupIds) {
      const group = selectGroup(state, groupId);
      if (group !== undefined && !canMentionGroup(state, actor, group, now)) return fail(Errors.cannotMentionGroup(group.name));
    }
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = sendMessage(tx, {
        sender: actor,
        channel,
        topic,
        recipients,
        content: content.value,
        rendered,
        client: clientName,
        readBySender: params.read_by_sender ?? isSentByHuman(clientName),
        ...(topicParticipantIds === undefined ? {} : { topicParticipantIds }),
        ...(params.queue_id === undefined ? {} : { senderQueueId: params.queue_id }),
        ...(params.local_id === undefined ? {} : { localId: params.local_id }),
      });
    });
    return succeed(written, { id });
  },
});
