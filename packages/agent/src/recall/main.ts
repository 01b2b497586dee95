// Standalone entry for `recall-eval` (the `strata` CLI registers the same command):
//   node --import tsx packages/agent/src/recall/main.ts recall-eval --data ../shared/data/recall/locomo-dev.jsonl
import { Command } from 'commander';
import { registerRecallEvalCommand } from './recall-command.js';

const program = new Command('strata-recall').description('Long-conversation recall evaluation');
registerRecallEvalCommand(program);
await program.parseAsync(process.argv);
