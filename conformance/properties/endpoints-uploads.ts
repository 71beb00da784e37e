/** The upload and attachment endpoints, as the property checks see them. */
import type { EndpointSpec, PropertyEnv, ReadBack } from './endpoint-spec.js';

/** The owner's uploads and the realm's upload_space_used: what an upload request could change. */
const attachmentsRead = (_env: PropertyEnv): ReadBack => ({ path: '/attachments' });

const tus = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string): EndpointSpec => ({
  operation: `${method.toLowerCase()}-resumable-upload`,
  method,
  path,
  ...(path.includes('{') ? { pathParams: { upload_id: 'unused-id' } as const } : {}),
  auth: 'basic',
  actor: 'self',
  params: [],
  observe: (env) => [attachmentsRead(env)],
});

export const UPLOAD_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'upload-file',
    method: 'POST',
    path: '/user_uploads',
    auth: 'basic',
    actor: 'self',
    // Property runs send no file, so every request is refused ("You must specify a file to upload").
    params: [],
    observe: (env) => [attachmentsRead(env)],
  },
  {
    operation: 'get-file-temporary-url',
    method: 'GET',
    path: '/user_uploads/{realm_id}/{filename}',
    pathParams: { realm_id: 'unused-id', filename: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    htmlRefusals: true,
    observe: (env) => [attachmentsRead(env)],
  },
  tus('POST', '/tus'),
  tus('GET', '/tus/{upload_id}'),
  tus('PATCH', '/tus/{upload_id}'),
  tus('DELETE', '/tus/{upload_id}'),
  {
    operation: 'get-attachments',
    method: 'GET',
    path: '/attachments',
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: (env) => [attachmentsRead(env)],
  },
  {
    operation: 'remove-attachment',
    method: 'DELETE',
    path: '/attachments/{attachment_id}',
    pathParams: { attachment_id: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: (env) => [attachmentsRead(env)],
  },
];
