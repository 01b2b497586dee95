/**
 * Where a JSON text stops, as a path: for `{"combat":{"hand":[{"name":"Stri` it is `$.combat.hand[0].name`.
 * Used to say which field a truncated state was cut in. Scans the text once; assumes it is JSON up to its end.
 */
export function jsonPathAtEnd(text: string): string {
  // Each frame is an open container: an object with the last key seen, or an array with the count of items.
  const stack: Array<{ kind: 'object'; key: string | null } | { kind: 'array'; index: number }> = [];
  let inString = false;
  let stringStart = 0;
  let expectingKey = false;
  for (let position = 0; position < text.length; position += 1) {
    const character = text[position];
    if (inString) {
      if (character === '\\') {
        position += 1;
      } else if (character === '"') {
        inString = false;
        const top = stack[stack.length - 1];
        if (expectingKey && top?.kind === 'object') {
          top.key = safeParseString(text.slice(stringStart, position + 1));
          expectingKey = false;
        }
      }
      continue;
    }
    const top = stack[stack.length - 1];
    switch (character) {
      case '"':
        inString = true;
        stringStart = position;
        break;
      case '{':
        stack.push({ kind: 'object', key: null });
        expectingKey = true;
        break;
      case '[':
        stack.push({ kind: 'array', index: 0 });
        expectingKey = false;
        break;
      case '}':
      case ']':
        stack.pop();
        expectingKey = false;
        break;
      case ',':
        if (top?.kind === 'array') top.index += 1;
        else if (top?.kind === 'object') {
          top.key = null;
          expectingKey = true;
        }
        break;
      default:
        break;
    }
  }
  let path = '$';
  for (const frame of stack) {
    if (frame.kind === 'array') path += `[${frame.index}]`;
    else if (frame.key !== null) path += `.${frame.key}`;
  }
  return path;
}

function safeParseString(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal.slice(1, -1);
  }
}
