/** POST /fetch_api_key: a username and password for the account's API key. */
import { defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { createAccount, expectNoKey, retire, uniqueEmail } from '../users/support.js';

const ENDPOINT = 'POST /fetch_api_key';

export const FETCH_API_KEY_CHECKS = defineChecks([
  {
    id: 'auth.fetch-api-key.success',
    title:
      'Given a new account’s address and password and no credentials, when the key is fetched, then api_key, email and user_id come back and the key authenticates as that account',
    clauses: ['auth.fetch-api-key.unauthenticated', 'auth.fetch-api-key.response', 'auth.fetch-api-key.exchange', 'users.create.password'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'fetch');
      const body = expectSuccess(
        await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: account.password }),
        'auth.fetch-api-key.unauthenticated',
      );
      expectTrue(
        typeof body['api_key'] === 'string' && body['api_key'] !== '',
        `an api_key string, got ${JSON.stringify(body['api_key'])}`,
        'auth.fetch-api-key.response',
      );
      expectTrue(typeof body['email'] === 'string', `an email string, got ${JSON.stringify(body['email'])}`, 'auth.fetch-api-key.response');
      expectEqual(body['user_id'], account.userId, 'user_id', 'auth.fetch-api-key.response');
      const me = expectSuccess(
        await ctx.call({ email: String(body['email']), apiKey: String(body['api_key']) }, 'GET', '/users/me'),
        'auth.fetch-api-key.exchange',
      );
      expectEqual(me['user_id'], account.userId, 'the user the fetched key authenticates as', 'auth.fetch-api-key.exchange');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'auth.fetch-api-key.refused',
    title:
      'Given two accounts that have logged in, when a key is fetched with a wrong password, with the other account’s password, or for the deactivated one with its right password, then no key is handed out',
    clauses: ['auth.fetch-api-key.refused'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const clause = 'auth.fetch-api-key.refused';
      const fetch = (username: string, password: string) => ctx.call(null, 'POST', '/fetch_api_key', { username, password });
      const account = await createAccount(ctx, 'refused');
      const other = await createAccount(ctx, 'refusedother');
      const key = expectSuccess(await fetch(account.email, account.password))['api_key'];
      expectSuccess(await fetch(other.email, other.password));
      expectNoKey(await fetch(account.email, `${account.password}x`), clause);
      expectNoKey(await fetch(account.email, other.password), clause);
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${other.userId}`));
      expectNoKey(await fetch(other.email, other.password), clause);
      expectEqual(expectSuccess(await fetch(account.email, account.password))['api_key'], key, 'the key after refused attempts');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'auth.fetch-api-key.params',
    title: 'Given a key fetch without username or without password, then it fails and hands out no key',
    clauses: ['auth.fetch-api-key.params'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'fetchparams');
      expectNoKey(await ctx.call(null, 'POST', '/fetch_api_key', { password: account.password }), 'auth.fetch-api-key.params');
      expectNoKey(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email }), 'auth.fetch-api-key.params');
      expectNoKey(await ctx.call(null, 'POST', '/fetch_api_key', {}), 'auth.fetch-api-key.params');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'auth.fetch-api-key.missing-argument',
    title: 'Given a key fetch missing username or password, then it is 400 REQUEST_VARIABLE_MISSING naming the parameter',
    clauses: ['auth.fetch-api-key.missing-argument', 'general.params.missing'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const noPassword = expectError(
        await ctx.call(null, 'POST', '/fetch_api_key', { username: ctx.cast.member.email }),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'password' argument",
      );
      expectEqual(noPassword['var_name'], 'password', 'var_name');
      const noUsername = expectError(
        await ctx.call(null, 'POST', '/fetch_api_key', { password: 'whatever-it-is' }),
        400,
        'REQUEST_VARIABLE_MISSING',
        "Missing 'username' argument",
      );
      expectEqual(noUsername['var_name'], 'username', 'var_name');
    },
  },
  {
    id: 'auth.fetch-api-key.wrong-password',
    title: 'Given a wrong password, an empty one, or an unknown address, then each is the same 401 AUTHENTICATION_FAILED',
    clauses: ['auth.fetch-api-key.wrong-password'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'wrongpw');
      const message = 'Your username or password is incorrect';
      const wrong = await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: `${account.password}x` });
      expectError(wrong, 401, 'AUTHENTICATION_FAILED', message);
      expectError(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: '' }), 401, 'AUTHENTICATION_FAILED', message);
      const unknown = await ctx.call(null, 'POST', '/fetch_api_key', { username: uniqueEmail(ctx, 'nobody'), password: account.password });
      expectError(unknown, 401, 'AUTHENTICATION_FAILED', message);
      expectEqual(unknown.body, wrong.body, 'the unknown-address body (must not reveal which addresses exist)');
      // The right password still works afterwards: failures did not lock or change the account.
      expectSuccess(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: account.password }));
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'auth.fetch-api-key.deactivated',
    title: 'Given a deactivated account, when its key is fetched with the right or a wrong password, then it is 401 USER_DEACTIVATED',
    clauses: ['auth.fetch-api-key.deactivated'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'fetchdeactivated');
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${account.userId}`));
      for (const password of [account.password, `${account.password}-wrong`]) {
        expectError(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password }), 401, 'USER_DEACTIVATED', 'Account is deactivated');
      }
    },
  },
  {
    id: 'auth.fetch-api-key.invalid-username',
    title: 'Given a username that is not an email address, then the fetch is 400 BAD_REQUEST "Enter a valid email address."',
    clauses: ['auth.fetch-api-key.invalid-username'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      expectError(
        await ctx.call(null, 'POST', '/fetch_api_key', { username: 'not-an-address', password: 'whatever-it-is' }),
        400,
        'BAD_REQUEST',
        'Enter a valid email address.',
      );
    },
  },
  {
    id: 'auth.fetch-api-key.delivery-email',
    title: 'Given an account fetched twice, then email is its real address and the key is the same both times',
    clauses: ['auth.fetch-api-key.delivery-email'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const account = await createAccount(ctx, 'fetchtwice');
      const first = expectSuccess(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email, password: account.password }));
      const second = expectSuccess(await ctx.call(null, 'POST', '/fetch_api_key', { username: account.email.toUpperCase(), password: account.password }));
      expectEqual(first['email'], account.email, 'email');
      expectEqual(second['api_key'], first['api_key'], 'the key of the second fetch');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'auth.fetch-api-key.post-only',
    title: 'Given the key-fetch paths, when called with GET, then the answer is 405 allowing POST only',
    clauses: ['auth.fetch-api-key.post-only', 'general.routing.method-not-allowed'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const path of ['/fetch_api_key', '/jwt/fetch_api_key']) {
        const response = await ctx.call(null, 'GET', path);
        expectEqual(response.status, 405, `the status of GET ${path}`);
        expectEqual((response.body as Record<string, unknown> | null)?.['allowed_methods'], ['POST'], `allowed_methods of ${path}`);
      }
    },
  },
]);
