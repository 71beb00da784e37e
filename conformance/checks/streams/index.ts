import type { Check } from '../../check.js';

export const STREAM_CHECKS: readonly Check[] = [];
