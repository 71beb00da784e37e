/**
 * Where uploaded bytes live: beside the model, never in it. The model keeps
 * an opaque key per file; the HTTP layer streams a request's file parts in
 * here as they arrive and streams them out again on download. The in-memory
 * implementation is the default; another (on disk, in an object store) only
 * has to keep this interface.
 */
import { Readable } from 'node:stream';

/** One entry being written, chunk by chunk, as a request's body arrives. */
export interface ContentWriter {
  readonly key: string;
  /** Bytes written so far. */
  readonly size: number;
  write(chunk: Uint8Array): void;
  /** Makes the entry readable under its key. */
  end(): void;
  /** Drops what was written (the request failed). */
  abort(): void;
}

export interface ContentStore {
  /** Starts a new entry under a fresh key. */
  begin(): ContentWriter;
  /** Stores bytes at once; returns the new entry's key. */
  put(data: Uint8Array): string;
  /** Stores bytes under a key of an earlier run (a snapshot's or a journal's), replacing any entry there; later keys avoid it. */
  set(key: string, data: Uint8Array): void;
  /** The size of a finished entry, or undefined when there is none. */
  size(key: string): number | undefined;
  /** A finished entry's bytes as a stream, the whole or an inclusive byte range. */
  read(key: string, range?: { readonly start: number; readonly end: number }): Readable | undefined;
  /** A finished entry's bytes in one buffer (small files, tests). */
  get(key: string): Buffer | undefined;
  /** Forgets an entry; false when there was none. */
  delete(key: string): boolean;
  /** Bytes held, finished or still being written. */
  readonly bytesHeld: number;
  /** Finished entries. */
  readonly count: number;
}

/** Chunks as they came, shared, never copied into one buffer unless someone asks for one. */
export class MemoryContentStore implements ContentStore {
  private readonly entries = new Map<string, { readonly chunks: readonly Uint8Array[]; readonly size: number }>();
  private nextKey = 1;
  private held = 0;

  get bytesHeld(): number {
    return this.held;
  }

  get count(): number {
    return this.entries.size;
  }

  begin(): ContentWriter {
    const key = `content-${this.nextKey++}`;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let open = true;
    const release = () => {
      this.held -= size;
      chunks.length = 0;
    };
    return {
      key,
      get size() {
        return size;
      },
      write: (chunk) => {
        if (!open) throw new Error(`content ${key} is closed`);
        chunks.push(chunk);
        size += chunk.byteLength;
        this.held += chunk.byteLength;
      },
      end: () => {
        if (!open) return;
        open = false;
        this.entries.set(key, { chunks, size });
      },
      abort: () => {
        if (!open) return;
        open = false;
        release();
      },
    };
  }

  put(data: Uint8Array): string {
    const writer = this.begin();
    writer.write(data);
    writer.end();
    return writer.key;
  }

  set(key: string, data: Uint8Array): void {
    this.delete(key);
    this.entries.set(key, { chunks: [data], size: data.byteLength });
    this.held += data.byteLength;
    const number = /^content-([0-9]+)$/.exec(key)?.[1];
    if (number !== undefined) this.nextKey = Math.max(this.nextKey, Number(number) + 1);
  }

  size(key: string): number | undefined {
    return this.entries.get(key)?.size;
  }

  read(key: string, range?: { readonly start: number; readonly end: number }): Readable | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const start = range?.start ?? 0;
    const end = range?.end ?? entry.size - 1;
    return Readable.from(sliceChunks(entry.chunks, start, end), { objectMode: false });
  }

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    return entry === undefined ? undefined : Buffer.concat(entry.chunks as Uint8Array[], entry.size);
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.held -= entry.size;
    return true;
  }
}

/** The chunks covering bytes start…end (inclusive), cut at the edges. */
function* sliceChunks(chunks: readonly Uint8Array[], start: number, end: number): Generator<Buffer> {
  let offset = 0;
  for (const chunk of chunks) {
    const chunkEnd = offset + chunk.byteLength;
    if (chunkEnd > start && offset <= end) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end - offset + 1, chunk.byteLength);
      yield Buffer.from(chunk.buffer, chunk.byteOffset + from, to - from);
    }
    offset = chunkEnd;
    if (offset > end) return;
  }
}
