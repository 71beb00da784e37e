/** Event checks: the queue protocol, then the events each kind of write sends. */
import type { Check } from '../../check.js';
import { CHANNEL_EVENT_CHECKS } from './channels.js';
import { GROUP_EVENT_CHECKS } from './groups.js';
import { MESSAGE_EVENT_CHECKS } from './messages.js';
import { PROTOCOL_CHECKS } from './protocol.js';
import { REALM_EVENT_CHECKS } from './realm.js';
import { USER_EVENT_CHECKS } from './users.js';

export const EVENT_CHECKS: readonly Check[] = [
  ...PROTOCOL_CHECKS,
  ...USER_EVENT_CHECKS,
  ...CHANNEL_EVENT_CHECKS,
  ...GROUP_EVENT_CHECKS,
  ...REALM_EVENT_CHECKS,
  ...MESSAGE_EVENT_CHECKS,
];
