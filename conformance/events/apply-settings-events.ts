/**
 * The client-side appliers for the user's own settings and for the
 * server-wide sections: user_settings (and its legacy forms
 * update_display_settings / update_global_notifications, which change the
 * top-level copies), onboarding_steps, default_stream_groups, realm_domains,
 * push_device and the video call tokens, as the real server's apply_event
 * keeps them.
 */
import type { RegisterState, StateEvent } from './apply-event.js';

type Row = Record<string, any>;

function isObject(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A setting changed: the user_settings dict, and the legacy top-level copy where register gave one. */
export function applyUserSettings(state: RegisterState, event: StateEvent): void {
  const property = String(event['property']);
  if (property in state) state[property] = structuredClone(event['value']);
  if (isObject(state['user_settings'])) state['user_settings'][property] = structuredClone(event['value']);
}

export function applyLegacySetting(state: RegisterState, event: StateEvent): void {
  const name = event.type === 'update_display_settings' ? event['setting_name'] : event['notification_name'];
  if (typeof name === 'string' && name in state) state[name] = structuredClone(event['setting']);
}

export function applyRealmDomains(state: RegisterState, event: StateEvent): void {
  const domains = state['realm_domains'];
  if (!Array.isArray(domains)) return;
  const domain = isObject(event['realm_domain']) ? event['realm_domain'] : {};
  if (event['op'] === 'add') domains.push(structuredClone(domain));
  else if (event['op'] === 'change') {
    for (const entry of domains) if (entry['domain'] === domain['domain']) entry['allow_subdomains'] = domain['allow_subdomains'];
  } else if (event['op'] === 'remove') state['realm_domains'] = domains.filter((entry: Row) => entry['domain'] !== event['domain']);
}

export function applyPushDevice(state: RegisterState, event: StateEvent): void {
  const devices = state['push_devices'];
  if (!isObject(devices)) return;
  const key = String(event['push_account_id']);
  devices[key] = { ...(isObject(devices[key]) ? devices[key] : {}), status: event['status'], error_code: event['error_code'] ?? null };
}

/**
 * Events that replace one register key wholesale: event type → [register key, event field]
 * (realm_emoji's op update carries every custom emoji of the realm, so the client replaces its dict).
 */
export const REPLACING_EVENTS: Readonly<Record<string, readonly [string, string]>> = {
  default_streams: ['realm_default_streams', 'default_streams'],
  realm_emoji: ['realm_emoji', 'realm_emoji'],
  alert_words: ['alert_words', 'alert_words'],
  muted_users: ['muted_users', 'muted_users'],
  muted_topics: ['muted_topics', 'muted_topics'],
  onboarding_steps: ['onboarding_steps', 'onboarding_steps'],
  default_stream_groups: ['realm_default_stream_groups', 'default_stream_groups'],
  has_webex_token: ['has_webex_token', 'value'],
};
