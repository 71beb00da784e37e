/**
 * Administering custom profile fields: PATCH and DELETE
 * /realm/profile_fields/{field_id} and the reorder PATCH /realm/profile_fields.
 * The spec does not show field definitions: everything here is the real
 * server's behaviour. Each check deletes the fields it creates, and the
 * reorder check puts the realm's order back.
 */
import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { expectEvents, match } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { type Body, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { readUser } from '../users/support.js';
import { listFields } from './fields.js';

const UPDATE = 'PATCH /realm/profile_fields/{field_id}';
const DELETE = 'DELETE /realm/profile_fields/{field_id}';
const REORDER = 'PATCH /realm/profile_fields';
const MUST_BE_ADMIN = 'Must be an organization administrator';

/**
 * Runs `body` with a creator of throw-away fields (unique labels), deleting
 * each afterwards whatever happened.
 */
async function withFields<T>(ctx: CheckContext, body: (create: (params?: Record<string, string>) => Promise<number>) => Promise<T>): Promise<T> {
  const created: number[] = [];
  try {
    return await body(async (params = {}) => {
      const made = expectSuccess(
        await ctx.call(ctx.cast.owner, 'POST', '/realm/profile_fields', { name: ctx.unique('pfield').slice(-40), field_type: '1', ...params }),
      );
      if (!Number.isInteger(made['id'])) throw new CheckFailure(`the new field's id, got ${JSON.stringify(made)}`);
      created.push(made['id'] as number);
      return made['id'] as number;
    });
  } finally {
    for (const id of created) await ctx.call(ctx.cast.owner, 'DELETE', `/realm/profile_fields/${id}`);
  }
}

async function fieldById(ctx: CheckContext, id: number): Promise<Body | undefined> {
  return (await listFields(ctx)).find((field) => field['id'] === id);
}

/**
 * Changelog 252: name and hint (among others) became optional in an update;
 * before, an omitted one took its default, so a client sent the current ones.
 */
const OPTIONAL_UPDATE_PARAMS_SINCE = 252;

async function patchField(ctx: CheckContext, actor: Actor, id: number, params: Record<string, string>) {
  let sent = params;
  if (ctx.featureLevel < OPTIONAL_UPDATE_PARAMS_SINCE) {
    const current = await fieldById(ctx, id);
    if (current !== undefined) sent = { name: String(current['name']), hint: String(current['hint']), ...params };
  }
  return ctx.call(actor, 'PATCH', `/realm/profile_fields/${id}`, sent);
}

async function update(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  await withFields(ctx, async (create) => {
    const id = await create({ hint: 'before' });
    const name = ctx.unique('renamed').slice(-40);
    expectSuccess(await patchField(ctx, owner, id, { name: `  ${name} ` }), 'profile.fields.update');
    const renamed = await fieldById(ctx, id);
    expectEqual([renamed?.['name'], renamed?.['hint']], [name, 'before'], `field ${id}'s label (trimmed) and untouched hint`, 'profile.fields.update');
    // The flags each from its level: required 244, editable_by_user 296.
    const flags = (
      [
        ['required', 'true', true],
        ['editable_by_user', 'false', false],
      ] as const
    ).filter(([flag]) => ctx.featureLevel >= (paramSince('create-custom-profile-field', flag) ?? 0));
    expectSuccess(
      await patchField(ctx, owner, id, { hint: 'after', ...Object.fromEntries(flags.map(([flag, wire]) => [flag, wire])) }),
      'profile.fields.update',
    );
    const field = await fieldById(ctx, id);
    expectEqual(
      [field?.['name'], field?.['hint'], ...flags.map(([flag]) => field?.[flag]), field?.['type']],
      [name, 'after', ...flags.map(([, , value]) => value), 1],
      `field ${id} after a new hint and flags`,
      'profile.fields.update',
    );
  });
}

async function updateValidation(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  await withFields(ctx, async (create) => {
    const id = await create();
    const other = await create();
    const choice = await create({ field_type: '3', field_data: JSON.stringify({ a: { text: 'A', order: '1' } }) });
    const before = await listFields(ctx);
    const takenName = String(before.find((field) => field['id'] === other)?.['name']);
    const refuse = async (fieldId: number, params: Record<string, string>, msg: string) =>
      expectError(await patchField(ctx, owner, fieldId, params), 400, 'BAD_REQUEST', msg, 'profile.fields.update-validation');
    await refuse(id, { name: '   ' }, 'Label cannot be blank.');
    await refuse(id, { name: 'n'.repeat(41) }, 'name is too long (limit: 40 characters)');
    await refuse(id, { hint: 'h'.repeat(81) }, 'hint is too long (limit: 80 characters)');
    await refuse(id, { name: takenName }, 'A field with that label already exists.');
    await refuse(choice, { field_data: '{}' }, 'Field must have at least one choice.');
    expectUnchanged(before, await listFields(ctx), 'the field list', 'profile.fields.update-validation');
  });
}

async function defaultExternal(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  await withFields(ctx, async (create) => {
    const named = (field: Body) => {
      try {
        return field['type'] === 7 && JSON.parse(String(field['field_data']))['subtype'] !== 'custom';
      } catch {
        return false;
      }
    };
    let field = (await listFields(ctx)).find(named);
    if (field === undefined) {
      // The server fixes the label of each named account: make one whose label is free.
      const labels = new Set((await listFields(ctx)).map((other) => other['name']));
      const subtype = labels.has('GitHub username') ? 'twitter' : 'github';
      const id = await create({ field_type: '7', field_data: JSON.stringify({ subtype }) });
      field = await fieldById(ctx, id);
    }
    const id = Number(field?.['id']);
    const before = await listFields(ctx);
    expectError(
      await patchField(ctx, owner, id, { name: ctx.unique('forge').slice(-40) }),
      400,
      'BAD_REQUEST',
      'Default custom field cannot be updated.',
      'profile.fields.update-default-external',
    );
    expectUnchanged(before, await listFields(ctx), 'the field list', 'profile.fields.update-default-external');
  });
}

async function remove(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  const user = await ctx.sharedMember(0);
  await withFields(ctx, async (create) => {
    const id = await create();
    expectSuccess(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify([{ id, value: 'soon gone' }]) }));
    const storedValue = async () => ((await readUser(ctx, owner, user.userId, { include_custom_profile_fields: 'true' }))['profile_data'] as Body)[String(id)];
    expectEqual((await storedValue())?.['value'], 'soon gone', `the member's value of field ${id}`, 'profile.fields.delete');
    expectSuccess(await ctx.call(owner, 'DELETE', `/realm/profile_fields/${id}`), 'profile.fields.delete');
    expectEqual(await fieldById(ctx, id), undefined, `field ${id} in the list after its deletion`, 'profile.fields.delete');
    expectEqual(await storedValue(), undefined, `the member's value of the deleted field ${id}`, 'profile.fields.delete');
    const missing = `Field id ${id} not found.`;
    expectError(await ctx.call(owner, 'DELETE', `/realm/profile_fields/${id}`), 400, 'BAD_REQUEST', missing, 'profile.fields.missing');
    expectError(await patchField(ctx, owner, id, { hint: 'x' }), 400, 'BAD_REQUEST', missing, 'profile.fields.missing');
  });
}

async function reorder(ctx: CheckContext): Promise<void> {
  const { owner } = ctx.cast;
  await withFields(ctx, async (create) => {
    await create();
    const original = (await listFields(ctx)).map((field) => field['id'] as number);
    const reversed = [...original].reverse();
    try {
      expectSuccess(await ctx.call(owner, 'PATCH', '/realm/profile_fields', { order: JSON.stringify(reversed) }), 'profile.fields.reorder');
      const listed = await listFields(ctx);
      expectEqual(
        listed.map((field) => [field['id'], field['order']]),
        reversed.map((id, position) => [id, position]),
        'the fields (id, order) after reordering',
        'profile.fields.reorder',
      );
      expectError(
        await ctx.call(owner, 'PATCH', '/realm/profile_fields', { order: JSON.stringify(reversed.slice(1)) }),
        400,
        'BAD_REQUEST',
        'Invalid order mapping.',
        'profile.fields.reorder-all',
      );
      expectUnchanged(listed, await listFields(ctx), 'the field list', 'profile.fields.reorder-all');
    } finally {
      await ctx.call(owner, 'PATCH', '/realm/profile_fields', { order: JSON.stringify(original) });
    }
  });
}

async function adminOnly(ctx: CheckContext): Promise<void> {
  const { moderator, member, guest } = ctx.cast;
  await withFields(ctx, async (create) => {
    const id = await create();
    const before = await listFields(ctx);
    const order = JSON.stringify(before.map((field) => field['id']).reverse());
    for (const actor of [moderator, member, guest]) {
      for (const response of [
        await patchField(ctx, actor, id, { hint: 'not theirs' }),
        await ctx.call(actor, 'DELETE', `/realm/profile_fields/${id}`),
        await ctx.call(actor, 'PATCH', '/realm/profile_fields', { order }),
      ]) {
        expectError(response, 400, 'UNAUTHORIZED_PRINCIPAL', MUST_BE_ADMIN, 'profile.fields.admin-only-changes');
      }
    }
    expectUnchanged(before, await listFields(ctx), 'the field list', 'profile.fields.admin-only-changes');
  });
}

async function events(ctx: CheckContext): Promise<void> {
  const { owner, member, guest } = ctx.cast;
  const types = ['custom_profile_fields', 'user_status'];
  await withFields(ctx, async (create) => {
    const id = await create();
    const order = (await listFields(ctx)).map((field) => field['id'] as number);
    await withQueues(ctx, { member: [member, { eventTypes: types }], guest: [guest, { eventTypes: types }] }, async (queues) => {
      expectSuccess(await patchField(ctx, owner, id, { hint: 'heard by all' }));
      expectSuccess(await ctx.call(owner, 'PATCH', '/realm/profile_fields', { order: JSON.stringify(order) }));
      expectSuccess(await ctx.call(owner, 'DELETE', `/realm/profile_fields/${id}`));
      await settle(ctx, [queues.member, queues.guest]);
      const listed = (expected: (fields: unknown) => boolean, describe: string) => ({ type: 'custom_profile_fields', fields: match.where(describe, expected) });
      const withHint = (fields: unknown) => Array.isArray(fields) && fields.some((field: Body) => field['id'] === id && field['hint'] === 'heard by all');
      const without = (fields: unknown) => Array.isArray(fields) && !fields.some((field: Body) => field['id'] === id);
      for (const queue of [queues.member, queues.guest]) {
        await expectEvents(
          queue,
          [listed(withHint, `the list with field ${id}'s new hint`), listed(withHint, 'the reordered list'), listed(without, `the list without field ${id}`)],
          { what: 'updating, reordering and deleting a field', clause: 'events.profile-fields.admin', ordered: true },
        );
      }
    });
  });
}

export const PROFILE_FIELD_ADMIN_CHECKS = defineChecks([
  {
    id: 'profile.fields.update',
    title: 'Given a field, when an owner sends a padded label, then a hint and flags, then each read-back shows just those changed',
    clauses: ['profile.fields.update'],
    level: 'compat',
    endpoint: UPDATE,
    run: update,
  },
  {
    id: 'profile.fields.update-validation',
    title:
      'When an update blanks or overlengthens the label or hint, takes another field’s label or empties a choice field, then each is refused and nothing changes',
    clauses: ['profile.fields.update-validation'],
    level: 'compat',
    endpoint: UPDATE,
    run: updateValidation,
  },
  {
    id: 'profile.fields.update-default-external',
    title: 'Given a named external account field, when an owner relabels it, then it is "Default custom field cannot be updated." and nothing changes',
    clauses: ['profile.fields.update-default-external'],
    level: 'compat',
    endpoint: UPDATE,
    run: defaultExternal,
  },
  {
    id: 'profile.fields.delete',
    title:
      'Given a field a member filled in, when an owner deletes it, then it and the value are gone, and deleting or updating it again is "Field id N not found."',
    clauses: ['profile.fields.delete', 'profile.fields.missing'],
    level: 'compat',
    endpoint: DELETE,
    run: remove,
  },
  {
    id: 'profile.fields.reorder',
    title:
      'When an owner reverses the field order, then the list follows it with order = position; an order missing a field is refused (the order is put back)',
    clauses: ['profile.fields.reorder', 'profile.fields.reorder-all'],
    level: 'compat',
    endpoint: REORDER,
    run: reorder,
  },
  {
    id: 'profile.fields.admin-only-changes',
    title: 'Given a moderator, a member and a guest, when each updates, deletes or reorders fields, then each is UNAUTHORIZED_PRINCIPAL and nothing changes',
    clauses: ['profile.fields.admin-only-changes'],
    level: 'compat',
    endpoint: DELETE,
    run: adminOnly,
  },
  {
    id: 'events.profile-fields.admin',
    title: 'Given queues of a member and a guest, when an owner updates, reorders and deletes a field, then both get custom_profile_fields with each new list',
    clauses: ['events.profile-fields.admin'],
    level: 'compat',
    endpoint: UPDATE,
    run: events,
  },
]);
