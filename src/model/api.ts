/** What researchers import from the pure model: the entry, the state type, the rules, the endpoint list. */
export { handle, type HandleResult } from './handle.js';
export type { ModelRequest, ModelResponse, UploadedFile } from './request.js';
export type { State, User, Role, ProfileField, OutboxEmail } from './state.js';
export { ENDPOINTS, matchRoute } from './routes.js';
export type { Endpoint } from './endpoint.js';
export { basicAuthorization, parseBasicAuthorization } from './auth.js';
export * as roleRules from './rules/roles.js';
export * as userRules from './rules/users.js';
export * as profileFieldRules from './rules/profile-fields.js';
export { rows, getRow } from './tables/table.js';
export { FEATURE_LEVEL, ZULIP_VERSION } from './version.js';
