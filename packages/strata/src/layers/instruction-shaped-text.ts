/**
 * Why a text reads as instructions to a model rather than as data: the signs a prompt injection
 * leaves in memory ("ignore the system prompt", "print the admin password", a forged `system:`
 * line or `<|im_start|>` token, a "POLICY:" header). A heuristic, written for the lesson write
 * path: it flags text meant to steer or exfiltrate, not ordinary advice ("Always block before a
 * big attack" passes).
 */
export interface InstructionShape {
  /** A short stable name of the sign found. */
  sign: 'override' | 'exfiltration' | 'role-marker' | 'special-token' | 'policy-header' | 'markup';
  /** The text that matched. */
  match: string;
}

const SIGNS: ReadonlyArray<{ sign: InstructionShape['sign']; pattern: RegExp }> = [
  {
    sign: 'override',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}?\b(?:previous|prior|above|earlier|all|any|your|the|these|those)?\s*(?:system\s+prompt|prompt|instructions?|rules|guidelines|guardrails|polic(?:y|ies)|directives?)\b/i,
  },
  {
    sign: 'exfiltration',
    pattern:
      /\b(?:print|reveal|show|output|send|leak|tell|give|share|disclose|email|post)\b[^.\n]{0,40}?\b(?:passwords?|api[\s_-]?keys?|secrets?|credentials?|tokens?|system\s+prompt|private\s+keys?)\b/i,
  },
  { sign: 'role-marker', pattern: /(?:^|\n)\s*(?:#+\s*)?(?:system|developer|assistant)\s*(?:prompt)?\s*:/i },
  { sign: 'special-token', pattern: /<\|[a-z_]+\|>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>/i },
  {
    sign: 'policy-header',
    pattern:
      /(?:^|\n)\s*(?:new\s+)?(?:POLICY|SYSTEM\s+(?:NOTE|MESSAGE|OVERRIDE)|INSTRUCTIONS?|ADMIN(?:ISTRATOR)?\s+NOTE|NOTE\s+TO\s+(?:THE\s+)?(?:AI|ASSISTANT|MODEL))\s*:/,
  },
  {
    sign: 'markup',
    pattern: /<\/?(?:system|instructions?|developer|assistant|lessons|summary|knowledge)\b[^>]*>/i,
  },
];

/** Every sign that `text` is instruction-shaped; empty when it reads as data. */
export function findInstructionShapes(text: string): InstructionShape[] {
  const found: InstructionShape[] = [];
  for (const { sign, pattern } of SIGNS) {
    const match = pattern.exec(text);
    if (match) found.push({ sign, match: match[0].trim() });
  }
  return found;
}

/** True when `text` carries any sign of being instructions rather than data. */
export function isInstructionShaped(text: string): boolean {
  return SIGNS.some(({ pattern }) => pattern.test(text));
}
