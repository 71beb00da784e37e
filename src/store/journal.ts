/**
 * The journal: one JSON line per change of the state, written and flushed to
 * disk before anyone learns of the change (the client's answer, other users'
 * events). On start the server reads it back and runs every request again
 * through the same pure model, with the time and entropy it had then, so a
 * server killed at any moment comes back with every write it acknowledged
 * and the same state, byte for byte.
 *
 * What is journaled: requests that changed the state (state object identity),
 * with the bytes of the uploads the new state took (base64, on the same line,
 * so one flush makes a write durable); resets, restores and clock changes of
 * the control plane. What is not: reads, failed requests, and event-queue
 * registrations, which are not state: after a restart clients get
 * BAD_EVENT_QUEUE_ID and register again, as after a real server's restart.
 *
 * The first line names the journal's starting state (a digest of its
 * snapshot), so a journal is never replayed onto another fixture. A last line
 * cut short by a crash was never acknowledged: it is dropped.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fdatasyncSync, fsyncSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ModelRequest } from '../model/request.js';
import type { ContentStore } from './content-store.js';
import { type Snapshot, snapshotText } from './snapshot.js';
import type { ClockSetting, WriteJournal } from './store.js';

export const JOURNAL_FORMAT = 'chatref-journal';
export const JOURNAL_VERSION = 1;

export interface JournalHeader {
  readonly format: typeof JOURNAL_FORMAT;
  readonly version: typeof JOURNAL_VERSION;
  /** `sha256:<hex>` of the snapshot text of the state the journal starts from. */
  readonly base: string;
}

/** A request as the model saw it; the entropy in base64. */
export type JournaledRequest = Omit<ModelRequest, 'entropy'> & { readonly entropy: string };

export type JournalEntry =
  | {
      readonly kind: 'request';
      readonly request: JournaledRequest;
      /** Content key → base64 bytes of the uploads the state took. */
      readonly content: { readonly [key: string]: string };
    }
  | { readonly kind: 'reset' }
  | { readonly kind: 'restore'; readonly snapshot: Snapshot }
  | { readonly kind: 'clock'; readonly clock: ClockSetting };

export class JournalError extends Error {
  override readonly name = 'JournalError';
}

/** The digest a journal names its starting state by. */
export function stateDigest(snapshot: Snapshot): string {
  return `sha256:${createHash('sha256').update(snapshotText(snapshot), 'utf8').digest('hex')}`;
}

export function requestEntry(request: ModelRequest, keptContent: readonly string[], content: Pick<ContentStore, 'get'>): JournalEntry {
  const files: Record<string, string> = {};
  for (const key of keptContent) {
    const bytes = content.get(key);
    if (bytes !== undefined) files[key] = bytes.toString('base64');
  }
  return { kind: 'request', request: { ...request, entropy: Buffer.from(request.entropy).toString('base64') }, content: files };
}

/** A journaled request ready for the model, and the bytes to store under their keys first. */
export function openRequestEntry(entry: Extract<JournalEntry, { kind: 'request' }>): { request: ModelRequest; content: Map<string, Uint8Array> } {
  const content = new Map<string, Uint8Array>();
  for (const [key, base64] of Object.entries(entry.content)) content.set(key, Buffer.from(base64, 'base64'));
  return { request: { ...entry.request, entropy: new Uint8Array(Buffer.from(entry.request.entropy, 'base64')) }, content };
}

export interface ParsedJournal {
  readonly header: JournalHeader;
  readonly entries: readonly JournalEntry[];
  /** Bytes up to the end of the last whole line: a torn last line lies beyond. */
  readonly intactLength: number;
}

const ENTRY_KINDS = new Set(['request', 'reset', 'restore', 'clock']);

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new JournalError(`line ${number} is not JSON`);
  }
}

function checkEntry(value: unknown, number: number): JournalEntry {
  const entry = value as { kind?: unknown; request?: unknown; content?: unknown; snapshot?: unknown; clock?: unknown } | null;
  if (typeof entry !== 'object' || entry === null || typeof entry.kind !== 'string' || !ENTRY_KINDS.has(entry.kind)) {
    throw new JournalError(`line ${number} is not a journal entry`);
  }
  const missing =
    (entry.kind === 'request' && (typeof entry.request !== 'object' || typeof entry.content !== 'object')) ||
    (entry.kind === 'restore' && typeof entry.snapshot !== 'object') ||
    (entry.kind === 'clock' && typeof entry.clock !== 'object');
  if (missing) throw new JournalError(`line ${number}: a ${entry.kind} entry lacks its fields`);
  return entry as JournalEntry;
}

/** Reads a journal's text: its header and entries; a torn last line (no newline, or not JSON) is left out. */
export function parseJournal(text: string): ParsedJournal {
  const lines = text.split('\n');
  // Text after the last newline never finished being written.
  lines.pop();
  let intactLength = 0;
  for (const line of lines) intactLength += Buffer.byteLength(line, 'utf8') + 1;
  if (lines.length === 0) throw new JournalError('the journal has no header line');
  const header = parseLine(lines[0]!, 1) as Partial<JournalHeader> | null;
  if (header?.format !== JOURNAL_FORMAT) throw new JournalError('not a chatref journal (its first line names no chatref-journal format)');
  if (header.version !== JOURNAL_VERSION) throw new JournalError(`journal version ${JSON.stringify(header.version)} is not ${JOURNAL_VERSION}`);
  if (typeof header.base !== 'string') throw new JournalError('the journal header names no starting state');
  const entries: JournalEntry[] = [];
  for (let index = 1; index < lines.length; index++) {
    try {
      entries.push(checkEntry(parseLine(lines[index]!, index + 1), index + 1));
    } catch (error) {
      // A last line that is not an entry was cut short (its newline reached the disk, some of its blocks did not).
      if (index < lines.length - 1) throw error;
      intactLength -= Buffer.byteLength(lines[index]!, 'utf8') + 1;
    }
  }
  return { header: header as JournalHeader, entries, intactLength };
}

/** A journal file open for appending. Each append is flushed (fdatasync) before it returns. */
export class JournalFile implements WriteJournal {
  private length: number;

  private constructor(
    readonly file: string,
    private readonly fd: number,
    length: number,
    private readonly content: Pick<ContentStore, 'get'>,
  ) {
    this.length = length;
  }

  /**
   * Opens `file` for a server whose starting state has digest `base`: the
   * entries it already holds (to replay before serving), and the journal to
   * append to. A new file gets its header line.
   */
  static open(file: string, base: string, content: Pick<ContentStore, 'get'>): { journal: JournalFile; entries: readonly JournalEntry[] } {
    try {
      return JournalFile.openOrCreate(file, base, content);
    } catch (error) {
      if (error instanceof JournalError) throw error;
      // A missing folder, a directory, no permission: the path cannot be used, which is the caller's to fix (not a crash).
      throw new JournalError(`cannot open the journal ${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  private static openOrCreate(file: string, base: string, content: Pick<ContentStore, 'get'>): { journal: JournalFile; entries: readonly JournalEntry[] } {
    const exists = existsSync(file) && statSync(file).size > 0;
    if (!exists) {
      const fd = openSync(file, 'w');
      const journal = new JournalFile(file, fd, 0, content);
      journal.writeLine(JSON.stringify({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, base } satisfies JournalHeader));
      syncDirectory(file);
      return { journal, entries: [] };
    }
    let parsed: ParsedJournal;
    try {
      parsed = parseJournal(readFileSync(file, 'utf8'));
    } catch (error) {
      if (error instanceof JournalError) throw new JournalError(`${file}: ${error.message}`);
      throw error;
    }
    if (parsed.header.base !== base) {
      throw new JournalError(
        `${file} was written from another starting state (another fixture, --state or --video-provider); start as it was started, or use a new journal`,
      );
    }
    if (statSync(file).size !== parsed.intactLength) truncateSync(file, parsed.intactLength);
    return { journal: new JournalFile(file, openSync(file, 'a'), parsed.intactLength, content), entries: parsed.entries };
  }

  request(request: ModelRequest, keptContent: readonly string[]): void {
    this.append(requestEntry(request, keptContent, this.content));
  }

  append(entry: JournalEntry): void {
    this.writeLine(JSON.stringify(entry));
  }

  close(): void {
    closeSync(this.fd);
  }

  private writeLine(line: string): void {
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(this.fd, bytes, written);
      fdatasyncSync(this.fd);
    } catch (error) {
      // A line half written must not stay in front of later ones.
      try {
        truncateSync(this.file, this.length);
      } catch {}
      throw new Error(`cannot write to the journal ${this.file}: ${(error as Error).message}`, { cause: error });
    }
    this.length += bytes.length;
  }
}

/** Makes a new file's directory entry durable too (where the platform allows). */
function syncDirectory(file: string): void {
  try {
    const fd = openSync(dirname(file), 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {}
}
