/**
 * Adding, listing, replacing and removing linkifiers, and who may: the record's fields, the order new ones take,
 * a replacement keeping its place, unknown ids, and administrators only.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { ADD, addLinkifier, listLinkifiers, REMOVE, tag, UPDATE, withLinkifiers } from './support.js';

const NOT_ADMIN = 'Must be an organization administrator';
const NOT_FOUND = 'Linkifier not found.';

/** The part of the list a check made, in list order. */
async function ownInList(ctx: CheckContext, ids: readonly number[], clause?: string) {
  return (await listLinkifiers(ctx, ctx.cast.guest, clause)).filter((linkifier) => ids.includes(linkifier['id']));
}

async function addAndList(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkadd');
    const first = { pattern: `${t}A-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${t}/{id}` };
    const second = { pattern: `${t}B-(?P<org>[a-z]+)/(?P<id>[0-9]+)`, url_template: `https://git.example/{org}/issues{/id}{?id}` };
    const a = await made.add(first, 'linkifiers.add.named-groups');
    const b = await made.add(second, 'linkifiers.add.url-template');
    expectTrue(a !== b, `two linkifiers to get two ids, got ${a} and ${b}`, 'linkifiers.add.response');
    const listed = await listLinkifiers(ctx, ctx.cast.guest);
    const positions = [a, b].map((id) => listed.findIndex((linkifier) => linkifier['id'] === id));
    expectEqual(positions, [listed.length - 2, listed.length - 1], 'the places of the two new linkifiers in the list', 'linkifiers.add.last');
    // The reverse-linkifier fields came at feature level 471, the alternative templates at 478.
    const record = (id: number, params: typeof first) => ({
      pattern: params.pattern,
      url_template: params.url_template,
      id,
      ...(ctx.featureLevel >= 471 ? { example_input: null, reverse_template: null } : {}),
      ...(ctx.featureLevel >= 478 ? { alternative_url_templates: [] } : {}),
    });
    expectEqual(listed.slice(-2), [record(a, first), record(b, second)], 'the two linkifiers as GET /realm/linkifiers lists them', 'linkifiers.record.fields');
  });
}

async function replace(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkpatch');
    const ids = [
      await made.add({ pattern: `${t}A(?P<id>[0-9]+)`, url_template: 'https://a.example/{id}' }),
      await made.add({ pattern: `${t}B(?P<id>[0-9]+)`, url_template: 'https://b.example/{id}' }),
    ];
    const { administrator } = ctx.cast;
    expectError(
      await ctx.call(administrator, 'PATCH', `/realm/filters/${ids[0]}`, { pattern: `${t}C(?P<id>[0-9]+)` }),
      400,
      'REQUEST_VARIABLE_MISSING',
      "Missing 'url_template' argument",
      'linkifiers.update.required',
    );
    expectSuccess(
      await ctx.call(administrator, 'PATCH', `/realm/filters/${ids[0]}`, { pattern: `${t}C(?P<num>[0-9]+)`, url_template: 'https://c.example/{num}' }),
      'linkifiers.update.replace',
    );
    expectEqual(
      (await ownInList(ctx, ids)).map((linkifier) => [linkifier['id'], linkifier['pattern'], linkifier['url_template']]),
      [
        [ids[0], `${t}C(?P<num>[0-9]+)`, 'https://c.example/{num}'],
        [ids[1], `${t}B(?P<id>[0-9]+)`, 'https://b.example/{id}'],
      ],
      'the linkifiers after replacing the first',
      'linkifiers.update.replace',
    );
  });
}

async function remove(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkdel');
    const ids: number[] = [];
    for (const letter of ['A', 'B', 'C']) ids.push(await made.add({ pattern: `${t}${letter}`, url_template: `https://${letter.toLowerCase()}.example` }));
    const { administrator } = ctx.cast;
    expectSuccess(await ctx.call(administrator, 'DELETE', `/realm/filters/${ids[1]}`), 'linkifiers.remove');
    expectEqual(
      (await ownInList(ctx, ids)).map((linkifier) => linkifier['id']),
      [ids[0], ids[2]],
      'the linkifiers left, in order',
      'linkifiers.remove',
    );
    expectError(await ctx.call(administrator, 'DELETE', `/realm/filters/${ids[1]}`), 400, 'BAD_REQUEST', NOT_FOUND, 'linkifiers.not-found');
    expectError(
      await ctx.call(administrator, 'PATCH', `/realm/filters/${ids[1]}`, { pattern: `${t}D`, url_template: 'https://d.example' }),
      400,
      'BAD_REQUEST',
      NOT_FOUND,
      'linkifiers.not-found',
    );
  });
}

async function administratorsOnly(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkadmin');
    const id = await made.add({ pattern: `${t}(?P<id>[0-9]+)`, url_template: 'https://x.example/{id}' });
    const before = await listLinkifiers(ctx, ctx.cast.owner);
    for (const actor of [ctx.cast.moderator, ctx.cast.member, ctx.cast.guest]) {
      const attempts = [
        await addLinkifier(ctx, actor, { pattern: `${t}X(?P<id>[0-9]+)`, url_template: 'https://x.example/{id}' }),
        await ctx.call(actor, 'PATCH', `/realm/filters/${id}`, { pattern: `${t}Y(?P<id>[0-9]+)`, url_template: 'https://y.example/{id}' }),
        await ctx.call(actor, 'DELETE', `/realm/filters/${id}`),
        await ctx.call(actor, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify(before.map((linkifier) => linkifier['id'])) }),
      ];
      for (const response of attempts) {
        made.note(response);
        expectError(response, 400, 'UNAUTHORIZED_PRINCIPAL', NOT_ADMIN, 'linkifiers.admin-only');
      }
    }
    expectEqual(await listLinkifiers(ctx, ctx.cast.owner), before, 'the linkifiers after refused attempts', 'linkifiers.validation.unchanged');
  });
}

export const CRUD_CHECKS = defineChecks([
  {
    id: 'linkifiers.add-and-list',
    title: 'Given an administrator, when two linkifiers are added, then each gets an id, and any user lists them last with every field',
    clauses: [
      'linkifiers.add.response',
      'linkifiers.add.named-groups',
      'linkifiers.add.url-template',
      'linkifiers.record.fields',
      'linkifiers.list.order',
      'linkifiers.add.last',
    ],
    level: 'spec',
    endpoint: ADD,
    run: addAndList,
  },
  {
    id: 'linkifiers.update.replace',
    title: 'Given two linkifiers, when the first is replaced (pattern and url_template both given), then it changes in its place',
    clauses: ['linkifiers.update.replace', 'linkifiers.update.required'],
    level: 'compat',
    endpoint: UPDATE,
    run: replace,
  },
  {
    id: 'linkifiers.remove',
    title: 'Given three linkifiers, when the middle one is removed, then the others keep their order and its id is "Linkifier not found."',
    clauses: ['linkifiers.remove', 'linkifiers.not-found'],
    level: 'compat',
    endpoint: REMOVE,
    run: remove,
  },
  {
    id: 'linkifiers.admin-only',
    title: 'Given a moderator, a member and a guest, when they add, change, remove or reorder linkifiers, then each is refused and nothing changes',
    clauses: ['linkifiers.admin-only', 'linkifiers.validation.unchanged'],
    level: 'compat',
    endpoint: ADD,
    run: administratorsOnly,
  },
]);
