import type { Clause } from '../clauses.js';

export const GROUP_CLAUSES: readonly Clause[] = [];
