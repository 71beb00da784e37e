/** Mobile push devices, as a server without the push notification service answers for them. */
import { endpointList } from '../../endpoint.js';
import { addApnsToken } from './add-apns-token.js';
import { addFcmToken } from './add-fcm-token.js';
import { e2eeTestNotify } from './e2ee-test-notify.js';
import { registerPushDevice } from './register-push-device.js';
import { removeApnsToken, removeFcmToken } from './remove-push-token.js';
import { testNotify } from './test-notify.js';

export const PUSH_DEVICE_ENDPOINTS = endpointList(addApnsToken, removeApnsToken, addFcmToken, removeFcmToken, testNotify, e2eeTestNotify, registerPushDevice);
