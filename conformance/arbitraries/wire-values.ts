/**
 * Raw wire values for a parameter of a given kind, each tagged with whether
 * a conforming server must refuse it (`invalid`) or may accept it (`maybe`,
 * e.g. an odd but legal string, or a number the server may range-check or
 * not).
 */
import fc from 'fast-check';
import type { ParamKind } from '../properties/endpoint-spec.js';
import { anyOddString, oddString } from './strings.js';

export type Verdict = 'invalid' | 'maybe';

export interface WireValue {
  readonly value: string;
  readonly verdict: Verdict;
}

const invalid = (...values: string[]): fc.Arbitrary<WireValue> => fc.constantFrom(...values).map((value) => ({ value, verdict: 'invalid' as const }));
const maybe = (...values: string[]): fc.Arbitrary<WireValue> => fc.constantFrom(...values).map((value) => ({ value, verdict: 'maybe' as const }));

/** Not JSON at all, or JSON of the wrong shape for any kind below. */
const MALFORMED_JSON = ['', '{', '[1,', 'nul', "{'a':1}", '[1,]', '\u0000', 'undefined', 'NaN', '--1'];

/** Integers spelled in ways JSON does not allow, or not integers. */
const NOT_INTEGERS = ['0x10', '1.5', '"5"', 'true', 'null', '[1]', '{}', 'Infinity', '١٢', '1 2', '+1', '01'];

/**
 * Spellings a strict server refuses but a lenient JSON reader accepts (`1e3`
 * is 1000.0, a float, to the real server; ` 1` is legal JSON), and values out
 * of any id range: the server may reject them or treat them as unknown.
 */
const EDGE_INTEGERS = [
  '1e3',
  ' 1',
  '-1',
  '0',
  '2147483648',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999999',
];

const NOT_BOOLEANS = ['True', 'FALSE', '1', '0', 'yes', 'on', '"true"', 'null', '[true]', 'tru'];

const NOT_INT_LISTS = ['1', '["a"]', '[1.5]', '{"a":1}', 'null', '[[1]]', '[true]', '"[1]"', '[1,"2"]'];
const EDGE_INT_LISTS = ['[]', ' [1] ', '[9223372036854775808]', '[-1]', '[0,0,0]'];

const NOT_OBJECTS = ['[]', '1', '"x"', 'null', 'true', '[{}]'];
const NOT_STRING_LISTS = ['1', '"x"', '{}', 'null', '[1]', '[null]', '[["x"]]', '[{}]'];
const NOT_GROUP_SETTINGS = ['"x"', 'null', 'true', '1.5', '[1]', '{"direct_members":"x"}', '{"direct_members":[1.5],"direct_subgroups":[]}'];
const NOT_GROUP_SETTING_CHANGES = ['1', '"x"', 'null', '[]', '{"old":1}', '{"new":"x"}', '{"new":1.5}'];
const NOT_OBJECT_LISTS = ['{}', '1', '"x"', 'null', '[1]', '["x"]', '[null]', '[[]]'];

/**
 * `inUrl`: the value travels in the URL (GET parameters), where every server
 * has a length limit below the transport layer; huge text goes in bodies only.
 */
function forKind(kind: ParamKind, inUrl: boolean): fc.Arbitrary<WireValue> {
  const text = inUrl ? oddString : anyOddString;
  switch (kind.type) {
    case 'string':
      return text.map((value) => ({ value, verdict: 'maybe' as const }));
    case 'enum':
      return fc.oneof(
        text.filter((value) => !kind.values.includes(value)).map((value) => ({ value, verdict: 'invalid' as const })),
        invalid(
          ...kind.values.map((value) => `"${value}"`),
          ...kind.values.map((value) => value.toUpperCase()).filter((value) => !kind.values.includes(value)),
        ),
      );
    case 'int':
      return fc.oneof(
        invalid(...MALFORMED_JSON, ...NOT_INTEGERS),
        maybe(...EDGE_INTEGERS),
        fc.integer().map((n) => ({ value: String(n), verdict: 'maybe' as const })),
      );
    case 'int-enum':
      return fc.oneof(
        invalid(
          ...MALFORMED_JSON,
          ...NOT_INTEGERS,
          ...['-1', '0', '2147483648', '9223372036854775808'].filter((text) => !kind.values.includes(Number(text))),
          ...kind.values.map((value) => `"${value}"`),
        ),
        fc
          .integer({ min: -1000, max: 100_000 })
          .filter((n) => !kind.values.includes(n))
          .map((n) => ({ value: String(n), verdict: 'invalid' as const })),
        maybe(...kind.values.map((value) => ` ${value}`), ...kind.values.map((value) => `${value / 100}e2`)),
      );
    case 'bool':
      return invalid(...MALFORMED_JSON, ...NOT_BOOLEANS);
    case 'int-list':
      return fc.oneof(invalid(...MALFORMED_JSON, ...NOT_INT_LISTS), maybe(...EDGE_INT_LISTS));
    case 'json-object':
      return invalid(...MALFORMED_JSON, ...NOT_OBJECTS);
    case 'object-list':
      return invalid(...MALFORMED_JSON, ...NOT_OBJECT_LISTS);
    case 'string-list':
      return invalid(...MALFORMED_JSON, ...NOT_STRING_LISTS);
    case 'group-setting':
      return fc.oneof(invalid(...MALFORMED_JSON, ...NOT_GROUP_SETTINGS), maybe('999999999', '{"direct_members":[],"direct_subgroups":[]}'));
    case 'group-setting-change':
      return fc.oneof(invalid(...MALFORMED_JSON, ...NOT_GROUP_SETTING_CHANGES), maybe('{"new":999999999}'));
    case 'json':
      return fc.oneof(invalid(...MALFORMED_JSON), maybe('null', '[]', '{}', '"x"', '-1', '0', '1.5'));
  }
}

/** A value for a parameter of this kind, usually wrong, sometimes merely odd. */
export function wireValue(kind: ParamKind, extraInvalid: readonly string[] = [], inUrl = false): fc.Arbitrary<WireValue> {
  const base = forKind(kind, inUrl);
  return extraInvalid.length === 0 ? base : fc.oneof(base, invalid(...extraInvalid));
}

/** Values for a `{user_id}`-like path segment that name no live entity: unknown, garbage or out of range. */
export const unknownIdSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('999999999', '2147483647', '2147483648', '9223372036854775808', '0', '-1', '1e3', ' 1', '0x10', 'abc', '1.5', '%00', '\u0000', '🐙'),
  fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map(String),
);

/**
 * Values for a `{email}`-like path segment that name no user. Digits alone
 * are left out: `/users/1` is the by-id route, which names user 1.
 */
export const unknownEmailSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('nobody@example.invalid', 'user999999999@example.invalid', '@', 'a@b', 'me@', '..', '%2e%2e'),
  oddString.filter((text) => text.trim() !== '' && text !== 'me' && !/^[0-9]+$/.test(text)),
);
