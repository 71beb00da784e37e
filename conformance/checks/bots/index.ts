import type { Check } from '../../check.js';
import { ACCOUNT_CHECKS } from './accounts.js';
import { BOT_CHECKS } from './bots.js';

export const BOT_AREA_CHECKS: readonly Check[] = [...BOT_CHECKS, ...ACCOUNT_CHECKS];
