import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One recorded line of an StS2 snapshot file: `{state_type, timestamp, raw_state}`. */
export interface Sts2Snapshot {
  state_type: string;
  timestamp: number;
  raw_state: unknown;
  /** `file:line`, for error messages. */
  source: string;
}

/** Reads a JSONL file of recorded StS2 states (the AgenticSTS-Data format). */
export function readSts2Snapshots(file: string): Sts2Snapshot[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const snapshots: Sts2Snapshot[] = [];
  lines.forEach((line, lineIndex) => {
    if (line.trim() === '') return;
    const record = JSON.parse(line) as Omit<Sts2Snapshot, 'source'>;
    snapshots.push({ ...record, source: `${file}:${lineIndex + 1}` });
  });
  return snapshots;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The four snapshots kept in the project (CC BY 4.0, see fixtures/LICENSE-CC-BY-4.0.txt). */
export const STS2_FIXTURE_FILE = join(here, 'fixtures', 'snapshots.jsonl');

/** Repository root: the nearest ancestor holding `packages/spire`. */
function repositoryRoot(): string {
  let directory = here;
  while (!existsSync(join(directory, 'packages', 'spire')) && dirname(directory) !== directory) {
    directory = dirname(directory);
  }
  return directory;
}

/** `../shared/data/sts2` relative to the repository root, or null when that folder is absent (a user's clone). */
export function sharedSts2Directory(): string | null {
  const directory = resolve(repositoryRoot(), '..', 'shared', 'data', 'sts2');
  return existsSync(directory) ? directory : null;
}

/** The snapshot files of the shared data set (`snapshots-*.jsonl`), or [] when absent. */
export function sharedSts2SnapshotFiles(): string[] {
  const directory = sharedSts2Directory();
  if (directory === null) return [];
  return ['snapshots-a.jsonl', 'snapshots-b.jsonl']
    .map((name) => join(directory, name))
    .filter((file) => existsSync(file));
}
