import { describe, expect, it } from 'vitest';
import { createModel } from '../../in-process.js';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, HAMLET, IAGO, POLONIUS, SHIVA, T0 } from '../../testing/default-realm.js';
import type { State, User } from '../state.js';
import { getRow, withRow } from '../tables/table.js';
import { canReadAttachment, canSpectatorReadAttachment, selectAttachmentByPath } from './uploads.js';

function setup() {
  const model = createModel({ seed: 'upload-rules', clock: () => T0 });
  const upload = (name: string): string => {
    const body = expectSuccess(
      model.call(
        'POST',
        '/user_uploads',
        {},
        { auth: HAMLET, files: [{ fieldName: 'f', fileName: name, contentType: 'text/plain', data: Buffer.from(name) }] },
      ),
    );
    return String(body['url']);
  };
  const reads = (state: State, userId: number, url: string): boolean =>
    canReadAttachment(state, getRow(state.users, userId) as User, selectAttachmentByPath(state, url.slice('/user_uploads/'.length))!, T0);
  return { model, upload, reads };
}

describe('canReadAttachment', () => {
  it('follows a protected-history channel’s messages: a recipient while subscribed, then only through the channel’s content groups', () => {
    const { model, upload, reads } = setup();
    const url = upload('scotland.txt');
    expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'Scotland', topic: 'files', content: `[s](${url})` }));
    expect([IAGO, CORDELIA, SHIVA].map((user) => reads(model.state, user.userId, url))).toEqual([true, false, false]);
    expectSuccess(as(model, IAGO).delete('/users/me/subscriptions', { subscriptions: '["Scotland"]' }));
    expect(reads(model.state, IAGO.userId, url)).toBe(false);
    const state = model.state;
    const scotland = getRow(state.channels, CHANNEL.scotland)!;
    const administrators = state.systemGroupIds['role:administrators'];
    const opened = { ...scotland, settings: { ...scotland.settings, can_subscribe_group: administrators } };
    model.reset({ ...state, channels: withRow(state.channels, CHANNEL.scotland, opened) });
    // Iago once received the message, so his content-group membership opens it; Desdemona never did and the history is protected.
    expect([IAGO, DESDEMONA].map((user) => reads(model.state, user.userId, url))).toEqual([true, false]);
  });

  it('lets a guest read through a public channel only as its subscriber, and a spectator only through a web-public channel', () => {
    const { model, upload, reads } = setup();
    const denmark = upload('denmark.txt');
    const general = upload('general.txt');
    expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'Denmark', topic: 'files', content: `[d](${denmark})` }));
    expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'general', topic: 'files', content: `[g](${general})` }));
    expect([reads(model.state, POLONIUS.userId, denmark), reads(model.state, POLONIUS.userId, general)]).toEqual([true, false]);
    const state = model.state;
    expect(canSpectatorReadAttachment(state, selectAttachmentByPath(state, general.slice(14))!)).toBe(false);
    expectSuccess(as(model, DESDEMONA).post('/messages', { type: 'stream', to: 'Verona', topic: 'files', content: 'no file' }));
  });
});
