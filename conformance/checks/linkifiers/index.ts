/** The linkifier checks: definitions and who may change them, validation, order, rendering, events, the removed listing. */
import type { Check } from '../../check.js';
import { CRUD_CHECKS } from './crud.js';
import { EVENT_CHECKS } from './events.js';
import { LEGACY_CHECKS } from './legacy.js';
import { ORDER_CHECKS } from './order.js';
import { PATTERN_CHECKS } from './patterns.js';
import { RENDER_CHECKS } from './render.js';
import { VALIDATION_CHECKS } from './validation.js';

export const LINKIFIER_CHECKS: readonly Check[] = [
  ...CRUD_CHECKS,
  ...VALIDATION_CHECKS,
  ...ORDER_CHECKS,
  ...RENDER_CHECKS,
  ...EVENT_CHECKS,
  ...LEGACY_CHECKS,
  ...PATTERN_CHECKS,
];
