/** The failure signal of the `<time:…>` parser (see time-parse.ts). */
// dateutil raises ValueError; here a throw that parseWithDateutilRules catches.
export class Unparsed extends Error {}
export function fail(): never {
  throw new Unparsed();
}

export const isDigits = (token: string | undefined): boolean => token !== undefined && /^[0-9]+$/.test(token);
export const int = (token: string | undefined): number => (isDigits(token) ? Number(token) : fail());
