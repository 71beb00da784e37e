/**
 * The linkifier endpoints, as the property checks see them. Paths with a linkifier id name a deleted message's id:
 * message ids outrun linkifier ids on any realm the suite runs against, so the base request names no linkifier and a
 * run can never change or remove a real one (a live server's linkifiers are not the suite's to touch).
 */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { INT_LIST, STRING, STRING_LIST } from './param-kinds.js';

const linkifiers: ReadBack = { path: '/realm/linkifiers' };

/** A pattern of the run's own, with one named group, and a template that uses it. */
const pattern = (env: PropertyEnv) => `${env.unique('lk').replace(/[^A-Za-z0-9]/g, '')}-(?P<id>[0-9]+)`;
const template = () => 'https://tracker.example/{id}';

const BAD_PATTERNS = ['', '(foo', 'x(?=y)', '\\1', '????'];
const BAD_TEMPLATES = ['https://x.example/{id', 'https://x.example/{bar++}', '{a(b)}'];

const definition = [
  { name: 'pattern', kind: STRING, required: true, valid: pattern, invalid: BAD_PATTERNS },
  { name: 'url_template', kind: STRING, required: true, valid: template, invalid: BAD_TEMPLATES },
  { name: 'example_input', kind: STRING },
  { name: 'reverse_template', kind: STRING },
  { name: 'alternative_url_templates', kind: STRING_LIST },
] as const;

/** A linkifier a chance success added is removed again. */
async function removeAdded(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const id = (response.body as { id?: unknown } | null)?.id;
  if (response.status === 200 && typeof id === 'number') await call(env.owner, 'DELETE', `/realm/filters/${id}`);
}

export const LINKIFIER_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-linkifiers', method: 'GET', path: '/realm/linkifiers', auth: 'basic', actor: 'self', params: [], observe: () => [linkifiers] },
  {
    operation: 'add-linkifier',
    method: 'POST',
    path: '/realm/filters',
    auth: 'basic',
    actor: 'owner',
    params: definition,
    observe: () => [linkifiers],
    cleanUp: removeAdded,
  },
  {
    operation: 'update-linkifier',
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    pathParams: { filter_id: 'deleted-message-id' },
    auth: 'basic',
    actor: 'owner',
    params: definition,
    observe: () => [linkifiers],
  },
  {
    operation: 'remove-linkifier',
    method: 'DELETE',
    path: '/realm/filters/{filter_id}',
    pathParams: { filter_id: 'deleted-message-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [linkifiers],
  },
  {
    operation: 'reorder-linkifiers',
    method: 'PATCH',
    path: '/realm/linkifiers',
    auth: 'basic',
    actor: 'owner',
    // The base lists no id: right only on a realm without linkifiers, so a run never reorders a realm's real ones.
    params: [{ name: 'ordered_linkifier_ids', kind: INT_LIST, required: true, valid: () => '[]' }],
    observe: () => [linkifiers],
  },
];
