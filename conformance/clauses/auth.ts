import type { Clause } from '../clauses.js';

export const AUTH_CLAUSES: readonly Clause[] = [];
