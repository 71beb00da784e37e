import type { Check } from '../../check.js';
import { SAVED_SNIPPET_EVENT_CHECKS } from './events.js';
import { SAVED_SNIPPET_CHECKS } from './saved-snippets.js';

export const SNIPPET_CHECKS: readonly Check[] = [...SAVED_SNIPPET_CHECKS, ...SAVED_SNIPPET_EVENT_CHECKS];
