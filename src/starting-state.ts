/** What createModel and createServer do to a loaded realm before serving it. */
import { withDevAuthBackend } from './model/actions/sessions.js';
import { withVideoCallProvider } from './model/actions/video-calls.js';
import { withFeatureLevel } from './model/feature-levels/with-feature-level.js';
import type { State, VideoCallProviderSetting } from './model/state.js';

export interface StartingOptions {
  /** The video call provider behind POST /calls/provider/create: `fake` (default) or `none` (not configured). */
  readonly videoCallProvider?: VideoCallProviderSetting;
  /** Answer the development server's password-less logins and /json/ sessions (the zulip-dev fixture turns them on itself). */
  readonly devLogin?: boolean;
  /** Answer as a server of this API feature level, from 185 (Zulip 7.0) to the newest; default: the fixture's own, else the newest. */
  readonly featureLevel?: number;
}

export function startingState(loaded: State, options: StartingOptions): State {
  const leveled = options.featureLevel === undefined ? loaded : withFeatureLevel(loaded, options.featureLevel);
  const provided = options.videoCallProvider === undefined ? leveled : withVideoCallProvider(leveled, options.videoCallProvider);
  return options.devLogin === true ? withDevAuthBackend(provided) : provided;
}
