/**
 * Our structure markers are XML-like tags (`<lessons>`, `</window>`). Any `<` in untrusted text that
 * could start a tag, a closing tag, a comment or a special token (`<|im_start|>`) becomes `‹`, so
 * data can neither close its section, open a new one, nor pose as the system prompt.
 */
const TAG_START = /<(?=[/!?|A-Za-z])/g;

/** Renders untrusted text (observations, turns, notes, lessons) as data: tag-like `<` become `‹`. */
export function escapeUntrusted(text: string): string {
  return text.replace(TAG_START, '‹');
}

/** One list item: escaped, continuation lines indented so they cannot pose as items or headings. */
export function renderListItem(text: string): string {
  return `- ${escapeUntrusted(text).replace(/\r\n|\r|\n/g, '\n  ')}`;
}

/** The trusted frame of a section: an opening tag (plus instructions), a closing tag. */
export interface SectionFrame {
  readonly open: string;
  readonly close: string;
}

/** Layer names become tags: keep letters, digits, `-` and `_` (names are trusted config). */
export function sectionFrame(name: string, instructions?: string): SectionFrame {
  const tag = name.replace(/[^A-Za-z0-9_-]/g, '-');
  const open = instructions ? `<${tag}>\n${instructions}` : `<${tag}>`;
  return { open, close: `</${tag}>` };
}

/** Separator placed after every section in a message. */
export const SECTION_SEPARATOR = '\n\n';

/** The marker that ends a truncated item; visible to the model and to readers. */
export const TRUNCATION_MARKER = ' […truncated]';
