import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail } from '../../outcome.js';
import { wire } from '../../params/wire.js';

/**
 * POST /mobile_push/e2ee/test_notification (FL 420; device_id since FL 468):
 * no device can have registered for end-to-end encrypted notifications on a
 * server without the push service, so there is never one to notify.
 */
export const e2eeTestNotify = defineEndpoint({
  operation: 'e2ee-test-notify',
  method: 'POST',
  path: '/mobile_push/e2ee/test_notification',
  auth: 'basic',
  allowBots: false,
  params: z.object({ device_id: wire.int().optional() }),
  reduce() {
    return fail(Errors.noActivePushDevice());
  },
});
