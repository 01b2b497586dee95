import { type ChatModel, StrataError } from '@strata-memory/strata';
import { createAnthropicChatModel } from '@strata-memory/strata/anthropic';
import { createOpenAIChatModel } from '@strata-memory/strata/openai';

/** Which model an LLM policy uses, and how to reach it. */
export interface ModelSettings {
  /** A ready ChatModel, or a model name for the provider's adapter. */
  model?: ChatModel | string;
  /** OpenAI-compatible base URL (vLLM, Ollama, llama.cpp, LM Studio, a fake server). */
  baseUrl?: string;
  /** `openai` (any OpenAI-compatible server, default) or `anthropic`. */
  provider?: string;
  /** Defaults to the provider's environment variable; never logged. */
  apiKey?: string;
  /** Retries of the adapter on 429/5xx (default: the adapter's). */
  maxRetries?: number;
  /** First backoff delay of those retries, ms. */
  initialDelayMs?: number;
  /** The adapter's HTTP client (every attempt, retries included, goes through it). */
  fetch?: typeof globalThis.fetch;
}

/** The ChatModel for an `llm` policy: a given one, or an adapter from the core for a model name. */
export function resolveChatModel(settings: ModelSettings): ChatModel {
  const { model } = settings;
  if (model !== undefined && typeof model === 'object') return model;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new StrataError(
      'CONFIG_INVALID',
      "The llm policy needs a model: pass 'model' (e.g. --model gpt-4.1-mini) and, for a local server, 'baseUrl'.",
    );
  }
  const retry = {
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    ...(settings.initialDelayMs === undefined ? {} : { initialDelayMs: settings.initialDelayMs }),
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  };
  const provider = (settings.provider ?? 'openai').toLowerCase();
  if (provider === 'anthropic') {
    return createAnthropicChatModel({
      model,
      ...(settings.baseUrl === undefined ? {} : { baseURL: settings.baseUrl }),
      ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
      ...retry,
    });
  }
  if (provider !== 'openai' && provider !== 'openai-compatible') {
    throw new StrataError(
      'CONFIG_INVALID',
      `Unknown provider '${settings.provider}'. Use openai (any OpenAI-compatible server) or anthropic.`,
    );
  }
  return createOpenAIChatModel({
    model,
    ...(settings.baseUrl === undefined ? {} : { baseURL: settings.baseUrl }),
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    ...retry,
  });
}
