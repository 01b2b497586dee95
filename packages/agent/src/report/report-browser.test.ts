import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportHtml } from './build-report-html.js';
import { sampleReportRuns } from './report-fixtures.js';

// Debian's chromium (apt-get install chromium); CI installs it, and there this test must run.
const CHROMIUM = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const mustRun = process.env.CI === 'true';
if (!available && !mustRun) {
  console.warn(
    `report-browser.test.ts did NOT run: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set STRATA_CHROMIUM.`,
  );
}

/** The part of a DOM canvas the test reads (the project's TypeScript config has no DOM types). */
interface BrowserCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}

interface ChartSummary {
  type: string;
  datasets: Array<{ label: string; points: number }>;
  /** Share of canvas pixels that are not blank. */
  inked: number;
}

describe.runIf(available || mustRun)('report.html in headless Chromium', () => {
  let browser: Browser;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'strata-report-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('loads offline with no console errors and draws every chart with data, even with </script> in game text', async () => {
    const file = join(directory, 'report.html');
    writeFileSync(file, buildReportHtml(sampleReportRuns()));
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) problems.push(`network request: ${request.url()}`);
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts-ready="true"]', { timeout: 20_000 });

    const summary = await page.evaluate(() => {
      const charts = (globalThis as unknown as { strataCharts: Record<string, unknown> }).strataCharts;
      const result: Record<string, ChartSummary> = {};
      for (const [name, value] of Object.entries(charts)) {
        const chart = value as {
          config: { type: string };
          data: { datasets: Array<{ label: string; data: unknown[] }> };
          canvas: BrowserCanvas;
        };
        const context = chart.canvas.getContext('2d');
        const pixels =
          context?.getImageData(0, 0, chart.canvas.width, chart.canvas.height).data ??
          new Uint8ClampedArray();
        let inked = 0;
        for (let index = 3; index < pixels.length; index += 4) if ((pixels[index] ?? 0) > 0) inked += 1;
        result[name] = {
          type: chart.config.type,
          datasets: chart.data.datasets.map((dataset) => ({
            label: dataset.label,
            points: dataset.data.length,
          })),
          inked: inked / Math.max(1, pixels.length / 4),
        };
      }
      return result;
    });
    expect(problems).toEqual([]);
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();
    expect(Object.keys(summary).sort()).toEqual(['cost', 'cumulative', 'layers', 'tokens']);
    // Tokens: one line per run (120 calls each) plus the budget line.
    expect(summary.tokens?.datasets.map((dataset) => dataset.points)).toEqual([120, 120, 2]);
    expect(summary.layers?.datasets.map((dataset) => dataset.label)).toEqual([
      'system',
      'knowledge',
      'lessons',
      'working',
      'observation',
    ]);
    expect(summary.cumulative?.datasets).toHaveLength(2);
    expect(summary.cost?.datasets).toHaveLength(4);
    for (const [name, chart] of Object.entries(summary)) {
      expect(chart.inked, `${name} canvas is blank`).toBeGreaterThan(0.01);
    }

    // Interactive: another model re-prices the table and the chart; the log scale toggles.
    const before = await page.textContent('#cost-plain-1');
    await page.selectOption('#cost-model', 'gpt-4o');
    const after = await page.textContent('#cost-plain-1');
    expect(before).toMatch(/^\$\d/);
    // The per-agent total follows the model too (run 1 is the only naive run).
    expect(await page.textContent('#agent-cost-plain-naive')).toBe(after);
    expect(after).not.toBe(before);
    await page.check('#log-scale');
    expect(
      await page.evaluate(
        () =>
          (
            globalThis as unknown as {
              strataCharts: { tokens: { options: { scales: { y: { type: string } } } } };
            }
          ).strataCharts.tokens.options.scales.y.type,
      ),
    ).toBe('logarithmic');
    expect(problems).toEqual([]);
    await page.close();
  });
});
