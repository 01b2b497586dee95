import { z } from 'zod';
import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ChatModel } from '../model/chat-model.js';
import { outputSchemaFromStandard } from '../model/structured-output.js';
import type { NewLesson } from '../store/memory-store.js';
import type { ExtractorContext, ExtractorInput, LessonsOutput, TypedExtractor } from './extractor.js';
import { extractionKey, itemKey } from './idempotency-key.js';
import { DATA_RULE, renderTranscript } from './render-transcript.js';

/** Options of `createLessonExtractor`. */
export interface LessonExtractorOptions {
  model: ChatModel;
  /** What makes a good lesson in this domain; replaces the default guidance. */
  instructions?: string;
  /** At most this many lessons per extraction, 0..5 (default 2). */
  maxLessons?: number;
  /** Output cap for the model call (default 600). */
  maxTokens?: number;
  /** Usefulness a new lesson starts with, before use proves it (default 0.5: neutral). */
  initialUsefulness?: number;
  /** Tags added to every lesson (e.g. the character or the product). */
  tags?: string[];
  /** Clock for `createdAt` (tests). */
  now?: () => number;
  /** Name in provenance and keys (default 'lessons': source 'extractor:lessons'). */
  name?: string;
}

const MAX_TEXT = 400;
const MAX_TAGS = 6;

const DEFAULT_GUIDANCE =
  'Extract at most {max} lessons: durable, reusable insights that would help next time in a similar situation (what worked, what failed and why, a rule of thumb). Skip anything specific to this one instance, anything already obvious, and restatements of the events. Returning no lessons is a good answer when nothing new was learned. Each lesson: one or two plain sentences (under 400 characters), an importance from 0 (trivia) to 1 (decides outcomes), and 1-4 short lowercase tags.';

/** The zod schema of the model's answer (exported for reuse and tests). */
export function lessonAnswerSchema(maxLessons: number) {
  return z.object({
    lessons: z
      .array(
        z.object({
          text: z.string().trim().min(1).max(MAX_TEXT),
          importance: z.number().min(0).max(1),
          tags: z.array(z.string().trim().min(1).max(40)).max(MAX_TAGS),
        }),
      )
      .max(maxLessons),
  });
}

// Written by hand so it stays valid for OpenAI strict mode (all properties required, closed objects).
function lessonAnswerJsonSchema(maxLessons: number): { [key: string]: JsonValue } {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['lessons'],
    properties: {
      lessons: {
        type: 'array',
        maxItems: maxLessons,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'importance', 'tags'],
          properties: {
            text: { type: 'string', description: 'The lesson, one or two sentences.' },
            importance: { type: 'number', minimum: 0, maximum: 1 },
            tags: { type: 'array', maxItems: MAX_TAGS, items: { type: 'string' } },
          },
        },
      },
    },
  };
}

/**
 * An extractor that asks a model for 0..maxLessons lessons as validated JSON. Each lesson gets
 * provenance (source 'extractor:lessons', event, session, step) and an idempotency key from
 * (session, event, scope or step, index), so a retried extraction yields the same keys.
 * Invalid model output rejects with MODEL_OUTPUT_INVALID.
 */
export function createLessonExtractor(
  options: LessonExtractorOptions,
): TypedExtractor<ExtractorInput, LessonsOutput> {
  const maxLessons = options.maxLessons ?? 2;
  if (!Number.isInteger(maxLessons) || maxLessons < 0 || maxLessons > 5) {
    throw new StrataError(
      'CONFIG_INVALID',
      `maxLessons must be an integer from 0 to 5, got ${String(maxLessons)}.`,
    );
  }
  if (!options.model || typeof options.model.generate !== 'function') {
    throw new StrataError('CONFIG_INVALID', "createLessonExtractor needs a 'model' (a ChatModel).");
  }
  const name = options.name ?? 'lessons';
  const now = options.now ?? Date.now;
  const schema = outputSchemaFromStandard(
    'lessons',
    lessonAnswerSchema(maxLessons),
    lessonAnswerJsonSchema(maxLessons),
  );
  const guidance = (options.instructions ?? DEFAULT_GUIDANCE).replaceAll('{max}', String(maxLessons));

  return {
    name,
    async run(input: ExtractorInput, context: ExtractorContext = {}): Promise<LessonsOutput> {
      const key = extractionKey(name, input);
      if (maxLessons === 0) return { kind: 'lessons', idempotencyKey: key, lessons: [] };
      const result = await options.model.generate({
        messages: [
          {
            role: 'system',
            content: `You distil lessons from a finished episode (event '${input.event}') for an agent's long-term memory.\n${guidance}\n${DATA_RULE}\nAnswer with JSON only: {"lessons": [{"text", "importance", "tags"}]}.`,
          },
          { role: 'user', content: renderTranscript(input) },
        ],
        schema,
        maxOutputTokens: options.maxTokens ?? 600,
        temperature: 0,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      const answer = result.object;
      if (!answer) {
        throw new StrataError(
          'MODEL_OUTPUT_INVALID',
          `Model '${options.model.modelId}' answered the lesson extraction with tool calls instead of JSON.`,
          { details: { toolCalls: result.toolCalls.map((call) => call.function.name) } },
        );
      }
      const createdAt = now();
      const seen = new Set<string>();
      const lessons: NewLesson[] = [];
      answer.lessons.forEach((lesson, index) => {
        const normalised = lesson.text.toLowerCase().replace(/\s+/g, ' ');
        if (seen.has(normalised)) return;
        seen.add(normalised);
        const lessonKey = itemKey(key, index);
        lessons.push({
          id: lessonKey,
          text: lesson.text,
          importance: lesson.importance,
          usefulness: options.initialUsefulness ?? 0.5,
          uses: 0,
          tags: [...new Set([...(options.tags ?? []), ...lesson.tags.map((tag) => tag.toLowerCase())])],
          provenance: {
            source: `extractor:${name}`,
            event: input.event,
            ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
            step: input.step,
            ...(input.turnIds ? { turnIds: [...input.turnIds] } : {}),
            createdAt,
          },
          idempotencyKey: lessonKey,
          createdAt,
        });
      });
      return { kind: 'lessons', idempotencyKey: key, lessons };
    },
  };
}
