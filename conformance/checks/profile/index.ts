import type { Check } from '../../check.js';

export const PROFILE_CHECKS: readonly Check[] = [];
