/** Validation of new custom profile field definitions (the real server's create checks, in its order). */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { codePointLength } from '../params/wire.js';
import type { ProfileField, ProfileFieldType, State } from '../state.js';
import { canShowInProfileSummary } from './feature-levels.js';
import { isValidUrl, MAX_PROFILE_SUMMARY_FIELDS, PROFILE_FIELD_HINT_MAX, PROFILE_FIELD_NAME_MAX, PROFILE_FIELD_TYPES } from './profile-fields.js';

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

/** A type 7 field for one of the server's named external accounts: its label and hint are the server's own and cannot be edited. */
export function isDefaultExternalAccount(fieldType: number, data: FieldDataInput): boolean {
  return fieldType === 7 && data['subtype'] !== 'custom';
}

/** The stored field_data of a type (choices, or an external account's kind), or "" for types without any. */
function checkFieldData(fieldType: number, data: FieldDataInput): Checked<string> {
  if (fieldType === 3) return checkSelectData(data);
  if (fieldType === 7) return checkExternalAccountData(data);
  return accept('');
}

/** The real server's validate_field_name_and_hint, on an already trimmed name. */
function checkLabelAndHint(name: string, hint: string): Checked<true> {
  if (name === '') return reject(Errors.cannotBeBlank('Label'));
  if (codePointLength(hint) > PROFILE_FIELD_HINT_MAX) return reject(Errors.tooLong('hint', PROFILE_FIELD_HINT_MAX));
  if (codePointLength(name) > PROFILE_FIELD_NAME_MAX) return reject(Errors.tooLong('name', PROFILE_FIELD_NAME_MAX));
  return accept(true);
}

/** At most MAX_PROFILE_SUMMARY_FIELDS fields show in the profile summary; `exceptFieldId` is the field being changed. */
function checkSummaryRoom(state: State, exceptFieldId?: number): Checked<true> {
  const shown = state.profileFields.filter((field) => field.displayInProfileSummary && field.id !== exceptFieldId).length;
  return shown >= MAX_PROFILE_SUMMARY_FIELDS ? reject(Errors.tooManySummaryFields(MAX_PROFILE_SUMMARY_FIELDS)) : accept(true);
}

/** Labels are unique in a realm (the real server's database constraint); a field may keep its own. */
function isLabelTaken(state: State, name: string, exceptFieldId?: number): boolean {
  return state.profileFields.some((field) => field.name === name && field.id !== exceptFieldId);
}

export function checkProfileFieldDefinition(state: State, input: ProfileFieldDefinitionInput): Checked<CheckedDefinition> {
  if (input.displayInProfileSummary) {
    const room = checkSummaryRoom(state);
    if (!room.ok) return room;
  }
  const data = input.fieldData ?? {};
  const fieldData = checkFieldData(input.fieldType, data);
  if (!fieldData.ok) return fieldData;
  const knownAccount = input.fieldType === 7 ? DEFAULT_EXTERNAL_ACCOUNTS[data['subtype'] as string] : undefined;
  let name = input.name.trim();
  let hint = input.hint;
  if (knownAccount) {
    name = knownAccount.name;
    hint = '';
  } else {
    const label = checkLabelAndHint(name, hint);
    if (!label.ok) return label;
  }
  if (!Object.hasOwn(PROFILE_FIELD_TYPES, input.fieldType)) return reject(Errors.invalidFieldType());
  if (input.displayInProfileSummary && !canShowInProfileSummary(state, input.fieldType)) {
    return reject(Errors.fieldTypeNotForSummary());
  }
  if (isLabelTaken(state, name)) return reject(Errors.duplicateFieldLabel());
  return accept({ name, hint, type: input.fieldType as ProfileFieldType, fieldData: fieldData.value });
}

/** What PATCH /realm/profile_fields/{field_id} may change; absent means unchanged. */
export interface ProfileFieldUpdateInput {
  readonly name?: string;
  readonly hint?: string;
  readonly fieldData?: FieldDataInput;
  readonly displayInProfileSummary?: boolean;
  readonly required?: boolean;
  readonly editableByUser?: boolean;
}

/** The field's data as the validators read it: "" (a type without data) counts as no keys. */
function parsedFieldData(field: ProfileField): FieldDataInput {
  return field.fieldData === '' ? {} : (JSON.parse(field.fieldData) as FieldDataInput);
}

/** JSON values compared as Python compares the decoded dicts: key order does not matter. */
function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => sameJson(item, right[index]));
  }
  if (left !== null && right !== null && typeof left === 'object' && typeof right === 'object') {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameJson((left as never)[key], (right as never)[key]));
  }
  return left === right;
}

/** Whether an update of a named external account asks to change nothing but display_in_profile_summary (the only change it may make). */
function changesOnlySummaryDisplay(field: ProfileField, input: ProfileFieldUpdateInput): boolean {
  if (input.name !== undefined && input.name.trim() !== field.name) return false;
  if (input.hint !== undefined && input.hint !== field.hint) return false;
  return input.fieldData === undefined || sameJson(input.fieldData, parsedFieldData(field));
}

/**
 * The real server's update checks, in its order: room in the profile
 * summary, named external accounts (only their summary flag may change),
 * then the whole definition as it would be, validated like a new one, and
 * the label's uniqueness. Returns the field as updated.
 */
export function checkProfileFieldUpdate(state: State, field: ProfileField, input: ProfileFieldUpdateInput): Checked<ProfileField> {
  if (input.displayInProfileSummary === true) {
    const room = checkSummaryRoom(state, field.id);
    if (!room.ok) return room;
  }
  const current = parsedFieldData(field);
  if (isDefaultExternalAccount(field.type, current) && !changesOnlySummaryDisplay(field, input)) {
    return reject(Errors.defaultFieldCannotBeUpdated());
  }
  const name = input.name === undefined ? field.name : input.name.trim();
  const hint = input.hint ?? field.hint;
  const data = input.fieldData ?? current;
  const display = input.displayInProfileSummary ?? field.displayInProfileSummary;
  const fieldData = checkFieldData(field.type, data);
  if (!fieldData.ok) return fieldData;
  if (!isDefaultExternalAccount(field.type, data)) {
    const label = checkLabelAndHint(name, hint);
    if (!label.ok) return label;
  }
  if (display && !canShowInProfileSummary(state, field.type)) return reject(Errors.fieldTypeNotForSummary());
  if (isLabelTaken(state, name, field.id)) return reject(Errors.duplicateFieldLabel());
  const hasData = field.type === 3 || field.type === 7;
  return accept({
    ...field,
    name,
    hint,
    // Types with data store it when it is sent (or when they have none yet); the others never keep any.
    fieldData: hasData && (input.fieldData !== undefined || field.fieldData === '') ? fieldData.value : field.fieldData,
    displayInProfileSummary: display,
    required: input.required ?? field.required,
    editableByUser: input.editableByUser ?? field.editableByUser,
  });
}

/** Choices (by key) a choice field had and no longer has after an update: values naming them are removed. */
export function selectRemovedChoices(before: ProfileField, after: ProfileField): string[] {
  if (before.type !== 3 || before.fieldData === after.fieldData) return [];
  const kept = parsedFieldData(after);
  return Object.keys(parsedFieldData(before)).filter((key) => !Object.hasOwn(kept, key));
}

/**
 * PATCH /realm/profile_fields: every field must be listed; a field's new
 * `order` is its (last) position in the list. Ids of no field are ignored.
 */
export function checkProfileFieldOrder(state: State, order: readonly number[]): Checked<ReadonlyMap<number, number>> {
  const positions = new Map<number, number>();
  for (const [position, id] of order.entries()) positions.set(id, position);
  if (state.profileFields.some((field) => !positions.has(field.id))) return reject(Errors.invalidOrderMapping());
  return accept(positions);
}

/** Fields in display order: by `order`, then by id (the real server leaves ties to its database). */
export function sortProfileFields(fields: readonly ProfileField[]): ProfileField[] {
  return [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
}
