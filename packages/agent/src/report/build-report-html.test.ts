import { describe, expect, it } from 'vitest';
import { buildReportHtml } from './build-report-html.js';
import { escapeHtml, jsonForScript } from './embed-safely.js';
import { DEFAULT_PRICING } from './pricing.js';
import { sampleReportRuns } from './report-fixtures.js';

const hostile = '</script><script>window.__pwned = true</script><!--';

function embeddedData(html: string): unknown {
  const match = /<script type="application\/json" id="strata-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no embedded data');
  return JSON.parse(match[1]);
}

describe('buildReportHtml', () => {
  const runs = sampleReportRuns(hostile);
  const html = buildReportHtml(runs, { generatedAt: new Date('2026-01-01T00:00:00Z') });

  it('is self-contained: Chart.js is inlined and nothing is loaded from the network', () => {
    expect(html.includes('Chart.js v4')).toBe(true);
    expect(html.match(/<script[^>]+src=/g)).toBeNull();
    expect(html.match(/<link[^>]+href=/g)).toBeNull();
    // URLs appear only in the library's licence comments, never in our markup or script.
    const ours = html.replace(/<script>\/\*!\s*\* Chart\.js[\s\S]*?<\/script>/, '');
    expect(ours.match(/https?:\/\/[^\s"']+/g)).toBeNull();
  });

  it('keeps game text that contains </script> inside the data, where it cannot end the element', () => {
    // Only our own four script elements close: the data and prompts JSON, Chart.js, the page script (+ 0 from data).
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    expect(html.includes('<script>window.__pwned')).toBe(false);
    const data = embeddedData(html) as { runs: Array<{ runId: string; promptTokens: number[] }> };
    expect(data.runs.map((run) => run.runId)).toEqual(runs.map((run) => run.runId));
    expect(data.runs[1]?.promptTokens).toEqual(runs[1]?.records.map((record) => record.promptTokens));
  });

  it('escapes run ids shown in the summary table', () => {
    expect(html.includes(escapeHtml(`structured-${hostile}`))).toBe(true);
  });

  it('embeds per-layer series and the pricing table for the cost chart', () => {
    const data = embeddedData(html) as {
      runs: Array<{ layerNames: string[]; layers: Record<string, number[]> }>;
      pricing: typeof DEFAULT_PRICING;
    };
    expect(data.runs[0]?.layerNames).toEqual(['system', 'knowledge', 'lessons', 'working', 'observation']);
    expect(data.runs[0]?.layers.working?.[3]).toBe(1450);
    expect(data.pricing).toEqual(DEFAULT_PRICING);
  });
});

describe('jsonForScript', () => {
  it('round-trips any string while never emitting <, > or & or line separators', () => {
    const value = { text: '</script>\u2028\u2029<!-- & "x" -->' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
