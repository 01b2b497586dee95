export {
  createExtractionQueue,
  type EnqueueOptions,
  type ExtractionFailure,
  type ExtractionQueue,
  type ExtractionQueueEvent,
  type ExtractionQueueOptions,
  type ExtractionQueueStats,
} from './extraction-queue.js';
export type {
  ExtractedLesson,
  ExtractionInput,
  ExtractionMeta,
  ExtractionResult,
  Extractor,
} from './extractor.js';
export type { TransitionBinding, TransitionMap } from './transition-binding.js';
