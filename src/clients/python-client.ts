/**
 * How the Python `zulip` package puts a call on the wire
 * (shared/reference/clients.md), for tests that reproduce its requests byte
 * for byte (PyPI is out of reach here): strings raw, everything else
 * json.dumps-ed with ASCII escapes, None dropped, a form body for every
 * method but GET, and no body at all for a call without parameters.
 */
import { request } from 'undici';

export type PythonMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function basicAuth(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
}

export function pythonEncode(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const text =
      typeof value === 'string' ? value : JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    form.append(key, text);
  }
  return form.toString();
}

/** One call as the client makes it, against `apiUrl` (…/api/v1); the answer's status and JSON body. */
export async function pythonCall(
  apiUrl: string,
  method: PythonMethod,
  path: string,
  params: Record<string, unknown>,
  auth: string,
): Promise<{ status: number; body: any }> {
  const hasParams = Object.keys(params).length > 0;
  const query = method === 'GET' && hasParams ? `?${pythonEncode(params)}` : '';
  const response = await request(`${apiUrl}${path}${query}`, {
    method,
    headers: {
      authorization: auth,
      ...(method !== 'GET' && hasParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method !== 'GET' && hasParams ? { body: pythonEncode(params) } : {}),
  });
  return { status: response.statusCode, body: await response.body.json() };
}

/**
 * What requests (urllib3's encode_multipart_formdata) sends for files=[fileobj]
 * and no data: one part named by the file's path, with its base name as the
 * filename and no Content-Type of its own.
 */
export function pythonMultipart(path: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = '2b0c8a5e0f3d4b6a9c1e7f2d3a4b5c6d';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${path}"; filename="${name}"\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
