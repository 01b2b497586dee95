export { createInMemoryTelemetrySink, type InMemoryTelemetrySink } from './in-memory-telemetry-sink.js';
export {
  createJsonlTelemetrySink,
  type JsonlTelemetrySink,
  type JsonlTelemetrySinkOptions,
} from './jsonl-telemetry-sink.js';
export type {
  AssembleTelemetryRecord,
  MemoryEventRecord,
  TelemetryRecord,
  TelemetrySink,
} from './telemetry-record.js';
