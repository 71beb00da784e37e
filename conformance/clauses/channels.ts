import type { Clause } from '../clauses.js';

export const CHANNEL_CLAUSES: readonly Clause[] = [];
