import type { TelemetryRecord, TelemetrySink } from './telemetry-record.js';

/** A sink that keeps records in an array (bounded: the oldest are dropped beyond `maxRecords`). */
export interface InMemoryTelemetrySink extends TelemetrySink {
  readonly records: readonly TelemetryRecord[];
  /** Removes every record kept. */
  clear(): void;
}

/** Creates an in-memory telemetry sink (default: the last 100,000 records). */
export function createInMemoryTelemetrySink(options: { maxRecords?: number } = {}): InMemoryTelemetrySink {
  const maxRecords = options.maxRecords ?? 100_000;
  let records: TelemetryRecord[] = [];
  return {
    get records() {
      return records;
    },
    write(record) {
      records.push(record);
      if (records.length > maxRecords * 2) records = records.slice(records.length - maxRecords);
    },
    clear() {
      records = [];
    },
    async flush() {},
  };
}
