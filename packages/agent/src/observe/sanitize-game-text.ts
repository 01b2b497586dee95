/**
 * Text from the game (card names, rules text, event options, monster names) is untrusted data.
 * It is rendered on one line, stripped of the game's BBCode markup, and anything that could pose
 * as our own structure (section headings, fences, tags, numbered action lines) is neutralised.
 */
export function sanitizeGameText(value: unknown, maxChars = 240): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  text = text
    // The game's BBCode ([green]6[/green], [font_size=18]x2[/font_size]) carries no meaning for an agent.
    .replace(/\[\/?[a-zA-Z_]+(?:=[^\]]*)?\]/g, '')
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')
    .replace(/`{3,}/g, (fence) => "'".repeat(fence.length))
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    // Heading- and rule-like runs (##, ===, ---) could forge a section boundary in a prompt.
    .replace(/#{2,}/g, (run) => '＃'.repeat(run.length))
    .replace(/={3,}|-{3,}/g, (run) => '~'.repeat(run.length))
    .replace(/ {2,}/g, ' ')
    .trim();
  if (text.startsWith('#')) text = `＃${text.slice(1)}`;
  if (text.length > maxChars) text = `${text.slice(0, Math.max(0, maxChars - 1))}…`;
  return text;
}
