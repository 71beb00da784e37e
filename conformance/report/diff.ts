/**
 * The expected and the actual value of a failed comparison as a line diff of
 * their pretty-printed JSON (`-` expected, `+` actual), keys sorted so that
 * key order alone never shows as a difference.
 */

/** Above this many line pairs the diff is not computed; both values are shown whole instead. */
const MAX_CELLS = 4_000_000;
/** Unchanged runs longer than this are folded to their edges. */
const CONTEXT = 3;

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Pretty JSON (two-space indent); `undefined` and other non-JSON values by their String form. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

type Op = ' ' | '-' | '+';

function lineDiff(before: readonly string[], after: readonly string[]): [Op, string][] {
  const n = before.length;
  const m = after.length;
  // lengths[i][j]: longest common subsequence of before[i..] and after[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const lines: [Op, string][] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      lines.push([' ', before[i++]!]);
      j++;
    } else if (i < n && (j === m || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      lines.push(['-', before[i++]!]);
    } else {
      lines.push(['+', after[j++]!]);
    }
  }
  return lines;
}

function fold(lines: readonly [Op, string][]): string[] {
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const [op, text] = lines[index]!;
    if (op !== ' ') {
      out.push(`${op} ${text}`);
      index++;
      continue;
    }
    let end = index;
    while (end < lines.length && lines[end]![0] === ' ') end++;
    const head = index === 0 ? 1 : CONTEXT;
    const tail = end === lines.length ? 0 : CONTEXT;
    if (end - index > head + tail + 1) {
      for (let k = index; k < index + head; k++) out.push(`  ${lines[k]![1]}`);
      out.push(`  … (${end - index - head - tail} unchanged lines)`);
      for (let k = end - tail; k < end; k++) out.push(`  ${lines[k]![1]}`);
    } else {
      for (let k = index; k < end; k++) out.push(`  ${lines[k]![1]}`);
    }
    index = end;
  }
  return out;
}

/** The diff as text, one line per line of JSON: `- ` only in expected, `+ ` only in actual, `  ` in both. */
export function formatDiff(expected: unknown, actual: unknown): string {
  const before = prettyJson(sortKeys(expected)).split('\n');
  const after = prettyJson(sortKeys(actual)).split('\n');
  if (before.length * after.length > MAX_CELLS) {
    return [...before.map((line) => `- ${line}`), ...after.map((line) => `+ ${line}`)].join('\n');
  }
  return fold(lineDiff(before, after)).join('\n');
}
