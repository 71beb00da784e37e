/**
 * PATCH /realm/linkifiers: the processing order. The check lists every linkifier of the realm (it must send them
 * all), moves only its own two, renders the effect, and puts the realm's order back afterwards.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { listLinkifiers, REORDER, renderedBySending, tag, withLinkifiers } from './support.js';

async function reorder(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkorder');
    const admin = ctx.cast.administrator;
    const general = await made.add({ pattern: `${t}-(?P<id>[0-9]+)`, url_template: 'https://general.example/{id}' });
    const specific = await made.add({ pattern: `${t}-(?P<id>1[0-9]*)`, url_template: 'https://specific.example/{id}' });
    const original = (await listLinkifiers(ctx, admin)).map((linkifier) => linkifier['id'] as number);
    const send = (ids: readonly unknown[]) => ctx.call(admin, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify(ids) });

    const content = `see ${t}-123`;
    const first = await renderedBySending(ctx, ctx.unique('order'), content);
    expectEqual(
      first['content'],
      `<p>see <a href="https://general.example/123">${t}-123</a></p>`,
      'the message with the general linkifier first',
      'linkifiers.render.order',
    );

    expectError(
      await send([...original, original[0]]),
      400,
      'BAD_REQUEST',
      'The ordered list must not contain duplicated linkifiers',
      'linkifiers.reorder.errors',
    );
    expectError(
      await send(original.slice(1)),
      400,
      'BAD_REQUEST',
      'The ordered list must enumerate all existing linkifiers exactly once',
      'linkifiers.reorder.errors',
    );
    expectEqual(
      (await listLinkifiers(ctx, admin)).map((linkifier) => linkifier['id']),
      original,
      'the order after refused reorders',
      'linkifiers.reorder.errors',
    );

    const swapped = original.map((id) => (id === general ? specific : id === specific ? general : id));
    try {
      expectSuccess(await send(swapped), 'linkifiers.reorder');
      expectEqual(
        (await listLinkifiers(ctx, ctx.cast.member)).map((linkifier) => linkifier['id']),
        swapped,
        'the order after the reorder',
        'linkifiers.reorder',
      );
      const second = await renderedBySending(ctx, ctx.unique('order'), content);
      expectEqual(
        second['content'],
        `<p>see <a href="https://specific.example/123">${t}-123</a></p>`,
        'the message with the specific linkifier first',
        'linkifiers.render.order',
      );
    } finally {
      await send(original);
    }
  });
}

export const ORDER_CHECKS = defineChecks([
  {
    id: 'linkifiers.reorder',
    title:
      'Given two linkifiers matching the same text, when their order is swapped (every id listed once), then the first in order links it; repeated or missing ids are refused',
    clauses: ['linkifiers.reorder', 'linkifiers.reorder.errors', 'linkifiers.render.order'],
    level: 'compat',
    endpoint: REORDER,
    run: reorder,
  },
]);
