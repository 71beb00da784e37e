/** Reading a user's provider token state and sorting a create call's answer, for the video call checks. */
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectClientError, expectSuccess } from '../../expect.js';
import type { TargetResponse } from '../../target.js';

export const NOT_CONFIGURED = 'Zoom credentials have not been configured';
export const INVALID_TOKEN = 'Invalid Zoom access token';
export const INVALID_TOKEN_CODE = 'INVALID_VIDEO_CALL_PROVIDER_TOKEN';
/** Where chatref's fake provider puts its meetings. */
export const FAKE_JOIN_URL = /^https:\/\/video\.chatref\.test\/j\/[1-9][0-9]{10}\?pwd=[A-Za-z0-9]{32}$/;

export interface TokenState {
  readonly hasProviderToken: unknown;
  readonly hasZoomToken: unknown;
}

/** What register answers about `actor`'s token (the queue it opens is deleted at once). */
export async function tokenState(ctx: CheckContext, actor: Actor, clause?: string): Promise<TokenState> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/register', { fetch_event_types: '["video_calls"]' }), clause);
  if (typeof body['queue_id'] === 'string') await ctx.call(actor, 'DELETE', '/events', { queue_id: body['queue_id'] });
  return { hasProviderToken: body['has_provider_token'], hasZoomToken: body['has_zoom_token'] };
}

export type CallOutcome =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'not-configured' | 'invalid-token' | 'other-error'; readonly status: number; readonly body: Body };

/** A create call's answer: a url, one of the real server's two refusals, or some other well-formed error. */
export function callOutcome(response: TargetResponse, clause?: string): CallOutcome {
  if (response.status === 200) {
    const url = expectSuccess(response, clause)['url'];
    if (typeof url !== 'string' || url === '')
      throw new CheckFailure(`a url string in a successful answer, got ${JSON.stringify(response.body)}`, undefined, clause);
    return { kind: 'url', url };
  }
  const body = expectClientError(response, clause);
  const { status } = response;
  if (body['code'] === INVALID_TOKEN_CODE) return { kind: 'invalid-token', status, body };
  if (body['code'] === 'BAD_REQUEST' && typeof body['msg'] === 'string' && body['msg'].endsWith('credentials have not been configured')) {
    return { kind: 'not-configured', status, body };
  }
  return { kind: 'other-error', status, body };
}
