import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { accessBotById } from '../../rules/bots.js';
import { channelEmailToken, encodeChannelEmailAddress } from '../../rules/channel-email.js';
import { selectChannel } from '../../rules/channels.js';
import { canGetChannelEmailAddress } from '../../rules/feature-levels.js';

/** Stands for the real server's Email Gateway bot, the default sender of mailed-in messages. */
const EMAIL_GATEWAY_SENDER = 0;

/**
 * GET /streams/{stream_id}/email_address: the address that posts mailed
 * messages to the channel, as the gateway bot, the caller, or a bot the caller
 * administers. The caller needs content access to the active channel.
 */
export const getStreamEmailAddress = defineEndpoint({
  operation: 'get-stream-email-address',
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  pathParams: { stream_id: 'int' },
  auth: 'basic',
  params: z.object({ sender_id: wire.json(z.int().nonnegative()).optional() }),
  reduce(state, { actor, path, params, now }) {
    const channel = selectChannel(state, path.stream_id);
    if (channel === undefined || channel.isArchived || !canGetChannelEmailAddress(state, actor, channel, now)) return fail(Errors.invalidChannelId());
    let senderId = EMAIL_GATEWAY_SENDER;
    if (params.sender_id !== undefined && params.sender_id === actor.id) senderId = actor.id;
    else if (params.sender_id !== undefined) {
      const bot = accessBotById(state, actor, params.sender_id);
      if (!bot.ok) return fail(bot.error);
      senderId = bot.value.id;
    }
    const token = channelEmailToken(state, channel, actor.id, senderId);
    return succeed(state, { email: encodeChannelEmailAddress(state, channel, token) });
  },
});
