/**
 * POST /calls/provider/create and the real server's POST /calls/zoom/create.
 * A live server's provider configuration is unknown, so the checks read the
 * user's token first and then accept what is consistent with it: a url only
 * for a token holder, a refusal otherwise. The check that needs chatref's
 * fake provider (its URLs) skips elsewhere.
 */
import { type CheckContext, CheckFailure, CheckSkipped, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueue } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { paramSince } from '../../feature-level.js';
import { callOutcome, FAKE_JOIN_URL, INVALID_TOKEN, INVALID_TOKEN_CODE, NOT_CONFIGURED, tokenState } from './support.js';

const CREATE = 'POST /calls/provider/create';
const ZOOM = 'POST /calls/zoom/create';
const BBB = 'GET /calls/bigbluebutton/create';

async function outcome(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const before = await tokenState(ctx, member, 'calls.register.has-provider-token');
  expectTrue(
    typeof before.hasProviderToken === 'boolean',
    `register to answer has_provider_token as a boolean, got ${JSON.stringify(before.hasProviderToken)}`,
    'calls.register.has-provider-token',
  );
  const answer = callOutcome(await ctx.call(member, 'POST', '/calls/provider/create'), 'calls.create.url');
  if (answer.kind === 'url') {
    expectTrue(
      before.hasProviderToken === true,
      `a url only for a user holding a token; has_provider_token was ${String(before.hasProviderToken)}`,
      'calls.create.requires-token',
    );
    return;
  }
  if (answer.kind === 'not-configured') {
    expectEqual(before.hasProviderToken, false, 'has_provider_token on a server without a provider', 'calls.create.requires-provider');
    return;
  }
  // Refused otherwise: without a token that is the rule; with one, the provider may have rejected it (and then it is cleared).
  if (before.hasProviderToken === true && answer.kind === 'invalid-token') {
    expectEqual(
      (await tokenState(ctx, member)).hasProviderToken,
      false,
      'has_provider_token after the provider rejected the token',
      'calls.create.requires-token',
    );
  }
}

async function realServerForms(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const state = await tokenState(ctx, member, 'calls.register.zoom-name');
  expectEqual(state.hasZoomToken, state.hasProviderToken, 'has_zoom_token, compared with has_provider_token', 'calls.register.zoom-name');
  // The is_video_call parameter appeared at 206.
  if (ctx.featureLevel >= (paramSince('create-zoom-video-call', 'is_video_call') ?? 0))
    expectError(
      await ctx.call(member, 'POST', '/calls/zoom/create', { is_video_call: 'maybe' }),
      400,
      'BAD_REQUEST',
      'is_video_call is not valid JSON',
      'calls.create.is-video-call',
    );
  const zoom = callOutcome(await ctx.call(member, 'POST', '/calls/zoom/create', { is_video_call: 'false' }), 'calls.create.zoom-path');
  if (zoom.kind === 'not-configured') {
    expectEqual([zoom.status, zoom.body['msg']], [400, NOT_CONFIGURED], 'the not-configured status and text', 'calls.create.not-configured');
  }
  if (zoom.kind === 'invalid-token') {
    expectEqual([zoom.status, zoom.body['msg']], [400, INVALID_TOKEN], `the ${INVALID_TOKEN_CODE} status and text`, 'calls.create.invalid-token');
  }
  if (zoom.kind === 'other-error')
    throw new CheckFailure(`a url, "${NOT_CONFIGURED}" or ${INVALID_TOKEN_CODE}; got ${JSON.stringify(zoom.body)}`, undefined, 'calls.create.zoom-path');
  if (zoom.kind === 'url') expectEqual(state.hasProviderToken, true, 'has_provider_token of a user the zoom path gave a url', 'calls.create.zoom-path');
  const provider = callOutcome(await ctx.call(member, 'POST', '/calls/provider/create', { is_video_call: 'true' }), 'calls.create.zoom-path');
  expectEqual(provider.kind, zoom.kind, 'the provider path’s answer, compared with the zoom path’s', 'calls.create.zoom-path');
}

async function fakeProvider(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  const first = callOutcome(await ctx.call(user, 'POST', '/calls/provider/create'), 'calls.fake.url');
  if (first.kind !== 'url' || !first.url.startsWith('https://video.chatref.test/'))
    throw new CheckSkipped('the target does not run chatref’s fake video call provider');
  expectTrue(FAKE_JOIN_URL.test(first.url), `a join URL of the fake provider's form, got ${first.url}`, 'calls.fake.url');
  const second = callOutcome(await ctx.call(user, 'POST', '/calls/provider/create'), 'calls.fake.url');
  expectTrue(
    second.kind === 'url' && second.url !== first.url,
    `a new meeting for each call, got ${JSON.stringify(second)} after ${first.url}`,
    'calls.fake.url',
  );
  expectEqual(await tokenState(ctx, user), { hasProviderToken: true, hasZoomToken: true }, 'a new user’s token with the fake provider', 'calls.fake.url');
}

/** Whether the user holds a token does not change by calling: no has_provider_token event may arrive for it. */
async function noTokenEventsFromCalls(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  await withQueue(ctx, user, { eventTypes: ['has_provider_token', 'has_zoom_token', 'user_status'] }, async (queue) => {
    const before = await tokenState(ctx, user);
    for (const path of ['/calls/provider/create', '/calls/zoom/create']) callOutcome(await ctx.call(user, 'POST', path));
    const after = await tokenState(ctx, user);
    await settle(ctx, [queue]);
    if (after.hasProviderToken !== before.hasProviderToken) {
      // A live provider may have rejected the token, and the server cleared it: that change must be told.
      await expectEvents(queue, [exactEvent({ type: 'has_provider_token', value: after.hasProviderToken })], {
        what: 'the token being cleared',
        clause: 'calls.event.has-provider-token',
      });
      return;
    }
    expectNoEvents(queue, (event) => event.type === 'has_provider_token' || event.type === 'has_zoom_token', {
      what: 'calls that left the token as it was',
      clause: 'calls.event.has-provider-token',
    });
  });
}

async function bigBlueButton(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const body = expectSuccess(
    await ctx.call(member, 'GET', '/calls/bigbluebutton/create', { meeting_name: 'Conformance', voice_only: 'true' }),
    'calls.bigbluebutton.link',
  );
  expectTrue(
    typeof body['url'] === 'string' && /^\/calls\/bigbluebutton\/join\?bigbluebutton=\S+$/.test(body['url']),
    `a relative join link, got ${JSON.stringify(body['url'])}`,
    'calls.bigbluebutton.link',
  );
  expectError(
    await ctx.call(member, 'GET', '/calls/bigbluebutton/create'),
    400,
    'REQUEST_VARIABLE_MISSING',
    "Missing 'meeting_name' argument",
    'calls.bigbluebutton.link',
  );
}

export const VIDEO_CALL_CHECKS = defineChecks([
  {
    id: 'calls.create.outcome',
    title: 'Given a member’s has_provider_token, when they create a call, then a url comes only with a token, and a not-configured refusal only without one',
    clauses: ['calls.register.has-provider-token', 'calls.create.url', 'calls.create.requires-token', 'calls.create.requires-provider'],
    level: 'spec',
    endpoint: CREATE,
    run: outcome,
  },
  {
    id: 'calls.create.real-server-forms',
    title:
      'When a member calls the zoom path (and with a bad is_video_call), then it answers as the provider path, with the real server’s texts, and has_zoom_token agrees',
    clauses: ['calls.register.zoom-name', 'calls.create.is-video-call', 'calls.create.zoom-path', 'calls.create.not-configured', 'calls.create.invalid-token'],
    level: 'compat',
    endpoint: ZOOM,
    run: realServerForms,
  },
  {
    id: 'calls.fake.url',
    title: 'Given chatref’s fake provider, when a new user creates two calls, then each is a new fake join URL and register shows their token',
    clauses: ['calls.fake.url'],
    level: 'compat',
    endpoint: CREATE,
    run: fakeProvider,
  },
  {
    id: 'calls.event.unchanged-token',
    title:
      'Given a user’s queue, when they create calls, then a has_provider_token event arrives only if register’s has_provider_token changed, with its new value',
    clauses: ['calls.event.has-provider-token'],
    level: 'spec',
    endpoint: CREATE,
    run: noTokenEventsFromCalls,
  },
  {
    id: 'calls.bigbluebutton.link',
    title: 'When a member asks for a BigBlueButton call, then the answer is a relative join link; without meeting_name it is refused',
    clauses: ['calls.bigbluebutton.link'],
    level: 'compat',
    endpoint: BBB,
    run: bigBlueButton,
  },
]);
