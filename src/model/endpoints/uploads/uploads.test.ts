import { describe, expect, it } from 'vitest';
import { createModel, type FileData, type Model } from '../../../in-process.js';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, POLONIUS, T0 } from '../../../testing/default-realm.js';

type Actor = { readonly email: string; readonly apiKey: string; readonly userId: number };

function timedModel() {
  let now = T0;
  const model = createModel({ seed: 'uploads', clock: () => now });
  return { model, advance: (seconds: number) => (now += seconds) };
}

function file(fileName: string, text: string, contentType = 'text/plain', fieldName = 'file'): FileData {
  return { fieldName, fileName, contentType, data: Buffer.from(text) };
}

function upload(model: Model, actor: Actor, files: readonly FileData[]) {
  return model.call('POST', '/user_uploads', {}, { auth: actor, files });
}

function uploaded(model: Model, actor: Actor, name = 'notes.txt', text = 'hello', contentType = 'text/plain'): { url: string; pathId: string } {
  const body = expectSuccess(upload(model, actor, [file(name, text, contentType)]));
  return { url: body['url'], pathId: body['url'].slice('/user_uploads/'.length) };
}

function send(model: Model, actor: Actor, to: string, content: string): number {
  return expectSuccess(as(model, actor).post('/messages', { type: 'stream', to, topic: 'files', content }))['id'];
}

function canFetch(model: Model, actor: Actor | null, url: string): number {
  return model.fetch('GET', url, { auth: actor }).status;
}

function attachments(model: Model, actor: Actor): Record<string, any> {
  return expectSuccess(as(model, actor).get('/attachments'));
}

function listen(model: Model, actor: Actor): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["attachment"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

describe('POST /user_uploads', () => {
  it('stores one file under a fresh path and answers url, its alias uri and the name as given', () => {
    const { model } = timedModel();
    const events = listen(model, HAMLET);
    const body = expectSuccess(upload(model, HAMLET, [file('my file (1).txt', 'twelve bytes')]));
    expect(body['url']).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/my-file-1\.txt$/);
    expect(body['uri']).toBe(body['url']);
    expect(body['filename']).toBe('my file (1).txt');
    const listed = attachments(model, HAMLET);
    expect(listed['upload_space_used']).toBe(12);
    expect(listed['attachments']).toEqual([
      { id: 1, name: 'my file (1).txt', path_id: body['url'].slice(14), size: 12, create_time: T0 * 1000, message_ids: [] },
    ]);
    expect(events()).toEqual([{ type: 'attachment', op: 'add', attachment: listed['attachments'][0], upload_space_used: 12, id: 0 }]);
    expect(model.store.content.count).toBe(1);
  });

  it('refuses no file and files under two field names, keeps the last of one repeated field, and keeps no bytes of a refusal', () => {
    const { model } = timedModel();
    const before = model.state;
    expectError(upload(model, HAMLET, []), 400, 'BAD_REQUEST', 'You must specify a file to upload');
    expectError(upload(model, HAMLET, [file('', 'no name')]), 400, 'BAD_REQUEST', 'You must specify a file to upload');
    expectError(
      upload(model, HAMLET, [file('a.txt', 'a', 'text/plain', 'one'), file('b.txt', 'b', 'text/plain', 'two')]),
      400,
      'BAD_REQUEST',
      'You may only upload one file at a time',
    );
    expect(model.state).toBe(before);
    expect(model.store.content.count).toBe(0);
    const body = expectSuccess(upload(model, HAMLET, [file('a.txt', 'a'), file('b.txt', 'bb')]));
    expect(body['filename']).toBe('b.txt');
    expect(model.store.content.count).toBe(1);
  });

  it('refuses a file over the server limit with the real server’s words', () => {
    const { model } = timedModel();
    model.reset({ ...model.state, server: { ...model.state.server, maxFileUploadSizeMib: 1 } });
    const before = model.state;
    const big = { fieldName: 'f', fileName: 'big.bin', contentType: 'application/octet-stream', data: new Uint8Array(1024 * 1024 + 1) };
    expectError(upload(model, HAMLET, [big]), 400, 'BAD_REQUEST', "File is larger than this server's configured maximum upload size (1 MiB).");
    expect(model.state).toBe(before);
    expectSuccess(upload(model, HAMLET, [{ ...big, data: new Uint8Array(1024 * 1024) }]));
  });
});

describe('who may read an upload', () => {
  it('lets only the uploader read it until a message links it', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    expect(canFetch(model, HAMLET, url)).toBe(200);
    for (const other of [IAGO, CORDELIA, POLONIUS]) expect(canFetch(model, other, url)).toBe(403);
    expect(canFetch(model, null, url)).toBe(302);
  });

  it('opens a file linked in a public channel to every non-guest, and to a guest only through a channel they get', () => {
    const { model } = timedModel();
    const general = uploaded(model, HAMLET, 'a.txt');
    send(model, HAMLET, 'general', `[a](${general.url})`);
    expect(canFetch(model, CORDELIA, general.url)).toBe(200);
    expect(canFetch(model, POLONIUS, general.url)).toBe(403);
    const denmark = uploaded(model, HAMLET, 'b.txt');
    send(model, HAMLET, 'Denmark', `[b](${denmark.url})`);
    expect(canFetch(model, POLONIUS, denmark.url)).toBe(200);
  });

  it('opens a private channel’s file to its subscribers only, and a direct message’s to its recipients', () => {
    const { model } = timedModel();
    const secret = uploaded(model, HAMLET, 'scotland.txt');
    send(model, HAMLET, 'Scotland', `[s](${secret.url})`);
    expect(canFetch(model, IAGO, secret.url)).toBe(200);
    expect(canFetch(model, CORDELIA, secret.url)).toBe(403);
    expect(canFetch(model, DESDEMONA, secret.url)).toBe(403);
    const direct = uploaded(model, HAMLET, 'dm.txt');
    expectSuccess(as(model, HAMLET).post('/messages', { type: 'direct', to: JSON.stringify([CORDELIA.userId]), content: `[d](${direct.url})` }));
    expect(canFetch(model, CORDELIA, direct.url)).toBe(200);
    expect(canFetch(model, IAGO, direct.url)).toBe(403);
  });

  it('lets a spectator read a file linked in a web-public channel, and answers a missing one 404 in HTML', () => {
    const { model } = timedModel();
    model.reset({ ...model.state, realm: { ...model.state.realm, settings: { ...model.state.realm.settings, enableSpectatorAccess: true } } });
    const open = uploaded(model, DESDEMONA, 'verona.txt');
    send(model, DESDEMONA, 'Verona', `[v](${open.url})`);
    expect(canFetch(model, null, open.url)).toBe(200);
    const missing = model.fetch('GET', `${open.url}x`, { auth: DESDEMONA });
    expect([missing.status, missing.headers['Content-Type'], missing.text]).toEqual([
      404,
      'text/html; charset=utf-8',
      '<p>This file does not exist or has been deleted.</p>',
    ]);
    const forbidden = model.fetch('GET', uploaded(model, DESDEMONA, 'z.txt').url, { auth: HAMLET });
    expect([forbidden.status, forbidden.text]).toEqual([403, '<p>You are not authorized to view this file.</p>']);
  });

  it('does not let a user claim a file they may not read: the link stays detached and has_attachment false', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    const id = send(model, CORDELIA, 'general', `[stolen](${url})`);
    expect(canFetch(model, IAGO, url)).toBe(403);
    expect(expectSuccess(as(model, CORDELIA).get(`/messages/${id}`))['message']['has_attachment'] ?? false).toBe(false);
    expect(attachments(model, HAMLET)['attachments'][0]['message_ids']).toEqual([]);
  });
});

describe('claims on send, edit and delete', () => {
  it('claims on send, lists the message, and tells the sender', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    const events = listen(model, HAMLET);
    const id = send(model, HAMLET, 'general', `see [notes](${url})`);
    const [listed] = attachments(model, HAMLET)['attachments'];
    expect(listed['message_ids']).toEqual([id]);
    expect(events()).toEqual([{ type: 'attachment', op: 'update', attachment: listed, upload_space_used: 5, id: 0 }]);
    const narrow = JSON.stringify([
      { operator: 'has', operand: 'attachment' },
      { operator: 'id', operand: id },
    ]);
    expect(expectSuccess(as(model, HAMLET).get('/messages', { narrow, anchor: 'newest', num_before: '1', num_after: '0' }))['messages']).toHaveLength(1);
  });

  it('answers detached_uploads, in the spec’s shape, for the sender’s files an edit leaves linked nowhere', () => {
    const { model } = timedModel();
    const first = uploaded(model, HAMLET, 'one.txt', 'one');
    const second = uploaded(model, HAMLET, 'two.txt', 'two!');
    const id = send(model, HAMLET, 'general', `[1](${first.url}) [2](${second.url})`);
    const kept = send(model, HAMLET, 'general', `[2 again](${second.url})`);
    const edit = expectSuccess(as(model, HAMLET).patch(`/messages/${id}`, { content: 'no files now' }));
    expect(edit['detached_uploads']).toEqual([{ id: 1, name: 'one.txt', path_id: first.pathId, size: 3, create_time: T0, message_ids: [] }]);
    const listed = attachments(model, HAMLET)['attachments'];
    expect(listed.map((entry: Record<string, any>) => entry['message_ids'])).toEqual([[], [kept]]);
    const narrow = JSON.stringify([{ operator: 'has', operand: 'attachment' }]);
    const withFiles = expectSuccess(as(model, HAMLET).get('/messages', { narrow, anchor: 'newest', num_before: '5', num_after: '0' }))['messages'];
    expect(withFiles.map((message: Record<string, any>) => message['id'])).toEqual([kept]);
    expect(expectSuccess(as(model, HAMLET).patch(`/messages/${id}`, { content: `[1](${first.url})` }))['detached_uploads']).toEqual([]);
  });

  it('keeps the file when its message is deleted, linked by no message', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    const id = send(model, HAMLET, 'general', `[x](${url})`);
    expectSuccess(as(model, HAMLET).delete(`/messages/${id}`));
    expect(attachments(model, HAMLET)['attachments'][0]['message_ids']).toEqual([]);
    expect(canFetch(model, CORDELIA, url)).toBe(403);
    expect(canFetch(model, HAMLET, url)).toBe(200);
  });
});

describe('GET and DELETE /attachments', () => {
  it('lets only the owner delete, drops the bytes, and tells the owner and the readers of linking messages', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    const id = send(model, HAMLET, 'general', `[x](${url})`);
    const [attachment] = attachments(model, HAMLET)['attachments'];
    const before = model.state;
    for (const other of [IAGO, CORDELIA]) expectError(as(model, other).delete(`/attachments/${attachment['id']}`), 400, 'BAD_REQUEST', 'Invalid attachment');
    expectError(as(model, HAMLET).delete('/attachments/999'), 400, 'BAD_REQUEST', 'Invalid attachment');
    expect(model.state).toBe(before);
    const cordelia = listen(model, CORDELIA);
    expectSuccess(as(model, HAMLET).delete(`/attachments/${attachment['id']}`));
    expect(model.store.content.count).toBe(0);
    expect(attachments(model, HAMLET)).toMatchObject({ attachments: [], upload_space_used: 0 });
    expect(canFetch(model, HAMLET, url)).toBe(404);
    expect(cordelia()).toEqual([{ type: 'attachment', op: 'remove', attachment: { id: attachment['id'], message_ids: [id] }, upload_space_used: 0, id: 0 }]);
  });

  it('lists only the caller’s own uploads', () => {
    const { model } = timedModel();
    uploaded(model, HAMLET);
    expect(attachments(model, CORDELIA)['attachments']).toEqual([]);
    expect(attachments(model, CORDELIA)['upload_space_used']).toBe(5);
  });
});

describe('downloads and temporary links', () => {
  it('serves the bytes with the stored type, inline for images and as an attachment otherwise, with a filename* for non-ASCII names', () => {
    const { model } = timedModel();
    const png = uploaded(model, HAMLET, 'pic.png', 'PNG!', 'image/png');
    const served = model.fetch('GET', png.url, { auth: HAMLET });
    expect(served.status).toBe(200);
    expect(served.file).toMatchObject({ contentType: 'image/png', size: 4, disposition: 'inline; filename="pic.png"' });
    expect(model.store.content.get(served.file!.contentKey)?.toString()).toBe('PNG!');
    expect(served.headers['Cache-Control']).toBe('private, immutable');
    const zip = uploaded(model, HAMLET, 'résumé "v2".zip', 'zip', 'application/zip');
    expect(model.fetch('GET', zip.url, { auth: HAMLET }).file?.disposition).toBe("attachment; filename*=utf-8''r%C3%A9sum%C3%A9%20%22v2%22.zip");
    expect(model.fetch('GET', png.url.replace('/user_uploads/', '/user_uploads/download/'), { auth: HAMLET }).file?.disposition).toBe(
      'attachment; filename="pic.png"',
    );
    const ranged = model.fetch('GET', png.url, { auth: HAMLET, range: 'bytes=1-2' });
    expect([ranged.status, ranged.headers['Content-Range'], ranged.file?.range]).toEqual([206, 'bytes 1-2/4', { start: 1, end: 2 }]);
    expect(model.fetch('GET', png.url, { auth: HAMLET, range: 'bytes=9-' }).status).toBe(416);
  });

  it('answers the real server’s 404 page for a file whose bytes are gone from the content store', () => {
    const { model } = timedModel();
    const { url } = uploaded(model, HAMLET);
    const key = model.fetch('GET', url, { auth: HAMLET }).file!.contentKey;
    model.store.content.delete(key);
    const gone = model.fetch('GET', url, { auth: HAMLET });
    expect([gone.status, gone.text]).toEqual([404, '<p>File not found</p>']);
  });

  it('gives a link that works without authentication for 60 seconds, for the right file name only', () => {
    const { model, advance } = timedModel();
    const { url } = uploaded(model, HAMLET, 'pic.png', 'PNG!', 'image/png');
    const refused = as(model, CORDELIA).get(url);
    expect([refused.status, refused.text]).toEqual([403, '<p>You are not authorized to view this file.</p>']);
    const link = expectSuccess(as(model, HAMLET).get(url))['url'];
    expect(link).toMatch(/^\/user_uploads\/temporary\/[0-9A-F]+\/pic\.png$/);
    expect(model.fetch('GET', link).status).toBe(200);
    expectError(model.fetch('GET', link.replace(/pic\.png$/, 'other.png')), 400, 'BAD_REQUEST', 'Invalid filename');
    advance(61);
    expectError(model.fetch('GET', link), 400, 'BAD_REQUEST', 'Invalid token');
  });

  it('finds nothing for paths that try to climb out or name another file', () => {
    const { model } = timedModel();
    const { url, pathId } = uploaded(model, HAMLET);
    const [realm, bucket, token, name] = pathId.split('/');
    for (const path of [
      `/user_uploads/${realm}/${bucket}/${token}/../${token}/${name}`,
      `/user_uploads/${realm}/${bucket}/${token}%2F..%2F${name}`,
      `/user_uploads/${realm}/${bucket}/${token}/%2e%2e/${name}`,
      '/user_uploads/%2Fetc%2Fpasswd',
      '/user_uploads/2/../../etc/passwd',
      `/user_uploads/${realm}/${bucket}/${token}/${name}%00`,
      '/user_uploads/content-1',
    ]) {
      expect(model.fetch('GET', path, { auth: HAMLET }).status, path).toBe(404);
    }
    expect(model.fetch('GET', url.replace(`/${name}`, `%2F${name}`), { auth: HAMLET }).status).toBe(200);
  });

  it('refuses /api/v1/tus with a clear error on every method', () => {
    const { model } = timedModel();
    for (const [method, path] of [
      ['POST', '/tus'],
      ['PATCH', '/tus/abc'],
      ['GET', '/tus/abc'],
      ['DELETE', '/tus/abc'],
    ] as const) {
      expectError(
        model.call(method, path, {}, { auth: HAMLET }),
        400,
        'BAD_REQUEST',
        'Resumable uploads (tus) are not supported by this server; use POST /user_uploads',
      );
    }
  });
});
