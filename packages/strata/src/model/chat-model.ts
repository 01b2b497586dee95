import type { JsonValue } from '../core/provenance.js';

/** The role of a chat message. */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** A tool call in OpenAI's own shape (`{ id, type: 'function', function: { name, arguments } }`). */
export interface ToolCall {
  id: string;
  type: 'function';
  function: {
    name: string;
    /** Raw JSON arguments text as the model produced it (may be malformed: validate before use). */
    arguments: string;
  };
}

/** One chat message: a role, its text and, for tool traffic, the calls or the call it answers. */
export interface ChatMessage {
  role: ChatRole;
  content: string;
  name?: string;
  /** For role 'tool': the call this answers. */
  toolCallId?: string;
  /** For role 'assistant': the tool calls it made. */
  toolCalls?: ToolCall[];
  /**
   * Marks the end of a stable prefix. Providers with explicit cache breakpoints (Anthropic) put
   * one after this message; others cache prefixes automatically and ignore it.
   */
  cacheBreakpoint?: boolean;
}

/** A tool the model may call, in OpenAI's function-tool shape. */
export interface ToolDefinition {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: { [key: string]: JsonValue };
    strict?: boolean;
  };
}

/** Structured output: a JSON schema sent to the provider, and an optional validator run on the result. */
export interface OutputSchema<T = unknown> {
  name: string;
  jsonSchema: { [key: string]: JsonValue };
  /** Validates and narrows the parsed object; throw or return issues to reject it (MODEL_OUTPUT_INVALID). */
  validate?: (value: unknown) => { ok: true; value: T } | { ok: false; issues: string[] };
  /**
   * OpenAI strict structured outputs (default true). Strict mode needs every property required and
   * `additionalProperties: false`; set false for schemas with optional fields.
   */
  strict?: boolean;
}

/** One request to a `ChatModel`. */
export interface GenerateRequest<T = unknown> {
  messages: ChatMessage[];
  schema?: OutputSchema<T>;
  tools?: ToolDefinition[];
  maxOutputTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** Token usage a provider reported for one call (`cachedInput` is part of `input`). */
export interface Usage {
  input: number;
  cachedInput: number;
  output: number;
}

/** A `ChatModel`'s answer. */
export interface GenerateResult<T = unknown> {
  text: string;
  /** Present when a schema was given and the output parsed and validated. */
  object?: T;
  toolCalls: ToolCall[];
  usage: Usage;
  model: string;
  finishReason?: string;
}

/** The small model interface extractors and agents use. */
export interface ChatModel {
  readonly provider: string;
  readonly modelId: string;
  /** Sends one request; rejects with a StrataError (MODEL_API_ERROR, MODEL_TIMEOUT, MODEL_OUTPUT_INVALID, ...). */
  generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>>;
}
