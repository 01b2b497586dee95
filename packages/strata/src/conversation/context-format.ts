/**
 * The text layout of an assembled conversation context. Turn text is untrusted data: it is kept
 * verbatim (so it can be checked and quoted), except that a continuation line which would look like
 * one of our own structural lines (a session header, the question header, a turn line) is escaped
 * with a leading backslash, so a turn can never forge a header, a question or another speaker's turn.
 */

export const CONTEXT_PREAMBLE =
  'Conversation excerpts (oldest first; each turn is "[turn id] speaker: text"):\n';
export const QUESTION_HEADER = '=== Question ===\n';

const STRUCTURAL_LINE = /^(?:===|\[[^\]\n]*\] |\\)/;

/** Escapes continuation lines that look like structural lines; ordinary text is returned unchanged. */
export function escapeUntrusted(text: string): string {
  if (!text.includes('\n')) return text;
  return text
    .split('\n')
    .map((line, index) => (index > 0 && STRUCTURAL_LINE.test(line) ? `\\${line}` : line))
    .join('\n');
}

/** A label (id, speaker, date) on one line, without characters that end our markers. */
function label(value: string): string {
  return value.replace(/[\]=]/g, '').replace(/\s+/g, ' ').trim();
}

export function renderTurnLine(id: string, speaker: string, text: string): string {
  const name = speaker.replace(/\s+/g, ' ').replace(/:/g, '').trim() || '?';
  return `[${label(id)}] ${name}: ${escapeUntrusted(text)}\n`;
}

export function renderSessionHeader(id: string, time: string | undefined): string {
  const date = time === undefined ? '' : ` · ${label(time)}`;
  return `=== Session ${label(id)}${date} ===\n`;
}

/** The question block; an empty line before it would cost a token for nothing. */
export function renderQuestion(query: string): string {
  // The first line of the query cannot pose as a header: it follows QUESTION_HEADER on its own line.
  const first = STRUCTURAL_LINE.test(query) ? `\\${query}` : query;
  return `${QUESTION_HEADER}${escapeUntrusted(first)}`;
}
