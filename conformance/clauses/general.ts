import type { Clause } from '../clauses.js';

export const GENERAL_CLAUSES: readonly Clause[] = [];
