import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail } from '../../outcome.js';
import { json, wire } from '../../params/wire.js';

const UINT32_MAX = 2 ** 32 - 1;

/**
 * POST /mobile_push/register (FL 406, redesigned around device_id at FL
 * 468): the parameters are checked, then a server that neither uses the push
 * notification service nor is one refuses.
 */
export const registerPushDevice = defineEndpoint({
  operation: 'register-push-device',
  method: 'POST',
  path: '/mobile_push/register',
  auth: 'basic',
  allowBots: false,
  params: z.object({
    device_id: wire.int(),
    token_kind: z.enum(['fcm', 'apns']).optional(),
    push_key: z.string().optional(),
    push_key_id: json(z.int().min(0).max(UINT32_MAX)).optional(),
    bouncer_public_key: z.string().optional(),
    encrypted_push_registration: z.string().optional(),
    token_id: z.string().optional(),
  }),
  reduce() {
    return fail(Errors.pushServiceNotConfigured());
  },
});
