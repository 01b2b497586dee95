import { escapeHtml } from './embed-safely.js';

/** A cell: text (escaped here), or already-safe markup with `html`. */
export type HtmlCell = string | { html: string; title?: string; id?: string; className?: string };

export interface HtmlTableOptions {
  /** Columns (from the left) whose text is left-aligned; numbers are right-aligned. */
  leftColumns?: number;
  id?: string;
  caption?: string;
}

function cell(tag: 'td' | 'th', value: HtmlCell): string {
  if (typeof value === 'string') return `<${tag}>${escapeHtml(value)}</${tag}>`;
  const attributes = [
    value.id === undefined ? '' : ` id="${escapeHtml(value.id)}"`,
    value.title === undefined ? '' : ` title="${escapeHtml(value.title)}"`,
    value.className === undefined ? '' : ` class="${escapeHtml(value.className)}"`,
  ].join('');
  return `<${tag}${attributes}>${value.html}</${tag}>`;
}

/** A table in a scrolling wrapper (a narrow window scrolls it; at 1,200 px it must fit, the browser test says). */
export function htmlTable(headers: string[], rows: HtmlCell[][], options: HtmlTableOptions = {}): string {
  const left = options.leftColumns ?? 1;
  const head = headers
    .map((header, index) => `<th${index < left ? ' class="left"' : ''}>${escapeHtml(header)}</th>`)
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row
          .map((value, index) => {
            const rendered = cell('td', value);
            return index < left ? rendered.replace(/^<td(?! class)/, '<td class="left"') : rendered;
          })
          .join('')}</tr>`,
    )
    .join('\n');
  const caption = options.caption === undefined ? '' : `<caption>${escapeHtml(options.caption)}</caption>`;
  return `<div class="table-wrap"><table${options.id === undefined ? '' : ` id="${escapeHtml(options.id)}"`}>${caption}<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody></table></div>`;
}
