/**
 * The development logins, against any server: either refused as on
 * production, or consistent with the run's own accounts.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';

const FETCH = 'POST /dev_fetch_api_key';
const REFUSALS = ['DevAuthBackend not enabled.', 'Endpoint not available in production.'];

async function fetchKey(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const response = await ctx.call(null, 'POST', '/dev_fetch_api_key', { username: member.email });
  const listed = await ctx.call(null, 'GET', '/dev_list_users');
  if (response.status === 400) {
    const body = expectError(response, 400, 'BAD_REQUEST', undefined, 'dev-login.fetch-key.refused-or-own-key');
    expectTrue(
      REFUSALS.includes(String(body['msg'])),
      `one of ${JSON.stringify(REFUSALS)}, got ${JSON.stringify(body['msg'])}`,
      'dev-login.fetch-key.refused-or-own-key',
    );
    expectEqual(listed.body, body, 'GET /dev_list_users, refused as the key fetch was', 'dev-login.list-users');
    return;
  }
  const body = expectSuccess(response, 'dev-login.fetch-key.refused-or-own-key');
  expectEqual(
    [body['api_key'], String(body['email']).toLowerCase(), body['user_id']],
    [member.apiKey, member.email.toLowerCase(), member.userId],
    'api_key, email and user_id of the member asked for',
    'dev-login.fetch-key.refused-or-own-key',
  );
  expectTrue(/(^|,\s*)sessionid=/.test(response.headers['set-cookie'] ?? ''), 'a sessionid cookie in Set-Cookie', 'dev-login.fetch-key.refused-or-own-key');
  expectError(
    await ctx.call(null, 'POST', '/dev_fetch_api_key', { username: `${ctx.cast.runId}-nobody@${member.email.split('@')[1]}` }),
    401,
    'AUTHENTICATION_FAILED',
    undefined,
    'dev-login.fetch-key.unknown-account',
  );
  const users = expectSuccess(listed, 'dev-login.list-users');
  const emails = (key: string) => ((users[key] ?? []) as { email: string }[]).map((entry) => entry.email.toLowerCase());
  const { owner, administrator, guest } = ctx.cast;
  expectTrue(emails('direct_admins').includes(owner.email.toLowerCase()), 'the owner among direct_admins', 'dev-login.list-users');
  expectTrue(emails('direct_admins').includes(administrator.email.toLowerCase()), 'the administrator among direct_admins', 'dev-login.list-users');
  expectTrue(
    emails('direct_users').includes(member.email.toLowerCase()) && emails('direct_users').includes(guest.email.toLowerCase()),
    'the member and the guest among direct_users',
    'dev-login.list-users',
  );
}

export const DEV_LOGIN_CHECKS = defineChecks([
  {
    id: 'dev-login.fetch-key',
    title:
      'Given no credentials, when a key is fetched without a password for the run’s member and the login list is read, then both are refused as on production, or the member’s own key comes with a session cookie, an unknown address gets none, and the list sorts the run’s people by role',
    clauses: ['dev-login.fetch-key.refused-or-own-key', 'dev-login.fetch-key.unknown-account', 'dev-login.list-users'],
    level: 'compat',
    endpoint: FETCH,
    run: fetchKey,
  },
]);
