/** Message checks: sending, the message object, reading with anchors and narrows, by id, deleting, rendering. */
import type { Check } from '../../check.js';
import { DELETE_MESSAGE_CHECKS } from './delete-message.js';
import { EDIT_CONTENT_CHECKS } from './edit-content.js';
import { EDIT_EVENT_CHECKS } from './edit-events.js';
import { EDIT_MOVE_CHECKS } from './edit-move.js';
import { EDIT_REQUEST_CHECKS } from './edit-requests.js';
import { EDIT_RESOLVE_CHECKS } from './edit-resolve.js';
import { EDIT_TOPIC_CHECKS } from './edit-topic.js';
import { FLAG_CHECKS } from './flags.js';
import { FLAG_NARROW_CHECKS } from './flags-narrow.js';
import { TOPIC_READ_CHECKS } from './flags-topic-read.js';
import { FLAG_UPDATE_CHECKS } from './flags-update.js';
import { GET_MESSAGE_CHECKS } from './get-message.js';
import { GET_MESSAGES_CHECKS } from './get-messages.js';
import { MATCHES_NARROW_CHECKS } from './matches-narrow.js';
import { MESSAGE_OBJECT_CHECKS } from './message-object.js';
import { NARROW_CHECKS } from './narrows.js';
import { REACTION_CHECKS } from './reactions.js';
import { RENDER_CHECKS } from './render.js';
import { REPORT_CHECKS } from './report.js';
import { SEND_CHANNEL_CHECKS } from './send-channel.js';
import { SEND_DIRECT_CHECKS } from './send-direct.js';
import { SEND_PERMISSION_CHECKS } from './send-permissions.js';
import { SEND_WILDCARD_CHECKS } from './send-wildcards.js';
import { TYPING_CHANNEL_CHECKS } from './typing-channel.js';
import { TYPING_DIRECT_CHECKS } from './typing-direct.js';
import { TYPING_EDIT_CHECKS } from './typing-edit.js';

export const MESSAGE_CHECKS: readonly Check[] = [
  ...SEND_CHANNEL_CHECKS,
  ...SEND_DIRECT_CHECKS,
  ...SEND_PERMISSION_CHECKS,
  ...SEND_WILDCARD_CHECKS,
  ...FLAG_CHECKS,
  ...FLAG_UPDATE_CHECKS,
  ...FLAG_NARROW_CHECKS,
  ...TOPIC_READ_CHECKS,
  ...MATCHES_NARROW_CHECKS,
  ...MESSAGE_OBJECT_CHECKS,
  ...GET_MESSAGES_CHECKS,
  ...NARROW_CHECKS,
  ...GET_MESSAGE_CHECKS,
  ...DELETE_MESSAGE_CHECKS,
  ...EDIT_CONTENT_CHECKS,
  ...EDIT_REQUEST_CHECKS,
  ...EDIT_TOPIC_CHECKS,
  ...EDIT_MOVE_CHECKS,
  ...EDIT_RESOLVE_CHECKS,
  ...EDIT_EVENT_CHECKS,
  ...REACTION_CHECKS,
  ...REPORT_CHECKS,
  ...RENDER_CHECKS,
  ...TYPING_DIRECT_CHECKS,
  ...TYPING_CHANNEL_CHECKS,
  ...TYPING_EDIT_CHECKS,
];
