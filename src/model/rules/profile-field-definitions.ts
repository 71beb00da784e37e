/** Validation of new custom profile field definitions (the real server's create checks, in its order). */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';
import type { ProfileFieldType, State } from '../state.js';
import {
  isValidUrl,
  MAX_PROFILE_SUMMARY_FIELDS,
  NOT_SUMMARY_TYPES,
  PROFILE_FIELD_HINT_MAX,
  PROFILE_FIELD_NAME_MAX,
  PROFILE_FIELD_TYPES,
} from './profile-fields.js';

export type FieldDataInput = Readonly<Record<string, unknown>>;

export interface ProfileFieldDefinitionInput {
  readonly name: string;
  readonly hint: string;
  readonly fieldType: number;
  readonly fieldData: FieldDataInput | undefined;
  readonly displayInProfileSummary: boolean;
}

export interface CheckedDefinition {
  readonly name: string;
  readonly hint: string;
  readonly type: ProfileFieldType;
  readonly fieldData: string;
}

/** External account kinds the server knows by name, with their fixed labels. */
export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, { readonly name: string; readonly urlPattern: string }>> = {
  github: { name: 'GitHub username', urlPattern: 'https://github.com/%(username)s' },
  twitter: { name: 'Twitter username', urlPattern: 'https://twitter.com/%(username)s' },
};

const USERNAME_PLACEHOLDER = '%(username)s';

function checkSelectData(data: FieldDataInput): Checked<string> {
  const entries = Object.entries(data);
  if (entries.length === 0) return reject(Errors.noChoices());
  const texts = new Set<string>();
  for (const [key, choice] of entries) {
    if (key.trim() === '') return reject(Errors.choiceValueBlank());
    if (typeof choice !== 'object' || choice === null || Array.isArray(choice)) {
      return reject(Errors.notADict('field_data'));
    }
    const record = choice as Record<string, unknown>;
    for (const required of ['text', 'order']) {
      if (!Object.hasOwn(record, required)) return reject(Errors.fieldDataKeyMissing(required));
      if (typeof record[required] !== 'string') return reject(Errors.notAString(`field_data["${required}"]`));
    }
    for (const required of ['text', 'order']) {
      if ((record[required] as string).trim() === '') return reject(Errors.cannotBeBlank(`field_data["${required}"]`));
    }
    const extra = Object.keys(record).filter((k) => k !== 'text' && k !== 'order');
    if (extra.length > 0) return reject(Errors.unexpectedArguments(extra));
    if (texts.has(record['text'] as string)) return reject(Errors.duplicateChoices());
    texts.add(record['text'] as string);
  }
  return accept(JSON.stringify(data));
}

function checkExternalAccountData(data: FieldDataInput): Checked<string> {
  if (!Object.hasOwn(data, 'subtype')) return reject(Errors.fieldDataKeyMissing('subtype'));
  const subtype = data['subtype'];
  if (typeof subtype !== 'string') return reject(Errors.notAString('field_data["subtype"]'));
  if (subtype.trim() === '') return reject(Errors.cannotBeBlank('field_data["subtype"]'));
  const extra = Object.keys(data).filter((k) => k !== 'subtype' && k !== 'url_pattern');
  if (extra.length > 0) return reject(Errors.unexpectedArguments(extra));
  const pattern = data['url_pattern'];
  if (pattern !== undefined) {
    if (typeof pattern !== 'string') return reject(Errors.notAString('field_data["url_pattern"]'));
    if (pattern.split(USERNAME_PLACEHOLDER).length !== 2) {
      return reject(Errors.urlPatternWithoutUsername());
    }
    if (!isValidUrl(pattern.replace(USERNAME_PLACEHOLDER, 'username'))) {
      return reject(Errors.notAUrl('field_data["url_pattern"]'));
    }
  }
  if (subtype !== 'custom' && !Object.hasOwn(DEFAULT_EXTERNAL_ACCOUNTS, subtype)) {
    return reject(Errors.invalidExternalAccountType());
  }
  if (subtype === 'custom' && pattern === undefined) {
    return reject(Errors.customExternalAccountWithoutUrlPattern());
  }
  // Known kinds keep only their subtype; the URL pattern is the server's own.
  return accept(JSON.stringify(subtype === 'custom' ? { subtype, url_pattern: pattern } : { subtype }));
}

export function checkProfileFieldDefinition(state: State, input: ProfileFieldDefinitionInput): Checked<CheckedDefinition> {
  if (input.displayInProfileSummary) {
    const shown = state.profileFields.filter((field) => field.displayInProfileSummary).length;
    if (shown >= MAX_PROFILE_SUMMARY_FIELDS) {
      return reject(Errors.tooManySummaryFields(MAX_PROFILE_SUMMARY_FIELDS));
    }
  }
  let fieldData = '';
  const data = input.fieldData ?? {};
  if (input.fieldType === 3) {
    const checked = checkSelectData(data);
    if (!checked.ok) return checked;
    fieldData = checked.value;
  } else if (input.fieldType === 7) {
    const checked = checkExternalAccountData(data);
    if (!checked.ok) return checked;
    fieldData = checked.value;
  }
  const knownAccount = input.fieldType === 7 ? DEFAULT_EXTERNAL_ACCOUNTS[data['subtype'] as string] : undefined;
  let name = input.name.trim();
  let hint = input.hint;
  if (knownAccount) {
    name = knownAccount.name;
    hint = '';
  } else {
    if (codePointLength(hint) > PROFILE_FIELD_HINT_MAX) {
      return reject(Errors.tooLong('hint', PROFILE_FIELD_HINT_MAX));
    }
    if (name === '') return reject(Errors.cannotBeBlank('Label'));
    if (codePointLength(name) > PROFILE_FIELD_NAME_MAX) {
      return reject(Errors.tooLong('name', PROFILE_FIELD_NAME_MAX));
    }
  }
  if (!Object.hasOwn(PROFILE_FIELD_TYPES, input.fieldType)) return reject(Errors.invalidFieldType());
  if (input.displayInProfileSummary && NOT_SUMMARY_TYPES.has(input.fieldType)) {
    return reject(Errors.fieldTypeNotForSummary());
  }
  if (state.profileFields.some((field) => field.name === name)) {
    return reject(Errors.duplicateFieldLabel());
  }
  return accept({ name, hint, type: input.fieldType as ProfileFieldType, fieldData });
}
