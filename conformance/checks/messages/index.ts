/** Message checks: sending, the message object, reading with anchors and narrows, by id, deleting, rendering. */
import type { Check } from '../../check.js';
import { DELETE_MESSAGE_CHECKS } from './delete-message.js';
import { FLAG_CHECKS } from './flags.js';
import { GET_MESSAGE_CHECKS } from './get-message.js';
import { GET_MESSAGES_CHECKS } from './get-messages.js';
import { MESSAGE_OBJECT_CHECKS } from './message-object.js';
import { NARROW_CHECKS } from './narrows.js';
import { RENDER_CHECKS } from './render.js';
import { SEND_CHANNEL_CHECKS } from './send-channel.js';
import { SEND_DIRECT_CHECKS } from './send-direct.js';
import { SEND_PERMISSION_CHECKS } from './send-permissions.js';
import { SEND_WILDCARD_CHECKS } from './send-wildcards.js';

export const MESSAGE_CHECKS: readonly Check[] = [
  ...SEND_CHANNEL_CHECKS,
  ...SEND_DIRECT_CHECKS,
  ...SEND_PERMISSION_CHECKS,
  ...SEND_WILDCARD_CHECKS,
  ...FLAG_CHECKS,
  ...MESSAGE_OBJECT_CHECKS,
  ...GET_MESSAGES_CHECKS,
  ...NARROW_CHECKS,
  ...GET_MESSAGE_CHECKS,
  ...DELETE_MESSAGE_CHECKS,
  ...RENDER_CHECKS,
];
