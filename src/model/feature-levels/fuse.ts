/**
 * Answer walks that say where they edit, so that a level's many rows cost
 * one pass, not one each. Most rows edit the objects of one list (every
 * channel of register's `streams`, every user of `realm_users`) or take
 * top-level keys out. A walk built from pieces (`located`) records where it
 * edits; `fuse` turns a level's walks of one answer into as few passes as
 * keep the result the same: the edits of one list run one after another on
 * each object in a single pass over it, adjacent removals of an object's
 * keys become one, and top-level removals merge. Edits of different keys
 * touch disjoint parts of the answer, so they commute; a walk that does not
 * say where it edits is a barrier that nothing moves across.
 */
import type { Body, DowngradeContext } from './change.js';
import { editEach, editKey, omitKeys } from './walk.js';

type Json = Readonly<Record<string, unknown>>;
export type BodyWalk = (body: Body, context: DowngradeContext) => Body;
/** An edit of one object of an answer; edits that need nothing of the context ignore it. */
export type ItemEdit = (item: Json, context: DowngradeContext) => Json;

export type Piece =
  /** Each object of the array under `key` (`each`), or the object under `key` (`at`), edited. */
  | { readonly kind: 'each' | 'at'; readonly key: string; readonly edit: ItemEdit }
  /** Top-level keys of the answer taken out. */
  | { readonly kind: 'omit'; readonly keys: readonly string[] }
  /** An edit of the answer itself that reads and writes only the top-level `keys`. */
  | { readonly kind: 'top'; readonly keys: readonly string[]; readonly edit: BodyWalk };

const PIECES = new WeakMap<object, readonly Piece[]>();
const OMITTED = new WeakMap<object, readonly string[]>();

/** An edit that takes `keys` out of an object, marked so that adjacent ones merge. */
export function omitting(keys: readonly string[]): (item: Json) => Json {
  const edit = (item: Json): Json => omitKeys(item, keys);
  OMITTED.set(edit, keys);
  return edit;
}

/** The keys an edit made by `omitting` takes out (undefined for any other edit). */
export function omittedKeys(edit: object): readonly string[] | undefined {
  return OMITTED.get(edit);
}

function runPiece(body: Body, piece: Piece, context: DowngradeContext): Body {
  if (piece.kind === 'omit') return omitKeys(body, piece.keys);
  if (piece.kind === 'top') return piece.edit(body, context);
  const { edit } = piece;
  if (piece.kind === 'at') return editKey(body, piece.key, (value) => (isObject(value) ? edit(value, context) : value));
  return editKey(body, piece.key, (list) => editEach(list, (item) => edit(item, context)));
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A walk of the answer's own keys: it reads and writes only the top-level `keys`. */
export function atTop(keys: readonly string[], edit: BodyWalk): BodyWalk {
  return located([{ kind: 'top', keys, edit }]);
}

/** A walk made of pieces, run in order; `fuse` may merge it with its neighbours. */
export function located(pieces: readonly Piece[]): BodyWalk {
  const walk: BodyWalk = (body, context) => {
    let walked = body;
    for (const piece of pieces) walked = runPiece(walked, piece, context);
    return walked;
  };
  PIECES.set(walk, pieces);
  return walk;
}

/** The pieces of a located walk (undefined: it does not say where it edits). */
export function piecesOf(walk: object): readonly Piece[] | undefined {
  return PIECES.get(walk);
}

/** `first` then `second` as one walk, located when both are. */
export function composeWalks(first: BodyWalk, second: BodyWalk): BodyWalk {
  const a = piecesOf(first);
  const b = piecesOf(second);
  if (a !== undefined && b !== undefined) return located([...a, ...b]);
  return (body, context) => second(first(body, context), context);
}

/** Edits in order as one, adjacent removals merged into one removal of all their keys. */
function chain(edits: readonly ItemEdit[]): ItemEdit {
  const merged: ItemEdit[] = [];
  let pending: string[] | null = null;
  const flush = (): void => {
    if (pending !== null) merged.push(omitting(pending));
    pending = null;
  };
  for (const edit of edits) {
    const keys = OMITTED.get(edit);
    if (keys === undefined) {
      flush();
      merged.push(edit);
    } else {
      pending = [...(pending ?? []), ...keys];
    }
  }
  flush();
  const [only] = merged;
  if (merged.length === 1 && only !== undefined) return only;
  return (item, context) => {
    let walked = item;
    for (const edit of merged) walked = edit(walked, context);
    return walked;
  };
}

/**
 * One segment of fused pieces: the edits of the answer's own keys in order
 * (adjacent removals merged), and per list or object its edits in order.
 */
class Segment {
  readonly top: Piece[] = [];
  readonly topKeys = new Set<string>();
  readonly edits = new Map<string, { kind: 'each' | 'at'; key: string; edits: ItemEdit[] }>();
  readonly editedKeys = new Set<string>();

  /** Whether the piece can join without changing the result: it touches no key a piece of the other sort touched. */
  accepts(piece: Piece): boolean {
    if (piece.kind === 'omit' || piece.kind === 'top') return piece.keys.every((key) => !this.editedKeys.has(key));
    return !this.topKeys.has(piece.key);
  }

  add(piece: Piece): void {
    if (piece.kind === 'omit' || piece.kind === 'top') {
      for (const key of piece.keys) this.topKeys.add(key);
      const last = this.top[this.top.length - 1];
      if (piece.kind === 'omit' && last?.kind === 'omit') this.top[this.top.length - 1] = { kind: 'omit', keys: [...last.keys, ...piece.keys] };
      else this.top.push(piece);
      return;
    }
    const slot = `${piece.kind}:${piece.key}`;
    const entry = this.edits.get(slot);
    if (entry === undefined) this.edits.set(slot, { kind: piece.kind, key: piece.key, edits: [piece.edit] });
    else entry.edits.push(piece.edit);
    this.editedKeys.add(piece.key);
  }

  get isEmpty(): boolean {
    return this.top.length === 0 && this.edits.size === 0;
  }

  walk(): BodyWalk {
    const pieces: Piece[] = [...this.top];
    for (const { kind, key, edits } of this.edits.values()) pieces.push({ kind, key, edit: chain(edits) });
    return located(pieces);
  }
}

type Step = Piece | { readonly kind: 'barrier'; readonly walk: BodyWalk };

/** Whether a removal of `keys` gives the same answer before the step as after it. */
function commutes(step: Step, keys: readonly string[]): boolean {
  if (step.kind === 'barrier') return false;
  if (step.kind === 'omit') return true;
  if (step.kind === 'top') return step.keys.every((key) => !keys.includes(key));
  return !keys.includes(step.key);
}

/**
 * The steps with each top-level removal moved as early as it can go (past
 * every step that neither reads nor writes its keys) and merged into a
 * removal there: the answer is rebuilt without its removed keys a few times,
 * not once per row.
 */
function hoistRemovals(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  for (const step of steps) {
    if (step.kind !== 'omit') {
      out.push(step);
      continue;
    }
    let at = out.length;
    while (at > 0 && commutes(out[at - 1] as Step, step.keys)) at--;
    const target = out.findIndex((earlier, index) => index >= at && earlier.kind === 'omit');
    const existing = target === -1 ? undefined : out[target];
    if (existing?.kind === 'omit') out[target] = { kind: 'omit', keys: [...existing.keys, ...step.keys] };
    else out.splice(at, 0, step);
  }
  return out;
}

/** A level's walks of one answer as few passes as give the same answer. */
export function fuse(walks: readonly BodyWalk[]): BodyWalk[] {
  const steps = hoistRemovals(walks.flatMap((walk): Step[] => [...(piecesOf(walk) ?? [{ kind: 'barrier', walk }])]));
  const fused: BodyWalk[] = [];
  let segment = new Segment();
  const close = (): void => {
    if (!segment.isEmpty) fused.push(segment.walk());
    segment = new Segment();
  };
  for (const step of steps) {
    if (step.kind === 'barrier') {
      close();
      fused.push(step.walk);
      continue;
    }
    if (!segment.accepts(step)) close();
    segment.add(step);
  }
  close();
  return fused;
}
