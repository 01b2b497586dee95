import cliProgress from 'cli-progress';
import type { CliIo } from './cli-io.js';

/** A progress bar on stderr (nothing when stderr is not a terminal). */
export interface ProgressDisplay {
  /** Sets the position and the values shown after the bar. */
  update(value: number, payload?: Record<string, string | number>): void;
  /** Removes the bar. */
  stop(): void;
}

/** Options of `createProgressDisplay`. */
export interface ProgressOptions {
  /** Expected total; grows when the work turns out longer (a run's length is not known in advance). */
  total: number;
  /** After the bar, e.g. '{value} decisions | floor {floor}'. */
  format: string;
  payload: Record<string, string | number>;
}

const silent: ProgressDisplay = { update() {}, stop() {} };

/** A progress bar on stderr, only for a terminal and never in --json mode (stdout stays clean either way). */
export function createProgressDisplay(
  io: CliIo,
  enabled: boolean,
  options: ProgressOptions,
): ProgressDisplay {
  if (!enabled || io.stderr.isTTY !== true) return silent;
  let total = Math.max(1, options.total);
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream,
      format: ` {bar} ${options.format}`,
      barsize: 30,
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, options.payload);
  return {
    update(value, payload) {
      if (value > total) {
        total = Math.ceil(value * 1.25);
        bar.setTotal(total);
      }
      bar.update(value, payload ?? {});
    },
    stop() {
      bar.stop();
    },
  };
}
