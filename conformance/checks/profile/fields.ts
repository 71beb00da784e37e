/**
 * The custom profile fields the profile checks write values into. The API
 * has no way to delete a field here, so they are created once per realm
 * under fixed labels and reused by later runs instead of piling up.
 */
import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';

export const SELECT_CHOICES = { a: { text: 'Alpha', order: '1' }, b: { text: 'Beta', order: '2' } } as const;

const DEFINITIONS = {
  short: { name: 'chatref conformance short text', field_type: 1 },
  long: { name: 'chatref conformance long text', field_type: 2 },
  select: { name: 'chatref conformance choice', field_type: 3, field_data: SELECT_CHOICES },
  date: { name: 'chatref conformance date', field_type: 4 },
  link: { name: 'chatref conformance link', field_type: 5 },
  users: { name: 'chatref conformance people', field_type: 6 },
  restricted: { name: 'chatref conformance admin-only', field_type: 1, editable_by_user: false },
} as const;

export type FieldKey = keyof typeof DEFINITIONS;
export type FieldIds = Readonly<Record<FieldKey, number>>;

const cache = new WeakMap<object, Promise<FieldIds>>();

export async function listFields(ctx: CheckContext): Promise<Body[]> {
  const body = expectSuccess(await ctx.call(ctx.cast.member, 'GET', '/realm/profile_fields'));
  const fields = body['custom_fields'];
  if (!Array.isArray(fields)) throw new CheckFailure(`a custom_fields array, got ${JSON.stringify(body)}`);
  return fields as Body[];
}

async function ensure(ctx: CheckContext): Promise<FieldIds> {
  const existing = await listFields(ctx);
  const ids: Partial<Record<FieldKey, number>> = {};
  for (const [key, definition] of Object.entries(DEFINITIONS) as [FieldKey, (typeof DEFINITIONS)[FieldKey]][]) {
    const editable = 'editable_by_user' in definition ? definition.editable_by_user : true;
    const found = existing.find((field) => field['name'] === definition.name);
    if (found) {
      if (found['type'] !== definition.field_type || found['editable_by_user'] === !editable) {
        throw new CheckFailure(
          `the realm's field "${definition.name}" to be type ${definition.field_type}, editable_by_user ${editable}; got ${JSON.stringify(found)}`,
        );
      }
      ids[key] = Number(found['id']);
      continue;
    }
    const params: Record<string, string> = { name: definition.name, field_type: String(definition.field_type) };
    if ('field_data' in definition) params['field_data'] = JSON.stringify(definition.field_data);
    if (!editable) params['editable_by_user'] = 'false';
    const created = expectSuccess(await ctx.call(ctx.cast.owner, 'POST', '/realm/profile_fields', params));
    ids[key] = Number(created['id']);
  }
  return ids as FieldIds;
}

/** The ids of the checks' fields, creating the missing ones (once per run). */
export function profileFields(ctx: CheckContext): Promise<FieldIds> {
  let ids = cache.get(ctx.cast);
  if (ids === undefined) {
    ids = ensure(ctx);
    cache.set(ctx.cast, ids);
    ids.catch(() => cache.delete(ctx.cast));
  }
  return ids;
}
