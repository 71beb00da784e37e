/** The subscription endpoints, for routes.ts. */
import type { Endpoint } from '../../endpoint.js';
import { getSubscriptionStatus } from './get-subscription-status.js';
import { getSubscriptions } from './get-subscriptions.js';
import { subscribe } from './subscribe.js';
import { unsubscribe } from './unsubscribe.js';

export const SUBSCRIPTION_ENDPOINTS = [subscribe, unsubscribe, getSubscriptions, getSubscriptionStatus] as unknown as readonly Endpoint[];
