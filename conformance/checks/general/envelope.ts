/** The success and error envelopes, and how unsupported parameters are reported. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectClientError, expectEqual, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { profileFields } from '../profile/fields.js';
import { passwordFor, readUser, uniqueEmail, unknownUserId, userCount } from '../users/support.js';

async function statusText(ctx: CheckContext, userId: number): Promise<unknown> {
  return (expectSuccess(await ctx.call(ctx.cast.owner, 'GET', `/users/${userId}/status`))['status'] as Record<string, unknown>)['status_text'];
}

export const ENVELOPE_CHECKS = defineChecks([
  {
    id: 'general.envelope.success',
    title: 'Given reads and a write, when they succeed, then each answer has result "success" and msg ""',
    clauses: ['general.envelope.success'],
    level: 'spec',
    endpoint: 'POST /users/me/status',
    async run(ctx) {
      expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users/me'), 'general.envelope.success');
      expectSuccess(await ctx.call(ctx.cast.guest, 'GET', `/users/${ctx.cast.owner.userId}`), 'general.envelope.success');
      expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/realm/profile_fields'), 'general.envelope.success');
      const user = await ctx.sharedMember(1);
      expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: 'envelope' }), 'general.envelope.success');
      expectEqual(await statusText(ctx, user.userId), 'envelope', 'the status text read back');
    },
  },
  {
    id: 'general.envelope.error',
    title: 'Given failing requests to several endpoints, when they fail, then each answer has result "error", a msg and a code',
    clauses: ['general.envelope.error'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const missing = await unknownUserId(ctx);
      expectClientError(await ctx.call(ctx.cast.member, 'GET', `/users/${missing}`), 'general.envelope.error');
      expectClientError(
        await ctx.call(ctx.cast.member, 'POST', '/users', { email: 'x@example.com', password: 'x', full_name: 'X X' }),
        'general.envelope.error',
      );
      expectClientError(await ctx.call(null, 'POST', '/fetch_api_key', {}), 'general.envelope.error');
      expectClientError(await ctx.call(ctx.cast.member, 'POST', '/users/me/status', {}), 'general.envelope.error');
      expectClientError(await ctx.call(null, 'GET', '/users/me'), 'general.envelope.error');
    },
  },
  {
    id: 'general.ignored-parameters.listed',
    title:
      'Given a parameter the endpoint does not support, when the request succeeds, then the parameter is listed in ignored_parameters_unsupported and the supported ones still apply',
    clauses: ['general.ignored-parameters'],
    level: 'spec',
    endpoint: 'POST /users/me/status',
    async run(ctx) {
      const read = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/users/me', { chatref_unsupported: 'x' }));
      expectTrue(
        Array.isArray(read['ignored_parameters_unsupported']) && read['ignored_parameters_unsupported'].includes('chatref_unsupported'),
        `GET /users/me to list chatref_unsupported as ignored, got ${JSON.stringify(read['ignored_parameters_unsupported'])}`,
        'general.ignored-parameters',
      );
      const user = await ctx.sharedMember(2);
      const write = expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { status_text: 'ignored', chatref_unsupported: '1' }));
      expectTrue(
        Array.isArray(write['ignored_parameters_unsupported']) && write['ignored_parameters_unsupported'].includes('chatref_unsupported'),
        `POST /users/me/status to list chatref_unsupported as ignored, got ${JSON.stringify(write['ignored_parameters_unsupported'])}`,
        'general.ignored-parameters',
      );
      expectEqual(await statusText(ctx, user.userId), 'ignored', 'the status text read back');
    },
  },
  {
    id: 'general.ignored-parameters.shape',
    title: 'Given unsupported parameters, then the ignored list is sorted, absent when all were used, and never part of an error',
    clauses: ['general.ignored-parameters.shape'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const path = `/users/${ctx.cast.member.userId}`;
      const two = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', path, { zeta_unsupported: '1', alpha_unsupported: '1' }));
      expectEqual(two['ignored_parameters_unsupported'], ['alpha_unsupported', 'zeta_unsupported'], 'ignored_parameters_unsupported');
      const none = expectSuccess(await ctx.call(ctx.cast.owner, 'GET', path, { client_gravatar: 'false' }));
      expectTrue(!('ignored_parameters_unsupported' in none), `no ignored_parameters_unsupported when every parameter was used, got ${JSON.stringify(none)}`);
      const missing = await unknownUserId(ctx);
      const error = expectClientError(await ctx.call(ctx.cast.owner, 'GET', `/users/${missing}`, { alpha_unsupported: '1' }));
      expectTrue(!('ignored_parameters_unsupported' in error), `no ignored_parameters_unsupported on an error, got ${JSON.stringify(error)}`);
    },
  },
  {
    id: 'general.params.encoding',
    title: 'Given a JSON-encoded array of objects in a form body and a boolean in a query string, then both are read',
    clauses: ['general.params.encoding'],
    level: 'spec',
    endpoint: 'PATCH /users/{user_id}',
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(3);
      const before = await readUser(ctx, ctx.cast.owner, user.userId, { include_custom_profile_fields: 'true' });
      expectTrue(
        typeof before['profile_data'] === 'object' && before['profile_data'] !== null,
        'include_custom_profile_fields=true in the query to add profile_data',
        'general.params.encoding',
      );
      const data = JSON.stringify([{ id: fields.short, value: 'encoded as JSON' }]);
      expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', `/users/${user.userId}`, { profile_data: data }), 'general.params.encoding');
      const after = await readUser(ctx, ctx.cast.owner, user.userId, { include_custom_profile_fields: 'true' });
      const entry = (after['profile_data'] as Record<string, Record<string, unknown>>)[String(fields.short)];
      expectEqual(entry?.['value'], 'encoded as JSON', 'the profile value read back', 'general.params.encoding');
      expectEqual(after['full_name'], before['full_name'], 'the name (untouched)');
    },
  },
  {
    id: 'general.params.missing',
    title: 'Given a request without one required parameter, then it is 400 REQUEST_VARIABLE_MISSING naming it, and nothing is created',
    clauses: ['general.params.missing'],
    level: 'compat',
    endpoint: 'POST /users',
    async run(ctx) {
      const before = await userCount(ctx);
      const response = await ctx.call(ctx.cast.owner, 'POST', '/users', { email: uniqueEmail(ctx, 'missing'), password: passwordFor(ctx) });
      const body = expectClientError(response);
      expectEqual(
        [response.status, body['code'], body['msg'], body['var_name']],
        [400, 'REQUEST_VARIABLE_MISSING', "Missing 'full_name' argument", 'full_name'],
        'status, code, msg, var_name',
      );
      expectUnchanged(before, await userCount(ctx), 'the number of users');
    },
  },
  {
    id: 'general.params.strict-json',
    title: 'Given a boolean sent as True or 1 and a JSON parameter that does not parse, then each is 400 BAD_REQUEST naming the parameter',
    clauses: ['general.params.strict-json'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const path = `/users/${ctx.cast.member.userId}`;
      const notJson = expectClientError(await ctx.call(ctx.cast.owner, 'GET', path, { client_gravatar: 'True' }));
      expectEqual([notJson['code'], notJson['msg']], ['BAD_REQUEST', 'client_gravatar is not valid JSON'], 'code and msg for True');
      const notBool = expectClientError(await ctx.call(ctx.cast.owner, 'GET', path, { client_gravatar: '1' }));
      expectEqual([notBool['code'], notBool['msg']], ['BAD_REQUEST', 'client_gravatar is not a boolean'], 'code and msg for 1');
      const user = await ctx.newUser();
      const before = await readUser(ctx, ctx.cast.owner, user.userId);
      const badList = expectClientError(await ctx.call(ctx.cast.owner, 'PATCH', `/users/${user.userId}`, { role: '"400', full_name: 'Not Applied' }));
      expectEqual([badList['code'], badList['msg']], ['BAD_REQUEST', 'role is not valid JSON'], 'code and msg for a broken JSON role');
      expectUnchanged(before, await readUser(ctx, ctx.cast.owner, user.userId), 'the user');
    },
  },
]);
