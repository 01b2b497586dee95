// Runs the coding-agent example: `node --import tsx examples/coding-agent/main.ts`.
import type { LessonsLayer } from '@strata-memory/strata';
import { formatCall } from '../shared/call-record.js';
import { runCodingAgentExample } from './coding-agent.js';

const run = await runCodingAgentExample({ onCall: (record) => console.log(formatCall(record)) });
const within = run.calls.every((call) => call.tokens <= call.budget);
console.log(`\n${run.calls.length} calls, all within budget: ${within ? 'yes' : 'NO'}`);
for (const [taskId, attempts] of Object.entries(run.extractionAttempts)) {
  console.log(`insight extraction for ${taskId}: ${attempts} model call(s)`);
}
console.log('\nSummary after each task (rewritten by the summarizer):');
for (const [taskId, summary] of Object.entries(run.summaries)) console.log(`- ${taskId}: ${summary}`);
console.log('\nDebugging insights kept:');
for (const lesson of run.memory.layer<LessonsLayer>('insights').lessons) console.log(`- ${lesson.text}`);
