import type { CliIo } from './cli-io.js';

export interface CapturedIo extends CliIo {
  /** Everything written to stdout so far. */
  output(): string;
  /** Everything written to stderr so far. */
  errors(): string;
}

/** A CliIo that records what the CLI writes (for tests). */
export function captureIo(
  cwd: string,
  env: Record<string, string | undefined> = {},
  tty = false,
): CapturedIo {
  let stdout = '';
  let stderr = '';
  return {
    cwd,
    env,
    stdout: {
      write(text: string) {
        stdout += text;
        return true;
      },
    },
    stderr: {
      isTTY: tty,
      write(text: string) {
        stderr += text;
        return true;
      },
    },
    output: () => stdout,
    errors: () => stderr,
  };
}
