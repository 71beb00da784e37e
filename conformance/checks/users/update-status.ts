/** POST /users/me/status, read back through GET /users/{user_id}/status. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { expectCode, unknownUserId } from './support.js';

const ENDPOINT = 'POST /users/me/status';
const OCTOPUS = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' } as const;

async function statusOf(ctx: CheckContext, user: Actor): Promise<Body> {
  return expectSuccess(await ctx.call(ctx.cast.member, 'GET', `/users/${user.userId}/status`))['status'] as Body;
}

async function post(ctx: CheckContext, user: Actor, params: Record<string, string>) {
  return ctx.call(user, 'POST', '/users/me/status', params);
}

/** A user with some status already set, so failures have something to leave alone. */
async function userWithStatus(ctx: CheckContext): Promise<{ user: Actor; before: Body }> {
  const user = await ctx.sharedMember(0);
  expectSuccess(await post(ctx, user, { status_text: 'Before', ...OCTOPUS }));
  return { user, before: await statusOf(ctx, user) };
}

/** Refusals the spec names, each with the real server's message (spec checks pin only the code). */
const REFUSALS = {
  'no-values': [{}, 'Client did not pass any new values.'],
  // With a status_text, so the request is not refused for changing nothing first.
  'emoji-code-without-name': [
    { status_text: 'Not applied', emoji_code: '1f419' },
    'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
  ],
  'reaction-type-without-name': [
    { status_text: 'Not applied', reaction_type: 'unicode_emoji' },
    'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
  ],
  'unknown-emoji': [{ emoji_name: 'chatref_no_such_emoji' }, "Emoji 'chatref_no_such_emoji' does not exist"],
  'wrong-name': [{ emoji_name: 'octopus', emoji_code: '1f600', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
  'custom-emoji': [{ emoji_name: 'chatref_custom', emoji_code: '999999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
} as const satisfies Record<string, readonly [Record<string, string>, string]>;

function refusalCheck(key: keyof typeof REFUSALS, clause: string, title: string) {
  return {
    id: `users.status.refuses.${key}`,
    title,
    clauses: [clause],
    level: 'spec' as const,
    endpoint: ENDPOINT,
    async run(ctx: CheckContext) {
      const { user, before } = await userWithStatus(ctx);
      expectCode(await post(ctx, user, REFUSALS[key][0]), 'BAD_REQUEST', clause);
      expectUnchanged(before, await statusOf(ctx, user), 'the status', clause);
    },
  };
}

export const UPDATE_STATUS_CHECKS = defineChecks([
  {
    id: 'users.status.partial',
    title: 'Given a status with text and emoji, when only the text changes, then the emoji stays; when only the emoji changes, the text stays',
    clauses: ['users.status.partial', 'users.status.emoji'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { user } = await userWithStatus(ctx);
      expectSuccess(await post(ctx, user, { status_text: 'Lunch' }), 'users.status.partial');
      expectEqual(await statusOf(ctx, user), { status_text: 'Lunch', ...OCTOPUS }, 'the status after a text change', 'users.status.partial');
      const heart = { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' };
      expectSuccess(await post(ctx, user, heart), 'users.status.partial');
      expectEqual(await statusOf(ctx, user), { status_text: 'Lunch', ...heart }, 'the status after an emoji change', 'users.status.partial');
    },
  },
  {
    id: 'users.status.emoji',
    title: 'Given a Unicode emoji by name, code and reaction_type, then exactly that emoji is the status emoji',
    clauses: ['users.status.emoji'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await post(ctx, user, OCTOPUS), 'users.status.emoji');
      expectEqual(await statusOf(ctx, user), { ...OCTOPUS }, 'the status', 'users.status.emoji');
    },
  },
  {
    id: 'users.status.clear',
    title: 'Given a status text, when an empty status_text is sent, then the text is gone and the emoji stays',
    clauses: ['users.status.clear'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { user } = await userWithStatus(ctx);
      expectSuccess(await post(ctx, user, { status_text: '' }), 'users.status.clear');
      const status = await statusOf(ctx, user);
      expectTrue((status['status_text'] ?? '') === '', `no status text, got ${JSON.stringify(status)}`, 'users.status.clear');
      expectEqual(status['emoji_name'], 'octopus', 'the emoji', 'users.status.clear');
    },
  },
  {
    id: 'users.status.text-limit',
    title: 'Given 60 code points (astral characters, 120 UTF-16 units), then the text is kept; given 61, the update fails with BAD_REQUEST and nothing changes',
    clauses: ['users.status.text-limit'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { user } = await userWithStatus(ctx);
      const sixty = '😀'.repeat(30) + 'é'.repeat(30);
      expectSuccess(await post(ctx, user, { status_text: sixty }), 'users.status.text-limit');
      const kept = await statusOf(ctx, user);
      expectEqual(kept['status_text'], sixty, 'the 60-code-point text', 'users.status.text-limit');
      expectCode(await post(ctx, user, { status_text: `${sixty}x` }), 'BAD_REQUEST', 'users.status.text-limit');
      expectCode(await post(ctx, user, { status_text: 'y'.repeat(61) }), 'BAD_REQUEST', 'users.status.text-limit');
      expectUnchanged(kept, await statusOf(ctx, user), 'the status', 'users.status.text-limit');
    },
  },
  refusalCheck('no-values', 'users.status.no-values', 'Given no parameters, then the update fails with BAD_REQUEST and the status stays'),
  refusalCheck(
    'emoji-code-without-name',
    'users.status.emoji-name-required',
    'Given emoji_code without emoji_name, then the update fails with BAD_REQUEST and the status stays',
  ),
  refusalCheck(
    'reaction-type-without-name',
    'users.status.emoji-name-required',
    'Given reaction_type without emoji_name, then the update fails with BAD_REQUEST and the status stays',
  ),
  refusalCheck(
    'unknown-emoji',
    'users.status.unknown-emoji',
    'Given an emoji name that does not exist, then the update fails with BAD_REQUEST and the status stays',
  ),
  refusalCheck(
    'wrong-name',
    'users.status.invalid-emoji-name',
    'Given an emoji name that does not fit the code, then the update fails with BAD_REQUEST and the status stays',
  ),
  refusalCheck(
    'custom-emoji',
    'users.status.invalid-custom-emoji',
    'Given a custom emoji that does not exist, then the update fails with BAD_REQUEST and the status stays',
  ),
  {
    id: 'users.status.refusals-atomic',
    title: 'Given a valid new text together with an invalid emoji, then the update fails and the text does not change either',
    clauses: ['users.status.unknown-emoji', 'users.status.partial'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { user, before } = await userWithStatus(ctx);
      expectCode(await post(ctx, user, { status_text: 'Should not stick', emoji_name: 'chatref_no_such_emoji' }), 'BAD_REQUEST', 'users.status.unknown-emoji');
      expectCode(await post(ctx, user, { status_text: 'x'.repeat(61), emoji_name: 'heart' }), 'BAD_REQUEST', 'users.status.text-limit');
      expectUnchanged(before, await statusOf(ctx, user), 'the status', 'users.status.partial');
    },
  },
  {
    id: 'users.status.away',
    title: 'Given away=true, then the status reports away; given away=false, it no longer does',
    clauses: ['users.status.away'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await post(ctx, user, { away: 'true' }), 'users.status.away');
      expectEqual((await statusOf(ctx, user))['away'], true, 'away after away=true', 'users.status.away');
      expectSuccess(await post(ctx, user, { away: 'false' }), 'users.status.away');
      expectTrue((await statusOf(ctx, user))['away'] !== true, 'away to be off after away=false', 'users.status.away');
    },
  },
  {
    id: 'users.status.messages',
    title: 'Given each refusal, then it is 400 BAD_REQUEST with the real server’s message',
    clauses: ['users.status.messages'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      for (const [params, message] of Object.values(REFUSALS)) expectError(await post(ctx, user, params), 400, 'BAD_REQUEST', message);
      expectError(await post(ctx, user, { status_text: 'z'.repeat(61) }), 400, 'BAD_REQUEST', 'status_text is too long (limit: 60 characters)');
    },
  },
  {
    id: 'users.status.trim',
    title: 'Given a status text with surrounding spaces (60 characters inside), then it is accepted and stored trimmed',
    clauses: ['users.status.trim'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      const text = 'w'.repeat(60);
      expectSuccess(await post(ctx, user, { status_text: `   ${text}   ` }));
      expectEqual((await statusOf(ctx, user))['status_text'], text, 'the stored text');
    },
  },
  {
    id: 'users.status.emoji-lookup',
    title: 'Given only an emoji name, then code and type are looked up; given emoji_name "", the emoji is cleared',
    clauses: ['users.status.emoji-lookup'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      expectSuccess(await post(ctx, user, { emoji_name: 'octopus', status_text: 'Diving' }));
      expectEqual(await statusOf(ctx, user), { status_text: 'Diving', ...OCTOPUS }, 'the status after a name-only emoji');
      expectSuccess(await post(ctx, user, { emoji_name: '' }));
      expectEqual(await statusOf(ctx, user), { status_text: 'Diving' }, 'the status after clearing the emoji');
    },
  },
  {
    id: 'users.status.get',
    title: 'Given a new user, then their status is empty; any role may read it; an unknown user is 400 "No such user"',
    clauses: ['users.status.get', 'users.status.get-unknown'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}/status',
    async run(ctx) {
      const user = await ctx.newUser();
      for (const viewer of [ctx.cast.guest, ctx.cast.member, user]) {
        expectEqual(
          expectSuccess(await ctx.call(viewer, 'GET', `/users/${user.userId}/status`))['status'],
          {},
          `the new user's status read by ${viewer.email}`,
        );
      }
      expectError(await ctx.call(ctx.cast.member, 'GET', `/users/${await unknownUserId(ctx)}/status`), 400, 'BAD_REQUEST', 'No such user');
    },
  },
]);
