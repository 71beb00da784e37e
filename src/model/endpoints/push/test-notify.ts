import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail, succeed } from '../../outcome.js';
import { selectTestNotificationDevices } from '../../rules/push-devices.js';

/**
 * POST /mobile_push/test_notification: with no push service configured the
 * real server drops the notification silently, so a known token (or none)
 * succeeds and only an unknown token is an error.
 */
export const testNotify = defineEndpoint({
  operation: 'test-notify',
  method: 'POST',
  path: '/mobile_push/test_notification',
  auth: 'basic',
  allowBots: false,
  params: z.object({ token: z.string().optional() }),
  reduce(state, { actor, params }) {
    const devices = selectTestNotificationDevices(state, actor, params.token);
    if (!devices.ok) return fail(devices.error);
    return succeed(state);
  },
});
