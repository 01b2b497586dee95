import { describe, expect, it } from 'vitest';
import { collectSecrets, environmentSecrets, REDACTED, redactDeep, redactText } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('collects keys and URL passwords, longest first, skipping empty and tiny values', () => {
    const secrets = collectSecrets(['sk-abc-12345', undefined, '', 'ab', 'postgres://me:hunter22@db:5432/x']);
    expect(secrets).toEqual(['postgres://me:hunter22@db:5432/x', 'sk-abc-12345', 'hunter22']);
  });

  it('replaces every occurrence in nested values, keys included, without touching the input', () => {
    const input = { text: 'key sk-abc-12345 twice sk-abc-12345', list: [{ 'sk-abc-12345': 1 }], n: 3 };
    const output = redactDeep(input, ['sk-abc-12345']);
    expect(JSON.stringify(output)).not.toContain('sk-abc-12345');
    expect(output.text).toBe(`key ${REDACTED} twice ${REDACTED}`);
    expect(output.n).toBe(3);
    expect(input.text).toContain('sk-abc-12345');
  });

  it('reads the provider keys and database URL from the environment', () => {
    const secrets = environmentSecrets({
      OPENAI_API_KEY: 'sk-env-1',
      STRATA_DATABASE_URL: 'postgres://u:pw-secret@h/d',
    });
    expect(redactText('sk-env-1 pw-secret', secrets)).toBe(`${REDACTED} ${REDACTED}`);
  });
});
