import type { Clause } from '../clauses.js';

export const PROFILE_CLAUSES: readonly Clause[] = [];
