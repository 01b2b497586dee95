import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ChatModel } from '../model/chat-model.js';
import { isJsonObject } from '../state/merge-patch.js';
import type { ExtractorContext, ExtractorInput, StatePatchOutput, TypedExtractor } from './extractor.js';
import { extractionKey } from './idempotency-key.js';
import { DATA_RULE, renderTranscript } from './render-transcript.js';

/** Options of `createStateExtractor`. */
export interface StateExtractorOptions {
  model: ChatModel;
  /** Reads the current state from the input (default: `layers.state`). */
  currentState?: (input: ExtractorInput) => JsonValue | undefined;
  /** The state's JSON schema, shown to the model (optional; the patch is validated on apply anyway). */
  stateJsonSchema?: { [key: string]: JsonValue };
  instructions?: string;
  maxTokens?: number;
  name?: string;
}

/**
 * An extractor that proposes a JSON merge patch for a state object from recent turns.
 * The patch is not applied here: the owner validates it against the state's schema and applies it.
 */
export function createStateExtractor(
  options: StateExtractorOptions,
): TypedExtractor<ExtractorInput, StatePatchOutput> {
  if (!options.model || typeof options.model.generate !== 'function') {
    throw new StrataError('CONFIG_INVALID', "createStateExtractor needs a 'model' (a ChatModel).");
  }
  const name = options.name ?? 'state';
  const readState = options.currentState ?? ((input: ExtractorInput) => input.layers?.state);
  return {
    name,
    async run(input: ExtractorInput, context: ExtractorContext = {}): Promise<StatePatchOutput> {
      const state = readState(input) ?? {};
      const schemaText = options.stateJsonSchema
        ? `\nThe state must match this JSON schema:\n${JSON.stringify(options.stateJsonSchema)}`
        : '';
      const result = await options.model.generate({
        messages: [
          {
            role: 'system',
            content: `You keep a JSON state object up to date from a conversation. Return a JSON merge patch (RFC 7396) with only the fields that changed: set a key to its new value, set it to null to delete it, return {} when nothing changed.${schemaText}\n${options.instructions ?? ''}\n${DATA_RULE}\nAnswer with JSON only: {"patch": {...}}.`,
          },
          {
            role: 'user',
            content: `Current state (quoted data):\n${JSON.stringify(state).replace(/</g, '\\u003c')}\n\nRecent turns:\n${renderTranscript(input)}`,
          },
        ],
        schema: {
          name: 'state_patch',
          strict: false,
          jsonSchema: { type: 'object', properties: { patch: { type: 'object' } }, required: ['patch'] },
          validate: (value) =>
            isJsonObject(value) && isJsonObject((value as { patch?: unknown }).patch)
              ? { ok: true, value: value as { patch: { [key: string]: JsonValue } } }
              : { ok: false, issues: ['patch: expected a JSON object'] },
        },
        maxOutputTokens: options.maxTokens ?? 400,
        temperature: 0,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      const patch = (result.object as { patch: { [key: string]: JsonValue } } | undefined)?.patch;
      if (!patch) {
        throw new StrataError(
          'MODEL_OUTPUT_INVALID',
          `Model '${options.model.modelId}' answered the state extraction without a patch.`,
        );
      }
      return { kind: 'state-patch', idempotencyKey: extractionKey(name, input), statePatch: patch };
    },
  };
}
