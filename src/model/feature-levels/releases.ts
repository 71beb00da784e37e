/**
 * The released versions of the real server and the feature level each one
 * reports, and what a server at any level between them calls itself.
 */
import { FEATURE_LEVEL } from '../version.js';

/** Zulip 7.0: the oldest server chatref emulates. */
export const OLDEST_FEATURE_LEVEL = 185;

export interface Release {
  readonly version: string;
  readonly featureLevel: number;
}

/** From the real server's API changelog ("feature level used for Zulip N.0 release"). */
export const RELEASES: readonly Release[] = [
  { version: '7.0', featureLevel: 185 },
  { version: '8.0', featureLevel: 237 },
  { version: '9.0', featureLevel: 277 },
  { version: '10.0', featureLevel: 371 },
  { version: '11.0', featureLevel: 421 },
];

export interface ServerVersion {
  readonly zulipVersion: string;
  readonly zulipMergeBase: string;
}

/**
 * What a server at `level` reports: a release's own version at its level, and
 * the next major's development version between releases, marked as chatref's
 * (the real server's `X.0-dev-N-gHASH` names a commit chatref does not have).
 */
export function serverVersionAt(level: number): ServerVersion {
  const release = RELEASES.find((candidate) => candidate.featureLevel === level);
  if (release !== undefined) return { zulipVersion: release.version, zulipMergeBase: release.version };
  const next = RELEASES.find((candidate) => candidate.featureLevel > level);
  const major = next === undefined ? Number(RELEASES[RELEASES.length - 1]!.version.split('.')[0]) + 1 : Number(next.version.split('.')[0]);
  const version = `${major}.0-dev+chatref`;
  return { zulipVersion: version, zulipMergeBase: version };
}

/** Why `level` cannot be served, or null when it can. */
export function unsupportedFeatureLevel(level: number): string | null {
  if (!Number.isInteger(level)) return `a feature level is an integer, got ${String(level)}`;
  if (level < OLDEST_FEATURE_LEVEL || level > FEATURE_LEVEL) {
    return `chatref serves feature levels ${OLDEST_FEATURE_LEVEL} (Zulip 7.0) to ${FEATURE_LEVEL}, got ${level}`;
  }
  return null;
}
