/**
 * The video call endpoints, as the property checks see them. They change
 * nothing a read shows (at most when a token was last used), so there is
 * nothing to read back; bad input must still get a JSON 4xx.
 */
import type { EndpointSpec } from './endpoint-spec.js';
import { BOOL, nothing, STRING } from './param-kinds.js';

const isVideoCall = [{ name: 'is_video_call', kind: BOOL }] as const;

export const VIDEO_CALL_ENDPOINT_SPECS: readonly EndpointSpec[] = [
  {
    operation: 'create-video-call',
    method: 'POST',
    path: '/calls/provider/create',
    auth: 'basic',
    actor: 'self',
    params: isVideoCall,
    observe: nothing,
  },
  {
    operation: 'create-zoom-video-call',
    method: 'POST',
    path: '/calls/zoom/create',
    auth: 'basic',
    actor: 'self',
    params: isVideoCall,
    observe: nothing,
  },
  {
    operation: 'create-big-blue-button-video-call',
    method: 'GET',
    path: '/calls/bigbluebutton/create',
    auth: 'basic',
    actor: 'self',
    params: [
      { name: 'meeting_name', kind: STRING, required: true, valid: () => 'bad input' },
      { name: 'voice_only', kind: BOOL },
    ],
    observe: nothing,
  },
];
