#!/usr/bin/env node
// The `strata` command. `npm start` runs `strata play` with the defaults.
import { processIo } from '@strata-memory/cli-kit';
import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
