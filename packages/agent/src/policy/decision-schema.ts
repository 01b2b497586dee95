import type { OutputSchema } from '@strata-memory/strata';
import type { DecisionNote, NoteScope } from './policy.js';

/** A model's decision: the index of an action, and why. */
export interface ModelDecision {
  choice: number;
  reason?: string;
  note?: DecisionNote;
}

const SCOPES: readonly NoteScope[] = ['turn', 'combat', 'run'];
const MAX_NOTE_CHARACTERS = 400;

/**
 * The structured answer asked of the model: `{"choice", "reason"?, "note"?}`. `choice` is an
 * integer `enum` of the legal indices, so servers with guided decoding cannot pick an illegal move;
 * the validator enforces the same for servers without it.
 */
export function decisionSchema(actionCount: number): OutputSchema<ModelDecision> {
  const legal = Array.from({ length: actionCount }, (_, index) => index);
  return {
    name: 'decision',
    // Optional fields are allowed, so not OpenAI's strict mode (which requires every property).
    strict: false,
    jsonSchema: {
      type: 'object',
      properties: {
        choice: {
          type: 'integer',
          enum: legal,
          description: 'Index of the chosen action in the numbered list.',
        },
        reason: { type: 'string', description: 'One short sentence on why.' },
        note: {
          type: 'object',
          description: 'Optional note to your future self, kept until its scope ends.',
          properties: { scope: { type: 'string', enum: [...SCOPES] }, text: { type: 'string' } },
          required: ['scope', 'text'],
          additionalProperties: false,
        },
      },
      required: ['choice'],
      additionalProperties: false,
    },
    validate(value) {
      return validateDecision(value, actionCount);
    },
  };
}

/** Checks a model's answer: a JSON object whose `choice` is an integer index into the actions. */
export function validateDecision(
  value: unknown,
  actionCount: number,
): { ok: true; value: ModelDecision } | { ok: false; issues: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: ['the answer must be a JSON object like {"choice": 0}'] };
  }
  const record = value as Record<string, unknown>;
  const { choice } = record;
  if (typeof choice !== 'number' || !Number.isInteger(choice)) {
    return {
      ok: false,
      issues: [
        `"choice" must be an integer from 0 to ${actionCount - 1}, got ${JSON.stringify(choice) ?? 'nothing'}`,
      ],
    };
  }
  if (choice < 0 || choice >= actionCount) {
    return {
      ok: false,
      issues: [`"choice" ${choice} is not a legal action: choose an integer from 0 to ${actionCount - 1}`],
    };
  }
  const decision: ModelDecision = { choice };
  if (typeof record.reason === 'string') decision.reason = record.reason.slice(0, 300);
  const note = record.note;
  if (note !== undefined && note !== null) {
    const scope = (note as Record<string, unknown>).scope;
    const text = (note as Record<string, unknown>).text;
    if (typeof scope !== 'string' || !SCOPES.includes(scope as NoteScope) || typeof text !== 'string') {
      return {
        ok: false,
        issues: ['"note" must be {"scope": "turn" | "combat" | "run", "text": string} or left out'],
      };
    }
    if (text.trim() !== '')
      decision.note = { scope: scope as NoteScope, text: text.slice(0, MAX_NOTE_CHARACTERS) };
  }
  return { ok: true, value: decision };
}
