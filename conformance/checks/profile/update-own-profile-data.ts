/** PATCH /users/me/profile_data: a user's own custom profile values. */
import { type Actor, type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectClientError, expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { expectCode, readUser, unknownUserId } from '../users/support.js';
import { listFields, profileFields } from './fields.js';

const ENDPOINT = 'PATCH /users/me/profile_data';
/** Changelog 296: editable_by_user (fields only administrators may fill in). */
const EDITABLE_BY_USER_SINCE = paramSince('create-custom-profile-field', 'editable_by_user') ?? 0;

async function profileOf(ctx: CheckContext, user: Actor): Promise<Record<string, Body>> {
  return (await readUser(ctx, ctx.cast.owner, user.userId, { include_custom_profile_fields: 'true' }))['profile_data'] as Record<string, Body>;
}

function profileValueOf(profile: Record<string, Body>, fieldId: number): unknown {
  return profile[String(fieldId)]?.['value'];
}

async function patch(ctx: CheckContext, user: Actor, data: unknown) {
  return ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify(data) });
}

/** A member with one value already set, so failures have something to leave alone. */
async function memberWithValue(ctx: CheckContext) {
  const fields = await profileFields(ctx);
  const user = await ctx.sharedMember(0);
  expectSuccess(await patch(ctx, user, [{ id: fields.short, value: 'Before' }]));
  return { fields, user, before: await profileOf(ctx, user) };
}

export const UPDATE_OWN_PROFILE_DATA_CHECKS = defineChecks([
  {
    id: 'profile.update.sets',
    title: 'Given a member, when they set a value in each field type, then each value reads back (the Users value as the ids given)',
    clauses: ['profile.update.sets', 'general.params.encoding'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(0);
      const values = {
        [fields.short]: 'Short value',
        [fields.long]: 'A longer value with *Markdown*',
        [fields.select]: 'a',
        [fields.date]: '2001-02-03',
        [fields.link]: 'https://example.org/profile',
      };
      const people = [ctx.cast.member.userId, ctx.cast.guest.userId];
      const data = [...Object.entries(values).map(([id, value]) => ({ id: Number(id), value })), { id: fields.users, value: people }];
      expectSuccess(await patch(ctx, user, data), 'profile.update.sets');
      const profile = await profileOf(ctx, user);
      for (const [id, value] of Object.entries(values))
        expectEqual(profileValueOf(profile, Number(id)), value, `the value of field ${id}`, 'profile.update.sets');
      const stored = profileValueOf(profile, fields.users);
      expectEqual(typeof stored === 'string' ? JSON.parse(stored) : stored, people, 'the Users value', 'profile.update.sets');
    },
  },
  {
    id: 'profile.update.remove',
    title: 'Given a member with two values, when one is set to null, then only that one is gone',
    clauses: ['profile.update.remove'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user } = await memberWithValue(ctx);
      expectSuccess(await patch(ctx, user, [{ id: fields.date, value: '1999-12-31' }]));
      expectSuccess(await patch(ctx, user, [{ id: fields.short, value: null }]), 'profile.update.remove');
      const profile = await profileOf(ctx, user);
      expectEqual(
        [profileValueOf(profile, fields.short), profileValueOf(profile, fields.date)],
        [undefined, '1999-12-31'],
        'the removed and the kept value',
        'profile.update.remove',
      );
    },
  },
  {
    id: 'profile.update.data-required',
    title: 'Given no data, or entries without id or without value, then each update fails and nothing changes',
    clauses: ['profile.update.data-required'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user, before } = await memberWithValue(ctx);
      expectClientError(await ctx.call(user, 'PATCH', '/users/me/profile_data', {}), 'profile.update.data-required');
      for (const data of [[{ id: fields.short }], [{ value: 'no id' }], { id: fields.short, value: 'not a list' }, 'not a list']) {
        expectClientError(await patch(ctx, user, data), 'profile.update.data-required');
      }
      expectClientError(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: '[{"id": ' }), 'profile.update.data-required');
      expectUnchanged(before, await profileOf(ctx, user), 'the profile', 'profile.update.data-required');
    },
  },
  {
    id: 'profile.update.type',
    title:
      'Given values that do not match their field’s type (bad date, unknown choice, bad link, list for text, text for Users, unknown user), then each fails and nothing changes',
    clauses: ['profile.update.type'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user, before } = await memberWithValue(ctx);
      const missing = await unknownUserId(ctx);
      const bad = [
        { id: fields.date, value: 'not-a-date' },
        { id: fields.date, value: '2001-02-30' },
        { id: fields.select, value: 'zzz' },
        { id: fields.link, value: 'not a link' },
        { id: fields.short, value: [1, 2] },
        { id: fields.users, value: 'someone' },
        { id: fields.users, value: [missing] },
      ];
      for (const entry of bad) expectClientError(await patch(ctx, user, [entry]), 'profile.update.type');
      expectUnchanged(before, await profileOf(ctx, user), 'the profile', 'profile.update.type');
    },
  },
  {
    id: 'profile.update.unknown-field',
    title: 'Given a field id that does not exist, then the update fails with BAD_REQUEST and nothing changes',
    clauses: ['profile.update.unknown-field'],
    level: 'spec',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { user, before } = await memberWithValue(ctx);
      const missing = Math.max(0, ...(await listFields(ctx)).map((field) => Number(field['id']))) + 1000;
      expectCode(await patch(ctx, user, [{ id: missing, value: 'x' }]), 'BAD_REQUEST', 'profile.update.unknown-field');
      expectUnchanged(before, await profileOf(ctx, user), 'the profile', 'profile.update.unknown-field');
    },
  },
  {
    id: 'profile.update.restricted',
    title: 'Given a field users may not edit, when a member, a moderator or a guest sets it, then it fails with BAD_REQUEST and nothing changes',
    clauses: ['profile.update.restricted'],
    level: 'spec',
    since: EDITABLE_BY_USER_SINCE,
    endpoint: ENDPOINT,
    async run(ctx) {
      const fields = await profileFields(ctx);
      const { moderator, guest } = ctx.cast;
      for (const user of [await ctx.sharedMember(0), moderator, guest]) {
        const before = await profileOf(ctx, user);
        expectCode(await patch(ctx, user, [{ id: fields.restricted, value: 'mine' }]), 'BAD_REQUEST', 'profile.update.restricted');
        expectUnchanged(before, await profileOf(ctx, user), `the profile of ${user.email}`, 'profile.update.restricted');
      }
    },
  },
  {
    id: 'profile.update.messages',
    title: 'Given an unknown field, a restricted field and mistyped values, then the errors are the real server’s',
    clauses: ['profile.update.messages'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user } = await memberWithValue(ctx);
      const definitions = await listFields(ctx);
      const label = (id: number) => String(definitions.find((field) => field['id'] === id)?.['name']);
      const missing = Math.max(0, ...definitions.map((field) => Number(field['id']))) + 1000;
      const cases: [unknown, string][] = [
        [{ id: missing, value: 'x' }, `Field id ${missing} not found.`],
        [{ id: fields.date, value: 'not-a-date' }, `${label(fields.date)} is not a date`],
        [{ id: fields.select, value: 'zzz' }, `'zzz' is not a valid choice for '${label(fields.select)}'.`],
        [{ id: fields.link, value: 'not a link' }, `${label(fields.link)} is not a URL`],
      ];
      if (ctx.featureLevel >= EDITABLE_BY_USER_SINCE)
        cases.push([{ id: fields.restricted, value: 'x' }, 'You are not allowed to change this field. Contact an administrator to update it.']);
      for (const [entry, message] of cases) expectError(await patch(ctx, user, [entry]), 400, 'BAD_REQUEST', message);
    },
  },
  {
    id: 'profile.update.atomic',
    title: 'Given a batch with a valid entry and an invalid one, then the update fails and the valid entry is not applied either',
    clauses: ['profile.update.atomic'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user, before } = await memberWithValue(ctx);
      expectClientError(
        await patch(ctx, user, [
          { id: fields.short, value: 'After' },
          { id: fields.date, value: 'never' },
        ]),
      );
      expectUnchanged(before, await profileOf(ctx, user), 'the profile');
    },
  },
  {
    id: 'profile.update.admin-restricted',
    title: 'Given a field users may not edit, then an administrator may set it on their own profile and on another user’s',
    clauses: ['profile.update.admin-restricted'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fields = await profileFields(ctx);
      const admin = ctx.cast.administrator;
      expectSuccess(await patch(ctx, admin, [{ id: fields.restricted, value: 'admin value' }]));
      expectEqual(profileValueOf(await profileOf(ctx, admin), fields.restricted), 'admin value', 'the administrator’s own value');
      const member = await ctx.sharedMember(0);
      const data = JSON.stringify([{ id: fields.restricted, value: 'set for you' }]);
      expectSuccess(await ctx.call(admin, 'PATCH', `/users/${member.userId}`, { profile_data: data }));
      expectEqual(profileValueOf(await profileOf(ctx, member), fields.restricted), 'set for you', 'the member’s value set by the administrator');
    },
  },
  {
    id: 'profile.update.text-limits',
    title: 'Given a short-text value of 50 characters it is kept; of 51, it is 400 BAD_REQUEST naming the limit',
    clauses: ['profile.update.text-limits'],
    level: 'compat',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { fields, user } = await memberWithValue(ctx);
      const fifty = 'f'.repeat(50);
      expectSuccess(await patch(ctx, user, [{ id: fields.short, value: fifty }]));
      const kept = await profileOf(ctx, user);
      expectEqual(profileValueOf(kept, fields.short), fifty, 'the 50-character value');
      const name = String((await listFields(ctx)).find((field) => field['id'] === fields.short)?.['name']);
      expectError(await patch(ctx, user, [{ id: fields.short, value: `${fifty}f` }]), 400, 'BAD_REQUEST', `${name} is too long (limit: 50 characters)`);
      expectUnchanged(kept, await profileOf(ctx, user), 'the profile');
    },
  },
]);
