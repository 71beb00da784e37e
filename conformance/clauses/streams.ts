import type { Clause } from '../clauses.js';

export const STREAM_CLAUSES: readonly Clause[] = [];
