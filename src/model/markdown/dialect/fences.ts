/**
 * The fenced-block preprocessor (server-markdown §2.4), a port of Zulip's `fenced_code.py`: a stack of handlers reads
 * the lines; code and math become stashed HTML, quote fences become `> ` lines, spoilers become stashed frame pieces
 * around Markdown. Fences are only recognised at column 0, so never inside `>` quotes or indented list items.
 */
import type { StateCore } from 'markdown-it';

import { fencedCodeHtml } from './code-block.js';
import { displayMathHtml } from './math.js';
import { rstrip } from './python.js';
import { spoilerLines } from './spoiler.js';
import { newStash, type Stash } from './stash.js';

/** An opening fence line: the fence, an optional language (`py`, `.py`, `{.py}`), then an optional header. */
// The language class is Zulip's `[a-zA-Z0-9_+-./#]`, in which `+-.` is a range that also takes in the comma.
export const FENCE = /^(~{3,}|`{3,}) *(?:\{?\.?([a-zA-Z0-9_+,\-./#]+) *([^ ~`][^~`]*)?\}?)?$/;

interface Handler {
  handleLine(line: string): void;
  done(): void;
}

class Outer implements Handler {
  constructor(
    private readonly blocks: FencedBlocks,
    private readonly output: string[],
  ) {}

  handleLine(line: string): void {
    this.blocks.checkForFence(this.output, line);
  }

  done(): void {
    this.blocks.pop();
  }
}

/** A fence's lines until its closing line. Quote and spoiler fences take nested fences; code and math do not. */
class Fenced implements Handler {
  private readonly lines: string[] = [];

  constructor(
    private readonly blocks: FencedBlocks,
    private readonly output: string[],
    private readonly fence: string,
    private readonly kind: 'code' | 'math' | 'quote' | 'spoiler',
    private readonly lang: string | undefined,
    private readonly header: string,
  ) {}

  handleLine(line: string): void {
    if (rstrip(line) === this.fence) this.done();
    else if (this.kind === 'quote' || this.kind === 'spoiler') this.blocks.checkForFence(this.lines, line);
    else this.lines.push(this.kind === 'code' ? rstrip(line) : line);
  }

  done(): void {
    const text = this.lines.join('\n');
    const stash = this.blocks.stash;
    if (this.kind === 'quote') this.emit(text.split('\n').map((line) => `> ${line}`));
    else if (this.kind === 'math') this.emit([stash.store(displayMathHtml(text))]);
    // An empty code block or spoiler leaves nothing behind.
    else if (this.lines.length === 0) this.blocks.pop();
    else if (this.kind === 'spoiler') this.emit(spoilerLines(stash, this.header, text));
    else this.emit([stash.store(fencedCodeHtml(this.lang, text))]);
  }

  private emit(lines: readonly string[]): void {
    this.output.push('', ...lines, '');
    this.blocks.pop();
  }
}

class FencedBlocks {
  private readonly handlers: Handler[] = [];

  constructor(readonly stash: Stash) {}

  pop(): void {
    this.handlers.pop();
  }

  run(lines: readonly string[]): string[] {
    const output: string[] = [];
    this.handlers.push(new Outer(this, output));
    for (const line of lines) this.handlers[this.handlers.length - 1]!.handleLine(line);
    while (this.handlers.length > 0) this.handlers[this.handlers.length - 1]!.done();
    // Zulip's own end-of-output adjustment, which keeps a block at the very end apart from what precedes it.
    if (output.length > 2 && output[output.length - 2] !== '') output.push('');
    return output;
  }

  checkForFence(output: string[], line: string): void {
    const first = line.charCodeAt(0);
    const match = first === 0x60 || first === 0x7e ? FENCE.exec(line) : null;
    if (!match) {
      output.push(line);
      return;
    }
    const [, fence = '', language, header] = match;
    const lang = language?.toLowerCase();
    const kind = lang === 'quote' || lang === 'quoted' ? 'quote' : lang === 'math' ? 'math' : lang === 'spoiler' ? 'spoiler' : 'code';
    this.handlers.push(new Fenced(this, output, fence, kind, lang, header ?? ''));
  }
}

export function replaceFencedBlocks(lines: readonly string[], stash: Stash): string[] {
  return new FencedBlocks(stash).run(lines);
}

/** Core rule `zulip_fences`: fenced blocks replaced by placeholder lines or quoted lines, in a new stash. */
export function fencesRule(state: StateCore): void {
  state.src = replaceFencedBlocks(state.src.split('\n'), newStash(state.env)).join('\n');
}
