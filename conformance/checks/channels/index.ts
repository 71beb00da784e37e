import type { Check } from '../../check.js';
import { GET_SUBSCRIPTIONS_CHECKS } from './get-subscriptions.js';
import { SUBSCRIBE_CHECKS } from './subscribe.js';
import { SUBSCRIBE_LENGTH_CHECKS } from './subscribe-lengths.js';
import { UNSUBSCRIBE_CHECKS } from './unsubscribe.js';

export const CHANNEL_CHECKS: readonly Check[] = [...SUBSCRIBE_CHECKS, ...SUBSCRIBE_LENGTH_CHECKS, ...UNSUBSCRIBE_CHECKS, ...GET_SUBSCRIPTIONS_CHECKS];
