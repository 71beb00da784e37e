/** Uploading, reading and cleaning up files through the public API, for the upload checks. */
import { type CheckContext, CheckFailure } from '../../check.js';
import { type Body, expectSuccess } from '../../expect.js';
import type { TargetAuth, TargetBytesResponse, TargetFile } from '../../target.js';

export interface Uploaded {
  /** /user_uploads/<path_id>, as the server answered it. */
  readonly url: string;
  readonly pathId: string;
  readonly filename: string;
  readonly body: Body;
}

export function textFile(fileName: string, text: string, contentType = 'text/plain', fieldName = 'file'): TargetFile {
  return { fieldName, fileName, contentType, data: Buffer.from(text, 'utf8') };
}

export async function upload(ctx: CheckContext, actor: TargetAuth, file: TargetFile, clause = 'uploads.upload.one-file'): Promise<Uploaded> {
  const body = expectSuccess(await ctx.call(actor, 'POST', '/user_uploads', {}, [file]), clause);
  const url = body['url'];
  if (typeof url !== 'string' || !url.startsWith('/user_uploads/')) {
    throw new CheckFailure(`a url under /user_uploads/, got ${JSON.stringify(url)}`, undefined, 'uploads.record.url');
  }
  return { url, pathId: url.slice('/user_uploads/'.length), filename: String(body['filename']), body };
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
