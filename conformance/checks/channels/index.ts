import type { Check } from '../../check.js';

export const CHANNEL_CHECKS: readonly Check[] = [];
