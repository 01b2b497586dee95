import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { chromium, type Locator, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

// Debian's chromium (apt-get install chromium); under CI=true this test must run.
const CHROMIUM = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI !== 'true') {
  console.warn(
    `inspect.test.ts did NOT run: no Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set STRATA_CHROMIUM.`,
  );
}

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Headless Chromium logged in to the inspector as `tenant`; `problems` collects console errors and warnings. */
async function openInspector(url: string, tenant: string, key: string) {
  const profile = mkdtempSync(join(tmpdir(), 'strata-inspect-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    httpCredentials: { username: tenant, password: key },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${url}/inspect`);
  return {
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A call's stacked bar as rendered: each segment's layer, tokens and width, and the bar's width. */
function segmentsOf(call: Locator) {
  return call.locator('.bar span').evaluateAll((nodes) =>
    nodes.map((node) => ({
      layer: node.getAttribute('data-layer'),
      tokens: Number(node.getAttribute('data-tokens')),
      width: (node as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect()
        .width,
      bar: (
        node.parentElement as unknown as { getBoundingClientRect(): { width: number } }
      ).getBoundingClientRect().width,
    })),
  );
}

/** A call's layer table as rendered: layer, tokens and the layer's own budget ('' for none), per row. */
function tableOf(call: Locator) {
  return call.locator('table.layers tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      layer: row.getAttribute('data-layer'),
      tokens: Number(row.querySelector('.layer-tokens')?.textContent),
      budget: row.querySelector('.layer-budget')?.textContent ?? '',
    })),
  );
}

// Skipped only when Debian's Chromium is missing outside CI (the warning above says so); under CI=true it
// always runs, and a missing browser fails the test instead.
describe.runIf(available || process.env.CI === 'true')('/inspect in headless Chromium', () => {
  it("shows a session's calls (layers against the budget, dropped turns, stable prefix, usage, messages); an injected <script> stays text", async () => {
    running = await startTestGateway(
      {
        handler: (_request, index) =>
          index === 2
            ? fakeReply.toolCalls([{ name: 'update_state', arguments: { mood: 'curious' } }])
            : fakeReply.text(`reply ${index} ${'with words '.repeat(15)}`, { usage: { cachedInput: 7 } }),
      },
      { auth: true, budget: 250 },
    );
    const { key } = await running.gateway.keys.create('acme');
    const other = await running.gateway.keys.create('globex');
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: key, maxRetries: 0 });
    const injected = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const turns = [
      `hello ${injected}`,
      ...Array.from({ length: 5 }, (_, index) => `turn ${index} ${'a long user message '.repeat(8)}`),
    ];
    for (const content of turns) {
      await client.chat.completions.create(
        {
          model: 'm',
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content },
          ],
        },
        { headers: { 'x-strata-session': 'inspected' } },
      );
    }
    await new OpenAI({ baseURL: running.baseURL, apiKey: other.key, maxRetries: 0 }).chat.completions.create(
      { model: 'm', messages: [{ role: 'user', content: 'globex private' }] },
      { headers: { 'x-strata-session': 'globex-only' } },
    );
    // Without a key the page is refused, with the Basic challenge a browser answers.
    const refused = await fetch(`${running.url}/inspect`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Basic');

    const inspector = await openInspector(running.url, 'acme', key);
    try {
      const { page, problems } = inspector;
      await page.locator('button[data-session="inspected"]').click();
      await page.locator('.session-title').waitFor();
      expect(await page.locator('.session-title').textContent()).toBe(
        `inspected: ${running.upstream.requests.length - 1} upstream calls`,
      );
      // Another tenant's session is not listed.
      expect(await page.locator('button[data-session="globex-only"]').count()).toBe(0);
      const calls = page.locator('section.call');
      expect(await calls.count()).toBe(running.upstream.requests.length - 1);
      // Layers as a stacked bar against the budget: the widths are the tokens over the budget.
      const segments = await segmentsOf(calls.last());
      expect(segments.map((segment) => segment.layer)).toEqual(['system', 'state', 'window']);
      for (const segment of segments)
        expect(segment.width).toBeCloseTo((segment.tokens / 250) * segment.bar, 0);
      const lastTokens = Number(await calls.last().locator('.tokens').textContent());
      // The table has the bar's segments and what the budget has left.
      expect(await tableOf(calls.last())).toEqual([
        ...segments.map((segment) => ({ layer: segment.layer, tokens: segment.tokens, budget: '' })),
        { layer: 'free', tokens: 250 - lastTokens, budget: '' },
      ]);
      expect(lastTokens).toBe(running.upstream.promptTokens.at(-2));
      expect(lastTokens).toBeLessThanOrEqual(250);
      expect(await calls.last().locator('.dropped').textContent()).toContain('oldest turns dropped');
      expect(Number(await calls.last().locator('.stable').textContent())).toBeGreaterThan(0);
      expect(await calls.last().locator('.usage').textContent()).toContain('cached 7');
      expect(await page.locator('.state-updates').first().textContent()).toContain('applied');
      // The full messages, and the injected markup as text.
      await calls.first().locator('summary').click();
      const firstMessages = await calls.first().locator('.message pre').allTextContents();
      expect(firstMessages).toContain(`hello ${injected}`);
      expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('main script, main img').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await inspector.close();
    }
  });

  it('shows the summary and lessons layers as segments of the bar and rows of the layer table, each within its budget; injected markup in a layer or a turn never runs', async () => {
    const BUDGET = 400;
    const injected = '<script>window.__pwned = 3</script><img src=x onerror="window.__pwned = 4">';
    running = await startTestGateway(
      {
        handler: (request) => {
          const body = request.body as {
            messages: Array<{ content: string | null }>;
            response_format?: { json_schema?: { name?: string } };
          };
          if (body.response_format?.json_schema?.name === 'lessons')
            return fakeReply.json({
              lessons: [{ text: `Ask for the parcel number first ${injected}`, importance: 0.8, tags: [] }],
            });
          if (body.messages[0]?.content?.includes('running summary'))
            return fakeReply.text(`Parcel 7 is late ${injected}`);
          return fakeReply.text(`Looking into it ${'with words '.repeat(10)}`);
        },
      },
      {
        auth: true,
        config: {
          tenants: {
            acme: {
              budget: BUDGET,
              summary: { budget: 100, every: 1000, on: ['checkpoint'] },
              lessons: { budget: 80, every: 1000, on: ['checkpoint'] },
            },
          },
        },
      },
    );
    const { key } = await running.gateway.keys.create('acme');
    const ask = (content: string, headers: Record<string, string> = {}) =>
      fetch(`${running?.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'x-strata-session': 'layered',
          ...headers,
        },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }),
      }).then((response) => expect(response.status).toBe(200));
    for (let turn = 0; turn < 4; turn += 1) await ask(`turn ${turn} ${'where is my parcel '.repeat(6)}`);
    await ask('turn 4 checkpoint', { 'x-strata-event': 'checkpoint' });
    await running.gateway.flushExtraction();
    for (let turn = 5; turn < 7; turn += 1) await ask(`turn ${turn} ${'where is my parcel '.repeat(6)}`);
    await ask(`turn 7 ${injected}`);
    const chatCounts = running.upstream.requests
      .map((request, index) => ({ request, tokens: running?.upstream.promptTokens[index] }))
      .filter((entry) => !(entry.request.body as { response_format?: unknown }).response_format)
      .filter((entry) => !JSON.stringify(entry.request.body).includes('running summary'))
      .map((entry) => entry.tokens);
    expect(chatCounts).toHaveLength(8);

    const inspector = await openInspector(running.url, 'acme', key);
    try {
      const { page, problems } = inspector;
      await page.locator('button[data-session="layered"]').click();
      await page.locator('.session-title').waitFor();
      const calls = page.locator('section.call');
      expect(await calls.count()).toBe(8);
      // Before the checkpoint both layers are empty: no segment, no row.
      expect((await segmentsOf(calls.first())).map((segment) => segment.layer)).toEqual([
        'system',
        'state',
        'window',
      ]);
      const last = calls.last();
      const segments = await segmentsOf(last);
      expect(segments.map((segment) => segment.layer)).toEqual([
        'system',
        'lessons',
        'summary',
        'state',
        'window',
      ]);
      for (const segment of segments) {
        expect(segment.tokens).toBeGreaterThan(0);
        expect(segment.width).toBeCloseTo((segment.tokens / BUDGET) * segment.bar, 0);
      }
      const tokens = Number(await last.locator('.tokens').textContent());
      expect(Number(await last.locator('.budget').textContent())).toBe(BUDGET);
      expect(tokens).toBe(segments.reduce((sum, segment) => sum + segment.tokens, 0));
      expect(tokens).toBe(chatCounts.at(-1));
      expect(tokens).toBeLessThanOrEqual(BUDGET);
      const table = await tableOf(last);
      const layerBudget = { lessons: '80', summary: '100' } as Record<string, string>;
      expect(table).toEqual([
        ...segments.map((segment) => ({
          layer: segment.layer,
          tokens: segment.tokens,
          budget: layerBudget[segment.layer ?? ''] ?? '',
        })),
        { layer: 'free', tokens: BUDGET - tokens, budget: '' },
      ]);
      for (const row of table.filter((entry) => entry.budget !== ''))
        expect(row.tokens).toBeLessThanOrEqual(Number(row.budget));
      // The layers' messages are shown as sent, their markup as text.
      await last.locator('summary').click();
      const sent = await last.locator('.message pre').allTextContents();
      // Exactly what the upstream got: the layers (whose own rendering neutralises '<'), then the turns,
      // the newest of which carries the markup as the client sent it.
      const lastBody = running.upstream.requests.at(-1)?.body as
        | { messages: Array<{ content: string | null }> }
        | undefined;
      const upstreamSent = lastBody?.messages.map((message) => message.content ?? '');
      expect(sent).toEqual(upstreamSent);
      expect(sent[1]).toMatch(/^<lessons>[\s\S]*Ask for the parcel number first ‹script>/);
      expect(sent[2]).toMatch(/^<summary>[\s\S]*Parcel 7 is late ‹script>/);
      expect(sent.at(-1)).toBe(`turn 7 ${injected}`);
      expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('main script, main img').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await inspector.close();
    }
  });
});
