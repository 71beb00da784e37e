/** The server version chatref declares: the feature level the spec describes. */
export const FEATURE_LEVEL = 496;
export const ZULIP_VERSION = '12.0-dev+chatref';
