/**
 * Who may change linkifiers and what a linkifier may be (reference server-messages-channels §10). Validation follows
 * the real server's model validation (Django's full_clean): per-field errors first (a blank pattern or URL template,
 * an invalid URL template), then the model's own checks under `__all__` (the pattern compiles with RE2, the template's
 * variables equal the pattern's named groups, the reverse-linkifier fields agree), then the one-pattern-per-realm rule.
 * The answer carries the first message and every message by field, as the real server's `errors`.
 */
import { Errors } from '../errors.js';
import { strip } from '../markdown/dialect/python.js';
import { type CompiledPattern, compileRe2, urlTemplateVariables } from '../markdown/zulip/linkifiers.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Linkifier, State, User } from '../state.js';
import { isAdministrator } from './roles.js';

/** Adding, changing, removing and reordering linkifiers is for organization administrators (require_realm_admin). */
export function canAdministerLinkifiers(actor: User): boolean {
  return isAdministrator(actor);
}

/** The linkifier with this id; a missing one is "Linkifier not found." */
export function accessLinkifierById(state: State, id: number): Checked<Linkifier> {
  const linkifier = state.linkifiers.find((candidate) => candidate.id === id);
  return linkifier === undefined ? reject(Errors.linkifierNotFound()) : accept(linkifier);
}

export interface LinkifierInput {
  readonly pattern: string;
  readonly urlTemplate: string;
  readonly exampleInput: string | null;
  readonly reverseTemplate: string | null;
  readonly alternativeUrlTemplates: readonly string[];
}

export type LinkifierDefinition = Omit<Linkifier, 'id'>;

const NON_FIELD = '__all__';
const BLANK = 'This field cannot be blank.';
const INVALID_URL_TEMPLATE = 'Invalid URL template.';
// Django's unique_together message for RealmFilter (realm, pattern); the real server's text is not confirmed.
const DUPLICATE_PATTERN = 'Realm filter with this Realm and Pattern already exists.';

// The reverse-linkifier texts are not public (the feature postdates every source); these are ours.
const EXAMPLE_NOT_MATCHED = 'Example input does not match the linkifier pattern.';
const REVERSE_NEEDS_EXAMPLE = 'A reverse template requires an example input.';
const INVALID_REVERSE_TEMPLATE = 'Invalid reverse template.';
const REVERSE_NOT_ROUND_TRIP = 'Reverse template does not reproduce the example input.';
const ALTERNATIVE_VARIABLES = 'Alternative URL templates must use the same variables as the URL template.';

type Piece = { readonly literal: string } | { readonly variable: string };

/**
 * A reverse template's pieces: `{name}` is a variable, `{{` and `}}` stand for literal braces; any other brace makes
 * the template invalid (undefined).
 */
export function parseReverseTemplate(template: string): readonly Piece[] | undefined {
  const pieces: Piece[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if ((ch === '{' || ch === '}') && template[i + 1] === ch) {
      literal += ch;
      i++;
    } else if (ch === '{') {
      const close = template.indexOf('}', i + 1);
      const name = close === -1 ? '' : template.slice(i + 1, close);
      if (!/^\w+$/u.test(name)) return undefined;
      if (literal !== '') pieces.push({ literal });
      literal = '';
      pieces.push({ variable: name });
      i = close;
    } else if (ch === '}') {
      return undefined;
    } else {
      literal += ch;
    }
  }
  if (literal !== '') pieces.push({ literal });
  return pieces;
}

/** The reverse template filled with the values (a group that took no part gives the empty string). */
export function renderReverseTemplate(pieces: readonly Piece[], values: Readonly<Record<string, string | null>>): string {
  return pieces.map((piece) => ('literal' in piece ? piece.literal : (values[piece.variable] ?? ''))).join('');
}

/** The named groups' values when the pattern matches the whole text, else undefined. */
export function matchWhole(compiled: CompiledPattern & { ok: true }, text: string): Record<string, string | null> | undefined {
  const matcher = compiled.regex.matcher(text);
  if (!matcher.matches()) return undefined;
  return Object.fromEntries(compiled.groups.map((name) => [name, matcher.group(name)]));
}

function firstMissing(from: Iterable<string>, within: ReadonlySet<string>): string | undefined {
  return [...from].filter((name) => !within.has(name)).sort()[0];
}

/**
 * The reverse-linkifier rules (ours where the real server's are not public): example_input must be matched by the
 * pattern in full; reverse_template needs example_input, uses `{group}` names of the pattern (a subset: a group the
 * reverse form leaves out is allowed), and rendered with the groups of example_input gives example_input back;
 * alternative_url_templates use exactly the URL template's variables.
 */
function reverseLinkifierError(compiled: CompiledPattern & { ok: true }, input: LinkifierInput, templateVariables: readonly string[]): string | undefined {
  const values = input.exampleInput === null ? undefined : matchWhole(compiled, input.exampleInput);
  if (input.exampleInput !== null && values === undefined) return EXAMPLE_NOT_MATCHED;
  if (input.reverseTemplate !== null) {
    if (values === undefined) return REVERSE_NEEDS_EXAMPLE;
    const pieces = parseReverseTemplate(input.reverseTemplate);
    if (pieces === undefined) return INVALID_REVERSE_TEMPLATE;
    const groups = new Set(compiled.groups);
    const unknown = firstMissing(
      pieces.flatMap((piece) => ('variable' in piece ? [piece.variable] : [])),
      groups,
    );
    if (unknown !== undefined) return `Group '${unknown}' in reverse template is not present in linkifier pattern.`;
    if (renderReverseTemplate(pieces, values) !== input.exampleInput) return REVERSE_NOT_ROUND_TRIP;
  }
  const expected = [...templateVariables].sort().join('\u0000');
  for (const template of input.alternativeUrlTemplates) {
    const variables = urlTemplateVariables(template);
    if (variables !== undefined && [...variables].sort().join('\u0000') !== expected) return ALTERNATIVE_VARIABLES;
  }
  return undefined;
}

/** The model's own check (Django's clean): the first failure, or undefined. */
function cleanError(input: LinkifierInput): string | undefined {
  const compiled = compileRe2(input.pattern);
  if (!compiled.ok) return `Bad regular expression: ${compiled.error}`;
  const variables = urlTemplateVariables(input.urlTemplate);
  // An invalid template is reported by the field check alone.
  if (variables === undefined) return undefined;
  const groups = new Set(compiled.groups);
  const extraVariable = firstMissing(variables, groups);
  if (extraVariable !== undefined) return `Group '${extraVariable}' in URL template is not present in linkifier pattern.`;
  const unusedGroup = firstMissing(groups, new Set(variables));
  if (unusedGroup !== undefined) return `Group '${unusedGroup}' in linkifier pattern is not present in URL template.`;
  return reverseLinkifierError(compiled, input, variables);
}

/**
 * Validates a new or replacing definition (`replacing`: the id it replaces, exempt from the uniqueness rule). Pattern
 * and URL template are stripped of surrounding whitespace first, as the real server does.
 */
export function checkLinkifierDefinition(state: State, raw: LinkifierInput, replacing?: number): Checked<LinkifierDefinition> {
  const input: LinkifierInput = { ...raw, pattern: strip(raw.pattern), urlTemplate: strip(raw.urlTemplate) };
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (input.pattern === '') add('pattern', BLANK);
  if (input.urlTemplate === '') add('url_template', BLANK);
  else if (urlTemplateVariables(input.urlTemplate) === undefined) add('url_template', INVALID_URL_TEMPLATE);
  if (input.alternativeUrlTemplates.some((template) => urlTemplateVariables(template) === undefined)) add('alternative_url_templates', INVALID_URL_TEMPLATE);
  const clean = cleanError(input);
  if (clean !== undefined) add(NON_FIELD, clean);
  // Uniqueness is checked only for a pattern that passed its own field check (Django's validate_unique).
  if (errors['pattern'] === undefined && state.linkifiers.some((other) => other.pattern === input.pattern && other.id !== replacing)) {
    add(NON_FIELD, DUPLICATE_PATTERN);
  }
  if (Object.keys(errors).length > 0) return reject(Errors.invalidLinkifier(errors));
  return accept({
    pattern: input.pattern,
    urlTemplate: input.urlTemplate,
    exampleInput: input.exampleInput,
    reverseTemplate: input.reverseTemplate,
    alternativeUrlTemplates: [...input.alternativeUrlTemplates],
  });
}

/**
 * A new order: no id twice ("…must not contain duplicated linkifiers"), and exactly the existing ids ("…must
 * enumerate all existing linkifiers exactly once"), checked in that order as the real server does.
 */
export function checkLinkifierOrder(state: State, orderedIds: readonly number[]): Checked<readonly number[]> {
  const unique = new Set(orderedIds);
  if (unique.size < orderedIds.length) return reject(Errors.duplicateOrderedLinkifiers());
  if (unique.size !== state.linkifiers.length || state.linkifiers.some((linkifier) => !unique.has(linkifier.id))) {
    return reject(Errors.incompleteOrderedLinkifiers());
  }
  return accept(orderedIds);
}

/** Whether reordering changes anything an event must tell: the real server sends one whenever linkifiers exist. */
export function reorderNotifies(state: State): boolean {
  return state.linkifiers.length > 0;
}
