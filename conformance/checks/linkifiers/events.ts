/**
 * realm_linkifiers events and register: every change tells each queue with linkifier_url_template the whole
 * ordered list, and applying those events to register's realm_linkifiers gives a fresh register's (the event
 * replay); a queue without the capability holds `[]` and is told nothing; realm_filters is always `[]`.
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { applyEvents, DEFAULT_APPLY_OPTIONS } from '../../events/apply-event.js';
import { expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectSuccess } from '../../expect.js';
import { ADD, listLinkifiers, tag, withLinkifiers } from './support.js';

const FETCH = JSON.stringify(['realm_linkifiers', 'realm_filters']);

async function freshRegister(ctx: CheckContext, capability: boolean): Promise<Record<string, unknown>> {
  const capabilities = JSON.stringify({ notification_settings_null: true, linkifier_url_template: capability });
  const body = expectSuccess(
    await ctx.call(ctx.cast.member, 'POST', '/register', { fetch_event_types: FETCH, event_types: '["realm_linkifiers"]', client_capabilities: capabilities }),
    'events.linkifiers.register',
  );
  await ctx.call(ctx.cast.member, 'DELETE', '/events', { queue_id: String(body['queue_id']) });
  return { realm_linkifiers: body['realm_linkifiers'], realm_filters: body['realm_filters'] };
}

async function replay(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const queueOptions = (capability: boolean) => ({
    eventTypes: ['realm_linkifiers', 'user_status'],
    capabilities: capability ? ['notification_settings_null', 'linkifier_url_template'] : ['notification_settings_null'],
    params: { fetch_event_types: FETCH },
  });
  await withQueues(ctx, { modern: [member, queueOptions(true)] as const, old: [member, queueOptions(false)] as const }, async ({ modern, old }) => {
    const registered = { realm_linkifiers: modern.registered['realm_linkifiers'], realm_filters: modern.registered['realm_filters'] };
    expectEqual(
      registered['realm_linkifiers'],
      await listLinkifiers(ctx, member),
      'register’s realm_linkifiers with the capability',
      'events.linkifiers.register',
    );
    expectEqual(
      { realm_linkifiers: old.registered['realm_linkifiers'], realm_filters: old.registered['realm_filters'] },
      { realm_linkifiers: [], realm_filters: [] },
      'register’s realm_linkifiers and realm_filters without the capability',
      'events.linkifiers.register',
    );
    await withLinkifiers(ctx, async (made) => {
      const t = tag(ctx, 'lkevents');
      const admin = ctx.cast.administrator;
      const a = await made.add({ pattern: `${t}A(?P<id>[0-9]+)`, url_template: 'https://a.example/{id}' });
      const b = await made.add({ pattern: `${t}B(?P<id>[0-9]+)`, url_template: 'https://b.example/{id}' });
      expectSuccess(await ctx.call(admin, 'PATCH', `/realm/filters/${a}`, { pattern: `${t}C(?P<id>[0-9]+)`, url_template: 'https://c.example/{id}' }));
      const order = (await listLinkifiers(ctx, admin)).map((linkifier) => linkifier['id'] as number);
      const swapped = order.map((id) => (id === a ? b : id === b ? a : id));
      expectSuccess(await ctx.call(admin, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify(swapped) }));
      expectSuccess(await ctx.call(admin, 'DELETE', `/realm/filters/${b}`));
      await settle(ctx, [modern, old]);
      const events = modern.received.filter((event) => event.type === 'realm_linkifiers');
      if (events.length !== 5) {
        const got = `${events.length}: ${JSON.stringify(events)}`;
        throw new CheckFailure(`one realm_linkifiers event per change (two adds, a change, a reorder, a removal), got ${got}`, undefined, 'events.linkifiers');
      }
      const last = events[events.length - 1]!;
      expectEqual(last['realm_linkifiers'], await listLinkifiers(ctx, member), 'the last realm_linkifiers event’s list', 'events.linkifiers');
      const applied = applyEvents(registered, events, { ...DEFAULT_APPLY_OPTIONS, linkifierUrlTemplate: true }).state;
      expectEqual(applied, await freshRegister(ctx, true), 'register’s linkifier state with the events applied, against a fresh register', 'events.linkifiers');
      expectNoEvents(old, (event) => event.type === 'realm_linkifiers', { what: 'linkifier changes', clause: 'events.linkifiers' });
    });
  });
}

export const EVENT_CHECKS = defineChecks([
  {
    id: 'events.linkifiers',
    title:
      'Given queues with and without linkifier_url_template, when linkifiers are added, changed, reordered and removed, then the first gets the whole list each time (replaying them gives a fresh register) and the second nothing',
    clauses: ['events.linkifiers', 'events.linkifiers.register'],
    level: 'compat',
    endpoint: ADD,
    run: replay,
  },
]);
