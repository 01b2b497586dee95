// Runs the support-agent example: `node --import tsx examples/support-agent/main.ts`.
import type { LessonsLayer } from '@strata-memory/strata';
import { formatCall } from '../shared/call-record.js';
import { runSupportAgentExample } from './support-agent.js';

const run = await runSupportAgentExample({ onCall: (record) => console.log(formatCall(record)) });
const within = run.calls.every((call) => call.tokens <= call.budget);
console.log(`\n${run.calls.length} calls, all within budget: ${within ? 'yes' : 'NO'}`);
for (const [ticketId, attempts] of Object.entries(run.extractionAttempts)) {
  console.log(`lesson extraction for ${ticketId}: ${attempts} model call(s)`);
}
if (run.rejectedPatch) {
  console.log(
    `rejected state patch {status: 'solved'}: ${run.rejectedPatch.code}, status kept '${run.rejectedPatch.statusAfter}'`,
  );
}
console.log('\nLessons kept (resolution patterns):');
for (const lesson of run.memory.layer<LessonsLayer>('lessons').lessons) {
  console.log(`- ${lesson.text}  [from ${lesson.provenance.source}, ${lesson.provenance.event}]`);
}
