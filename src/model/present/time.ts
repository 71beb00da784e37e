/** Time formats of the real server's API. */

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days). */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** ISO 8601 to the minute with a UTC offset, e.g. 2025-01-15T10:20+00:00 (date_joined). */
export function isoMinute(unixSeconds: number): string {
  const seconds = Math.floor(unixSeconds);
  const days = Math.floor(seconds / 86400);
  const secondOfDay = seconds - days * 86400;
  const [year, month, day] = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(Math.floor(secondOfDay / 3600))}:${pad(Math.floor((secondOfDay % 3600) / 60))}+00:00`;
}
