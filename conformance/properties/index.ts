import type { Check } from '../check.js';

/** Property checks (fast-check): bad input, authentication, invariants, differential. */
export const PROPERTY_CHECKS: readonly Check[] = [];
