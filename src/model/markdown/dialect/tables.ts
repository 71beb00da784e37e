/**
 * The stock `tables` extension's processor (75), server-markdown §1.6: a header row, a separator row and body rows;
 * pipes inside backtick spans do not split cells; alignment becomes a `style` attribute.
 */
import type { BlockProcessor } from './blocks/parser.js';
import { type BlockElement, subElement } from './blocks/tree.js';

const END_BORDER = /(?<!\\)(?:\\\\)*\|$/;
const CODE_OR_PIPE = /(\\\\)|(\\`+)|(`+)|(\\\|)|(\|)/g;

/** Splits a row at the pipes that are not inside a pair of equal backtick runs (Python-Markdown's `_split`). */
function splitCells(row: string): string[] {
  const pipes: number[] = [];
  const ticks: { size: number; start: number; end: number; escape: number }[] = [];
  for (const m of row.matchAll(CODE_OR_PIPE)) {
    const at = m.index;
    if (m[2]) ticks.push({ size: m[2].length - 1, start: at, end: at + m[2].length - 1, escape: 1 });
    else if (m[3]) ticks.push({ size: m[3].length, start: at, end: at + m[3].length - 1, escape: 0 });
    else if (m[5]) pipes.push(at);
  }
  const regions: [number, number][] = [];
  let pos = 0;
  while (pos < ticks.length) {
    const size = ticks[pos]!.size - ticks[pos]!.escape;
    const close = size === 0 ? -1 : ticks.findIndex((tick, i) => i > pos && tick.size === size);
    if (close === -1) {
      pos++;
    } else {
      regions.push([ticks[pos]!.start, ticks[close]!.end]);
      pos = close + 1;
    }
  }
  const cells: string[] = [];
  let start = 0;
  for (const pipe of pipes) {
    if (regions.some(([from, to]) => from <= pipe && pipe <= to)) continue;
    cells.push(row.slice(start, pipe));
    start = pipe + 1;
  }
  cells.push(row.slice(start));
  return cells;
}

interface Shape {
  readonly border: boolean;
  readonly separator: readonly string[];
}

function splitRow(row: string, border: boolean): string[] {
  let cells = row;
  if (border) {
    if (cells.startsWith('|')) cells = cells.slice(1);
    cells = cells.replace(END_BORDER, '');
  }
  return splitCells(cells);
}

const stripSpaces = (text: string) => text.replace(/^ +| +$/g, '');

/** The table's border and separator, when the block's first two rows make a table. */
function shapeOf(block: string): Shape | undefined {
  if (!block.includes('|')) return undefined;
  const rows = block.split('\n').map(stripSpaces);
  if (rows.length < 2) return undefined;
  const header = rows[0]!;
  const border = header.startsWith('|') || END_BORDER.test(header);
  const width = splitRow(header, border).length;
  let isTable = width > 1;
  // A one-column table needs a pipe on every row.
  if (!isTable && width === 1 && border) {
    for (let i = 1; i < rows.length; i++) {
      isTable = rows[i]!.startsWith('|') || END_BORDER.test(rows[i]!);
      if (!isTable) break;
    }
  }
  if (!isTable) return undefined;
  const separator = splitRow(rows[1]!, border);
  return separator.length === width && /^[|:\- ]*$/.test(separator.join('')) ? { border, separator } : undefined;
}

function alignmentOf(cell: string): string | undefined {
  const c = stripSpaces(cell);
  if (c.startsWith(':') && c.endsWith(':')) return 'center';
  if (c.startsWith(':')) return 'left';
  if (c.endsWith(':')) return 'right';
  return undefined;
}

function buildRow(parent: BlockElement, row: string | undefined, cellTag: 'th' | 'td', aligns: readonly (string | undefined)[], border: boolean): void {
  const tr = subElement(parent, 'tr');
  const cells = row === undefined ? [] : splitRow(row, border);
  aligns.forEach((align, i) => {
    const cell = subElement(tr, cellTag, align ? [['style', `text-align: ${align};`]] : []);
    cell.text = stripSpaces(cells[i] ?? '');
  });
}

export const table: BlockProcessor = {
  test: (_parser, _parent, block) => shapeOf(block) !== undefined,
  run(_parser, parent, blocks) {
    const block = blocks.shift()!;
    const { border, separator } = shapeOf(block)!;
    const lines = block.split('\n');
    const aligns = separator.map(alignmentOf);
    const tableEl = subElement(parent, 'table');
    buildRow(subElement(tableEl, 'thead'), stripSpaces(lines[0]!), 'th', aligns, border);
    const tbody = subElement(tableEl, 'tbody');
    const rows = lines.slice(2);
    if (rows.length === 0) buildRow(tbody, undefined, 'td', aligns, border);
    for (const row of rows) buildRow(tbody, stripSpaces(row), 'td', aligns, border);
  },
};
