/**
 * POST /register's sections for features chatref's server does not have:
 * each is what the real server sends when that feature is off or empty
 * (the line at each says which).
 */
import { EMBEDDED_BOT_NAMES } from '../../rules/bots.js';

/** The config templates of the embedded bots (zulip_bots' <name>.conf files): only giphy has one. */
const EMBEDDED_BOT_CONFIG_TEMPLATES: Readonly<Record<string, Readonly<Record<string, string>>>> = { giphy: { key: '12345678' } };

/** The embedded bots chatref lets one create, each with its config template (load_bot_config_template). */
export function presentEmbeddedBots(): Record<string, unknown> {
  return { realm_embedded_bots: EMBEDDED_BOT_NAMES.map((name) => ({ name, config: { ...(EMBEDDED_BOT_CONFIG_TEMPLATES[name] ?? {}) } })) };
}

/** chatref implements no incoming webhook integration, so it lists none (a real server lists its WEBHOOK_INTEGRATIONS). */
export function presentIncomingWebhookBots(): Record<string, unknown> {
  return { realm_incoming_webhook_bots: [] };
}

/** chatref's search drops no word of a query (every word must occur), so it reports no stop words. */
export function presentStopWords(): Record<string, unknown> {
  return { stop_words: [] };
}

/** No GIPHY API key is configured: the real server then sends the empty string. */
export function presentGiphy(): Record<string, unknown> {
  return { giphy_api_key: '' };
}

/** A self-hosted server without the billing system: never a pending sponsorship request. */
export function presentRealmBilling(): Record<string, unknown> {
  return { realm_billing: { has_pending_sponsorship_request: false } };
}

/** As a server with the tutorial turned off (TUTORIAL_ENABLED = False) and no navigation tour video: chatref has no web app to tour. */
export function presentOnboardingSteps(): Record<string, unknown> {
  return { onboarding_steps: [], navigation_tour_video_url: null };
}

/** End-to-end encrypted push devices cannot be registered with chatref (rules/push-devices.ts), so none are listed. */
export function presentPushDevices(): Record<string, unknown> {
  return { push_devices: {} };
}

/** chatref keeps no allowed email domains: an organization without any. */
export function presentRealmDomains(): Record<string, unknown> {
  return { realm_domains: [] };
}

/** chatref has no default channel groups: an organization without any. */
export function presentDefaultStreamGroups(): Record<string, unknown> {
  return { realm_default_stream_groups: [] };
}
