/**
 * The narrow parameter's format checks (reference server-messages-channels §6.1),
 * in the real server's order: the element's shape, then the typed fields
 * (operator, negated), then the operand's type for its operator.
 */
import { z } from 'zod';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { VAR } from '../params/wire.js';
import type { NarrowTerm, Operand } from './terms.js';

/** Operators whose operand may be an id (NarrowParameter.validate_terms); the legacy underscore spellings are not among them. */
const ID_OPERATORS: ReadonlySet<string> = new Set(['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']);
const ID_LIST_OPERATORS: ReadonlySet<string> = new Set(['pm-with', 'dm']);

function isDict(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkOperand(operator: string, operand: unknown): Checked<Operand> {
  if (ID_OPERATORS.has(operator)) {
    return typeof operand === 'string' || Number.isInteger(operand) ? accept(operand as string | number) : reject(Errors.notAStringOrInteger('operand'));
  }
  if (ID_LIST_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return accept(operand);
    if (!Array.isArray(operand)) return reject(Errors.notAStringOrIntegerList('operand'));
    const index = operand.findIndex((item) => !Number.isInteger(item));
    return index < 0 ? accept(operand as number[]) : reject(Errors.notAnInteger(`operand[${index}]`));
  }
  if (typeof operand !== 'string') return reject(Errors.notAString('operand'));
  if (operator === 'search' && operand.trim() === '') return reject(Errors.cannotBeBlank('operand'));
  return accept(operand);
}

function term(operator: string, operand: unknown, negated: boolean): Checked<NarrowTerm> {
  const checked = checkOperand(operator, operand);
  return checked.ok ? accept({ operator, operand: checked.value, negated }) : reject(checked.error);
}

function parseTerm(element: unknown, name: string): Checked<NarrowTerm> {
  if (Array.isArray(element)) {
    if (element.length !== 2 || element.some((part) => typeof part !== 'string')) {
      return reject(Errors.invalidNarrowElement(name, 'element is not a string pair'));
    }
    return term(element[0] as string, element[1], false);
  }
  if (!isDict(element)) return reject(Errors.invalidNarrowElement(name, 'dict or list required'));
  if (element['operand'] === undefined || element['operand'] === null) return reject(Errors.invalidNarrowElement(name, 'operand is missing'));
  if (element['operator'] === undefined || element['operator'] === null) return reject(Errors.invalidNarrowElement(name, 'operator is missing'));
  const { operator, negated } = element;
  if (typeof operator !== 'string') return reject(Errors.notAString(`${name}["operator"]`));
  if (negated !== undefined && typeof negated !== 'boolean') return reject(Errors.notABoolean(`${name}["negated"]`));
  return term(operator, element['operand'], negated ?? false);
}

/**
 * The decoded JSON of a narrow parameter: a list of `{operator, operand,
 * negated?}` dicts or legacy `[operator, operand]` pairs. `null` is no narrow.
 * Errors name the parameter `name` (e.g. `narrow[2]["negated"] is not a boolean`).
 */
export function parseNarrow(raw: unknown, name = 'narrow'): Checked<NarrowTerm[]> {
  if (raw === null) return accept([]);
  if (!Array.isArray(raw)) return reject(Errors.notAList(name));
  const terms: NarrowTerm[] = [];
  for (const [index, element] of raw.entries()) {
    const parsed = parseTerm(element, `${name}[${index}]`);
    if (!parsed.ok) return reject(parsed.error);
    terms.push(parsed.value);
  }
  return accept(terms);
}

/** The wire codec of a `narrow` parameter: JSON text checked by parseNarrow, its first problem reported as a 400. */
export function narrowParam() {
  return z.string().transform((text, ctx): NarrowTerm[] => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${VAR} is not valid JSON` });
      return z.NEVER;
    }
    const parsed = parseNarrow(raw, VAR);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error.msg });
    return z.NEVER;
  });
}
