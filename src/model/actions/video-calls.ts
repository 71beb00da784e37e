/** Setting up video calls outside any request: who holds a provider token, and the server's provider. */
import { freeze } from 'immer';
import type { ProviderToken, State, VideoCallProviderSetting, WritableState } from '../state.js';
import { withRow } from '../tables/table.js';

function putProviderTokenMutably(state: WritableState, userId: number, token: ProviderToken): void {
  state.providerTokens = withRow(state.providerTokens, userId, Object.freeze(token));
}

/**
 * Gives a user a fresh token, or takes theirs away, outside any request: for
 * libraries and tests that set a realm up (no event is sent).
 *
 * @example
 * model.reset(withProviderToken(model.state, hamletId, false));
 */
export function withProviderToken(state: State, userId: number, held: boolean): State {
  const next = { ...state } as WritableState;
  putProviderTokenMutably(next, userId, { held });
  return freeze(next as State);
}

/**
 * The server installation's video call provider (`chatref serve
 * --video-provider`): the deterministic fake, or none (every call then
 * answers "Zoom credentials have not been configured").
 */
export function withVideoCallProvider(state: State, provider: VideoCallProviderSetting): State {
  if (state.server.videoCallProvider === provider) return state;
  return freeze({ ...state, server: freeze({ ...state.server, videoCallProvider: provider }) });
}
