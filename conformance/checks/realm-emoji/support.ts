/** Making, reading and cleaning up custom emoji through the public API, for the custom emoji checks. */
import { crc32, deflateSync } from 'node:zlib';
import { type Actor, type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetAuth, TargetFile } from '../../target.js';

export const LIST = 'GET /realm/emoji';
export const UPLOAD = 'POST /realm/emoji/{emoji_name}';
export const DEACTIVATE = 'DELETE /realm/emoji/{emoji_name}';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1×1 RGBA PNG of one colour, so a live server that decodes images takes it too. */
export function pngImage(rgba: readonly [number, number, number, number] = [255, 160, 0, 255]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.from([0, ...rgba]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(row)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngFile(fieldName = 'file', fileName = 'emoji.png', data: Uint8Array = pngImage()): TargetFile {
  return { fieldName, fileName, contentType: 'image/png', data };
}

/**
 * A name no earlier run used, as custom emoji names must be: ctx.unique's
 * `${runId}-label-n` in lower case, other characters as `_`, ending in a
 * letter or digit, and short.
 */
export function emojiName(ctx: CheckContext, label: string): string {
  const name = ctx
    .unique(label)
    .toLowerCase()
    .replace(/[^0-9a-z_-]/g, '_')
    .slice(0, 48)
    .replace(/[-_]+$/, '');
  return name === '' ? 'emoji1' : name;
}

export function emojiPath(name: string): string {
  return `/realm/emoji/${encodeURIComponent(name)}`;
}

/** Every custom emoji of the realm, keyed by id, as `viewer` lists them. */
export async function listEmoji(ctx: CheckContext, viewer: TargetAuth, clause = 'realm-emoji.list.shape'): Promise<Record<string, Body>> {
  const body = expectSuccess(await ctx.call(viewer, 'GET', '/realm/emoji'), clause);
  const emoji = body['emoji'];
  if (emoji === null || typeof emoji !== 'object' || Array.isArray(emoji))
    throw new CheckFailure(`an emoji object in GET /realm/emoji, got ${JSON.stringify(emoji)}`, undefined, clause);
  return emoji as Record<string, Body>;
}

/** The listed custom emoji with this name, the active one first. */
export async function emojiNamed(ctx: CheckContext, name: string, viewer: TargetAuth = ctx.cast.member): Promise<Body[]> {
  const listed = Object.values(await listEmoji(ctx, viewer)).filter((emoji) => emoji['name'] === name);
  return listed.sort((a, b) => Number(a['deactivated']) - Number(b['deactivated']));
}

/** Custom emoji a check made, deactivated again at its end. */
export interface MadeEmoji {
  /** Uploads a PNG as `actor` under `name` (successfully) and answers the listed emoji. */
  add(actor: Actor, name: string, clause?: string): Promise<Body>;
  /** Notes a name the check made some other way, to deactivate it at the end. */
  note(name: string): void;
}

/** Runs `body`, then deactivates (as the owner, best effort) every emoji it made that is still active. */
export async function withEmoji(ctx: CheckContext, body: (made: MadeEmoji) => Promise<void>): Promise<void> {
  const names = new Set<string>();
  const made: MadeEmoji = {
    async add(actor, name, clause = 'realm-emoji.upload.success') {
      names.add(name);
      expectSuccess(await ctx.call(actor, 'POST', emojiPath(name), {}, [pngFile()]), clause);
      const [emoji] = await emojiNamed(ctx, name);
      if (emoji === undefined || emoji['deactivated'] !== false)
        throw new CheckFailure(`an active custom emoji named ${name} listed after its upload`, undefined, clause);
      return emoji;
    },
    note(name) {
      names.add(name);
    },
  };
  try {
    await body(made);
  } finally {
    for (const name of names) await ctx.call(ctx.cast.owner, 'DELETE', emojiPath(name));
  }
}
