/** Custom emoji: listing, uploading and deactivating (their images are served by emoji-image.ts, outside /api/v1). */
import { endpointList } from '../../endpoint.js';
import { deactivateCustomEmoji } from './deactivate-custom-emoji.js';
import { getCustomEmoji } from './get-custom-emoji.js';
import { uploadCustomEmoji } from './upload-custom-emoji.js';

export const REALM_EMOJI_ENDPOINTS = endpointList(getCustomEmoji, uploadCustomEmoji, deactivateCustomEmoji);
