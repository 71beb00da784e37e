import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, newModel, T0 } from '../../../testing/default-realm.js';
import { withProviderToken } from '../../actions/video-calls.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const JOIN_URL = /^https:\/\/video\.chatref\.test\/j\/[1-9][0-9]{10}\?pwd=[A-Za-z0-9]{32}$/;
const INVALID_TOKEN = 'Invalid Zoom access token';

function hasToken(model: Model, actor: Actor): { has_provider_token: boolean; has_zoom_token: boolean } {
  const { has_provider_token, has_zoom_token } = expectSuccess(as(model, actor).post('/register', { fetch_event_types: '["video_calls"]' }));
  return { has_provider_token, has_zoom_token };
}

/** A model whose clock the test moves. */
function clockedModel(options: { videoCallProvider?: 'fake' | 'none' } = {}) {
  let now = T0;
  const model = createModel({ seed: 'calls', clock: () => now, ...options });
  return { model, advance: (seconds: number) => (now += seconds) };
}

describe('POST /calls/provider/create with the fake provider', () => {
  it('answers a deterministic, Zoom-shaped join URL, on both paths, for any is_video_call', () => {
    const model = newModel();
    const urls = [
      expectSuccess(as(model, HAMLET).post('/calls/provider/create'))['url'],
      expectSuccess(as(model, HAMLET).post('/calls/zoom/create', { is_video_call: 'false' }))['url'],
      expectSuccess(as(model, CORDELIA).post('/calls/provider/create', { is_video_call: 'true' }))['url'],
    ];
    for (const url of urls) expect(url).toMatch(JOIN_URL);
    expect(new Set(urls).size).toBe(3);
    // The same seed and requests give the same URLs.
    const again = newModel();
    expect(expectSuccess(as(again, HAMLET).post('/calls/provider/create'))['url']).toBe(urls[0]);
    expectError(as(model, HAMLET).post('/calls/provider/create', { is_video_call: 'yes' }), 400, 'BAD_REQUEST', 'is_video_call is not valid JSON');
  });

  it('gives every human user a token, reported by register under both names, and no bot one', () => {
    const model = newModel();
    expect(hasToken(model, HAMLET)).toEqual({ has_provider_token: true, has_zoom_token: true });
    expect(hasToken(model, HAMLET_BOT)).toEqual({ has_provider_token: false, has_zoom_token: false });
    const before = model.state;
    expectError(as(model, HAMLET_BOT).post('/calls/provider/create'), 400, 'INVALID_VIDEO_CALL_PROVIDER_TOKEN', INVALID_TOKEN);
    expect(model.state).toBe(before);
  });

  it('refuses a user without a token and changes nothing (there is nothing to clear)', () => {
    const model = newModel();
    model.reset(withProviderToken(model.state, HAMLET.userId, false));
    expect(hasToken(model, HAMLET).has_provider_token).toBe(false);
    const events = listen(model, HAMLET);
    const before = model.state;
    expectError(as(model, HAMLET).post('/calls/provider/create'), 400, 'INVALID_VIDEO_CALL_PROVIDER_TOKEN', INVALID_TOKEN);
    expect(model.state).toBe(before);
    expect(events()).toEqual([]);
    model.reset(withProviderToken(model.state, HAMLET.userId, true));
    expect(expectSuccess(as(model, HAMLET).post('/calls/provider/create'))['url']).toMatch(JOIN_URL);
  });

  it('never writes: a call with a token leaves the state and every queue as they were', () => {
    const { model, advance } = clockedModel();
    advance(365 * 24 * 60 * 60);
    const hamlet = listen(model, HAMLET);
    const before = model.state;
    expectSuccess(as(model, HAMLET).post('/calls/provider/create'));
    expect(model.state).toBe(before);
    expect(hamlet()).toEqual([]);
  });
});

describe('POST /calls/provider/create without a provider', () => {
  it('answers "Zoom credentials have not been configured", and nobody holds a token', () => {
    const { model } = clockedModel({ videoCallProvider: 'none' });
    const before = model.state;
    for (const path of ['/calls/provider/create', '/calls/zoom/create']) {
      expectError(as(model, HAMLET).post(path), 400, 'BAD_REQUEST', 'Zoom credentials have not been configured');
    }
    expect(model.state).toBe(before);
    expect(hasToken(model, HAMLET)).toEqual({ has_provider_token: false, has_zoom_token: false });
  });
});

describe('GET /calls/bigbluebutton/create', () => {
  it('answers a relative join link carrying the signed meeting, whatever the provider setting', () => {
    const { model } = clockedModel({ videoCallProvider: 'none' });
    const url: string = expectSuccess(as(model, HAMLET).get('/calls/bigbluebutton/create', { meeting_name: 'Réunion', voice_only: 'true' }))['url'];
    const match = /^\/calls\/bigbluebutton\/join\?bigbluebutton=([A-Za-z0-9_-]+):([A-Za-z0-9_-]{43})$/.exec(url);
    expect(match).not.toBeNull();
    const meeting = JSON.parse(Buffer.from(match![1]!, 'base64url').toString('latin1'));
    expect(meeting).toEqual({
      meeting_id: expect.stringMatching(/^zulip-[1-9][0-9]{11}$/),
      name: 'Réunion',
      lock_settings_disable_cam: true,
      moderator: HAMLET.userId,
    });
    // Python's json.dumps escapes non-ASCII.
    expect(Buffer.from(match![1]!, 'base64url').toString('latin1')).toContain('R\\u00e9union');
    expectError(as(model, HAMLET).get('/calls/bigbluebutton/create'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'meeting_name' argument");
  });
});
