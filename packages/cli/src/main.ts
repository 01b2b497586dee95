#!/usr/bin/env node
// The `strata` command. `npm start` runs `strata play` with the defaults.
import { processIo } from '@strata-memory/cli-kit';
import { runCli } from './run-cli.js';

const exitCode = await runCli(process.argv.slice(2), processIo());
// A failure a command (or a library it calls) already set on the process is never turned into success.
process.exitCode = Math.max(exitCode, Number(process.exitCode ?? 0) || 0);
