import type { Check } from '../check.js';
import { AUTH_CHECKS } from './auth.js';
import { BAD_INPUT_CHECKS } from './bad-input.js';
import { EVENT_ORACLE_CHECK } from './event-oracle.js';
import { MOVE_PERMISSION_CHECK } from './move-permissions.js';
import { ANCHOR_PROPERTY_CHECK, NARROW_PROPERTY_CHECK } from './narrows.js';
import { DIFFERENTIAL_CHECK, INVARIANT_CHECK } from './sequences.js';
import { UPLOAD_ACCESS_PROPERTY } from './upload-access.js';

/** Property checks (fast-check): bad input, authentication, invariants, differential, the events oracle, narrows and anchor windows, who may move messages. */
export const PROPERTY_CHECKS: readonly Check[] = [
  ...BAD_INPUT_CHECKS,
  ...AUTH_CHECKS,
  INVARIANT_CHECK,
  DIFFERENTIAL_CHECK,
  EVENT_ORACLE_CHECK,
  NARROW_PROPERTY_CHECK,
  ANCHOR_PROPERTY_CHECK,
  MOVE_PERMISSION_CHECK,
  UPLOAD_ACCESS_PROPERTY,
];
