import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createModel, type Model, type ModelOptions } from '../in-process.js';
import { liveABusyDay } from '../testing/busy-realm.js';
import { CORDELIA, HAMLET, T0 } from '../testing/default-realm.js';
import { MemoryContentStore } from './content-store.js';
import { JOURNAL_FORMAT, JournalError, JournalFile, parseJournal } from './journal.js';
import { snapshotText } from './snapshot.js';

const opened: Model[] = [];
afterEach(() => {
  for (const model of opened.splice(0)) model.close();
});

function tickingClock(start = T0) {
  let now = start;
  return () => (now += 1);
}

function journaled(file: string, options: ModelOptions = {}): Model {
  const model = createModel({ seed: 'journal', clock: tickingClock(), ...options, journal: file });
  opened.push(model);
  return model;
}

function freshFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'chatref-journal-')), 'journal.jsonl');
}

const HEADER = JSON.stringify({ format: JOURNAL_FORMAT, version: 1, base: 'sha256:x' });

describe('reading a journal', () => {
  it('drops a last line cut short, with or without its newline, and says where the whole lines end', () => {
    const entry = JSON.stringify({ kind: 'reset' });
    const whole = `${HEADER}\n${entry}\n`;
    expect(parseJournal(whole)).toMatchObject({ entries: [{ kind: 'reset' }], intactLength: Buffer.byteLength(whole) });
    expect(parseJournal(`${whole}{"kind":"req`)).toMatchObject({ entries: [{ kind: 'reset' }], intactLength: Buffer.byteLength(whole) });
    expect(parseJournal(`${whole}{"kind":"req\n`)).toMatchObject({ entries: [{ kind: 'reset' }], intactLength: Buffer.byteLength(whole) });
  });

  it('refuses a damaged line before the last, entries without their fields, and files that are no journal', () => {
    expect(() => parseJournal(`${HEADER}\n{oops\n{"kind":"reset"}\n`)).toThrow(new JournalError('line 2 is not JSON'));
    expect(() => parseJournal(`${HEADER}\n{"kind":"restore"}\n{"kind":"reset"}\n`)).toThrow('line 2: a restore entry lacks its fields');
    expect(() => parseJournal(`${HEADER}\n{"kind":"launch"}\n{"kind":"reset"}\n`)).toThrow('line 2 is not a journal entry');
    expect(() => parseJournal('')).toThrow('the journal has no header line');
    expect(() => parseJournal('{"hello":1}\n')).toThrow('not a chatref journal');
    expect(() => parseJournal(`${JSON.stringify({ format: JOURNAL_FORMAT, version: 2, base: 'x' })}\n`)).toThrow('journal version 2 is not 1');
  });
});

describe('the journal file', () => {
  it('starts with its header, has each entry on disk when append returns, and reopens where the whole lines end', () => {
    const file = freshFile();
    const content = { get: () => undefined };
    const first = JournalFile.open(file, 'sha256:base', content);
    expect(first.entries).toEqual([]);
    first.journal.append({ kind: 'reset' });
    expect(readFileSync(file, 'utf8').split('\n')).toEqual([
      JSON.stringify({ format: JOURNAL_FORMAT, version: 1, base: 'sha256:base' }),
      '{"kind":"reset"}',
      '',
    ]);
    first.journal.close();

    appendFileSync(file, '{"kind":"clo');
    const second = JournalFile.open(file, 'sha256:base', content);
    expect(second.entries).toEqual([{ kind: 'reset' }]);
    second.journal.append({ kind: 'clock', clock: { offset: 5, frozenAt: null } });
    second.journal.close();
    expect(parseJournal(readFileSync(file, 'utf8')).entries).toEqual([{ kind: 'reset' }, { kind: 'clock', clock: { offset: 5, frozenAt: null } }]);

    expect(() => JournalFile.open(file, 'sha256:other', content)).toThrow(JournalError);
    expect(() => JournalFile.open(file, 'sha256:other', content)).toThrow('was written from another starting state');
  });
});

describe('a journaled model', () => {
  it('comes back from its journal with the same state, byte for byte, uploads, resets, restores and clock included', () => {
    const file = freshFile();
    const first = journaled(file);
    liveABusyDay(first, 'one');
    first.control.setClock({ advance: 3600 });
    const saved = first.control.snapshot();
    liveABusyDay(first, 'two');
    first.control.restore(saved);
    liveABusyDay(first, 'three');
    first.control.setClock({ frozen: true, now: T0 + 86_400 });
    first.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'frozen', content: 'at a fixed time' }, { auth: HAMLET });
    first.control.reset();
    // A reset puts the clock back too; the test freezes it again.
    expect(first.control.clock()).toMatchObject({ frozen: false, offset: 0 });
    first.control.setClock({ frozen: true, now: T0 + 86_400 });
    liveABusyDay(first, 'four');
    const expected = snapshotText(first.control.snapshot());
    first.close();

    // Another seed and clock: everything the replay needs is in the journal.
    const second = journaled(file, { seed: 'another', clock: () => T0 });
    expect(snapshotText(second.control.snapshot())).toBe(expected);
    expect(second.control.clock()).toMatchObject({ frozen: true, now: T0 + 86_400 });
    const attachment = JSON.parse(expected).state.uploads.attachments.$table[0][1];
    const served = second.fetch('GET', `/user_uploads/${attachment.pathId}`, { auth: HAMLET });
    expect(second.store.content.get(served.file!.contentKey)?.toString()).toBe('notes of four');

    // And it journals on: a third start sees the second's writes too.
    second.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'later', content: 'after the restart' }, { auth: CORDELIA });
    const afterRestart = snapshotText(second.control.snapshot());
    second.close();
    expect(snapshotText(journaled(file, { seed: 'third' }).control.snapshot())).toBe(afterRestart);
  });

  it('journals only what changed the state: not reads, failures or queue registrations', () => {
    const file = freshFile();
    const model = journaled(file);
    model.call('GET', '/users', {}, { auth: HAMLET });
    model.call('POST', '/messages', { type: 'stream', to: 'no such channel', topic: 't', content: 'x' }, { auth: HAMLET });
    model.call('POST', '/register', { event_types: JSON.stringify(['message']) }, { auth: HAMLET });
    model.call('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'kept' }, { auth: HAMLET });
    const entries = parseJournal(readFileSync(file, 'utf8')).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'request', request: { method: 'POST', path: '/messages', params: { content: 'kept' } } });
  });

  it('changes nothing and answers nothing when the journal cannot keep a write', () => {
    const model = createModel({ seed: 'journal', clock: tickingClock() });
    opened.push(model);
    const before = model.state;
    model.store.journal = {
      request() {
        throw new Error('disk full');
      },
    };
    expect(() => model.call('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'lost' }, { auth: HAMLET })).toThrow('disk full');
    expect(model.state).toBe(before);
    expect(model.call('GET', '/users/me', {}, { auth: HAMLET }).status).toBe(200);
  });

  it('stops at an entry that no longer changes the state (a journal of another chatref version)', () => {
    const file = freshFile();
    journaled(file).call('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'x' }, { auth: HAMLET });
    const text = readFileSync(file, 'utf8');
    const [header, entry] = text.split('\n');
    // The same request, turned into one that fails: what a changed model would make of it.
    const changed = JSON.parse(entry!);
    changed.request.params.to = 'no such channel';
    writeFileSync(file, `${header}\n${JSON.stringify(changed)}\n`);
    expect(() => journaled(file)).toThrow('POST /messages changed nothing when replayed: the journal was written by another chatref version');
  });

  it('will not replay a journal written from another starting state', () => {
    const file = freshFile();
    journaled(file).call('POST', '/messages', { type: 'stream', to: 'general', topic: 't', content: 'x' }, { auth: HAMLET });
    expect(() => journaled(file, { videoCallProvider: 'none' })).toThrow('was written from another starting state');
    writeFileSync(file, 'not a journal\n');
    expect(() => journaled(file)).toThrow('not JSON');
  });
});

describe('a journal path that cannot be used', () => {
  it('is a JournalError naming the file, not a bare fs error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatref-journal-path-'));
    const content = new MemoryContentStore();
    expect(() => JournalFile.open(join(dir, 'missing', 'j.jsonl'), 'sha256:x', content)).toThrow(
      new JournalError(
        `cannot open the journal ${join(dir, 'missing', 'j.jsonl')}: ENOENT: no such file or directory, open '${join(dir, 'missing', 'j.jsonl')}'`,
      ),
    );
    expect(() => JournalFile.open(dir, 'sha256:x', content)).toThrow(JournalError);
  });
});
