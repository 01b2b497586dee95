/** Where the CLI writes and what it reads from its environment; tests pass their own. */
export interface CliIo {
  /** Where results go. */
  stdout: {
    /** Writes text as it is. */
    write(text: string): unknown;
  };
  /** Where progress, warnings and errors go. */
  stderr: {
    /** Writes text as it is. */
    write(text: string): unknown;
    isTTY?: boolean;
    columns?: number;
  };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The real process's streams, environment and working directory. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Colour only for a terminal, and never when NO_COLOR is set to anything non-empty (no-color.org). */
export function colorEnabled(io: CliIo, stream: { isTTY?: boolean } = io.stderr): boolean {
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

/** Terminal colours and weights (plain text when colour is off). */
export interface TerminalStyle {
  /** Bold text. */
  bold(text: string): string;
  /** Dim text. */
  dim(text: string): string;
  /** Green text. */
  green(text: string): string;
  /** Red text. */
  red(text: string): string;
  /** Yellow text. */
  yellow(text: string): string;
  /** Cyan text. */
  cyan(text: string): string;
}

/** ANSI styles when `enabled`, else functions that return the text unchanged. */
export function createTerminalStyle(enabled: boolean): TerminalStyle {
  const wrap =
    (open: number, close: number) =>
    (text: string): string =>
      enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}
