import { CommanderError } from 'commander';
import { StrataError } from 'strata';
import type { CliIo } from './cli-io.js';
import { CommandInterrupted } from './command-interrupted.js';
import { type CliDependencies, createProgram } from './create-program.js';

/** Values that must never reach the terminal: API keys and database URLs (they may hold a password). */
function secretsOf(argv: readonly string[], env: CliIo['env']): string[] {
  const secrets = [env.OPENAI_API_KEY, env.ANTHROPIC_API_KEY, env.STRATA_DATABASE_URL];
  argv.forEach((argument, index) => {
    if (argument === '--database-url') secrets.push(argv[index + 1]);
    if (argument.startsWith('--database-url=')) secrets.push(argument.slice('--database-url='.length));
  });
  const values: string[] = [];
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    values.push(secret);
    // A URL's password alone, too (drivers may print host and user with it).
    try {
      const password = decodeURIComponent(new URL(secret).password);
      if (password.length >= 4) values.push(password);
    } catch {}
  }
  return values;
}

export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join('[redacted]');
  return result;
}

/** Runs the CLI on `argv` (without node and the script) and returns the exit code; never calls process.exit. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  dependencies: CliDependencies = {},
): Promise<number> {
  const secrets = secretsOf(argv, io.env);
  let exitCode = 0;
  const program = createProgram(io, {
    ...dependencies,
    setExitCode: (code) => {
      exitCode = Math.max(exitCode, code);
    },
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end here too; commander already printed them (and the usage error).
      if (error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof CommandInterrupted) {
      io.stderr.write(`${redact(error.message, secrets)}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    const code = StrataError.is(error) ? ` [${error.code}]` : '';
    io.stderr.write(`error${code}: ${redact(message, secrets)}\n`);
    if (io.env.STRATA_DEBUG && error instanceof Error && error.stack) {
      io.stderr.write(`${redact(error.stack, secrets)}\n`);
    }
    return 1;
  }
}
