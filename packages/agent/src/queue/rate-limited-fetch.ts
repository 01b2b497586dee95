import type { Tokenizer } from '@strata-memory/strata';
import type { RateLimit, SharedRateLimiter } from './shared-rate-limit.js';

export interface RateLimitedFetchOptions {
  limiter: SharedRateLimiter;
  /** The endpoint's key in the shared log (see rateLimitKey). */
  key: string;
  limits: readonly RateLimit[];
  /** Counts a request's prompt before it is sent (the tokens-per-window limits). */
  tokenizer: Tokenizer;
  fetch?: typeof globalThis.fetch;
}

/** One key per provider, server and model: what a provider's limits apply to. */
export function rateLimitKey(
  provider: string | undefined,
  baseUrl: string | undefined,
  model: string,
): string {
  let server = baseUrl ?? 'default';
  try {
    if (baseUrl !== undefined) {
      const url = new URL(baseUrl);
      url.username = '';
      url.password = '';
      server = url.toString();
    }
  } catch {}
  return `model:${provider ?? 'openai'}:${server}:${model}`;
}

/**
 * A fetch for the model adapters: every attempt (retries of the core's retry policy included, so a
 * 429 still backs off there) first takes a grant from the shared limiter and releases it when the
 * reply's headers arrive; the reply's output tokens are charged to the same grant.
 */
export function createRateLimitedFetch(options: RateLimitedFetchOptions): typeof globalThis.fetch {
  const inner = options.fetch ?? globalThis.fetch;
  return async (input, init) => {
    const grant = await options.limiter.acquire(
      options.key,
      promptTokensOf(init?.body, options.tokenizer),
      options.limits,
      init?.signal ?? undefined,
    );
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      // No reply, but the server may have seen the request: its interval ends now.
      await options.limiter.release(grant).catch(() => undefined);
      throw error;
    }
    const counted = options.limits.some((limit) => limit.tokens !== undefined);
    await options.limiter.release(grant, counted ? await outputTokensOf(response) : 0);
    return response;
  };
}

function promptTokensOf(body: unknown, tokenizer: Tokenizer): number {
  if (typeof body !== 'string') return 0;
  try {
    const parsed = JSON.parse(body) as {
      messages?: Array<{ role?: unknown; content?: unknown }>;
      system?: unknown;
    };
    let tokens = 3;
    if (typeof parsed.system === 'string') tokens += tokenizer.count(parsed.system);
    for (const message of parsed.messages ?? []) {
      const content =
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? '');
      tokens += 3 + tokenizer.count(String(message.role ?? '')) + tokenizer.count(content);
    }
    return tokens;
  } catch {
    return 0;
  }
}

async function outputTokensOf(response: Response): Promise<number> {
  try {
    const body = (await response.clone().json()) as {
      usage?: { completion_tokens?: number; output_tokens?: number };
    };
    return Number(body.usage?.completion_tokens ?? body.usage?.output_tokens ?? 0) || 0;
  } catch {
    return 0;
  }
}
