import type { AssembledContext } from '../memory/assembled-context.js';

/** The context as one plain text (system part, turns labelled by role, dynamic part). */
export function toText(context: AssembledContext): string {
  return context.text;
}
