import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import type { DecisionRecord } from './decision-record.js';

/** The trace of one run: `runs/<run-id>/trace.jsonl`, one DecisionRecord per line. */
export const TRACE_FILE_NAME = 'trace.jsonl';

/** The decision records of a trace file, and the lines that were not records. */
export interface TraceReadResult {
  records: DecisionRecord[];
  /** Lines that were not a DecisionRecord (a torn last line after a crash, hand edits), 1-based. */
  skippedLines: number[];
}

/**
 * Reads a trace. A torn or foreign line is skipped and reported, never fatal: a run killed mid-write
 * leaves at most one partial line, and everything before it is still good.
 */
export function readTrace(filePath: string): TraceReadResult {
  if (!existsSync(filePath)) {
    throw new StrataError(
      'INPUT_INVALID',
      `No trace at ${filePath}. Pass a run directory written by 'strata play' (it holds ${TRACE_FILE_NAME}).`,
      { details: { filePath } },
    );
  }
  const records: DecisionRecord[] = [];
  const skippedLines: number[] = [];
  const lines = readFileSync(filePath, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const record = parseDecisionRecord(line);
    if (record) records.push(record);
    else skippedLines.push(index + 1);
  });
  return { records, skippedLines };
}

function parseDecisionRecord(line: string): DecisionRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<DecisionRecord>;
  if (typeof candidate.step !== 'number' || typeof candidate.promptTokens !== 'number') return undefined;
  if (typeof candidate.action !== 'object' || candidate.action === null) return undefined;
  return value as DecisionRecord;
}

/** Appends decision records to a trace file. */
export interface TraceWriter {
  readonly filePath: string;
  /** Appends one record and flushes it to the file (a SIGKILL loses at most the line being written). */
  write(record: DecisionRecord): void;
  /** Records in the file, including those kept from before a resume. */
  readonly count: number;
  /**
   * Steps skipped between the kept trace and a resumed run's first record (a kill between the store's
   * commit and the trace write); empty when the trace is whole.
   */
  readonly missingSteps: number[];
  /** Closes the file. */
  close(): void;
}

/** Options of `createTraceWriter`. */
export interface TraceWriterOptions {
  /**
   * Keep the records already in the file (resuming a run). When a record arrives whose step is at or
   * before a kept one, the kept tail from that step on is dropped first, so a resumed run that replays
   * a few decisions never leaves duplicates.
   */
  resume?: boolean;
}

/** Opens `filePath` for appending decision records, one JSON line each. */
export function createTraceWriter(filePath: string, options: TraceWriterOptions = {}): TraceWriter {
  mkdirSync(dirname(filePath), { recursive: true });
  let kept: DecisionRecord[] = [];
  if (options.resume && existsSync(filePath)) {
    kept = readTrace(filePath).records;
    // Rewrite without a torn last line, so appends start on a clean line.
    rewrite(filePath, kept);
  } else {
    writeFileSync(filePath, '');
  }
  let descriptor: number | undefined = openSync(filePath, 'a');
  let count = kept.length;
  let lastStep = kept.length > 0 ? Math.max(...kept.map((record) => record.step)) : -Infinity;
  const missingSteps: number[] = [];

  return {
    filePath,
    get count() {
      return count;
    },
    missingSteps,
    write(record: DecisionRecord): void {
      if (descriptor === undefined) {
        throw new StrataError('INPUT_INVALID', `Trace writer for ${filePath} is closed; open a new one.`);
      }
      if (record.step <= lastStep) {
        // A resumed run replays from its last committed step: drop the overlapping tail.
        closeSync(descriptor);
        const remaining = readTrace(filePath).records.filter((existing) => existing.step < record.step);
        rewrite(filePath, remaining);
        count = remaining.length;
        descriptor = openSync(filePath, 'a');
      }
      if (Number.isFinite(lastStep)) {
        for (let step = lastStep + 1; step < record.step; step += 1) missingSteps.push(step);
      }
      writeSync(descriptor, `${JSON.stringify(record)}\n`);
      count += 1;
      lastStep = record.step;
    },
    close(): void {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}

function rewrite(filePath: string, records: DecisionRecord[]): void {
  const temporary = `${filePath}.tmp`;
  writeFileSync(temporary, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  renameSync(temporary, filePath);
}
