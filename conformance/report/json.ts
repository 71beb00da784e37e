/** The whole report as JSON (stable key order, two-space indent). */
import type { ConformanceReport } from './types.js';

export function formatJsonReport(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
