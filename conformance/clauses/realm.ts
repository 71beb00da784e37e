import type { Clause } from '../clauses.js';

export const REALM_CLAUSES: readonly Clause[] = [];
