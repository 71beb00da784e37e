/**
 * The draft and navigation view endpoints, as the property checks see them.
 * They are called as the run's owner, whose lists are the read-backs; paths
 * name a draft or a view that does not exist, and what a chance success
 * creates is deleted again.
 */
import type { TargetResponse } from '../target.js';
import type { CleanupCall, EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';
import { BOOL, OBJECT, OBJECT_LIST, STRING } from './param-kinds.js';

const ownDrafts: ReadBack = { path: '/drafts' };
const ownViews: ReadBack = { path: '/navigation_views' };

const draftTo = (env: PropertyEnv) => ({ type: 'stream', to: [env.channel.id], topic: 'property', content: 'made by the bad-input property' });
const BAD_DRAFTS = [
  '[{"type":"channel","to":[],"topic":"","content":"x"}]',
  '[{"type":"","to":[],"topic":"","content":"   "}]',
  '[{"type":"stream","to":[],"topic":"","content":"x"}]',
  '[{"type":"","to":[],"topic":"","content":"x","timestamp":-1}]',
  '[{"type":"","to":[],"topic":"","content":"x","extra":1}]',
];

async function removeDrafts(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  const ids = (response.body as { ids?: unknown } | null)?.ids;
  if (response.status !== 200 || !Array.isArray(ids)) return;
  for (const id of ids) if (typeof id === 'number') await call(env.owner, 'DELETE', `/drafts/${id}`);
}

const PROPERTY_VIEWS = 'narrow/property/';

/** A view a chance success added is removed again (found by the prefix every property fragment has). */
async function removeViews(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void> {
  if (response.status !== 200) return;
  const listed = (await call(env.owner, 'GET', '/navigation_views')).body as { navigation_views?: { fragment?: unknown }[] } | null;
  for (const view of listed?.navigation_views ?? []) {
    if (typeof view.fragment === 'string' && view.fragment.startsWith(PROPERTY_VIEWS))
      await call(env.owner, 'DELETE', `/navigation_views/${encodeURIComponent(view.fragment)}`);
  }
}

export const DRAFT_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-drafts', method: 'GET', path: '/drafts', auth: 'basic', actor: 'owner', params: [], observe: () => [ownDrafts] },
  {
    operation: 'create-drafts',
    method: 'POST',
    path: '/drafts',
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'drafts', kind: OBJECT_LIST, required: true, valid: (env) => JSON.stringify([draftTo(env)]), invalid: BAD_DRAFTS }],
    observe: () => [ownDrafts],
    cleanUp: removeDrafts,
  },
  {
    operation: 'edit-draft',
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    pathParams: { draft_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [{ name: 'draft', kind: OBJECT, required: true, valid: (env) => JSON.stringify(draftTo(env)) }],
    observe: () => [ownDrafts],
  },
  {
    operation: 'delete-draft',
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    pathParams: { draft_id: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [ownDrafts],
  },
  { operation: 'get-navigation-views', method: 'GET', path: '/navigation_views', auth: 'basic', actor: 'owner', params: [], observe: () => [ownViews] },
  {
    operation: 'add-navigation-view',
    method: 'POST',
    path: '/navigation_views',
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'fragment', kind: STRING, required: true, valid: (env) => `${PROPERTY_VIEWS}${env.unique('view')}`, invalid: ['', '   '] },
      { name: 'is_pinned', kind: BOOL, required: true, valid: () => 'true' },
      { name: 'name', kind: STRING, valid: (env) => env.unique('View'), invalid: ['', '  '] },
    ],
    // A custom view needs its name.
    refuses: (params) => (Object.hasOwn(params, 'name') ? undefined : 'a custom view without a name'),
    observe: () => [ownViews],
    cleanUp: removeViews,
  },
  {
    operation: 'edit-navigation-view',
    method: 'PATCH',
    path: '/navigation_views/{fragment}',
    pathParams: { fragment: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [
      { name: 'is_pinned', kind: BOOL, valid: () => 'false' },
      { name: 'name', kind: STRING, invalid: ['', '  '] },
    ],
    observe: () => [ownViews],
  },
  {
    operation: 'remove-navigation-view',
    method: 'DELETE',
    path: '/navigation_views/{fragment}',
    pathParams: { fragment: 'unused-id' },
    auth: 'basic',
    actor: 'owner',
    params: [],
    observe: () => [ownViews],
  },
];
