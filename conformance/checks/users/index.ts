import type { Check } from '../../check.js';

export const USER_CHECKS: readonly Check[] = [];
