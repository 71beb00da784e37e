/** The subscription endpoints, for routes.ts. */
import { endpointList } from '../../endpoint.js';
import { getSubscriptionStatus } from './get-subscription-status.js';
import { getSubscriptions } from './get-subscriptions.js';
import { subscribe } from './subscribe.js';
import { unsubscribe } from './unsubscribe.js';
import { updateSubscriptionProperties } from './update-subscription-properties.js';
import { updateSubscriptions } from './update-subscriptions.js';

export const SUBSCRIPTION_ENDPOINTS = endpointList(
  subscribe,
  unsubscribe,
  getSubscriptions,
  getSubscriptionStatus,
  updateSubscriptionProperties,
  updateSubscriptions,
);
