/** Uploading, reading and cleaning up files through the public API, for the upload checks. */
import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import type { TargetAuth, TargetBytesResponse, TargetFile } from '../../target.js';

/** The operation id of POST /user_uploads in the feature-level table. */
const UPLOAD_OPERATION = 'upload-file';

/** The key the upload answer names the file's URL by at the level: url from 272, uri (its old name) before. */
export function urlKeyAt(level: number): 'url' | 'uri' {
  return sendsKeyAt(level, UPLOAD_OPERATION, 'url') ? 'url' : 'uri';
}

/** Whether the upload answer has filename at the level (286). */
export function answersFilenameAt(level: number): boolean {
  return sendsKeyAt(level, UPLOAD_OPERATION, 'filename');
}

export interface Uploaded {
  /** /user_uploads/<path_id>, as the server answered it (url, or uri below feature level 272). */
  readonly url: string;
  readonly pathId: string;
  /** The answer's filename; below feature level 286, which has none, the name the file was sent with. */
  readonly filename: string;
  readonly body: Body;
}

export function textFile(fileName: string, text: string, contentType = 'text/plain', fieldName = 'file'): TargetFile {
  return { fieldName, fileName, contentType, data: Buffer.from(text, 'utf8') };
}

export async function upload(ctx: CheckContext, actor: TargetAuth, file: TargetFile, clause = 'uploads.upload.one-file'): Promise<Uploaded> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/user_uploads', {}, [file]), clause);
  const key = urlKeyAt(ctx.featureLevel);
  const url = body[key];
  if (typeof url !== 'string' || !url.startsWith('/user_uploads/')) {
    throw new CheckFailure(`a ${key} under /user_uploads/, got ${JSON.stringify(url)}`, undefined, 'uploads.record.url');
  }
  const filename = answersFilenameAt(ctx.featureLevel) ? String(body['filename']) : file.fileName;
  return { url, pathId: url.slice('/user_uploads/'.length), filename, body };
}

/** The status a user (null: logged out) gets for the file's own path. */
export async function readStatus(ctx: CheckContext, actor: TargetAuth, url: string): Promise<number> {
  return (await ctx.fetch(actor, 'GET', url)).status;
}

export function download(ctx: CheckContext, actor: TargetAuth, url: string): Promise<TargetBytesResponse> {
  return ctx.fetch(actor, 'GET', url);
}

/** The caller's attachment record for a path, from GET /attachments. */
export async function attachmentOf(ctx: CheckContext, owner: TargetAuth, pathId: string): Promise<Body | undefined> {
  const body = expectSuccess(await ctx.call(owner, 'GET', '/attachments'), 'attachments.list.own');
  const list = Array.isArray(body['attachments']) ? (body['attachments'] as Body[]) : [];
  return list.find((entry) => entry['path_id'] === pathId);
}

/** Deletes the owner's files again, so that a run leaves no data behind. */
export async function removeUploads(ctx: CheckContext, owner: TargetAuth, uploads: readonly Uploaded[]): Promise<void> {
  for (const file of uploads) {
    const record = await attachmentOf(ctx, owner, file.pathId);
    if (record !== undefined) await ctx.call(owner, 'DELETE', `/attachments/${record['id']}`);
  }
}

/** Runs `body`, then deletes what it uploaded, whether it passed or not. */
export async function withUploads(ctx: CheckContext, owner: TargetAuth, body: (uploads: Uploaded[]) => Promise<void>): Promise<void> {
  const uploads: Uploaded[] = [];
  try {
    await body(uploads);
  } finally {
    await removeUploads(ctx, owner, uploads);
  }
}

/** A Markdown link to the upload. */
export function link(file: Uploaded): string {
  return `[${file.filename.replace(/[[\]]/g, '')}](${file.url})`;
}
