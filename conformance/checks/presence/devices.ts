/**
 * Mobile push devices on a server without the push notification service.
 * Tokens are made unique per run and removed again; E2EE registration is
 * asked as a fresh user.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectError, expectSuccess } from '../../expect.js';

/** A run-unique APNs token: the hex of a unique name. */
function apnsToken(ctx: CheckContext): string {
  return Buffer.from(ctx.unique('apns')).toString('hex');
}

async function stored(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const apns = apnsToken(ctx);
  const fcm = ctx.unique('fcm');
  for (const [path, params, token] of [
    ['/users/me/apns_device_token', { appid: 'org.zulip.Zulip' }, apns],
    ['/users/me/android_gcm_reg_id', {}, fcm],
  ] as const) {
    expectSuccess(await ctx.call(member, 'POST', path, { ...params, token }), 'devices.tokens.stored');
    expectSuccess(await ctx.call(member, 'DELETE', path, { token }), 'devices.tokens.stored');
    expectError(await ctx.call(member, 'DELETE', path, { token }), 400, 'BAD_REQUEST', 'Token does not exist', 'devices.tokens.stored');
  }
}

async function invalid(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const apns = (token: string) => ctx.call(member, 'POST', '/users/me/apns_device_token', { token, appid: 'org.zulip.Zulip' });
  expectError(await apns(''), 400, 'BAD_REQUEST', 'Empty or invalid length token', 'devices.tokens.invalid');
  expectError(
    await ctx.call(member, 'POST', '/users/me/android_gcm_reg_id', { token: 'x'.repeat(4097) }),
    400,
    'BAD_REQUEST',
    'Empty or invalid length token',
    'devices.tokens.invalid',
  );
  expectError(await apns(`${ctx.unique('not-hex')}`), 400, 'BAD_REQUEST', 'Invalid APNS token', 'devices.tokens.invalid');
}

async function testNotify(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  expectSuccess(await ctx.call(user, 'POST', '/mobile_push/test_notification'), 'devices.test-notify');
  expectError(
    await ctx.call(user, 'POST', '/mobile_push/test_notification', { token: ctx.unique('unknown-token') }),
    400,
    'INVALID_PUSH_DEVICE_TOKEN',
    'Device not recognized',
    'devices.test-notify',
  );
}

async function e2ee(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  expectError(
    await ctx.call(user, 'POST', '/mobile_push/e2ee/test_notification'),
    400,
    'NO_ACTIVE_PUSH_DEVICE',
    'No active registered push device',
    'devices.e2ee.no-device',
  );
  const registration = {
    device_id: '1',
    token_kind: 'fcm',
    push_key: 'MTaUDJDMWypQ1WufZ1NRTHSSvgYtXh1qVNSjN3aBiEFt',
    push_key_id: '2408',
    token_id: 'hGsEWGmyyfI=',
    bouncer_public_key: 'bouncer-public-key',
    encrypted_push_registration: 'encrypted-push-registration-data',
  };
  expectError(
    await ctx.call(user, 'POST', '/mobile_push/register', registration),
    400,
    'PUSH_SERVICE_NOT_CONFIGURED',
    undefined,
    'devices.register.not-configured',
  );
}

export const DEVICE_CHECKS = defineChecks([
  {
    id: 'devices.tokens.stored',
    title:
      'Given a member, when they add an APNs and an FCM token and remove each twice, then the first removal succeeds and the second is "Token does not exist"',
    clauses: ['devices.tokens.stored'],
    level: 'compat',
    endpoint: 'POST /users/me/apns_device_token',
    run: stored,
  },
  {
    id: 'devices.tokens.invalid',
    title: 'Given a member, when they add an empty, an over-long or a non-hex APNs token, then the real server’s token errors',
    clauses: ['devices.tokens.invalid'],
    level: 'compat',
    endpoint: 'POST /users/me/apns_device_token',
    run: invalid,
  },
  {
    id: 'devices.test-notify',
    title: 'Given a fresh user, when they ask for a test notification to all devices and to an unknown token, then success and "Device not recognized"',
    clauses: ['devices.test-notify'],
    level: 'compat',
    endpoint: 'POST /mobile_push/test_notification',
    run: testNotify,
  },
  {
    id: 'devices.e2ee',
    title:
      'Given a fresh user, when they ask for an E2EE test notification and register an E2EE device, then NO_ACTIVE_PUSH_DEVICE and PUSH_SERVICE_NOT_CONFIGURED',
    clauses: ['devices.e2ee.no-device', 'devices.register.not-configured'],
    level: 'compat',
    endpoint: 'POST /mobile_push/e2ee/test_notification',
    run: e2ee,
  },
]);
