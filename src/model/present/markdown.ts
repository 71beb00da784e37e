/** Markdown to HTML for rendered fields (profile values, channel and realm descriptions): the message dialect, without a realm. */
import { renderPlain } from '../markdown/render.js';

export function renderMarkdown(source: string): string {
  return renderPlain(source);
}
