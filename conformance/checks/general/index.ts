import type { Check } from '../../check.js';

export const GENERAL_CHECKS: readonly Check[] = [];
