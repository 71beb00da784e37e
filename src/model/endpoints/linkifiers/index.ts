/** Linkifiers: the realm's patterns that turn text into links (reference server-messages-channels §10). */
import { endpointList } from '../../endpoint.js';
import { addLinkifierEndpoint } from './add-linkifier.js';
import { getLinkifiers } from './get-linkifiers.js';
import { removeLinkifierEndpoint } from './remove-linkifier.js';
import { reorderLinkifiersEndpoint } from './reorder-linkifiers.js';
import { updateLinkifierEndpoint } from './update-linkifier.js';

export const LINKIFIER_ENDPOINTS = endpointList(
  getLinkifiers,
  addLinkifierEndpoint,
  updateLinkifierEndpoint,
  removeLinkifierEndpoint,
  reorderLinkifiersEndpoint,
);
