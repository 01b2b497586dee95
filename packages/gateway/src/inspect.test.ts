import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { chromium } from 'playwright-core';
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

    const profile = mkdtempSync(join(tmpdir(), 'strata-inspect-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      httpCredentials: { username: 'acme', password: key },
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
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${running.url}/inspect`);
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
      const segments = await calls
        .last()
        .locator('.bar span')
        .evaluateAll((nodes) =>
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
      expect(segments.map((segment) => segment.layer)).toEqual(['system', 'state', 'window']);
      for (const segment of segments)
        expect(segment.width).toBeCloseTo((segment.tokens / 250) * segment.bar, 0);
      const lastTokens = Number(await calls.last().locator('.tokens').textContent());
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
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
