import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TelemetrySink } from './telemetry-record.js';

/** Options of {@link createJsonlTelemetrySink}. */
export interface JsonlTelemetrySinkOptions {
  /**
   * Called with every error creating the folder or appending to the file (the records of that batch
   * are lost; later writes are tried again). Must not throw. Errors are also kept in `errors`.
   */
  onError?: (error: unknown) => void;
}

/** A sink appending one JSON line per record to a file; writes are batched off the hot path. */
export interface JsonlTelemetrySink extends TelemetrySink {
  readonly path: string;
  /**
   * Errors from creating the folder or writing (the last 100): a failing disk never breaks
   * `assemble`, never rejects `flush()` and never crashes the process.
   */
  readonly errors: readonly unknown[];
  flush(): Promise<void>;
}

const MAX_KEPT_ERRORS = 100;

/**
 * Creates a JSONL telemetry sink writing to `path`; its folder is created at the first write.
 * Failures are reported through `errors` and `onError`, never thrown or left unhandled.
 */
export function createJsonlTelemetrySink(
  path: string,
  options: JsonlTelemetrySinkOptions = {},
): JsonlTelemetrySink {
  let buffer: string[] = [];
  // Every promise in this chain has its rejection handled: nothing here can become unhandled.
  let writing: Promise<void> = Promise.resolve();
  let folderReady = false;
  let scheduled = false;
  const errors: unknown[] = [];
  const report = (error: unknown): void => {
    errors.push(error);
    if (errors.length > MAX_KEPT_ERRORS) errors.shift();
    try {
      options.onError?.(error);
    } catch {
      // A broken listener must not break telemetry either.
    }
  };
  const append = async (lines: string): Promise<void> => {
    if (!folderReady) {
      await mkdir(dirname(path), { recursive: true });
      folderReady = true;
    }
    await appendFile(path, lines, 'utf8');
  };
  const drain = (): Promise<void> => {
    scheduled = false;
    if (buffer.length === 0) return writing;
    const lines = buffer.join('');
    buffer = [];
    writing = writing.then(() => append(lines)).catch(report);
    return writing;
  };
  return {
    path,
    errors,
    write(record) {
      buffer.push(`${JSON.stringify(record)}\n`);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    },
    async flush() {
      await drain();
    },
  };
}
