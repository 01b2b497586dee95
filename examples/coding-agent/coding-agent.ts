import {
  createInMemoryTelemetrySink,
  createLessonExtractor,
  createMemory,
  createSummarizer,
  type Extractor,
  type ExtractorInput,
  type LessonsOutput,
  type Memory,
  type NotesLayer,
  type ObservationLayer,
  type WindowLayer,
} from '@strata-memory/strata';
import { createFakeChatModel } from '@strata-memory/strata/testing';
import { type CallRecord, recordCall } from '../shared/call-record.js';
import { API_DOCS } from './api-docs.js';
import { type CodingStep, type CodingTask, TASKS } from './tasks.js';

const SYSTEM =
  'You are a coding agent working in a TypeScript service. Propose the next small edit, then run the tests. Use the API docs; do not guess signatures.';

export const CODING_BUDGET = 360;
/** The working memory keeps the last few file edits. */
export const EDITS_KEPT = 3;

export interface CodingCall extends CallRecord {
  taskId: string;
  phase: 'step' | 'after-task';
  /** The step's expected first doc ('' after a task). */
  expectedDoc: string;
  /** Ids of every edit made so far in this task, oldest first. */
  editsSoFar: string[];
  /** Whether the step's query mentions each note trigger (for the test). */
  query: string;
}

export interface CodingAgentRun {
  calls: CodingCall[];
  /** Successful lesson extractions, each once (a retried one after its successful attempt). */
  extractions: Array<{ taskId: string; input: ExtractorInput; output: LessonsOutput }>;
  /** Lesson-extraction model calls per task (2 when the first answer was garbage and was retried). */
  extractionAttempts: Record<string, number>;
  /** The summary text after each task, as the summarizer rewrote it. */
  summaries: Record<string, string>;
  events: string[];
  memory: Memory;
}

/**
 * A coding agent on Strata with a fake model: knowledge = API docs, summary = task and progress
 * (rewritten by a summarizer when a task is done), window = the last file edits, lessons =
 * debugging insights extracted on `bug-fixed`, notes scoped to a task or a debugging attempt,
 * observation = the latest test output.
 */
export async function runCodingAgentExample(
  options: { tasks?: readonly CodingTask[]; onCall?: (record: CallRecord) => void } = {},
): Promise<CodingAgentRun> {
  const tasks = options.tasks ?? TASKS;
  const findTask = (request: { messages: Array<{ content: string }> }): CodingTask | undefined => {
    const content = request.messages.map((message) => message.content).join('\n');
    const taskId = /"taskId":"(TASK-\d+)"/.exec(content)?.[1];
    return tasks.find((task) => task.id === taskId);
  };

  const extractionAttempts: Record<string, number> = {};
  const lessonModel = createFakeChatModel({
    respond: (request) => {
      const task = findTask(request);
      if (!task) return { object: { lessons: [] } };
      extractionAttempts[task.id] = (extractionAttempts[task.id] ?? 0) + 1;
      if (task.garbageFirst && extractionAttempts[task.id] === 1) return '```json\n{"lessons": [{"text": }';
      return { object: { lessons: task.lessons } };
    },
  });
  const summaryModel = createFakeChatModel({ respond: (request) => findTask(request)?.summaryAfter ?? '' });

  const lessonExtractor = createLessonExtractor({
    model: lessonModel,
    tags: ['coding'],
    instructions:
      'Extract at most {max} debugging insights: a symptom and its cause or fix, stated so it helps on another codebase.',
  });
  const extractions: CodingAgentRun['extractions'] = [];
  const recordingExtractor: Extractor = {
    name: lessonExtractor.name,
    async run(input) {
      const output = await lessonExtractor.run(input);
      const taskId = (input.payload as { taskId?: string } | undefined)?.taskId ?? '';
      extractions.push({ taskId, input, output });
      return output;
    },
  };
  const summarizer = createSummarizer({
    model: summaryModel,
    maxTokens: 100,
    instructions: 'Keep the task, what is done, what is left, and the files involved.',
  });

  const telemetry = createInMemoryTelemetrySink();
  const memory = createMemory({
    budget: CODING_BUDGET,
    system: SYSTEM,
    telemetry,
    layers: [
      {
        kind: 'knowledge',
        name: 'api',
        entries: API_DOCS,
        budget: 220,
        maxResults: 2,
        instructions: 'API docs for the code in play, best match first:',
      },
      {
        kind: 'summary',
        name: 'task',
        budget: 100,
        overwriteOn: 'task-started',
        instructions: 'Task and progress:',
      },
      {
        kind: 'lessons',
        name: 'insights',
        budget: 110,
        instructions: 'Debugging insights from earlier work:',
      },
      {
        kind: 'notes',
        name: 'notes',
        budget: 70,
        // A task note lives until the task is done; an attempt note until the bug is fixed.
        scopes: { task: 'task-done', attempt: 'bug-fixed' },
        instructions: 'Your notes:',
      },
      {
        kind: 'window',
        name: 'edits',
        budget: 110,
        maxEvents: EDITS_KEPT,
        resetOn: 'task-done',
        instructions: 'Last file edits, oldest first:',
      },
      { kind: 'observation', name: 'output', budget: 70, instructions: 'Latest test output:' },
    ],
    transitions: {
      'bug-fixed': [{ extract: recordingExtractor, into: ['insights'] }],
      'task-done': [{ extract: summarizer, into: ['task'] }],
    },
    extraction: { baseDelayMs: 5, random: () => 0.5 },
  });

  const edits = memory.layer<WindowLayer>('edits');
  const notes = memory.layer<NotesLayer>('notes');
  const output = memory.layer<ObservationLayer<string>>('output');
  const calls: CodingCall[] = [];
  const summaries: Record<string, string> = {};

  const call = async (
    task: CodingTask,
    label: string,
    step: CodingStep | undefined,
    editsSoFar: string[],
  ) => {
    const context = await memory.assemble({ query: step?.query ?? 'next task', keys: step?.keys ?? [] });
    const record = recordCall(label, context, memory.tokenizer);
    calls.push({
      ...record,
      taskId: task.id,
      phase: step ? 'step' : 'after-task',
      expectedDoc: step?.expectedDoc ?? '',
      editsSoFar: [...editsSoFar],
      query: step?.query ?? '',
    });
    options.onCall?.(record);
  };

  for (const task of tasks) {
    await memory.transition('task-started', {
      summary: `Task ${task.id}: ${task.title}. Progress: just started.`,
    });
    const editIds: string[] = [];
    for (const [index, step] of task.steps.entries()) {
      if (step.edit) {
        const id = `${task.id}/edit-${index + 1}`;
        edits.append({ id, text: `${step.edit.file}: ${step.edit.change}` });
        editIds.push(id);
      }
      output.set(step.output);
      if (step.note) {
        notes.add({
          text: step.note.text,
          scope: step.note.scope,
          ...(step.note.triggers ? { triggers: step.note.triggers } : {}),
        });
      }
      await call(task, `${task.id} step ${index + 1}`, step, editIds);
      if (step.event) await memory.transition(step.event, { taskId: task.id });
    }
    await memory.transition('task-done', { taskId: task.id, title: task.title });
    // Let the background summarizer and lesson extraction land before the next call.
    await memory.flush();
    summaries[task.id] = (memory.layer('task').snapshot() as { text: string }).text;
    await call(task, `${task.id} done`, undefined, []);
  }

  const events = telemetry.records.flatMap((record) => (record.type === 'event' ? [record.name] : []));
  return { calls, extractions, extractionAttempts, summaries, events, memory };
}
