/** Server versions: the feature-level table, the releases, and the walks between the newest form and a level's. */

export { emissionsAtLevel, endpointExistsAt, type LevelView, levelView, requestAtLevel, responseAtLevel } from './at-level.js';
export { type Body, type ChangeStatus, type Downgrade, type DowngradeContext, type LevelChange, noChange } from './change.js';
export { OLDEST_FEATURE_LEVEL, RELEASES, type Release, type ServerVersion, serverVersionAt, unsupportedFeatureLevel } from './releases.js';
export { FEATURE_LEVEL_CHANGES, LEGACY_ENDPOINTS } from './table.js';
export { withFeatureLevel } from './with-feature-level.js';
