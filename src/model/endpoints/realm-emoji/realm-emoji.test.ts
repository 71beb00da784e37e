import { describe, expect, it } from 'vitest';
import { createModel, type FileData, type Model } from '../../../in-process.js';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, HAMLET_BOT, IAGO, POLONIUS, SHIVA, T0 } from '../../../testing/default-realm.js';

type Actor = { readonly email: string; readonly apiKey: string; readonly userId: number };

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

function newEmojiModel(): Model {
  return createModel({ seed: 'realm-emoji', clock: () => T0 });
}

function png(fileName = 'emoji.png', contentType = 'image/png', fieldName = 'f1', data: Uint8Array = PNG_BYTES): FileData {
  return { fieldName, fileName, contentType, data };
}

function upload(model: Model, actor: Actor, name: string, files: readonly FileData[] = [png()]) {
  return model.call('POST', `/realm/emoji/${encodeURIComponent(name)}`, {}, { auth: actor, files });
}

function emojiList(model: Model, actor: Actor = HAMLET): Record<string, Record<string, unknown>> {
  return expectSuccess(as(model, actor).get('/realm/emoji'))['emoji'];
}

function listen(model: Model, actor: Actor): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["realm_emoji"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('POST /realm/emoji/{emoji_name}', () => {
  it('adds the emoji: listed with the real server’s fields, kept bytes, an update event with the whole dict to every user', () => {
    const model = newEmojiModel();
    const [guest, admin] = [listen(model, POLONIUS), listen(model, IAGO)];
    expect(expectSuccess(upload(model, HAMLET, 'party_parrot'))).toEqual({ result: 'success', msg: '' });
    const list = emojiList(model, POLONIUS);
    expect(Object.keys(list)).toEqual(['1']);
    expect(list['1']).toEqual({
      id: '1',
      name: 'party_parrot',
      source_url: expect.stringMatching(/^\/user_avatars\/1\/emoji\/images\/[0-9a-f]{8}\.png$/),
      deactivated: false,
      author_id: HAMLET.userId,
      still_url: null,
    });
    expect(model.store.content.count).toBe(1);
    for (const events of [guest, admin]) expect(events()).toEqual([{ type: 'realm_emoji', op: 'update', realm_emoji: list, id: 0 }]);
    const registered = expectSuccess(as(model, CORDELIA).post('/register', { fetch_event_types: '["realm_emoji"]' }));
    expect(registered['realm_emoji']).toEqual(list);
  });

  it('strips the name and reads spaces as underscores, and refuses bad names in the real server’s words', () => {
    const model = newEmojiModel();
    const before = model.state;
    expectError(upload(model, HAMLET, ' '), 400, 'BAD_REQUEST', 'Emoji name is missing');
    expectError(
      upload(model, HAMLET, 'my_EMoji'),
      400,
      'BAD_REQUEST',
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
    expectError(
      upload(model, HAMLET, 'my_em*oji'),
      400,
      'BAD_REQUEST',
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
    expect(model.call('POST', '/realm/emoji/my/emoji/with/slash', {}, { auth: HAMLET, files: [png()] }).body).toMatchObject({
      msg: 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    });
    expectError(upload(model, HAMLET, 'my_emoji_'), 400, 'BAD_REQUEST', 'Emoji names must end with either a letter or digit.');
    expectError(upload(model, HAMLET, 'dash-'), 400, 'BAD_REQUEST', 'Emoji names must end with either a letter or digit.');
    expect(model.state).toBe(before);
    expect(model.store.content.count).toBe(0);
    expectSuccess(upload(model, HAMLET, '  big party 2 '));
    expect(Object.values(emojiList(model)).map((emoji) => emoji['name'])).toEqual(['big_party_2']);
  });

  it('lets guests and bots in only as the real server’s require_member_or_admin does, and follows can_add_custom_emoji_group', () => {
    const model = newEmojiModel();
    expectError(upload(model, POLONIUS, 'guest_emoji'), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectError(upload(model, HAMLET_BOT, 'bot_emoji'), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
    const groups = expectSuccess(as(model, DESDEMONA).get('/user_groups'))['user_groups'] as Record<string, any>[];
    const moderators = groups.find((group) => group['name'] === 'role:moderators')!['id'];
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_add_custom_emoji_group: JSON.stringify({ new: moderators }) }));
    expectError(upload(model, HAMLET, 'member_emoji'), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(upload(model, SHIVA, 'moderator_emoji'));
  });

  it('refuses a name an active emoji has, and takes it again once that one is deactivated', () => {
    const model = newEmojiModel();
    expectSuccess(upload(model, HAMLET, 'again'));
    expectError(upload(model, CORDELIA, 'again'), 400, 'BAD_REQUEST', 'A custom emoji with this name already exists.');
    expectSuccess(as(model, HAMLET).delete('/realm/emoji/again'));
    expectSuccess(upload(model, CORDELIA, 'again'));
    expect(Object.values(emojiList(model)).map((emoji) => [emoji['name'], emoji['deactivated'], emoji['author_id']])).toEqual([
      ['again', true, HAMLET.userId],
      ['again', false, CORDELIA.userId],
    ]);
  });

  it('wants exactly one file, counted by field name, and keeps none of a refusal’s bytes', () => {
    const model = newEmojiModel();
    expectError(upload(model, HAMLET, 'none', []), 400, 'BAD_REQUEST', 'You must upload exactly one file.');
    expectError(
      upload(model, HAMLET, 'two_files', [png('a.png', 'image/png', 'f1'), png('b.png', 'image/png', 'f2')]),
      400,
      'BAD_REQUEST',
      'You must upload exactly one file.',
    );
    expect(model.store.content.count).toBe(0);
    expectSuccess(upload(model, HAMLET, 'repeated', [png('a.png', 'image/png', 'f1'), png('b.gif', 'image/gif', 'f1')]));
    expect(emojiList(model)['1']?.['source_url']).toMatch(/\.gif$/);
    expect(model.store.content.count).toBe(1);
  });

  it('lets only administrators cover a standard emoji’s name, then :name: shows the custom one', () => {
    const model = newEmojiModel();
    expectError(upload(model, HAMLET, 'smile'), 400, 'BAD_REQUEST', 'Only administrators can override default emoji.');
    expectError(upload(model, HAMLET, 'happy'), 400, 'BAD_REQUEST', 'Only administrators can override default emoji.');
    expectSuccess(upload(model, IAGO, 'smile'));
    const id = expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'general', topic: 'emoji', content: 'hi :smile:' }))['id'];
    const source = emojiList(model)['1']?.['source_url'];
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['message']['content']).toBe(
      `<p>hi <img alt=":smile:" class="emoji" src="${source}" title="smile"></p>`,
    );
  });

  it('refuses files over 5 MiB and types that are not inline images, guessing a missing type from the file name', () => {
    const model = newEmojiModel();
    const limit = 5 * 1024 * 1024;
    expectError(
      upload(model, HAMLET, 'too_large', [png('big.png', 'image/png', 'f', new Uint8Array(limit + 1))]),
      400,
      'BAD_REQUEST',
      'Uploaded file is larger than the allowed limit of 5 MiB',
    );
    expectError(upload(model, HAMLET, 'text', [png('a.txt', 'text/plain')]), 400, 'BAD_IMAGE', 'Invalid image format');
    expectError(upload(model, HAMLET, 'svg', [png('a.svg', 'image/svg+xml')]), 400, 'BAD_IMAGE', 'Invalid image format');
    expectError(upload(model, HAMLET, 'tiff', [png('a.tif', 'image/tiff')]), 400, 'BAD_IMAGE', 'Invalid image format');
    expect(model.state.realmEmoji.byId.size).toBe(0);
    expectSuccess(upload(model, HAMLET, 'exactly_five', [png('five.png', 'image/png', 'f', new Uint8Array(limit))]));
    expectSuccess(upload(model, HAMLET, 'guessed', [png('photo.jpeg', '')]));
    expect(emojiList(model)['2']?.['source_url']).toMatch(/\.jpg$/);
  });
});

describe('DELETE /realm/emoji/{emoji_name}', () => {
  it('deactivates the author’s own emoji or any for an administrator; others get the real server’s refusal; unknown names are 404', () => {
    const model = newEmojiModel();
    expectSuccess(upload(model, HAMLET, 'my_own'));
    expectSuccess(upload(model, HAMLET, 'theirs'));
    const events = listen(model, CORDELIA);
    const before = model.state;
    expectError(as(model, CORDELIA).delete('/realm/emoji/my_own'), 400, 'BAD_REQUEST', 'Must be an organization administrator or emoji author');
    expectError(as(model, POLONIUS).delete('/realm/emoji/my_own'), 400, 'BAD_REQUEST', 'Must be an organization administrator or emoji author');
    expectError(as(model, CORDELIA).delete('/realm/emoji/nothing_here'), 404, 'BAD_REQUEST', "Emoji 'nothing_here' does not exist");
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).delete('/realm/emoji/my_own'));
    expectSuccess(as(model, IAGO).delete('/realm/emoji/theirs'));
    expectError(as(model, HAMLET).delete('/realm/emoji/my_own'), 404, 'BAD_REQUEST', "Emoji 'my_own' does not exist");
    const list = emojiList(model);
    expect(Object.values(list).map((emoji) => emoji['deactivated'])).toEqual([true, true]);
    const received = events();
    expect(received.map((event) => event['type'])).toEqual(['realm_emoji', 'realm_emoji']);
    expect(received[1]?.['realm_emoji']).toEqual(list);
    expect(model.store.content.count).toBe(2);
  });
});
