import type { Check } from '../../check.js';
import { VIDEO_CALL_CHECKS as CREATE_CHECKS } from './create-video-call.js';

export const VIDEO_CALL_CHECKS: readonly Check[] = [...CREATE_CHECKS];
