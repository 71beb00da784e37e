/**
 * Video calls. The spec states the create endpoint (no parameters, a url in
 * the response, a configured provider and a user token required) and the
 * has_provider_token register key and event. The real server's path, its
 * error codes and texts and BigBlueButton links are `compat` (server-messages-channels.md §13,
 * server-core.md §8, server-events.md §5.7); so is what chatref's fake
 * provider answers.
 */
import type { Clause } from '../clauses.js';
import { compat, spec } from './clause.js';

const CREATE = 'POST /calls/provider/create';
const ZOOM = 'POST /calls/zoom/create';
const BBB = 'GET /calls/bigbluebutton/create';

const SECTION = 'POST /calls/provider/create — create a video-meeting URL';
const facts = 'server-messages-channels.md: §13';

export const VIDEO_CALL_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('calls.create.url', SECTION, 'a successful call with no parameters answers a url string', CREATE),
  spec('calls.create.requires-provider', SECTION, 'a server without the provider integration configured refuses the call', CREATE),
  spec('calls.create.requires-token', SECTION, 'a user who holds no provider token is refused', CREATE),
  spec(
    'calls.register.has-provider-token',
    `${SECTION}; Events`,
    'register answers has_provider_token, a boolean telling whether the user holds a provider token',
    CREATE,
  ),
  spec('calls.event.has-provider-token', `${SECTION}; Events`, 'a change of whether the user holds a token reaches them as a has_provider_token event', CREATE),

  // ------------------------------------------------------------------ compat
  compat('calls.create.not-configured', facts, 'without a provider the answer is 400 BAD_REQUEST "Zoom credentials have not been configured"', CREATE),
  compat(
    'calls.create.invalid-token',
    facts,
    'without a token, or with one the provider rejects, the answer is 400 INVALID_VIDEO_CALL_PROVIDER_TOKEN "Invalid Zoom access token"',
    CREATE,
  ),
  compat('calls.register.zoom-name', 'server-core.md: §8', 'register also answers the real server’s has_zoom_token, equal to has_provider_token', CREATE),
  compat('calls.create.zoom-path', facts, 'POST /calls/zoom/create, the real server’s path, answers as the provider path does', ZOOM),
  compat('calls.create.is-video-call', facts, 'is_video_call is an optional JSON boolean; a value that is not one is refused before anything else', ZOOM),
  compat(
    'calls.bigbluebutton.link',
    facts,
    'GET /calls/bigbluebutton/create answers a relative /calls/bigbluebutton/join?bigbluebutton=… link; meeting_name is required',
    BBB,
  ),
  compat(
    'calls.fake.url',
    'chatref: rules/video-calls.ts',
    'chatref’s fake provider answers https://video.chatref.test/j/<11 digits>?pwd=<32 characters>, every human user holding a token',
    CREATE,
  ),
];
