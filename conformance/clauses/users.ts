import type { Clause } from '../clauses.js';

export const USER_CLAUSES: readonly Clause[] = [];
