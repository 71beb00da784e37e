/** ```math fences (server-markdown §2.4): each blank-line-separated piece rendered by KaTeX in display mode. */
import katex from 'katex';

import { escapePython } from './escape.js';

type ConsoleMethod = 'log' | 'warn' | 'error';

/**
 * KaTeX writes to the console for some input (`\message`, LaTeX-incompatible characters); the renderer must stay
 * free of I/O, so those writes are dropped for the duration of the (synchronous) call.
 */
function quietly<T>(render: () => T): T {
  const saved: Record<ConsoleMethod, (...args: unknown[]) => void> = { log: console.log, warn: console.warn, error: console.error };
  const silent = () => {};
  console.log = silent;
  console.warn = silent;
  console.error = silent;
  try {
    return render();
  } finally {
    console.log = saved.log;
    console.warn = saved.warn;
    console.error = saved.error;
  }
}

/** KaTeX's HTML for `tex`, or undefined when KaTeX rejects it. `strict: 'ignore'` renders as the default 'warn' does. */
export function renderTex(tex: string, displayMode: boolean): string | undefined {
  try {
    return quietly(() => katex.renderToString(tex, { displayMode, strict: 'ignore' })).trim();
  } catch {
    return undefined;
  }
}

export function displayMathHtml(text: string): string {
  return text
    .split('\n\n')
    .map((piece) => renderTex(piece, true) ?? `<span class="tex-error">${escapePython(piece)}</span>`)
    .join('\n\n');
}
