import type { CliIo } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata/errors';
import type { Command } from 'commander';

/** The package that holds `strata serve` and `strata keys`; an optional peer of this CLI. */
export const GATEWAY_PACKAGE = '@strata-memory/gateway';

/** The gateway commands as `strata --help` lists them, without loading the gateway (a test keeps them equal). */
export const GATEWAY_COMMAND_SUMMARIES: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'serve',
    description:
      'Run the OpenAI-compatible memory gateway: point any OpenAI client at it; every prompt stays within the budget.',
  },
  { name: 'keys', description: "Create, list and revoke the gateway's API keys (stored as scrypt hashes)." },
];

/** What the gateway package provides to the CLI. */
export interface GatewayCommandsModule {
  /** `strata serve` and `strata keys`. */
  createGatewayCommands(io: CliIo): Command[];
}

/** Loads the gateway package; tests pass their own. */
export type GatewayCommandsLoader = () => Promise<GatewayCommandsModule>;

/** The default loader: a dynamic import of @strata-memory/gateway. */
export const importGatewayCommands: GatewayCommandsLoader = () => import('@strata-memory/gateway');

/** True for `serve` and `keys`. */
export function isGatewayCommand(name: string | undefined): boolean {
  return GATEWAY_COMMAND_SUMMARIES.some((command) => command.name === name);
}

/** The gateway commands, or MISSING_DEPENDENCY naming the install command when the package is absent. */
export async function loadGatewayCommands(
  load: GatewayCommandsLoader = importGatewayCommands,
): Promise<GatewayCommandsModule> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      typeof message === 'string' &&
      message.includes(GATEWAY_PACKAGE);
    if (!missing) throw error;
    throw new StrataError(
      'MISSING_DEPENDENCY',
      `The gateway commands (serve, keys) live in ${GATEWAY_PACKAGE}, which is not installed. Install it: npm install ${GATEWAY_PACKAGE}`,
      { cause: error, details: { package: GATEWAY_PACKAGE } },
    );
  }
}
