/** Calendar arithmetic for `<time:…>` without Date (proleptic Gregorian, UTC, years 1–9999 as Python's datetime). */

import { civilFromDays } from '../../present/time.js';

export interface Instant {
  /** Whole seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: number;
  /** 0–999999. */
  readonly micros: number;
}

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

// Howard Hinnant's days_from_civil / civil_from_days.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly micros: number;
}

/** The instant of a wall-clock time at a UTC offset; undefined when a field is out of range or the result leaves years 1–9999. */
export function instantOf(time: CivilTime, offsetSeconds: number): Instant | undefined {
  const { year, month, day, hour, minute, second, micros } = time;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds;
  return seconds < MIN_SECONDS || seconds > MAX_SECONDS ? undefined : { seconds, micros };
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return diff < 0.5 ? floor : floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Python's `datetime.fromtimestamp(t, tz=utc)`, rounding microseconds half to even. */
export function instantFromUnixSeconds(t: number): Instant | undefined {
  if (!Number.isFinite(t)) return undefined;
  let seconds = Math.trunc(t);
  let micros = roundHalfEven((t - seconds) * 1e6);
  if (micros >= 1e6) {
    seconds += 1;
    micros -= 1e6;
  } else if (micros < 0) {
    seconds -= 1;
    micros += 1e6;
  }
  return seconds < MIN_SECONDS || seconds > MAX_SECONDS ? undefined : { seconds, micros };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Python's `isoformat()` of a UTC datetime with `+00:00` written `Z`. */
export function formatInstant({ seconds, micros }: Instant): string {
  const days = Math.floor(seconds / 86400);
  const rest = seconds - days * 86400;
  const [year, month, day] = civilFromDays(days);
  const time = `${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor(rest / 60) % 60, 2)}:${pad(rest % 60, 2)}`;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${time}${micros ? `.${pad(micros, 6)}` : ''}Z`;
}
