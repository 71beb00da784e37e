/**
 * Code playgrounds (the real server's RealmPlayground and its views): what a
 * playground may be, checked the way Django's full_clean reports it.
 */
import { Errors } from '../errors.js';
import { urlTemplateVariables } from '../markdown/zulip/linkifiers.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { RealmPlayground, State } from '../state.js';

export const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

/** Space, ASCII letters and digits, `_`, and `+` through `.` (the real server's class `+-.` is a range), `/`, `#`. */
const PYGMENTS_LANGUAGE = /^[ a-zA-Z0-9_+-./#]*$/;

const NON_FIELD = '__all__';
const BLANK = 'This field cannot be blank.';

export interface PlaygroundDefinition {
  readonly name: string;
  readonly pygmentsLanguage: string;
  readonly urlTemplate: string;
}

/** Python's str.strip(): whitespace at both ends. */
function strip(text: string): string {
  return text.replace(/^\s+|\s+$/gu, '');
}

export function isValidPygmentsLanguage(language: string): boolean {
  return PYGMENTS_LANGUAGE.test(language);
}

export function accessPlaygroundById(state: State, playgroundId: number): Checked<RealmPlayground> {
  const playground = state.realmPlaygrounds.find((candidate) => candidate.id === playgroundId);
  return playground === undefined ? reject(Errors.invalidPlayground()) : accept(playground);
}

/**
 * A new playground, its fields stripped: field errors in the model's field
 * order (url_template, name, pygments_language), then the template's
 * variables, then uniqueness of (language, name) when both fields passed.
 */
export function checkPlaygroundDefinition(state: State, raw: PlaygroundDefinition): Checked<PlaygroundDefinition> {
  const definition = { name: strip(raw.name), pygmentsLanguage: strip(raw.pygmentsLanguage), urlTemplate: strip(raw.urlTemplate) };
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const variables = definition.urlTemplate === '' ? undefined : urlTemplateVariables(definition.urlTemplate);
  if (definition.urlTemplate === '') add('url_template', BLANK);
  else if (variables === undefined) add('url_template', 'Invalid URL template.');
  if (definition.name === '') add('name', BLANK);
  if (definition.pygmentsLanguage === '') add('pygments_language', BLANK);
  else if (!isValidPygmentsLanguage(definition.pygmentsLanguage)) add('pygments_language', 'Invalid characters in pygments language');
  if (variables !== undefined) {
    if (!variables.includes('code')) add(NON_FIELD, 'Missing the required variable "code" in the URL template');
    else if (new Set(variables).size !== 1) add(NON_FIELD, '"code" should be the only variable present in the URL template');
  }
  const uniqueChecked = errors['name'] === undefined && errors['pygments_language'] === undefined;
  if (uniqueChecked && state.realmPlaygrounds.some((other) => other.name === definition.name && other.pygmentsLanguage === definition.pygmentsLanguage)) {
    add(NON_FIELD, 'Realm playground with this Realm, Pygments language and Name already exists.');
  }
  if (Object.keys(errors).length > 0) return reject(Errors.validationFailed(errors));
  return accept(definition);
}
