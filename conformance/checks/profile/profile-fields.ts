/**
 * GET and POST /realm/profile_fields. The spec does not show field
 * definitions, so everything here is the real server's behaviour.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { listFields, profileFields, SELECT_CHOICES } from './fields.js';

async function definitions(ctx: CheckContext) {
  return expectSuccess(await ctx.call(ctx.cast.owner, 'GET', '/realm/profile_fields'))['custom_fields'];
}

export const PROFILE_FIELD_CHECKS = defineChecks([
  {
    id: 'profile.fields.list',
    title:
      'Given each role, when it lists the profile fields, then each field has id, name, type, hint, field_data and order, and the suite’s fields are there as defined',
    clauses: ['profile.fields.list'],
    level: 'compat',
    endpoint: 'GET /realm/profile_fields',
    async run(ctx) {
      const ids = await profileFields(ctx);
      const { owner, moderator, member, guest } = ctx.cast;
      for (const viewer of [owner, moderator, member, guest]) {
        const fields = expectSuccess(await ctx.call(viewer, 'GET', '/realm/profile_fields'))['custom_fields'] as Record<string, unknown>[];
        for (const field of fields) {
          expectTrue(
            Number.isInteger(field['id']) &&
              typeof field['name'] === 'string' &&
              Number.isInteger(field['type']) &&
              typeof field['hint'] === 'string' &&
              typeof field['field_data'] === 'string' &&
              Number.isInteger(field['order']),
            `a field definition with id, name, type, hint, field_data, order; got ${JSON.stringify(field)}`,
          );
        }
        const select = fields.find((field) => field['id'] === ids.select);
        expectEqual(select?.['type'], 3, 'the choice field’s type');
        expectEqual(JSON.parse(String(select?.['field_data'])), SELECT_CHOICES, 'the choice field’s field_data');
        // editable_by_user from 296.
        if (ctx.featureLevel >= (paramSince('create-custom-profile-field', 'editable_by_user') ?? 0))
          expectEqual(fields.find((field) => field['id'] === ids.restricted)?.['editable_by_user'], false, 'editable_by_user of the restricted field');
      }
    },
  },
  {
    id: 'profile.fields.create',
    title: 'Given an administrator, when it creates a short-text field, then the answer is its id and the field is listed with its label and hint',
    clauses: ['profile.fields.create'],
    level: 'compat',
    endpoint: 'POST /realm/profile_fields',
    async run(ctx) {
      const name = ctx.unique('field');
      const body = expectSuccess(
        await ctx.call(ctx.cast.owner, 'POST', '/realm/profile_fields', { name, hint: 'Made by the conformance suite', field_type: '1' }),
      );
      const id = body['id'];
      expectTrue(Number.isInteger(id), `an integer id, got ${JSON.stringify(id)}`);
      const field = (await listFields(ctx)).find((entry) => entry['id'] === id);
      expectEqual([field?.['name'], field?.['hint'], field?.['type']], [name, 'Made by the conformance suite', 1], 'the listed field');
      // Best effort: servers that can delete fields get the realm back as it was.
      await ctx.call(ctx.cast.owner, 'DELETE', `/realm/profile_fields/${String(id)}`);
    },
  },
  {
    id: 'profile.fields.admin-only',
    title: 'Given a moderator, a member and a guest, when each creates a field, then each is 400 UNAUTHORIZED_PRINCIPAL and no field appears',
    clauses: ['profile.fields.admin-only'],
    level: 'compat',
    endpoint: 'POST /realm/profile_fields',
    async run(ctx) {
      const before = await definitions(ctx);
      const { moderator, member, guest } = ctx.cast;
      for (const actor of [moderator, member, guest]) {
        const response = await ctx.call(actor, 'POST', '/realm/profile_fields', { name: ctx.unique('nofield'), field_type: '1' });
        expectError(response, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
      }
      expectUnchanged(before, await definitions(ctx), 'the field list');
    },
  },
  {
    id: 'profile.fields.validation',
    title:
      'Given a label over 40 characters, a label in use, an unknown type and a choice field without choices, then each is 400 BAD_REQUEST and no field appears',
    clauses: ['profile.fields.validation'],
    level: 'compat',
    endpoint: 'POST /realm/profile_fields',
    async run(ctx) {
      await profileFields(ctx);
      const before = await definitions(ctx);
      const taken = String((before as Record<string, unknown>[])[0]?.['name']);
      const cases: Record<string, string>[] = [
        { name: 'l'.repeat(41), field_type: '1' },
        { name: taken, field_type: '1' },
        { name: ctx.unique('badtype'), field_type: '99' },
        { name: ctx.unique('nochoices'), field_type: '3' },
      ];
      for (const params of cases) expectError(await ctx.call(ctx.cast.owner, 'POST', '/realm/profile_fields', params), 400, 'BAD_REQUEST');
      expectUnchanged(before, await definitions(ctx), 'the field list');
    },
  },
]);
