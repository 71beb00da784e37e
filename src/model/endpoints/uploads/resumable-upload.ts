import { z } from 'zod';
import { defineEndpoint, endpointList } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail } from '../../outcome.js';

/**
 * /api/v1/tus, the real server's resumable uploads (tusd behind its hooks):
 * chatref does not implement the protocol, and says so to an authenticated
 * client on every method rather than answer 404 (README: Uploads).
 */
function refuse(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string) {
  return defineEndpoint({
    operation: `${method.toLowerCase()}-resumable-upload`,
    method,
    path,
    ...(path.includes('{') ? { pathParams: { upload_id: 'path' } as const } : {}),
    auth: 'basic',
    params: z.object({}),
    reduce: () => fail(Errors.resumableUploadsUnsupported()),
  });
}

export const RESUMABLE_UPLOAD_ENDPOINTS = endpointList(
  refuse('POST', '/tus'),
  refuse('GET', '/tus/{upload_id}'),
  refuse('PATCH', '/tus/{upload_id}'),
  refuse('DELETE', '/tus/{upload_id}'),
);
