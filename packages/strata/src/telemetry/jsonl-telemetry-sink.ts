import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TelemetrySink } from './telemetry-record.js';

/** A sink appending one JSON line per record to a file; writes are batched off the hot path. */
export interface JsonlTelemetrySink extends TelemetrySink {
  readonly path: string;
  /** Errors from writing (a failing disk never breaks `assemble`). */
  readonly errors: readonly unknown[];
  flush(): Promise<void>;
}

/** Creates a JSONL telemetry sink writing to `path` (its folder is created). */
export function createJsonlTelemetrySink(path: string): JsonlTelemetrySink {
  let buffer: string[] = [];
  let writing: Promise<void> = mkdir(dirname(path), { recursive: true }).then(() => undefined);
  let scheduled = false;
  const errors: unknown[] = [];
  const drain = (): Promise<void> => {
    scheduled = false;
    if (buffer.length === 0) return writing;
    const lines = buffer.join('');
    buffer = [];
    writing = writing
      .then(() => appendFile(path, lines, 'utf8'))
      .catch((error: unknown) => {
        errors.push(error);
      });
    return writing;
  };
  return {
    path,
    errors,
    write(record) {
      buffer.push(`${JSON.stringify(record)}\n`);
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
    async flush() {
      await drain();
    },
  };
}
