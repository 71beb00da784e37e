import { z } from 'zod';
import type { AuthenticatedContext } from '../../endpoint.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, type Outcome, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { fakeMeetingUrl, hasProviderToken, isVideoCallProviderConfigured, VIDEO_CALL_PROVIDER_NAME } from '../../rules/video-calls.js';
import type { State } from '../../state.js';

const params = z.object({
  // The real server turns the host's and participants' video on or off with it; a join URL does not show it.
  is_video_call: wire.bool().default(true),
});

/**
 * The real server's make_zoom_video_call: not configured or no token are
 * refusals; otherwise the provider's join URL. The real server also clears a
 * token its provider rejects before answering the same error; the fake never
 * rejects a token it issued, so a refusal here changes nothing.
 */
function createCall(state: State, { actor, entropy }: AuthenticatedContext<z.output<typeof params>>): Outcome {
  if (!isVideoCallProviderConfigured(state)) return fail(Errors.videoCallProviderNotConfigured(VIDEO_CALL_PROVIDER_NAME));
  if (!hasProviderToken(state, actor)) return fail(Errors.invalidVideoCallProviderToken(VIDEO_CALL_PROVIDER_NAME));
  return succeed(state, { url: fakeMeetingUrl(entropy) });
}

/** POST /calls/provider/create: the spec's name for the real server's provider-specific create (spec; reference §13). */
export const createVideoCall = defineEndpoint({
  operation: 'create-video-call',
  method: 'POST',
  path: '/calls/provider/create',
  auth: 'basic',
  params,
  reduce: createCall,
});

/** POST /calls/zoom/create: the same call under the real server's path, for its clients. */
export const createZoomVideoCall = defineEndpoint({
  operation: 'create-zoom-video-call',
  method: 'POST',
  path: '/calls/zoom/create',
  auth: 'basic',
  params,
  reduce: createCall,
});
