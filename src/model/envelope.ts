/** The JSON envelope of every response. */
import type { ApiError } from './errors.js';
import type { ModelResponse } from './request.js';

const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

export function successResponse(data: Readonly<Record<string, unknown>>, ignored: readonly string[]): ModelResponse {
  const body: Record<string, unknown> = { result: 'success', msg: '', ...data };
  if (ignored.length > 0) body['ignored_parameters_unsupported'] = ignored;
  return { status: 200, headers: JSON_HEADERS, body };
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8' } as const;

export function errorResponse(error: ApiError): ModelResponse {
  if (error.html !== undefined) return { status: error.status, headers: { ...HTML_HEADERS, ...error.headers }, body: null, text: error.html };
  return {
    status: error.status,
    headers: { ...JSON_HEADERS, ...error.headers },
    body: { result: 'error', msg: error.msg, code: error.code, ...error.data },
  };
}
