/**
 * Turns the first zod issue into the real server's message template
 * ("X is not an integer", "X is too long (limit: N characters)", ...).
 */
import type { z } from 'zod';
import { VAR } from './wire.js';

type Issue = z.core.$ZodIssue;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  // Wire parameters have no floats; zod reports a non-number given to z.int() as expected 'number'.
  number: 'an integer',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'a boolean',
  array: 'a list',
  object: 'a dict',
  record: 'a dict',
  tuple: 'a list',
  date: 'a date',
};

/** `data`, `data[0]`, `data[0]["value"]`: the real server's naming of nested values. */
export function varNameFor(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path;
  return String(head ?? 'request') + rest.map((part) => `[${JSON.stringify(typeof part === 'symbol' ? String(part) : part)}]`).join('');
}

export function isMissing(issue: Issue): boolean {
  return (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value') && issue.input === undefined;
}

export function messageFor(issue: Issue, varName: string): string {
  switch (issue.code) {
    case 'custom':
      return issue.message.replaceAll(VAR, varName);
    case 'invalid_type':
      if (issue.input === undefined) return `${varName} field is missing`;
      if (issue.expected === 'null') return `${varName} is not None`;
      return `${varName} is not ${TYPE_NAMES[issue.expected] ?? `a valid ${issue.expected}`}`;
    case 'too_big':
      if (issue.origin === 'string') return `${varName} is too long (limit: ${String(issue.maximum)} characters)`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${varName} is too long (limit: ${String(issue.maximum)} items)`;
      return `${varName} is too large`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? `${varName} cannot be blank` : `${varName} is too short.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${varName} is too short.`;
      return `${varName} is too small`;
    case 'unrecognized_keys':
      return `Argument "${issue.keys[0] ?? ''}" at ${varName} is unexpected`;
    case 'invalid_format':
      return `${varName} has invalid format`;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return `Invalid ${varName}`;
  }
}
