/** Custom emoji where they are used: reactions, statuses, messages, and the image path outside /api/v1. */
import { describe, expect, it } from 'vitest';
import { createModel, type Model } from '../../../in-process.js';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, POLONIUS, T0 } from '../../../testing/default-realm.js';

type Actor = { readonly email: string; readonly apiKey: string; readonly userId: number };

const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function newEmojiModel(): Model {
  return createModel({ seed: 'emoji-use', clock: () => T0 });
}

/** Uploads a GIF emoji as Hamlet and answers its id and image path. */
function addEmoji(model: Model, name: string): { id: string; url: string } {
  expectSuccess(
    model.call('POST', `/realm/emoji/${name}`, {}, { auth: HAMLET, files: [{ fieldName: 'f', fileName: 'e.gif', contentType: 'image/gif', data: GIF_BYTES }] }),
  );
  const listed = Object.values(expectSuccess(as(model, HAMLET).get('/realm/emoji'))['emoji'] as Record<string, Record<string, string>>);
  const emoji = listed.find((entry) => entry['name'] === name && entry['deactivated'] === (false as unknown as string))!;
  return { id: emoji['id']!, url: emoji['source_url']! };
}

function send(model: Model, actor: Actor, content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to: 'general', topic: 'custom emoji', content }))['id'];
}

describe('custom emoji in use', () => {
  it('react by name (code = id, type realm_emoji) or by id; a deactivated one is refused but can still be taken back', () => {
    const model = newEmojiModel();
    const { id } = addEmoji(model, 'party_bird');
    const message = send(model, HAMLET, 'react');
    expectSuccess(as(model, HAMLET).post(`/messages/${message}/reactions`, { emoji_name: 'party_bird' }));
    expectSuccess(as(model, CORDELIA).post(`/messages/${message}/reactions`, { emoji_name: 'party_bird', emoji_code: id, reaction_type: 'realm_emoji' }));
    const reactions = expectSuccess(as(model, CORDELIA).get(`/messages/${message}`))['message']['reactions'];
    expect(reactions).toEqual([
      { emoji_name: 'party_bird', emoji_code: id, reaction_type: 'realm_emoji', user_id: HAMLET.userId },
      { emoji_name: 'party_bird', emoji_code: id, reaction_type: 'realm_emoji', user_id: CORDELIA.userId },
    ]);
    const other = send(model, HAMLET, 'react again');
    expectError(
      as(model, HAMLET).post(`/messages/${other}/reactions`, { emoji_name: 'nope', emoji_code: id, reaction_type: 'realm_emoji' }),
      400,
      'BAD_REQUEST',
      'Invalid custom emoji name.',
    );
    expectError(
      as(model, HAMLET).post(`/messages/${other}/reactions`, { emoji_name: 'party_bird', emoji_code: '0', reaction_type: 'realm_emoji' }),
      400,
      'BAD_REQUEST',
      'Invalid custom emoji.',
    );
    expectSuccess(as(model, HAMLET).delete('/realm/emoji/party_bird'));
    expectError(
      as(model, HAMLET).post(`/messages/${other}/reactions`, { emoji_name: 'party_bird', emoji_code: id, reaction_type: 'realm_emoji' }),
      400,
      'BAD_REQUEST',
      'This custom emoji has been deactivated.',
    );
    expectError(as(model, HAMLET).post(`/messages/${other}/reactions`, { emoji_name: 'party_bird' }), 400, 'BAD_REQUEST', "Emoji 'party_bird' does not exist");
    expectSuccess(as(model, HAMLET).delete(`/messages/${message}/reactions`, { emoji_code: id, reaction_type: 'realm_emoji' }));
  });

  it('sets a status with a custom emoji', () => {
    const model = newEmojiModel();
    const { id } = addEmoji(model, 'status_star');
    expectSuccess(as(model, CORDELIA).post('/users/me/status', { emoji_name: 'status_star' }));
    expect(expectSuccess(as(model, HAMLET).get(`/users/${CORDELIA.userId}/status`))['status']).toMatchObject({
      emoji_name: 'status_star',
      emoji_code: id,
      reaction_type: 'realm_emoji',
    });
  });

  it('renders :name: of an active custom emoji as its image, and a deactivated one’s as text', () => {
    const model = newEmojiModel();
    const { url } = addEmoji(model, 'big_grin');
    const shown = send(model, HAMLET, 'look :big_grin:');
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${shown}`))['message']['content']).toBe(
      `<p>look <img alt=":big_grin:" class="emoji" src="${url}" title="big grin"></p>`,
    );
    expectSuccess(as(model, HAMLET).delete('/realm/emoji/big_grin'));
    const plain = send(model, HAMLET, 'look :big_grin:');
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${plain}`))['message']['content']).toBe('<p>look :big_grin:</p>');
  });

  it('serves the image without authentication, with its type, also once deactivated; other paths are the HTML 404', () => {
    const model = newEmojiModel();
    const { url } = addEmoji(model, 'served');
    const served = model.fetch('GET', url, { auth: null });
    expect(served.status).toBe(200);
    expect(served.headers['Cache-Control']).toBe('max-age=31536000, public, immutable');
    expect(served.file).toMatchObject({ contentType: 'image/gif', size: GIF_BYTES.length, disposition: null });
    expect(model.store.content.get(served.file!.contentKey)).toEqual(GIF_BYTES);
    expectSuccess(as(model, HAMLET).delete('/realm/emoji/served'));
    expect(model.fetch('GET', url, { auth: POLONIUS }).status).toBe(200);
    for (const missing of [
      url.replace(/[0-9a-f]{8}\.gif$/, '00000000.gif'),
      url.replace('/user_avatars/1/', '/user_avatars/2/'),
      '/user_avatars/1/emoji/images',
      '/user_avatars/x',
    ]) {
      const answer = model.fetch('GET', missing, { auth: null });
      expect([answer.status, answer.headers['Content-Type'], answer.text]).toEqual([404, 'text/html; charset=utf-8', '<p>File not found</p>']);
    }
    expect(model.fetch('POST', url).status).toBe(405);
  });
});
