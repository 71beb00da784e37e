/** dateutil's year/month/day bookkeeping for `<time:…>` (see time-parse.ts). */
import { daysInMonth } from './time-civil.js';
import { fail, int } from './time-fail.js';

/** dateutil's `_ymd`: up to three numbers, some labelled year (Y) or month (M). */
export class Ymd {
  readonly values: number[] = [];
  yearIndex: number | undefined;
  monthIndex: number | undefined;
  centurySpecified = false;

  append(raw: string | number, label?: 'Y' | 'M'): void {
    const value = typeof raw === 'string' ? int(raw) : raw;
    if ((typeof raw === 'string' && raw.length > 2) || (typeof raw === 'number' && raw > 100)) {
      this.centurySpecified = true;
      label = 'Y';
    }
    this.values.push(value);
    if (label === 'M') {
      if (this.monthIndex !== undefined) fail();
      this.monthIndex = this.values.length - 1;
    } else if (label === 'Y') {
      if (this.yearIndex !== undefined) fail();
      this.yearIndex = this.values.length - 1;
    }
  }

  couldBeDay(value: number): boolean {
    if (this.monthIndex === undefined) return value >= 1 && value <= 31;
    const month = this.values[this.monthIndex]!;
    const year = this.yearIndex === undefined ? 2000 : this.values[this.yearIndex]!;
    return value >= 1 && month >= 1 && month <= 12 && value <= daysInMonth(Math.max(year, 1), month);
  }

  /** [year, month, day] as dateutil's resolve_ymd with dayfirst and yearfirst off. */
  resolve(): [number | undefined, number | undefined, number | undefined] {
    const v = this.values;
    const labelled = (this.yearIndex === undefined ? 0 : 1) + (this.monthIndex === undefined ? 0 : 1);
    if (v.length > 3) fail();
    if ((v.length === labelled && labelled > 0) || (v.length === 3 && labelled === 2)) {
      const rest = [0, 1, 2].find((i) => i !== this.yearIndex && i !== this.monthIndex);
      const year = this.yearIndex === undefined ? (v.length === 3 ? v[rest!] : undefined) : v[this.yearIndex];
      const month = this.monthIndex === undefined ? (v.length === 3 ? v[rest!] : undefined) : v[this.monthIndex];
      const day = v.length === 3 && this.yearIndex !== undefined && this.monthIndex !== undefined ? v[rest!] : undefined;
      return [year, month, day];
    }
    const m = this.monthIndex;
    if (v.length === 1 || (m !== undefined && v.length === 2)) {
      const month = m === undefined ? undefined : v[m];
      const other = m === undefined ? v[0]! : v.at(m - 1)!;
      if (v.length > 1 || m === undefined) return other > 31 ? [other, month, undefined] : [undefined, month, other];
      return [undefined, month, undefined];
    }
    if (v.length === 2) {
      const [a, b] = v as [number, number];
      if (a > 31) return [a, b, undefined];
      if (b > 31) return [b, a, undefined];
      return [undefined, a, b];
    }
    if (v.length === 3) {
      const [a, b, c] = v as [number, number, number];
      if (m === 0) return b > 31 ? [b, a, c] : [c, a, b];
      if (m === 1) return a > 31 ? [a, b, c] : [c, b, a];
      if (m === 2) return b > 31 ? [b, c, a] : [a, c, b];
      if (a > 31 || this.yearIndex === 0) return [a, b, c];
      return a > 12 ? [c, b, a] : [c, a, b];
    }
    return [undefined, undefined, undefined];
  }
}
