/**
 * The control plane: what a test does to a server from outside the chat API.
 * Reset to the starting state, snapshot and restore, read and set the clock,
 * look at recent requests and at the e-mails "sent", replay a journal, and
 * keep one. The admin HTTP API (src/http/admin.ts) and the library
 * (`server.control`, `model.control`) are two faces of this one object.
 */
import type { OutboxEmail, State } from '../model/state.js';
import { rows } from '../model/tables/table.js';
import { type JournalEntry, JournalError, JournalFile, openRequestEntry, parseJournal, stateDigest } from './journal.js';
import type { RecordedRequest, RequestFilter } from './request-log.js';
import { contentKeysOf, type OpenedSnapshot, openSnapshot, restoreContent, type Snapshot, takeSnapshot } from './snapshot.js';
import type { ClockSetting, Store } from './store.js';

export interface ClockReading {
  /** UNIX seconds. */
  readonly now: number;
  /** Whether time stands still. */
  readonly frozen: boolean;
  /** Seconds the clock is ahead of the system's (behind when negative). */
  readonly offset: number;
}

/** Applied in this order: `system`, `frozen`, `now`, `advance`. */
export interface ClockChange {
  /** Back to the system clock, running. */
  readonly system?: boolean;
  /** Stop time where it is, or let it run on from there. */
  readonly frozen?: boolean;
  /** Jump to this UNIX time (and stay there while frozen). */
  readonly now?: number;
  /** Move by this many seconds (back when negative). */
  readonly advance?: number;
}

export class Control {
  private readonly initial: OpenedSnapshot;
  private initialDigest: string | undefined;
  private journalFile: JournalFile | null = null;

  /** The store's state and stored files now are what reset() goes back to. */
  constructor(readonly store: Store) {
    const content = new Map<string, Uint8Array>();
    for (const key of contentKeysOf(store.state)) {
      const bytes = store.content.get(key);
      if (bytes !== undefined) content.set(key, bytes);
    }
    this.initial = { state: store.state, content };
  }

  /** The journal being written, if any. */
  get journal(): string | null {
    return this.journalFile?.file ?? null;
  }

  /**
   * Back to how the server started: its fixture or snapshot, files included,
   * and its clock (the system's or the one it was given, running, not moved);
   * event queues are dropped and rate-limit counts forgotten.
   */
  reset(): void {
    this.journalFile?.append({ kind: 'reset' });
    this.store.setClock({ offset: 0, frozenAt: null });
    this.replaceWith(this.initial);
    this.store.clearRateLimits();
  }

  /** The whole state and the bytes of its files, as a JSON-ready document. */
  snapshot(): Snapshot {
    return takeSnapshot(this.store.state, (key) => this.store.content.get(key));
  }

  /** Makes a snapshot's state current (event queues are dropped); throws SnapshotError for a document this version cannot read. */
  restore(snapshot: Snapshot): void {
    const opened = openSnapshot(snapshot);
    this.journalFile?.append({ kind: 'restore', snapshot });
    this.replaceWith(opened);
  }

  clock(): ClockReading {
    return this.reading(this.store.clockSetting, this.store.baseTime());
  }

  setClock(change: ClockChange): ClockReading {
    const base = this.store.baseTime();
    let setting: ClockSetting = change.system === true ? { offset: 0, frozenAt: null } : this.store.clockSetting;
    if (change.frozen === true && setting.frozenAt === null) setting = { offset: setting.offset, frozenAt: base + setting.offset };
    if (change.frozen === false && setting.frozenAt !== null) setting = { offset: setting.frozenAt - base, frozenAt: null };
    if (change.now !== undefined) setting = setting.frozenAt === null ? { offset: change.now - base, frozenAt: null } : { ...setting, frozenAt: change.now };
    if (change.advance !== undefined) {
      const by = change.advance;
      setting = setting.frozenAt === null ? { ...setting, offset: setting.offset + by } : { ...setting, frozenAt: setting.frozenAt + by };
    }
    this.journalFile?.append({ kind: 'clock', clock: setting });
    this.store.setClock(setting);
    this.store.deliverDue();
    return this.reading(setting, base);
  }

  /** Recent requests and their answers, newest first. */
  requests(filter: RequestFilter = {}): RecordedRequest[] {
    return this.store.requests.list(filter);
  }

  clearRequests(): void {
    this.store.requests.clear();
  }

  /** The e-mails the server "sent" (state.outbox), oldest first. */
  outbox(): OutboxEmail[] {
    return [...rows(this.store.state.outbox)];
  }

  /**
   * Goes back to the starting state and applies a journal's entries (the text
   * of a journal file, which must start from the same state): the state ends
   * as the journaling server's was. Returns how many entries were applied.
   */
  replayJournal(text: string): number {
    const parsed = parseJournal(text);
    if (parsed.header.base !== this.digest()) throw new JournalError('the journal was written from another starting state (another fixture or snapshot)');
    this.reset();
    for (const entry of parsed.entries) this.apply(entry);
    return parsed.entries.length;
  }

  /**
   * Journals every later change to `file`, after replaying what the file
   * already holds (it must start from this server's starting state). Returns
   * how many entries were replayed.
   */
  openJournal(file: string): number {
    if (this.journalFile !== null) throw new JournalError(`already journaling to ${this.journalFile.file}`);
    const { journal, entries } = JournalFile.open(file, this.digest(), this.store.content);
    try {
      for (const entry of entries) this.apply(entry);
    } catch (error) {
      journal.close();
      throw error;
    }
    this.journalFile = journal;
    this.store.journal = journal;
    return entries.length;
  }

  closeJournal(): void {
    this.journalFile?.close();
    this.journalFile = null;
    this.store.journal = null;
  }

  private apply(entry: JournalEntry): void {
    switch (entry.kind) {
      case 'request': {
        const { request, content } = openRequestEntry(entry);
        restoreContent(this.store.content, content);
        // The model is pure: a write that changed the state once changes it again, unless the code or the start differs.
        if (!this.store.replay(request)) {
          throw new JournalError(`${request.method} ${request.path} changed nothing when replayed: the journal was written by another chatref version`);
        }
        return;
      }
      case 'reset':
        this.reset();
        return;
      case 'restore':
        this.restore(entry.snapshot);
        return;
      case 'clock':
        this.journalFile?.append(entry);
        this.store.setClock(entry.clock);
        // As setClock did when the entry was written: what the moved clock made due goes out.
        this.store.deliverDue();
        return;
    }
  }

  private digest(): string {
    this.initialDigest ??= stateDigest(takeSnapshot(this.initial.state, (key) => this.initial.content.get(key)));
    return this.initialDigest;
  }

  private replaceWith(next: OpenedSnapshot): void {
    const before: State = this.store.state;
    restoreContent(this.store.content, next.content);
    const kept = new Set(contentKeysOf(next.state));
    for (const key of contentKeysOf(before)) if (!kept.has(key)) this.store.content.delete(key);
    this.store.setState(next.state);
    this.store.dropQueues();
  }

  private reading(setting: ClockSetting, base: number): ClockReading {
    const now = setting.frozenAt ?? base + setting.offset;
    return { now, frozen: setting.frozenAt !== null, offset: now - base };
  }
}
