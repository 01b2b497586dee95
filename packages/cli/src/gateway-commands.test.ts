import { captureIo } from '@strata-memory/cli-kit';
import { createGatewayCommands } from '@strata-memory/gateway';
import { describe, expect, it } from 'vitest';
import { GATEWAY_COMMAND_SUMMARIES, GATEWAY_PACKAGE } from './gateway-commands.js';
import { runCli } from './run-cli.js';

describe('strata: gateway commands load lazily', () => {
  it('the help summaries match the real gateway commands', () => {
    const real = createGatewayCommands(captureIo(process.cwd())).map((command) => ({
      name: command.name(),
      description: command.description(),
    }));
    expect(real).toEqual(GATEWAY_COMMAND_SUMMARIES);
  });

  it('--help lists serve and keys without loading the gateway; serve --help loads it', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      return { createGatewayCommands };
    };
    const help = captureIo(process.cwd());
    expect(await runCli(['--help'], help, { loadGatewayCommands: load })).toBe(0);
    expect(help.output()).toContain('serve  ');
    expect(help.output()).toContain('keys  ');
    expect(calls).toBe(0);
    const serve = captureIo(process.cwd());
    expect(await runCli(['serve', '--help'], serve, { loadGatewayCommands: load })).toBe(0);
    expect(calls).toBe(1);
    expect(serve.output()).toContain('--upstream <url>');
    expect(serve.output()).toContain('--no-auth');
  });

  it('without the gateway package, serve fails with MISSING_DEPENDENCY and the install command', async () => {
    const io = captureIo(process.cwd());
    const code = await runCli(['serve'], io, {
      loadGatewayCommands: async () => {
        throw Object.assign(
          new Error(`Cannot find package '${GATEWAY_PACKAGE}' imported from /x/cli/dist/gateway-commands.js`),
          {
            code: 'ERR_MODULE_NOT_FOUND',
          },
        );
      },
    });
    expect(code).toBe(1);
    expect(io.errors()).toContain('[MISSING_DEPENDENCY]');
    expect(io.errors()).toContain(`npm install ${GATEWAY_PACKAGE}`);
  });
});
