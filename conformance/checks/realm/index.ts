import type { Check } from '../../check.js';

export const REALM_CHECKS: readonly Check[] = [];
