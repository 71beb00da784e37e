import type { Check } from '../../check.js';
import { CHANNEL_ENVELOPE_CHECKS } from './channel-envelopes.js';
import { CONTENT_TYPE_CHECKS } from './content-type.js';
import { ENVELOPE_CHECKS } from './envelope.js';
import { ROUTING_CHECKS } from './routing.js';
import { SERVER_SETTINGS_CHECKS } from './server-settings.js';
import { VERSION_CHECKS } from './version.js';

export const GENERAL_CHECKS: readonly Check[] = [
  ...SERVER_SETTINGS_CHECKS,
  ...VERSION_CHECKS,
  ...ENVELOPE_CHECKS,
  ...CONTENT_TYPE_CHECKS,
  ...CHANNEL_ENVELOPE_CHECKS,
  ...ROUTING_CHECKS,
];
