/**
 * The subset of python-dateutil's `parser.parse` the real server uses for `<time:…>` (server-markdown.md §2.6), ported from
 * its token rules: numbers, `H:MM[:SS[.f]]`, numeric dates with `-`, `/` or `.`, month and weekday names, am/pm, time-zone
 * abbreviations (after a time only) and numeric offsets. Anything dateutil would complete from today's date is reported
 * as such, since rendering has no clock.
 */
import { type CivilTime, type Instant, instantOf } from './time-civil.js';
import { fail, int, isDigits, Unparsed } from './time-fail.js';
import { Ymd } from './time-ymd.js';
import { TIMEZONE_ABBREVIATIONS } from './time-zones.js';

export type DateutilResult = { readonly kind: 'instant'; readonly instant: Instant } | { readonly kind: 'needs-today' } | { readonly kind: 'unparsed' };

const JUMP = new Set([' ', '.', ',', ';', '-', '/', "'", 'at', 'on', 'and', 'ad', 'm', 't', 'of', 'st', 'nd', 'rd', 'th']);
const WEEKDAYS = new Set(['mon', 'monday', 'tue', 'tuesday', 'wed', 'wednesday', 'thu', 'thursday', 'fri', 'friday', 'sat', 'saturday', 'sun', 'sunday']);
const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'sept', 'september'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((names, index) => names.map((name): [string, number] => [name, index + 1])),
);
const AMPM: ReadonlyMap<string, 0 | 1> = new Map([
  ['am', 0],
  ['a', 0],
  ['pm', 1],
  ['p', 1],
]);
const HMS = new Set(['h', 'hour', 'hours', 'm', 'minute', 'minutes', 's', 'second', 'seconds']);
const UTC_NAMES = new Set(['UTC', 'GMT', 'Z', 'z']);

const isJump = (token: string | undefined): boolean => token !== undefined && JUMP.has(token.toLowerCase());
const ampmOf = (token: string | undefined): 0 | 1 | undefined => (token === undefined ? undefined : AMPM.get(token.toLowerCase()));
const adjustAmpm = (hour: number, ampm: 0 | 1): number => (hour < 12 && ampm === 1 ? hour + 12 : hour === 12 && ampm === 0 ? 0 : hour);

interface Fields {
  hour?: number;
  minute?: number;
  second?: number;
  micros?: number;
  weekday?: boolean;
  tzname?: string;
  tzoffset?: number;
}

function tokenize(input: string): string[] {
  return (input.match(/[A-Za-z]+|[0-9]+|\s+|[^A-Za-z0-9\s]/gu) ?? []).map((token) => (/^\s/.test(token) ? ' ' : token));
}

/** Seconds with an optional `.fraction` at tokens[i]; returns the index of the last token used. */
function readSeconds(tokens: string[], i: number, fields: Fields): number {
  fields.second = int(tokens[i]);
  fields.micros = 0;
  if (tokens[i + 1] === '.' && isDigits(tokens[i + 2])) {
    fields.micros = Number(tokens[i + 2]!.slice(0, 6).padEnd(6, '0'));
    return i + 2;
  }
  return i;
}

function hmsIndex(tokens: string[], i: number): boolean {
  const isHms = (token: string | undefined): boolean => token !== undefined && HMS.has(token.toLowerCase());
  return (
    isHms(tokens[i + 1]) ||
    (tokens[i + 1] === ' ' && isHms(tokens[i + 2])) ||
    (i > 0 && isHms(tokens[i - 1])) ||
    (i > 1 && i === tokens.length - 1 && tokens[i - 1] === ' ' && isHms(tokens[i - 2]))
  );
}

/** dateutil's `_parse_numeric_token`; returns the index of the last token used. */
function parseNumber(tokens: string[], i: number, ymd: Ymd, fields: Fields): number {
  const token = tokens[i]!;
  const value = Number(token);
  const next = tokens[i + 1];
  const length = token.length;
  const nextIsHms = next !== undefined && HMS.has(next.toLowerCase());
  if (ymd.values.length === 3 && (length === 2 || length === 4) && fields.hour === undefined && next !== ':' && !nextIsHms) {
    fields.hour = int(token.slice(0, 2));
    if (length === 4) fields.minute = int(token.slice(2));
    return i;
  }
  if (length === 6) {
    if (ymd.values.length === 0) {
      ymd.append(token.slice(0, 2));
      ymd.append(token.slice(2, 4));
      ymd.append(token.slice(4));
      return i;
    }
    fields.hour = int(token.slice(0, 2));
    fields.minute = int(token.slice(2, 4));
    fields.second = int(token.slice(4));
    return i;
  }
  if (length === 8 || length === 12 || length === 14) {
    ymd.append(token.slice(0, 4), 'Y');
    ymd.append(token.slice(4, 6));
    ymd.append(token.slice(6, 8));
    if (length > 8) {
      fields.hour = int(token.slice(8, 10));
      fields.minute = int(token.slice(10, 12));
      if (length > 12) fields.second = int(token.slice(12));
    }
    return i;
  }
  // `12h`, `5 m`: dateutil's hour/minute/second labels, not supported here.
  if (hmsIndex(tokens, i)) fail();
  if (next === ':' && i + 2 < tokens.length) {
    fields.hour = value;
    fields.minute = int(tokens[i + 2]);
    if (tokens[i + 3] === ':' && i + 4 < tokens.length) return readSeconds(tokens, i + 4, fields);
    return i + 2;
  }
  if (next === '-' || next === '/' || next === '.') {
    ymd.append(token);
    const third = tokens[i + 2];
    if (third === undefined || isJump(third)) return i + 1;
    if (isDigits(third)) {
      ymd.append(third);
      if (tokens[i + 3] !== next) return i + 2;
      const month = MONTHS.get((tokens[i + 4] ?? fail()).toLowerCase());
      if (month === undefined) ymd.append(tokens[i + 4]!);
      else ymd.append(month, 'M');
      return i + 4;
    }
    const month = MONTHS.get(third.toLowerCase());
    if (month === undefined) return i + 1;
    ymd.append(month, 'M');
    if (tokens[i + 3] !== next) return i + 2;
    ymd.append(tokens[i + 4] ?? fail());
    return i + 4;
  }
  if (next === undefined || isJump(next)) {
    const ampm = ampmOf(tokens[i + 2]);
    if (ampm !== undefined) {
      fields.hour = adjustAmpm(value, ampm);
      return i + 2;
    }
    ymd.append(value);
    return i + 1;
  }
  const ampm = ampmOf(next);
  if (ampm !== undefined && value < 24) {
    fields.hour = adjustAmpm(value, ampm);
    return i + 1;
  }
  if (ymd.couldBeDay(value)) {
    ymd.append(value);
    return i;
  }
  return fail();
}

/** A `+hh:mm`, `+hhmm` or `+h` offset at tokens[i] (the sign); returns the index of the last token used. */
function parseOffset(tokens: string[], i: number, fields: Fields): number {
  const sign = tokens[i] === '+' ? 1 : -1;
  const digits = tokens[i + 1] ?? fail();
  if (digits.length === 4) {
    fields.tzoffset = sign * (int(digits.slice(0, 2)) * 3600 + int(digits.slice(2)) * 60);
    return i + 1;
  }
  if (tokens[i + 2] === ':') {
    fields.tzoffset = sign * (int(digits) * 3600 + int(tokens[i + 3]) * 60);
    return i + 3;
  }
  if (digits.length <= 2) {
    fields.tzoffset = sign * int(digits) * 3600;
    return i + 1;
  }
  return fail();
}

function parseTokens(tokens: string[]): DateutilResult {
  const ymd = new Ymd();
  const fields: Fields = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const lower = token.toLowerCase();
    if (isDigits(token)) {
      i = parseNumber(tokens, i, ymd, fields);
    } else if (WEEKDAYS.has(lower)) {
      fields.weekday = true;
    } else if (MONTHS.has(lower)) {
      ymd.append(MONTHS.get(lower)!, 'M');
      const separator = tokens[i + 1];
      if (separator === '-' || separator === '/') {
        ymd.append(tokens[i + 2] ?? fail());
        if (tokens[i + 3] === separator) {
          ymd.append(tokens[i + 4] ?? fail());
          i += 2;
        }
        i += 2;
      }
    } else if (ampmOf(token) !== undefined) {
      if (fields.hour === undefined || fields.hour > 12) fail();
      fields.hour = adjustAmpm(fields.hour, ampmOf(token)!);
    } else if (
      fields.hour !== undefined &&
      fields.tzname === undefined &&
      fields.tzoffset === undefined &&
      token.length <= 5 &&
      (/^[A-Z]+$/.test(token) || UTC_NAMES.has(token))
    ) {
      fields.tzname = token;
      fields.tzoffset = UTC_NAMES.has(token) ? 0 : undefined;
      // `GMT+3` means "3 hours behind GMT" to dateutil, as in POSIX TZ strings.
      const sign = tokens[i + 1];
      if (sign === '+' || sign === '-') {
        tokens[i + 1] = sign === '+' ? '-' : '+';
        fields.tzoffset = undefined;
        if (UTC_NAMES.has(token)) fields.tzname = undefined;
      }
    } else if (fields.hour !== undefined && (token === '+' || token === '-')) {
      i = parseOffset(tokens, i, fields);
    } else if (!isJump(token)) {
      fail();
    }
  }
  return build(ymd, fields);
}

function build(ymd: Ymd, fields: Fields): DateutilResult {
  const [year, month, day] = ymd.resolve();
  const { hour, minute, second, micros, weekday, tzname, tzoffset } = fields;
  const anything = [year, month, day, hour, minute, second, tzname, tzoffset].some((value) => value !== undefined) || weekday;
  if (!anything) return { kind: 'unparsed' };
  // Fields dateutil would reject before looking at today's date.
  if (year !== undefined && ymd.centurySpecified && (year < 1 || year > 9999)) return { kind: 'unparsed' };
  if (year !== undefined && year > 9999) return { kind: 'unparsed' };
  if ((month !== undefined && (month < 1 || month > 12)) || (day !== undefined && (day < 1 || day > 31))) return { kind: 'unparsed' };
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return { kind: 'unparsed' };
  if (year === undefined || month === undefined || day === undefined || !ymd.centurySpecified) return { kind: 'needs-today' };
  const time: CivilTime = { year, month, day, hour: hour ?? 0, minute: minute ?? 0, second: second ?? 0, micros: micros ?? 0 };
  const known = tzname === undefined ? undefined : TIMEZONE_ABBREVIATIONS.get(tzname);
  const instant = instantOf(time, known ?? tzoffset ?? 0);
  return instant ? { kind: 'instant', instant } : { kind: 'unparsed' };
}

export function parseWithDateutilRules(input: string): DateutilResult {
  try {
    return parseTokens(tokenize(input));
  } catch (error) {
    if (error instanceof Unparsed) return { kind: 'unparsed' };
    throw error;
  }
}
