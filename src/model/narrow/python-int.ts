/** Integers in text as Python's int() reads them: surrounding whitespace, a sign, and single underscores between digits. */
const PYTHON_INT = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/;

/** The integer `text` spells for int(), or undefined where int() raises ValueError. Exact at any size. */
export function parsePythonInt(text: string): bigint | undefined {
  const match = PYTHON_INT.exec(text);
  if (match === null) return undefined;
  const magnitude = BigInt(match[2]!.replaceAll('_', ''));
  return match[1] === '-' ? -magnitude : magnitude;
}
