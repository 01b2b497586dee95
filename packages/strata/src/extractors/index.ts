export type {
  ExtractorContext,
  ExtractorInput,
  ExtractorOutput,
  LessonsOutput,
  StatePatchOutput,
  SummaryOutput,
  TranscriptEntry,
  TypedExtractor,
} from './extractor.js';
export { extractionKey, itemKey } from './idempotency-key.js';
export {
  createLessonExtractor,
  type LessonExtractorOptions,
  lessonAnswerSchema,
} from './lesson-extractor.js';
export { DATA_CLOSE, DATA_OPEN, DATA_RULE, renderTranscript } from './render-transcript.js';
export { createStateExtractor, type StateExtractorOptions } from './state-extractor.js';
export { createSummarizer, type SummarizerOptions } from './summarizer.js';
