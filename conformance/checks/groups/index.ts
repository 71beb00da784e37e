import type { Check } from '../../check.js';

export const GROUP_CHECKS: readonly Check[] = [];
