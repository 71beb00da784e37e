import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentReminder } from '../../present/scheduled-messages.js';
import { selectUndeliveredReminders } from '../../rules/scheduled-messages.js';

/** GET /reminders: the caller's undelivered reminders (failed ones too), soonest first. */
export const getReminders = defineEndpoint({
  operation: 'get-reminders',
  method: 'GET',
  path: '/reminders',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    return succeed(state, { reminders: selectUndeliveredReminders(state, actor).map(presentReminder) });
  },
});
