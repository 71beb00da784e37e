import type { Check } from '../../check.js';
import { BASIC_AUTH_CHECKS } from './basic-auth.js';
import { FETCH_API_KEY_CHECKS } from './fetch-api-key.js';
import { JWT_CHECKS } from './jwt-fetch-api-key.js';
import { RATE_LIMIT_CHECKS } from './rate-limit.js';

export const AUTH_CHECKS: readonly Check[] = [...BASIC_AUTH_CHECKS, ...FETCH_API_KEY_CHECKS, ...JWT_CHECKS, ...RATE_LIMIT_CHECKS];
