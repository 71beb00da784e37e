/**
 * Known but not implemented: a request that none of chatref's routes takes
 * but that the real server serves (REAL_SERVER_OPERATIONS) answers 404 with
 * the real server's NOT_FOUND code and a message naming the operation, so it
 * is not mistaken for a path that does not exist.
 */
import { type ApiError, Errors } from './errors.js';
import { REAL_SERVER_OPERATIONS } from './real-server-operations.js';
import { ENDPOINTS } from './routes.js';

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly segments: readonly string[];
}

/** The segments after the leading slash; a trailing slash leaves an empty one, which no template has. */
function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

const OPERATIONS: readonly Operation[] = REAL_SERVER_OPERATIONS.map((operation) => {
  const [method, template] = operation.split(' ') as [string, string];
  return { method, template, segments: segmentsOf(template) };
});

const IMPLEMENTED: ReadonlySet<string> = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));

/** A template segment against a request's: `{…_id}` takes digits only (the real server's `<int:…>`), other parameters any text. */
function segmentMatches(template: string, segment: string): boolean {
  if (!template.startsWith('{')) return template === segment;
  return template.endsWith('_id}') ? /^[0-9]+$/.test(segment) : segment !== '';
}

function matches(operation: Operation, segments: readonly string[]): boolean {
  return operation.segments.length === segments.length && operation.segments.every((template, index) => segmentMatches(template, segments[index]!));
}

/** The error for a request the real server would serve and chatref does not, or null. `path` is below /api/v1. */
export function unimplementedOperation(method: string, path: string): ApiError | null {
  const lookup = method === 'HEAD' ? 'GET' : method;
  const segments = segmentsOf(path);
  const operation = OPERATIONS.find((candidate) => candidate.method === lookup && matches(candidate, segments));
  // An operation chatref serves did not take the request because a literal path came first (GET /users/me/presence): the real server answers 405 there too.
  if (operation === undefined || IMPLEMENTED.has(`${operation.method} ${operation.template}`)) return null;
  return Errors.notImplemented(method, operation.template);
}
