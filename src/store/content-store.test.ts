import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { MemoryContentStore } from './content-store.js';

describe('MemoryContentStore', () => {
  it('keeps written chunks under a fresh key and reads them back whole, as a stream or in a byte range', async () => {
    const store = new MemoryContentStore();
    const writer = store.begin();
    for (const part of ['hello ', 'wide ', 'world']) writer.write(Buffer.from(part));
    expect(store.size(writer.key)).toBeUndefined();
    writer.end();
    expect(store.size(writer.key)).toBe(16);
    expect(store.get(writer.key)?.toString()).toBe('hello wide world');
    expect(await text(store.read(writer.key)!)).toBe('hello wide world');
    expect(await text(store.read(writer.key, { start: 4, end: 11 })!)).toBe('o wide w');
    expect(await text(store.read(writer.key, { start: 15, end: 15 })!)).toBe('d');
    expect(store.put(Buffer.from('x'))).not.toBe(writer.key);
  });

  it('counts the bytes it holds, releases them on abort and delete, and reads nothing for unknown keys', () => {
    const store = new MemoryContentStore();
    const writer = store.begin();
    writer.write(new Uint8Array(100));
    expect(store.bytesHeld).toBe(100);
    writer.abort();
    expect(store.bytesHeld).toBe(0);
    expect(store.count).toBe(0);
    const key = store.put(new Uint8Array(7));
    expect(store.bytesHeld).toBe(7);
    expect(store.delete(key)).toBe(true);
    expect(store.delete(key)).toBe(false);
    expect(store.bytesHeld).toBe(0);
    expect(store.read('content-404')).toBeUndefined();
    expect(store.get('../content-1')).toBeUndefined();
  });
});
