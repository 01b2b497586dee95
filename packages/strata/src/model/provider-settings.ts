import { importOptionalDependency } from '../errors/import-optional-dependency.js';
import { StrataError } from '../errors/strata-error.js';
import { loadApiKey } from './load-api-key.js';
import type { ProviderCallOptions, ProviderErrorClasses } from './provider-call.js';
import { pickRetryOptions, type RetryOptions } from './retry-policy.js';

/** The options every provider adapter takes, whatever its SDK. */
export interface ProviderConnectionOptions extends RetryOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}

/** What differs between providers when resolving those options. */
export interface ProviderDefaults {
  /** Starts configuration errors, e.g. 'createOpenAIChatModel'. */
  factoryName: string;
  /** Shown when the model name is missing, e.g. 'gpt-4.1-mini'. */
  exampleModel: string;
  defaultBaseURL: string;
  /** e.g. OPENAI_BASE_URL */
  baseURLVariable: string;
  /** e.g. OPENAI_API_KEY */
  apiKeyVariable: string;
  /** Names the key in errors, e.g. 'OpenAI'. */
  apiKeyDescription: string;
  /** Starts every call error, e.g. 'OpenAI-compatible'. */
  providerLabel: string;
  errors: ProviderErrorClasses;
}

export interface ProviderSettings {
  modelId: string;
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  /** For the official SDK client: its retries are off because the retry policy is ours. */
  clientOptions: {
    apiKey: string;
    baseURL: string;
    maxRetries: 0;
    timeout: number;
    defaultHeaders?: Record<string, string>;
    fetch?: typeof globalThis.fetch;
  };
  /** The options of `callProvider` for one request. */
  callOptions(signal: AbortSignal | undefined): ProviderCallOptions;
}

/** Validates the model name and base URL and loads the API key; throws CONFIG_INVALID / MODEL_API_KEY_MISSING. */
export function resolveProviderSettings(
  options: ProviderConnectionOptions,
  defaults: ProviderDefaults,
): ProviderSettings {
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new StrataError(
      'CONFIG_INVALID',
      `${defaults.factoryName} needs a 'model' name, e.g. '${defaults.exampleModel}'.`,
    );
  }
  const baseURL = options.baseURL ?? process.env[defaults.baseURLVariable] ?? defaults.defaultBaseURL;
  if (!URL.canParse(baseURL)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `${defaults.factoryName}: 'baseURL' is not a valid URL; use e.g. 'http://127.0.0.1:11434/v1'.`,
    );
  }
  const apiKey = loadApiKey({
    apiKey: options.apiKey,
    environmentVariableName: defaults.apiKeyVariable,
    description: defaults.apiKeyDescription,
    baseURL,
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  const modelId = options.model;
  return {
    modelId,
    baseURL,
    apiKey,
    timeoutMs,
    clientOptions: {
      apiKey,
      baseURL,
      maxRetries: 0,
      // Our own per-attempt timer governs; this one is only a backstop.
      timeout: timeoutMs + 1000,
      ...(options.headers ? { defaultHeaders: options.headers } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    callOptions: (signal) => ({
      ...pickRetryOptions(options),
      providerLabel: defaults.providerLabel,
      modelId,
      baseURL,
      timeoutMs,
      secret: apiKey,
      errors: defaults.errors,
      signal,
    }),
  };
}

/**
 * The official SDK client, loaded on the first call: the SDK is an optional peer dependency, so importing an
 * adapter never fails and a missing SDK is MISSING_DEPENDENCY naming the install command. On load, the SDK's
 * error classes are copied into `errors` (so the retry policy's `instanceof` checks work); a failed load is
 * forgotten, so the next call tries again.
 */
export function lazySdkClient<Sdk extends ProviderErrorClasses, Client>(options: {
  load: () => Promise<Sdk>;
  packageName: string;
  feature: string;
  errors: ProviderErrorClasses;
  create: (sdk: Sdk) => Client;
}): () => Promise<Client> {
  let client: Promise<Client> | undefined;
  return () => {
    client ??= importOptionalDependency(options.load, options.packageName, options.feature).then((sdk) => {
      Object.assign(options.errors, {
        APIError: sdk.APIError,
        APIConnectionError: sdk.APIConnectionError,
        APIConnectionTimeoutError: sdk.APIConnectionTimeoutError,
        APIUserAbortError: sdk.APIUserAbortError,
      });
      return options.create(sdk);
    });
    client.catch(() => {
      client = undefined;
    });
    return client;
  };
}
