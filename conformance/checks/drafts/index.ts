import type { Check } from '../../check.js';
import { DRAFT_CHECKS } from './drafts.js';
import { NAVIGATION_VIEW_CHECKS } from './navigation-views.js';

export const DRAFT_AND_VIEW_CHECKS: readonly Check[] = [...DRAFT_CHECKS, ...NAVIGATION_VIEW_CHECKS];
