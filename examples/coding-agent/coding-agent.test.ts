import type { LessonsLayer, NotesLayer } from '@strata-memory/strata';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS } from './api-docs.js';
import { type CodingAgentRun, EDITS_KEPT, runCodingAgentExample } from './coding-agent.js';
import { TASKS } from './tasks.js';

const layer = (call: CodingAgentRun['calls'][number], name: string) =>
  call.layers.find((entry) => entry.name === name);

describe('coding-agent example', () => {
  let run: CodingAgentRun;
  beforeAll(async () => {
    run = await runCodingAgentExample();
  });

  it('keeps every call within the budget, and the reported count matches a recount of the messages', () => {
    expect(run.calls).toHaveLength(TASKS.reduce((sum, task) => sum + task.steps.length + 1, 0));
    for (const call of run.calls) {
      expect(call.tokens).toBeLessThanOrEqual(call.budget);
      expect(call.recounted).toBe(call.tokens);
    }
    expect(run.calls.some((call) => (layer(call, 'api')?.dropped ?? 0) > 0)).toBe(true);
  });

  it('keeps only the last file edits of the current task in working memory', () => {
    for (const call of run.calls) {
      // The accounting lists kept items newest first.
      const kept = layer(call, 'edits')?.kept ?? [];
      expect([...kept].reverse()).toEqual(call.editsSoFar.slice(-EDITS_KEPT));
    }
    expect(run.calls.some((call) => call.editsSoFar.length > EDITS_KEPT)).toBe(true);
  });

  it('retrieves the API doc that matches the step first, among the libraries in play', () => {
    const steps = run.calls.filter((call) => call.phase === 'step');
    TASKS.flatMap((task) => task.steps).forEach((step, index) => {
      const kept = layer(steps[index] as CodingAgentRun['calls'][number], 'api')?.kept ?? [];
      expect(kept[0]).toBe(step.expectedDoc);
      for (const key of kept) {
        const tags = API_DOCS.find((doc) => doc.key === key)?.tags ?? [];
        expect(tags.some((tag) => step.keys.includes(tag))).toBe(true);
      }
    });
  });

  it('shows a triggered note only when its trigger is in play, and expires notes with their scope', () => {
    for (const call of run.calls) {
      const notes = layer(call, 'notes');
      if (call.phase === 'after-task') expect(notes?.items).toBe(0);
    }
    const mentions = run.calls.filter((call) => call.query.includes('migration'));
    const silent = run.calls.filter((call) => call.phase === 'step' && !call.query.includes('migration'));
    expect(mentions.length).toBeGreaterThan(0);
    // TASK-1 step 4 mentions the trigger: both task notes show; steps 2-3 hold the note back.
    expect(layer(mentions[0] as CodingAgentRun['calls'][number], 'notes')?.items).toBe(2);
    expect(silent.some((call) => (layer(call, 'notes')?.dropped ?? 0) > 0)).toBe(true);
    expect(run.memory.layer<NotesLayer>('notes').notes).toEqual([]);
  });

  it('rewrites the task summary with the summarizer when a task is done', () => {
    for (const task of TASKS) expect(run.summaries[task.id]).toBe(task.summaryAfter);
    const after = run.calls.filter((call) => call.phase === 'after-task');
    for (const call of after) expect(layer(call, 'task')?.items).toBe(1);
  });

  it('adds each debugging insight once even though one extraction was retried', async () => {
    for (const task of TASKS) expect(run.extractionAttempts[task.id]).toBe(task.garbageFirst ? 2 : 1);
    expect(run.events).toContain('extraction-retried');
    const insights = run.memory.layer<LessonsLayer>('insights');
    const expected = TASKS.flatMap((task) => task.lessons.map((lesson) => lesson.text));
    expect(insights.lessons.map((lesson) => lesson.text).sort()).toEqual([...expected].sort());
    const before = insights.lessons.length;
    for (const extraction of run.extractions) {
      await insights.applyExtraction?.(extraction.output, {
        extractor: 'lessons',
        event: 'bug-fixed',
        step: extraction.input.step,
        sessionId: undefined,
        provenance: { source: 'extractor:lessons', createdAt: 0 },
      });
    }
    expect(insights.lessons.length).toBe(before);
  });
});
