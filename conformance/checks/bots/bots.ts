/** POST/GET /bots, PATCH/DELETE /bots/{bot_id} and the bot key: creation, its errors, who may administer a bot, deactivation and new keys. */
import { defineChecks } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { makeBot, retireBot } from './support.js';

const CREATE = 'POST /bots';

export const BOT_CHECKS = defineChecks([
  {
    id: 'bots.create.generic',
    title: 'When a member creates a generic bot, then it gets an id and a key, its address is <short_name>-bot@…, and it authenticates as a bot of the member',
    clauses: ['bots.create.generic', 'bots.create.address', 'bots.create.authenticates'],
    level: 'compat',
    endpoint: CREATE,
    async run(ctx) {
      const { member } = ctx.cast;
      const bot = await makeBot(ctx, member, 'generic', 'bots.create.generic');
      try {
        expectTrue(/^[A-Za-z0-9]{32}$/.test(bot.apiKey), `a 32-character key, got ${bot.apiKey}`, 'bots.create.generic');
        expectTrue(bot.email.startsWith(`${bot.shortName}-bot@`.toLowerCase()), `an address ${bot.shortName}-bot@…, got ${bot.email}`, 'bots.create.address');
        const me = expectSuccess(await ctx.call(bot, 'GET', '/users/me'), 'bots.create.authenticates');
        expectEqual(
          [me['user_id'], me['is_bot'], me['bot_type'], me['bot_owner_id']],
          [bot.userId, true, 1, member.userId],
          'the bot as it reads itself',
          'bots.create.authenticates',
        );
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
  {
    id: 'bots.create.refusals',
    title:
      'When a member creates bots with a blank short name, a taken address, a taken name or an unknown type, or a guest creates one, then each fails and no bot appears',
    clauses: [
      'bots.create.bad-short-name',
      'bots.create.address-taken',
      'bots.create.name-taken',
      'bots.create.bad-type',
      'bots.create.guest',
      'bots.create.refused-unchanged',
    ],
    level: 'compat',
    endpoint: CREATE,
    async run(ctx) {
      const { member, guest } = ctx.cast;
      const bot = await makeBot(ctx, member, 'taken');
      try {
        const before = expectSuccess(await ctx.call(member, 'GET', '/bots'))['bots'];
        const create = (params: Record<string, string>) => ctx.call(member, 'POST', '/bots', params);
        expectError(
          await create({ full_name: ctx.unique('blank'), short_name: '  ' }),
          400,
          'BAD_REQUEST',
          'Bad name or username',
          'bots.create.bad-short-name',
        );
        expectError(
          await create({ full_name: ctx.unique('again'), short_name: bot.shortName }),
          400,
          'BAD_REQUEST',
          /already in use/,
          'bots.create.address-taken',
        );
        expectError(
          await create({ full_name: bot.fullName, short_name: ctx.unique('n') }),
          400,
          'BAD_REQUEST',
          'Name is already in use.',
          'bots.create.name-taken',
        );
        expectError(
          await create({ full_name: ctx.unique('type'), short_name: ctx.unique('t'), bot_type: '99' }),
          400,
          'BAD_REQUEST',
          'Invalid bot type',
          'bots.create.bad-type',
        );
        expectClientError(await ctx.call(guest, 'POST', '/bots', { full_name: ctx.unique('guest'), short_name: ctx.unique('g') }), 'bots.create.guest');
        expectUnchanged(before, expectSuccess(await ctx.call(member, 'GET', '/bots'))['bots'], "the member's bots", 'bots.create.refused-unchanged');
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
  {
    id: 'bots.list.own',
    title: 'Given a bot of the member, when the member and the other member list their bots, then only the member sees it, with its key',
    clauses: ['bots.list.own'],
    level: 'compat',
    endpoint: 'GET /bots',
    async run(ctx) {
      const { member, otherMember } = ctx.cast;
      const bot = await makeBot(ctx, member, 'listed');
      try {
        const mine = (expectSuccess(await ctx.call(member, 'GET', '/bots'), 'bots.list.own')['bots'] as Body[]).find(
          (entry) => entry['username'] === bot.email,
        );
        expectEqual(mine?.['api_key'], bot.apiKey, "the bot's key in the owner's list", 'bots.list.own');
        const theirs = expectSuccess(await ctx.call(otherMember, 'GET', '/bots'), 'bots.list.own')['bots'] as Body[];
        expectTrue(!theirs.some((entry) => entry['username'] === bot.email), "the bot absent from another member's list", 'bots.list.own');
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
  {
    id: 'bots.update.access',
    title:
      'Given a bot of the member, when the member renames it, another member renames it, and anyone names an unknown or human id, then only the owner succeeds',
    clauses: ['bots.update.owner', 'bots.update.others', 'bots.update.no-such-bot'],
    level: 'compat',
    endpoint: 'PATCH /bots/{bot_id}',
    async run(ctx) {
      const { member, otherMember, administrator } = ctx.cast;
      const bot = await makeBot(ctx, member, 'renamed');
      try {
        const name = ctx.unique('new name');
        const answer = expectSuccess(await ctx.call(member, 'PATCH', `/bots/${bot.userId}`, { full_name: name }), 'bots.update.owner');
        expectEqual(answer['full_name'], name, 'full_name in the answer', 'bots.update.owner');
        const read = expectSuccess(await ctx.call(otherMember, 'GET', `/users/${bot.userId}`))['user'] as Body;
        expectEqual(read['full_name'], name, 'the name read back', 'bots.update.owner');
        expectError(
          await ctx.call(otherMember, 'PATCH', `/bots/${bot.userId}`, { full_name: ctx.unique('x') }),
          400,
          'BAD_REQUEST',
          'Insufficient permission',
          'bots.update.others',
        );
        expectError(
          await ctx.call(administrator, 'PATCH', '/bots/1999999999', { full_name: ctx.unique('x') }),
          400,
          'BAD_REQUEST',
          'No such bot',
          'bots.update.no-such-bot',
        );
        expectError(
          await ctx.call(administrator, 'PATCH', `/bots/${member.userId}`, { full_name: ctx.unique('x') }),
          400,
          'BAD_REQUEST',
          'No such bot',
          'bots.update.no-such-bot',
        );
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
  {
    id: 'bots.deactivate-and-reactivate',
    title: 'Given a bot, when its owner deactivates it and an administrator reactivates it, then its key fails in between and works again after',
    clauses: ['bots.deactivate.stops-auth', 'users.reactivate.bot'],
    level: 'compat',
    endpoint: 'DELETE /bots/{bot_id}',
    async run(ctx) {
      const { member, administrator } = ctx.cast;
      const bot = await makeBot(ctx, member, 'paused');
      try {
        expectSuccess(await ctx.call(member, 'DELETE', `/bots/${bot.userId}`), 'bots.deactivate.stops-auth');
        expectError(await ctx.call(bot, 'GET', '/users/me'), 401, 'UNAUTHORIZED', undefined, 'bots.deactivate.stops-auth');
        const read = expectSuccess(await ctx.call(administrator, 'GET', `/users/${bot.userId}`))['user'] as Body;
        expectEqual(read['is_active'], false, 'is_active read back', 'bots.deactivate.stops-auth');
        expectSuccess(await ctx.call(administrator, 'POST', `/users/${bot.userId}/reactivate`), 'users.reactivate.bot');
        expectSuccess(await ctx.call(bot, 'GET', '/users/me'), 'users.reactivate.bot');
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
  {
    id: 'bots.key.regenerate',
    title: 'Given a bot, when its owner regenerates its key, then the new key works and the old one is refused',
    clauses: ['bots.key.regenerate'],
    level: 'compat',
    endpoint: 'POST /bots/{bot_id}/api_key/regenerate',
    async run(ctx) {
      const { member } = ctx.cast;
      const bot = await makeBot(ctx, member, 'rekeyed');
      try {
        const apiKey = expectSuccess(await ctx.call(member, 'POST', `/bots/${bot.userId}/api_key/regenerate`), 'bots.key.regenerate')['api_key'];
        expectTrue(typeof apiKey === 'string' && apiKey !== bot.apiKey, `a new key, got ${JSON.stringify(apiKey)}`, 'bots.key.regenerate');
        expectError(await ctx.call(bot, 'GET', '/users/me'), 401, 'UNAUTHORIZED', undefined, 'bots.key.regenerate');
        expectSuccess(await ctx.call({ email: bot.email, apiKey: apiKey as string }, 'GET', '/users/me'), 'bots.key.regenerate');
      } finally {
        await retireBot(ctx, bot);
      }
    },
  },
]);
