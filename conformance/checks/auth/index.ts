import type { Check } from '../../check.js';

export const AUTH_CHECKS: readonly Check[] = [];
