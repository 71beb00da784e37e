/**
 * The custom emoji endpoints, as the property checks see them. Property runs send no file, so an upload is
 * always refused ("You must upload exactly one file." at the latest); the name in the path is one no emoji has
 * (999999999), so a deactivation is always refused too: a run never adds or removes a realm's custom emoji.
 */
import type { EndpointSpec, ReadBack } from './endpoint-spec.js';

const emoji: ReadBack = { path: '/realm/emoji' };

export const REALM_EMOJI_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  { operation: 'get-custom-emoji', method: 'GET', path: '/realm/emoji', auth: 'basic', actor: 'self', params: [], observe: () => [emoji] },
  {
    operation: 'upload-custom-emoji',
    method: 'POST',
    path: '/realm/emoji/{emoji_name}',
    pathParams: { emoji_name: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    refuses: () => 'no image file is sent',
    observe: () => [emoji],
  },
  {
    operation: 'deactivate-custom-emoji',
    method: 'DELETE',
    path: '/realm/emoji/{emoji_name}',
    pathParams: { emoji_name: 'unused-id' },
    auth: 'basic',
    actor: 'self',
    params: [],
    observe: () => [emoji],
  },
];
