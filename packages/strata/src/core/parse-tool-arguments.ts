/**
 * Tool-call arguments as the object Anthropic's Messages API wants. A value that is not an object is kept as
 * `{ value }` and text that is not JSON as `{ raw }`, so nothing another provider sent is dropped.
 */
export function parseToolArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { raw: text };
  }
}
