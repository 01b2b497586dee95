import {
  createSts2Game,
  readSts2Snapshots,
  STS2_FIXTURE_FILE,
  startFakeSts2ModServer,
} from '@strata-memory/spire';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import { playRun } from './play-run.js';

describe('playRun on real Slay the Spire 2 states through the StS2 bridge (fake mod on 127.0.0.1)', async () => {
  const states = readSts2Snapshots(STS2_FIXTURE_FILE)
    .map((snapshot) => snapshot.raw_state)
    .slice(0, 3);
  const server = await startFakeSts2ModServer({ states });
  afterAll(() => server.close());
  const game = createSts2Game({ baseUrl: server.url, waitForActionsMs: 0, maxRetries: 0 });
  const records: DecisionRecord[] = [];
  const result = await playRun({
    agent: 'structured',
    game,
    maxSteps: 3,
    onDecision: (record) => records.push(record),
  });

  it('decides on each real state with actions read from the state, and the mod accepts them', () => {
    expect(result.steps).toBe(3);
    const posted = server.requests.filter(
      (request) => request.method === 'POST' && request.path === '/action',
    );
    expect(posted.map((request) => request.body)).toEqual(records.map((record) => record.action));
  });

  it('builds knowledge from the rules text the states carry, within the budget', () => {
    for (const record of records) {
      expect(record.promptTokens).toBeLessThanOrEqual(5000);
      expect(record.layers.knowledge).toBeGreaterThan(0);
      expect(record.layers.observation).toBeGreaterThan(0);
    }
  });
});
