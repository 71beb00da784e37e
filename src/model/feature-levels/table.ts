/**
 * The feature-level table: every level from Zulip 7.0 (185) to the newest,
 * each change the real server's API changelog records there, and what
 * chatref does about it. One file per stretch of levels; docs/feature-levels.md
 * is generated from this table.
 */
import type { Endpoint } from '../endpoint.js';
import type { LevelChange } from './change.js';
import { LEVELS_185_236 } from './levels-185-236.js';
import { LEVELS_237_277 } from './levels-237-277.js';
import { LEVELS_278_334 } from './levels-278-334.js';
import { LEVELS_335_371 } from './levels-335-371.js';
import { LEVELS_372_421 } from './levels-372-421.js';
import { LEVELS_422_460 } from './levels-422-460.js';
import { LEVELS_461_496 } from './levels-461-496.js';

export const FEATURE_LEVEL_CHANGES: readonly LevelChange[] = [
  ...LEVELS_185_236,
  ...LEVELS_237_277,
  ...LEVELS_278_334,
  ...LEVELS_335_371,
  ...LEVELS_372_421,
  ...LEVELS_422_460,
  ...LEVELS_461_496,
];

/** Endpoints the real server dropped at some level: the router knows them, and they answer only below that level. */
export const LEGACY_ENDPOINTS: readonly Endpoint[] = FEATURE_LEVEL_CHANGES.flatMap((change) => change.downgrade?.removesEndpoints ?? []);
