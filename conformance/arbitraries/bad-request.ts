/**
 * Bad requests for one endpoint, as a list of mutations of a valid base
 * request. The arbitrary draws only the description; the request is built
 * in the run from the live throw-away entities, so shrinking works on the
 * description and the printed request is the one actually sent.
 */
import fc from 'fast-check';
import type { EndpointSpec, PathParamKind, PropertyEnv } from '../properties/endpoint-spec.js';
import { anyOddString, oddString } from './strings.js';
import { unknownEmailSegment, unknownIdSegment, type Verdict, type WireValue, wireValue } from './wire-values.js';

export type Mutation =
  | { readonly kind: 'drop'; readonly param: string }
  | { readonly kind: 'set'; readonly param: string; readonly value: WireValue }
  | { readonly kind: 'extra'; readonly name: string; readonly value: string }
  | { readonly kind: 'path'; readonly param: string; readonly segment: string };

/** Names no endpoint declares; `method` is left out because the real server reads it as a method override. */
const EXTRA_NAMES = ['x', 'foo', 'api_key', 'callback', '__proto__', 'constructor', 'toString', 'id[]', 'a.b', 'ä', '🐙', ' ', 'anchor', 'queue_id'];

export function badRequestArbitrary(spec: EndpointSpec): fc.Arbitrary<readonly Mutation[]> {
  const known = new Set(spec.params.map((param) => param.name));
  const inUrl = spec.method === 'GET';
  const choices: fc.Arbitrary<Mutation>[] = [
    fc
      .record({
        name: fc.constantFrom(...EXTRA_NAMES.filter((name) => !known.has(name))),
        value: fc.oneof(fc.constantFrom('1', 'true', '[]'), inUrl ? oddString : anyOddString),
      })
      .map(({ name, value }) => ({ kind: 'extra' as const, name, value })),
  ];
  const present = spec.params.filter((param) => param.valid !== undefined);
  if (present.length > 0) {
    choices.push(fc.constantFrom(...present.map((param) => param.name)).map((param) => ({ kind: 'drop' as const, param })));
  }
  for (const param of spec.params) {
    choices.push(wireValue(param.kind, param.invalid, inUrl).map((value) => ({ kind: 'set' as const, param: param.name, value })));
  }
  for (const [param, kind] of Object.entries(spec.pathParams ?? {})) {
    const segments = kind === 'user-email' ? unknownEmailSegment : unknownIdSegment;
    choices.push(segments.map((segment) => ({ kind: 'path' as const, param, segment })));
  }
  return fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 });
}

export interface BuiltRequest {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** `invalid` when a conforming server must refuse it. */
  readonly verdict: Verdict;
  /** Why it must be refused, for the failure text. */
  readonly reasons: readonly string[];
}

/** Sets a property even when its name is `__proto__`, so the request really carries it. */
function put(params: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
}

function liveSegment(kind: PathParamKind, env: PropertyEnv): string {
  switch (kind) {
    case 'user-id':
      return String(env.target.id);
    case 'deactivated-id':
      return String(env.deactivated.userId);
    case 'user-email':
      return env.target.email;
    case 'channel-id':
      return String(env.channel.id);
    case 'spare-channel-id':
      return String(env.spareChannel.id);
    case 'group-id':
      return String(env.group.id);
    case 'spare-group-id':
      return String(env.spareGroup.id);
    case 'message-id':
      return String(env.message.id);
    case 'deleted-message-id':
      return String(env.deletedMessage.id);
    case 'unused-id':
      return '999999999';
  }
}

function isJsonNull(text: string | undefined): boolean {
  try {
    return text !== undefined && JSON.parse(text) === null;
  } catch {
    return false;
  }
}

/** The base request with the mutations applied in order. */
export function buildRequest(spec: EndpointSpec, env: PropertyEnv, mutations: readonly Mutation[]): BuiltRequest {
  const values = new Map<string, WireValue>();
  for (const param of spec.params) {
    if (param.valid !== undefined) values.set(param.name, { value: param.valid(env), verdict: 'maybe' });
  }
  const segments = new Map<string, { value: string; invalid: boolean }>();
  for (const [name, kind] of Object.entries(spec.pathParams ?? {})) segments.set(name, { value: liveSegment(kind, env), invalid: false });
  const extras: [string, string][] = [];

  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'drop':
        values.delete(mutation.param);
        break;
      case 'set':
        values.set(mutation.param, mutation.value);
        break;
      case 'extra':
        extras.push([mutation.name, mutation.value]);
        break;
      case 'path':
        segments.set(mutation.param, { value: mutation.segment, invalid: true });
        break;
    }
  }

  const params: Record<string, string> = {};
  for (const [name, value] of extras) put(params, name, value);
  for (const [name, value] of values) put(params, name, value.value);

  const reasons: string[] = [];
  for (const param of spec.params) {
    const value = values.get(param.name);
    if (value === undefined && param.required) reasons.push(`required parameter ${param.name} is missing`);
    const excused = (param.nullable === true && isJsonNull(value?.value)) || !(param.readWhen?.(params) ?? true);
    if (value?.verdict === 'invalid' && !excused) {
      reasons.push(`${param.name}=${JSON.stringify(value.value)} is not a valid ${param.kind.type}`);
    }
  }
  const crossReason = spec.refuses?.(params);
  if (crossReason !== undefined) reasons.push(crossReason);
  for (const [name, segment] of segments) if (segment.invalid) reasons.push(`{${name}}=${JSON.stringify(segment.value)} names nothing that exists`);
  if (spec.acceptsAnyway?.(params) === true) reasons.length = 0;

  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(segments.get(name)?.value ?? ''));
  return { path, params, verdict: reasons.length > 0 ? 'invalid' : 'maybe', reasons };
}
