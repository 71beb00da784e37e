/** Default channels and code playgrounds: the organization-wide lists an administrator keeps, and their events. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { integer, registerKey, withChannels } from './support.js';

async function defaultChannels(ctx: CheckContext): Promise<void> {
  const { administrator, member } = ctx.cast;
  await withChannels(ctx, async (made) => {
    const id = made(
      integer(expectSuccess(await ctx.call(administrator, 'POST', '/channels/create', { name: ctx.unique('default').slice(-60), subscribers: '[]' })), 'id'),
    );
    await withQueues(ctx, { member: [member, { eventTypes: ['default_streams'] }] }, async (queues) => {
      expectError(
        await ctx.call(member, 'POST', '/default_streams', { stream_id: String(id) }),
        400,
        'UNAUTHORIZED_PRINCIPAL',
        'Must be an organization administrator',
        'admin.defaults.admin-only',
      );
      try {
        expectSuccess(await ctx.call(administrator, 'POST', '/default_streams', { stream_id: String(id) }), 'admin.defaults.add');
        const listed = await registerKey(ctx, member, 'default_streams', 'realm_default_streams', 'admin.defaults.add');
        expectTrue(Array.isArray(listed) && listed.includes(id), `channel ${id} in realm_default_streams, got ${JSON.stringify(listed)}`, 'admin.defaults.add');
        await settle(ctx, [queues.member]);
        await expectEvents(queues.member, [exactEvent({ type: 'default_streams', default_streams: match.containing([id]) })], {
          what: 'a new default channel',
          clause: 'events.defaults',
        });
      } finally {
        expectSuccess(await ctx.call(administrator, 'DELETE', '/default_streams', { stream_id: String(id) }), 'admin.defaults.remove');
      }
      const after = await registerKey(ctx, member, 'default_streams', 'realm_default_streams', 'admin.defaults.remove');
      expectEqual(Array.isArray(after) && after.includes(id), false, `channel ${id} in realm_default_streams after removal`, 'admin.defaults.remove');
    });
  });
}

/** Changelog 196: playgrounds have url_template (RFC 6570); before, url_prefix. */
const PLAYGROUND_URL_TEMPLATE_SINCE = 196;

async function playgrounds(ctx: CheckContext): Promise<void> {
  const { administrator, member } = ctx.cast;
  const name = ctx.unique('playground');
  // Before 196 a playground had url_prefix (the code appended) instead of url_template.
  const templated = ctx.featureLevel >= PLAYGROUND_URL_TEMPLATE_SINCE;
  const params: Record<string, string> = templated
    ? { name, pygments_language: 'Python', url_template: 'https://play.example.com/?code={code}' }
    : { name, pygments_language: 'Python', url_prefix: 'https://play.example.com/?code=' };
  await withQueues(ctx, { member: [member, { eventTypes: ['realm_playgrounds'] }] }, async (queues) => {
    expectError(await ctx.call(member, 'POST', '/realm/playgrounds', params), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    if (templated)
      expectError(
        await ctx.call(administrator, 'POST', '/realm/playgrounds', { ...params, url_template: 'https://play.example.com/' }),
        400,
        'BAD_REQUEST',
        'Missing the required variable "code" in the URL template',
        'admin.playgrounds.template',
      );
    const id = integer(
      expectSuccess(await ctx.call(administrator, 'POST', '/realm/playgrounds', params), 'admin.playgrounds.add'),
      'id',
      'admin.playgrounds.add',
    );
    try {
      const listed = (await registerKey(ctx, member, 'realm_playgrounds', 'realm_playgrounds', 'admin.playgrounds.add')) as Record<string, unknown>[];
      expectTrue(
        Array.isArray(listed) && listed.some((entry) => entry['id'] === id && entry['name'] === name),
        `playground ${id} in realm_playgrounds, got ${JSON.stringify(listed)}`,
        'admin.playgrounds.add',
      );
      await settle(ctx, [queues.member]);
      await expectEvents(queues.member, [exactEvent({ type: 'realm_playgrounds', realm_playgrounds: match.listWith({ id, ...params }) })], {
        what: 'a new playground',
        clause: 'events.playgrounds',
      });
    } finally {
      expectSuccess(await ctx.call(administrator, 'DELETE', `/realm/playgrounds/${id}`), 'admin.playgrounds.remove');
    }
    const after = (await registerKey(ctx, member, 'realm_playgrounds', 'realm_playgrounds')) as Record<string, unknown>[];
    expectEqual(
      after.some((entry) => entry['id'] === id),
      false,
      `playground ${id} after removal`,
      'admin.playgrounds.remove',
    );
    expectError(await ctx.call(administrator, 'DELETE', `/realm/playgrounds/${id}`), 400, 'BAD_REQUEST', 'Invalid playground', 'admin.playgrounds.remove');
  });
}

async function exportsList(ctx: CheckContext): Promise<void> {
  const body = expectSuccess(await ctx.call(ctx.cast.administrator, 'GET', '/export/realm'), 'admin.exports.list');
  expectTrue(Array.isArray(body['exports']), `an exports list, got ${JSON.stringify(body)}`, 'admin.exports.list');
  expectError(
    await ctx.call(ctx.cast.member, 'GET', '/export/realm'),
    400,
    'UNAUTHORIZED_PRINCIPAL',
    'Must be an organization administrator',
    'admin.exports.list',
  );
}

export const ORGANIZATION_LIST_CHECKS = defineChecks([
  {
    id: 'admin.defaults',
    title:
      'Given a public channel and a member’s queue, when an administrator makes it a default channel and back, then register and default_streams show it, and a member may not',
    clauses: ['admin.defaults.add', 'admin.defaults.remove', 'admin.defaults.admin-only', 'events.defaults'],
    level: 'compat',
    endpoint: 'POST /default_streams',
    run: defaultChannels,
  },
  {
    id: 'admin.playgrounds',
    title:
      'Given a member’s queue, when an administrator adds a playground (after a template without code is refused) and removes it, then register and realm_playgrounds show it, then not',
    clauses: ['admin.playgrounds.add', 'admin.playgrounds.template', 'admin.playgrounds.remove', 'events.playgrounds'],
    level: 'compat',
    endpoint: 'POST /realm/playgrounds',
    run: playgrounds,
  },
  {
    id: 'admin.exports.list',
    title: 'Given an administrator and a member, when both list the data exports, then the administrator gets a list and the member is refused',
    clauses: ['admin.exports.list'],
    level: 'compat',
    endpoint: 'GET /export/realm',
    run: exportsList,
  },
]);
