/** Custom emoji: the listing, uploads, deactivation, their use in reactions, statuses and messages, the images, and the events. */
import type { Check } from '../../check.js';
import { DEACTIVATE_EMOJI_CHECKS } from './deactivate.js';
import { EMOJI_EVENT_CHECKS } from './events.js';
import { UPLOAD_EMOJI_CHECKS } from './upload.js';
import { EMOJI_USE_CHECKS } from './use.js';

export const REALM_EMOJI_CHECKS: readonly Check[] = [...UPLOAD_EMOJI_CHECKS, ...DEACTIVATE_EMOJI_CHECKS, ...EMOJI_USE_CHECKS, ...EMOJI_EVENT_CHECKS];
