/** What a secret is replaced with in everything the agent writes. */
export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: replacing them would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * The secrets to keep out of traces, results, reports and the store: the given values (API keys,
 * database URLs), and the password inside any URL among them. Longest first, so a secret that
 * contains another is replaced whole.
 */
export function collectSecrets(values: ReadonlyArray<string | undefined>): string[] {
  const secrets = new Set<string>();
  for (const value of values) {
    if (value === undefined || value.trim().length < MIN_SECRET_LENGTH) continue;
    secrets.add(value);
    try {
      const password = decodeURIComponent(new URL(value).password);
      if (password.length >= MIN_SECRET_LENGTH) secrets.add(password);
    } catch {}
  }
  return [...secrets].sort((left, right) => right.length - left.length);
}

/** The secrets of the environment a run sees: the provider keys and the database URL. */
export function environmentSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return collectSecrets([env.OPENAI_API_KEY, env.ANTHROPIC_API_KEY, env.STRATA_DATABASE_URL]);
}

export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}

/** A copy of a JSON-like value with every secret replaced in its strings (keys included). */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return redactValue(value, secrets) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((each) => redactValue(each, secrets));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, each] of Object.entries(value))
      out[redactText(key, secrets)] = redactValue(each, secrets);
    return out;
  }
  return value;
}
