import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportHtml } from './build-report-html.js';
import { formatMoney } from './format-number.js';
import { DEFAULT_PRICING } from './pricing.js';
import { sampleBenchRuns, sampleReportRuns } from './report-fixtures.js';
import { costOfRecords } from './run-cost.js';

// Debian's chromium (apt-get install chromium); CI installs it, and there this test must run.
const CHROMIUM = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const mustRun = process.env.CI === 'true';
if (!available && !mustRun) {
  console.warn(
    `report-browser.test.ts did NOT run: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set STRATA_CHROMIUM.`,
  );
}

/** The part of the DOM document the layout test reads. */
interface BrowserDocument {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): Iterable<{
    scrollWidth: number;
    clientWidth: number;
    querySelector(selector: string): { id: string } | null;
  }>;
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

// Skipped only when Debian's Chromium is missing outside CI (the warning above says so); under CI=true it
// always runs, and a missing browser fails the test instead.
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
      const flat: Array<[string, unknown]> = [];
      for (const [name, value] of Object.entries(charts)) {
        if (name === 'layers') {
          for (const [agent, chart] of Object.entries(value as Record<string, unknown>))
            flat.push([`layers:${agent}`, chart]);
        } else flat.push([name, value]);
      }
      const result: Record<string, ChartSummary> = {};
      for (const [name, value] of flat) {
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
    expect(Object.keys(summary).sort()).toEqual([
      'cost',
      'cumulative',
      'layers:naive',
      'layers:structured',
      'tokens',
    ]);
    // Tokens: one line per run (120 calls each) plus the budget line.
    expect(summary.tokens?.datasets.map((dataset) => dataset.points)).toEqual([120, 120, 2]);
    // Layers side by side: each agent's own layers, the structured one with its budget line.
    expect(summary['layers:structured']?.datasets.map((dataset) => dataset.label)).toEqual([
      'system',
      'knowledge',
      'lessons',
      'working',
      'observation',
      'budget (5,000)',
    ]);
    expect(summary['layers:naive']?.datasets.map((dataset) => dataset.label)).toEqual(['system', 'history']);
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
    expect(after).not.toBe(before);
    // The fixture's agents differ by less than 10x: linear by default, log on request.
    expect(await page.isChecked('#log-scale')).toBe(false);
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

  it('fits a 1,200 px page: no table is wider than its column (scrollWidth measured), whatever the bench', async () => {
    const file = join(directory, 'bench.html');
    writeFileSync(file, buildReportHtml(sampleBenchRuns()));
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts-ready="true"]', { timeout: 20_000 });
    const widths = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: BrowserDocument }).document;
      return {
        page: doc.documentElement.scrollWidth,
        viewport: doc.documentElement.clientWidth,
        tables: [...doc.querySelectorAll('.table-wrap')].map((wrap) => ({
          id: wrap.querySelector('table')?.id ?? '',
          scrollWidth: wrap.scrollWidth,
          clientWidth: wrap.clientWidth,
        })),
      };
    });
    expect(widths.tables.map((table) => table.id)).toEqual([
      'agent-table',
      'run-table',
      'comparison-table',
      'layer-table',
      'loss-table',
    ]);
    for (const table of widths.tables) {
      expect(table.scrollWidth, `${table.id} overflows`).toBeLessThanOrEqual(table.clientWidth);
    }
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await page.close();
  });

  it('explains the agents and the policy, shows goals, statistics, losses, one number format and a log scale', async () => {
    const file = join(directory, 'bench-text.html');
    writeFileSync(file, buildReportHtml(sampleBenchRuns()));
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts-ready="true"]', { timeout: 20_000 });
    const policy = await page.textContent('#policy-note');
    expect(policy).toContain('all agents play the identical trajectory');
    expect(policy).toContain('say nothing about decision quality');
    const agents = await page.textContent('#agents');
    expect(agents).toContain('append-only log');
    expect(agents).toContain('last N turns');
    expect(agents).toContain("Strata's layered memory");
    const goals = await page.$$eval('#goals li', (items) => items.map((item) => item.textContent ?? ''));
    expect(goals).toHaveLength(4);
    expect(goals[0]).toMatch(/^met The structured agent stays within its budget/);
    // The naive goal needs runs of 800+ decisions; these have 340-420.
    expect(goals[3]).toMatch(/^n\/a /);
    // Statistics: Wilson intervals (1 win of 3: [6%, 79%]) and the exact test between agents.
    const agentTable = await page.textContent('#agent-table');
    expect(agentTable).toContain('33% [6%, 79%]');
    expect(agentTable).toContain('decisions per run (mean)');
    const comparisons = await page.$$eval('#comparison-table tbody tr', (rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
    expect(comparisons).toHaveLength(3);
    expect(comparisons[0]?.slice(2)).toEqual(['1/3 vs 1/3', '+0%', '1.000', 'no difference to detect']);
    expect(await page.textContent('#statistics')).toContain("Fisher's exact test");
    // Layers side by side: each agent's median per layer, with the structured agent's layer budgets.
    const layerRows = await page.$$eval('#layer-table tr', (rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
    expect(layerRows[0]).toEqual([
      'median tokens per call',
      'structured',
      'window',
      'naive',
      'structured layer budget',
    ]);
    expect(layerRows.find((row) => row[0] === 'lessons')).toEqual(['lessons', '420', '-', '-', '500']);
    expect(layerRows.find((row) => row[0] === 'budget')).toEqual(['budget', '5,000', 'none', 'none', '-']);
    // Losses: the structured runs dropped lessons and truncated an observation.
    const losses = await page.$$eval('#loss-table tbody tr', (rows) =>
      rows.map((row) => row.textContent ?? ''),
    );
    expect(losses.some((row) => row.includes('lessons') && row.includes('structured'))).toBe(true);
    expect(losses.some((row) => row.includes('observation'))).toBe(true);
    // One number format: every number of 4+ digits in a table has its separators (run ids aside).
    const cells = await page.$$eval('td:not(.run-id)', (items) =>
      items.map((item) => item.textContent ?? ''),
    );
    const bare = cells.filter((text) => /(?<![\d.,])\d{4,}(?![\d,])/.test(text));
    expect(bare).toEqual([]);
    expect(cells.some((text) => /\d{1,3},\d{3},\d{3}/.test(text))).toBe(true);
    // The per-agent cost is the sum of its runs' and follows the chosen model.
    const money = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
    const naiveRuns = await Promise.all([2, 5, 8].map((index) => page.textContent(`#cost-plain-${index}`)));
    const naiveTotal = await page.textContent('#group-cost-plain-naive-heuristic');
    expect(money(naiveTotal)).toBeCloseTo(
      naiveRuns.reduce((sum, text) => sum + money(text), 0),
      1,
    );
    await page.selectOption('#cost-model', 'gpt-4o');
    expect(await page.textContent('#group-cost-plain-naive-heuristic')).not.toBe(naiveTotal);
    // Naive prompts run over 10x the others: log scale by default.
    expect(await page.isChecked('#log-scale')).toBe(true);
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
    await page.close();
  });

  it('shows the full prompt of a clicked call (--save-prompts), as text, and says when none was saved', async () => {
    const hostile = '</script><img src=x onerror="window.__pwned=true">';
    const file = join(directory, 'prompts.html');
    writeFileSync(file, buildReportHtml(sampleBenchRuns(hostile)));
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts-ready="true"]', { timeout: 20_000 });
    await page.uncheck('#log-scale');
    // Where call 100 of the first run (structured, seed 1) is drawn, in page pixels.
    const target = await page.evaluate(() => {
      const chart = (
        globalThis as unknown as {
          strataCharts: {
            tokens: {
              getDatasetMeta(index: number): { data: Array<{ x: number; y: number }> };
              canvas: { getBoundingClientRect(): { left: number; top: number } };
            };
          };
        }
      ).strataCharts.tokens;
      const point = chart.getDatasetMeta(0).data[99];
      const box = chart.canvas.getBoundingClientRect();
      return { x: box.left + (point?.x ?? 0), y: box.top + (point?.y ?? 0) };
    });
    await page.mouse.click(target.x, target.y);
    await page.waitForSelector('#prompt-view:not([hidden])');
    expect(await page.getAttribute('#prompt-view', 'data-run')).toBe('0');
    expect(await page.getAttribute('#prompt-view', 'data-call')).toBe('100');
    const text = await page.textContent('#prompt-view');
    expect(text).toContain('call 100 of structured seed 1');
    expect(text).toContain(hostile);
    expect(await page.$$eval('#prompt-view pre', (items) => items.map((item) => item.textContent))).toEqual([
      `You play structured. ${hostile}`,
      `call 100 of structured seed 1: ${hostile}`,
    ]);
    expect(await page.$('#prompt-view img')).toBeNull();
    // Seed 2 was played without --save-prompts: the viewer says so instead of showing nothing.
    await page.evaluate(() =>
      (globalThis as unknown as { strataShowPrompt(run: number, call: number): void }).strataShowPrompt(3, 5),
    );
    expect(await page.textContent('#prompt-view')).toContain('without --save-prompts');
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("prices calls a model answered from the provider's usage, as the CLI statistics do", async () => {
    const [run] = sampleBenchRuns();
    if (run === undefined) throw new Error('no fixture run');
    const withUsage = {
      ...run,
      model: 'gpt-4o',
      records: run.records.map((record, index) => ({
        ...record,
        policy: 'llm',
        usage: { input: record.promptTokens, cachedInput: index % 2 === 0 ? 1_024 : 0, output: 40 },
      })),
    };
    const file = join(directory, 'usage.html');
    writeFileSync(file, buildReportHtml([withUsage]));
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-charts-ready="true"]', { timeout: 20_000 });
    await page.selectOption('#cost-model', 'gpt-4o');
    const expected = costOfRecords(withUsage.records, DEFAULT_PRICING, 'gpt-4o');
    expect(expected.source).toBe('provider usage');
    expect(await page.textContent('#cost-plain-0')).toBe(formatMoney(expected.withoutCaching));
    expect(await page.textContent('#cost-cached-0')).toBe(formatMoney(expected.withCaching));
    expect(expected.withCaching).toBeLessThan(expected.withoutCaching);
    await page.close();
  });
});
