export { createLayer, isLayer, LAYER_KINDS, type LayerConfig } from './create-layer.js';
export { cosineSimilarity, type Embedder } from './embedder.js';
export {
  escapeUntrusted,
  renderListItem,
  SECTION_SEPARATOR,
  type SectionFrame,
  sectionFrame,
  TRUNCATION_MARKER,
} from './escape-untrusted.js';
export {
  type CandidateList,
  type FitCandidate,
  type FitItemsOptions,
  fitItems,
  truncateWithMarker,
} from './fit-items.js';
export type { KnowledgeSearchStats } from './knowledge-index.js';
export {
  createKnowledgeLayer,
  type KnowledgeEntry,
  type KnowledgeLayer,
  type KnowledgeLayerOptions,
} from './knowledge-layer.js';
export {
  type DroppedItem,
  type DropReason,
  EMPTY_FIT,
  type FitRequest,
  type Layer,
  type LayerAction,
  type LayerFit,
  type LayerOpenContext,
  type LayerOptions,
  type OmittedItems,
  type TruncatedItem,
} from './layer.js';
export {
  type AddLessonResult,
  createLessonsLayer,
  type LessonInput,
  type LessonsLayer,
  type LessonsLayerOptions,
  type LessonWeights,
} from './lessons-layer.js';
export {
  createMessagesLayer,
  type MessagesLayer,
  type MessagesLayerOptions,
  type Turn,
} from './messages-layer.js';
export { createNotesLayer, type Note, type NotesLayer, type NotesLayerOptions } from './notes-layer.js';
export {
  createObservationLayer,
  type ObservationLayer,
  type ObservationLayerOptions,
} from './observation-layer.js';
export { createStateLayer, renderState, type StateLayer, type StateLayerOptions } from './state-layer.js';
export { createSummaryLayer, type SummaryLayer, type SummaryLayerOptions } from './summary-layer.js';
export { jaccard, termSet } from './text-terms.js';
export {
  createWindowLayer,
  type WindowEvent,
  type WindowLayer,
  type WindowLayerOptions,
} from './window-layer.js';
