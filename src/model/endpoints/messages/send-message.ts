import { z } from 'zod';
import { sendMessage } from '../../actions/messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { parseChannelIndicator, parseDirectRecipients } from '../../rules/addressees.js';
import { type Addressee, checkMessage } from '../../rules/check-message.js';
import { isSentByHuman } from '../../rules/clients.js';

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
    let addressee: Addressee;
    if (params.type === 'stream' || params.type === 'channel') {
      const indicator = parseChannelIndicator(params.to);
      if (!indicator.ok) return fail(indicator.error);
      addressee = { kind: 'channel', channel: indicator.value, topic: params.topic };
    } else {
      const parsed = parseDirectRecipients(params.to);
      if (!parsed.ok) return fail(parsed.error);
      addressee = { kind: 'direct', recipients: parsed.value };
    }
    const checked = checkMessage(state, actor, addressee, params.content, now, origin);
    if (!checked.ok) return fail(checked.error);
    const { channel, recipients, topic, content, rendered, topicParticipantIds } = checked.value;
    let id = 0;
    const written = commit(state, now, (tx) => {
      id = sendMessage(tx, {
        sender: actor,
        channel,
        topic,
        recipients,
        content,
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
