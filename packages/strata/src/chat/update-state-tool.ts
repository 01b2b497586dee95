import type { ToolDefinition } from '../model/chat-model.js';

/** The name of the state tool the model calls. */
export const UPDATE_STATE_TOOL_NAME = 'update_state';

/**
 * The `update_state` tool in OpenAI's function format. Its arguments are a JSON merge patch
 * (RFC 7396) of the state: only changed keys, `null` deletes. Validation happens on apply, against
 * the state's schema, so the parameters stay an open object (a patch is partial by nature).
 */
export function createUpdateStateTool(description?: string): ToolDefinition {
  return {
    type: 'function',
    function: {
      name: UPDATE_STATE_TOOL_NAME,
      description:
        description ??
        'Update the conversation state shown in the system message. Pass a JSON merge patch: only the keys that change, nested objects merge, arrays are replaced whole, null deletes a key. An invalid patch is rejected with the reasons and the state stays unchanged.',
      parameters: {
        type: 'object',
        description: 'JSON merge patch (RFC 7396) of the state object.',
        additionalProperties: true,
      },
    },
  };
}
