import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { bigBlueButtonMeetingId } from '../../rules/video-calls.js';
import { sha256Hex } from '../../sha256.js';

/** Python's json.dumps with its default ensure_ascii: every non-ASCII UTF-16 unit as \uXXXX. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Django's Signer.sign_object layout, `<base64url JSON>:<base64url MAC>`.
 * The MAC here is a plain SHA-256 (chatref holds no server secret): the
 * join link is opaque to clients either way.
 */
function signObject(value: Readonly<Record<string, unknown>>): string {
  const data = Buffer.from(asciiJson(value), 'latin1').toString('base64url');
  return `${data}:${Buffer.from(sha256Hex(`chatref:bigbluebutton:${data}`), 'hex').toString('base64url')}`;
}

/**
 * GET /calls/bigbluebutton/create (reference server-messages-channels §13):
 * a join link carrying the signed meeting details; no server is contacted,
 * so nothing is configured or checked until the link is opened.
 */
export const createBigBlueButtonVideoCall = defineEndpoint({
  operation: 'create-big-blue-button-video-call',
  method: 'GET',
  path: '/calls/bigbluebutton/create',
  auth: 'basic',
  params: z.object({
    meeting_name: z.string(),
    voice_only: wire.bool().default(false),
  }),
  reduce(state, { actor, params, entropy }) {
    const signed = signObject({
      meeting_id: bigBlueButtonMeetingId(entropy),
      name: params.meeting_name,
      lock_settings_disable_cam: params.voice_only,
      moderator: actor.id,
    });
    return succeed(state, { url: `/calls/bigbluebutton/join?bigbluebutton=${signed}` });
  },
});
