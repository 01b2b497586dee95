import { describe, expect, it } from 'vitest';
import { resolveSts2Url } from './commands/play-command.js';
import { STS2_PROBE } from './play-runner.js';

describe('resolveSts2Url', () => {
  it('lets the bridge probe 8080 then 8128 when neither --sts2-url nor STRATA_STS2_URL is given', () => {
    expect(resolveSts2Url(undefined, {})).toBe(STS2_PROBE);
    expect(resolveSts2Url(undefined, { STRATA_STS2_URL: ' ' })).toBe(STS2_PROBE);
  });

  it('takes --sts2-url, else STRATA_STS2_URL, and names the source of a bad one', () => {
    expect(resolveSts2Url('http://127.0.0.1:8128', { STRATA_STS2_URL: 'http://x:1' })).toBe(
      'http://127.0.0.1:8128',
    );
    expect(resolveSts2Url(undefined, { STRATA_STS2_URL: 'http://127.0.0.1:9000' })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => resolveSts2Url(undefined, { STRATA_STS2_URL: 'nope' })).toThrow(/STRATA_STS2_URL 'nope'/);
  });
});
