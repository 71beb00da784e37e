import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentScheduledMessage } from '../../present/scheduled-messages.js';
import { selectUndeliveredScheduledMessages } from '../../rules/scheduled-messages.js';

/** GET /scheduled_messages: the caller's undelivered scheduled messages (failed ones too), soonest first. */
export const getScheduledMessages = defineEndpoint({
  operation: 'get-scheduled-messages',
  method: 'GET',
  path: '/scheduled_messages',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    return succeed(state, { scheduled_messages: selectUndeliveredScheduledMessages(state, actor).map(presentScheduledMessage) });
  },
});
