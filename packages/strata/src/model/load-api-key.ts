import { StrataError } from '../errors/strata-error.js';

export interface LoadApiKeyOptions {
  apiKey: string | undefined;
  /** e.g. OPENAI_API_KEY */
  environmentVariableName: string;
  /** e.g. 'OpenAI' */
  description: string;
  /** Servers on this machine (Ollama, llama.cpp, vLLM) usually need no key: a placeholder is used. */
  baseURL?: string | undefined;
}

/** Placeholder sent to local servers that ignore the key. */
export const LOCAL_PLACEHOLDER_API_KEY = 'local-no-key';

/**
 * The API key from the option, else the environment; a local base URL may go without one.
 * Throws MODEL_API_KEY_MISSING naming the option and the variable otherwise.
 */
export function loadApiKey(options: LoadApiKeyOptions): string {
  if (options.apiKey !== undefined) {
    if (options.apiKey.trim() === '') {
      throw missing(options, `${options.description} API key is empty.`);
    }
    return options.apiKey;
  }
  const fromEnvironment = process.env[options.environmentVariableName];
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== '') return fromEnvironment;
  if (options.baseURL !== undefined && isLocalURL(options.baseURL)) return LOCAL_PLACEHOLDER_API_KEY;
  throw missing(options, `${options.description} API key is missing.`);
}

function missing(options: LoadApiKeyOptions, first: string): StrataError {
  return new StrataError(
    'MODEL_API_KEY_MISSING',
    `${first} Pass it using the 'apiKey' option or the ${options.environmentVariableName} environment variable.`,
    { details: { environmentVariableName: options.environmentVariableName } },
  );
}

/** True for loopback hosts: the server runs on this machine. */
export function isLocalURL(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || host === '0.0.0.0' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** Replaces every occurrence of a secret in a text; used on anything that becomes an error or a log. */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}
