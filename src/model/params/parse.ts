/**
 * Parses raw wire parameters against an endpoint's zod object: first error
 * only, missing required parameters as REQUEST_VARIABLE_MISSING, and the
 * names the endpoint does not know listed for ignored_parameters_unsupported.
 */
import type { z } from 'zod';
import { type ApiError, Errors } from '../errors.js';
import { isMissing, messageFor, varNameFor } from './messages.js';

export type ParamsSchema = z.ZodObject<z.ZodRawShape>;

/** Wire-name aliases, e.g. { subject: 'topic' }: the alias is read as the canonical name. */
export type Aliases = Readonly<Record<string, string>>;

export type ParsedParams<S extends ParamsSchema> =
  | { readonly ok: true; readonly value: z.output<S>; readonly ignored: readonly string[] }
  | { readonly ok: false; readonly error: ApiError };

/** Requests without parameters parse the same every time: defaults only. */
const parsedWithoutParams = new WeakMap<ParamsSchema, ParsedParams<ParamsSchema>>();

function hasNoParams(raw: Readonly<Record<string, string>>): boolean {
  for (const _ in raw) return false;
  return true;
}

export function parseParams<S extends ParamsSchema>(schema: S, raw: Readonly<Record<string, string>>, aliases: Aliases = {}): ParsedParams<S> {
  if (hasNoParams(raw)) {
    let parsed = parsedWithoutParams.get(schema);
    if (parsed === undefined) {
      parsed = Object.freeze(parseRawParams(schema, raw, aliases));
      parsedWithoutParams.set(schema, parsed);
    }
    return parsed as ParsedParams<S>;
  }
  return parseRawParams(schema, raw, aliases);
}

function parseRawParams<S extends ParamsSchema>(schema: S, raw: Readonly<Record<string, string>>, aliases: Aliases): ParsedParams<S> {
  const known = new Set(Object.keys(schema.shape));
  const input: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const canonical = aliases[name] ?? name;
    if (!known.has(canonical)) {
      ignored.push(name);
      continue;
    }
    if (canonical !== name && Object.hasOwn(raw, canonical)) {
      return { ok: false, error: Errors.confusingArguments(canonical, name) };
    }
    input[canonical] = value;
  }
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) return { ok: false, error: errorFromIssues(result.error.issues) };
  return { ok: true, value: result.data, ignored: ignored.sort() };
}

function errorFromIssues(issues: readonly z.core.$ZodIssue[]): ApiError {
  const issue = issues[0]!;
  if (issue.path.length === 1 && isMissing(issue)) return Errors.missingArgument(String(issue.path[0]));
  return Errors.invalidParam(messageFor(issue, varNameFor(issue.path)));
}
