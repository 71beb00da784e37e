/** Time formats of the real server's API. */

/** ISO 8601 to the minute with a UTC offset, e.g. 2025-01-15T10:20+00:00 (date_joined). */
export function isoMinute(unixSeconds: number): string {
  return new Date(Math.floor(unixSeconds) * 1000).toISOString().slice(0, 16) + '+00:00';
}
