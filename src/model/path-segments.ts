/** A path's non-empty segments, each percent-decoded; null when an escape is malformed. */
export function decodePathSegments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}
