/**
 * `npm run demo`: a synthetic 2,000-step agent loop (an on-call operations agent, seeded and
 * deterministic) that prints, every 100 steps, the prompt tokens an append-only log would send
 * next to what Strata's layered memory sends, both counted exactly with the o200k_base tokenizer
 * and OpenAI's chat framing.
 *
 * Usage: npm run demo [-- --json] [-- --steps N] [-- --seed N]
 */
import { pathToFileURL } from 'node:url';
import {
  countChatTokens,
  countMessageTokens,
  createLessonExtractor,
  createMemory,
  createTiktokenTokenizer,
  type KnowledgeEntry,
  type NotesLayer,
  type ObservationLayer,
  type StateLayer,
  TOKENS_FOR_REPLY,
  type WindowLayer,
} from '@strata-memory/strata';
import { createFakeChatModel, createSeededRandom } from '@strata-memory/strata/testing';
import { z } from 'zod';

const HELP = `npm run demo [-- options]

A synthetic on-call operations agent runs for 2,000 steps (deterministic, seeded). Every step it
sees an observation (metrics and log lines), acts, and asks for its next prompt. Every 100 steps the
demo prints the prompt tokens of an append-only log (every observation and action so far) next to
the prompt tokens of Strata's layered memory (runbooks, summary, lessons, notes, recent events,
service state, the current observation), both counted exactly (o200k_base, chat framing included).

Options:
  --json       print one JSON object at the end instead of the table
  --steps N    number of steps (default 2000)
  --seed N     seed of the synthetic world (default 7)
  --help       this text`;

/** Token budget of the layered memory's every request. */
export const DEMO_BUDGET = 1200;

interface Options {
  json: boolean;
  steps: number;
  seed: number;
}

function parseArguments(argv: readonly string[]): Options {
  const options: Options = { json: false, steps: 2000, seed: 7 };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--help' || argument === '-h') {
      console.log(HELP);
      process.exit(0);
    } else if (argument === '--json') options.json = true;
    else if (argument === '--steps' || argument === '--seed') {
      const value = Number(argv[index + 1]);
      if (!Number.isInteger(value) || value < (argument === '--steps' ? 1 : 0)) {
        console.error(
          `${argument} needs a whole number${argument === '--steps' ? ' >= 1' : ''}, got '${argv[index + 1] ?? ''}'.`,
        );
        process.exit(2);
      }
      if (argument === '--steps') options.steps = value;
      else options.seed = value;
      index += 1;
    } else {
      console.error(`Unknown option '${argument}'. Run with --help to see the options.`);
      process.exit(2);
    }
  }
  return options;
}

const SERVICES = [
  'checkout-api',
  'payments-worker',
  'search-indexer',
  'auth-gateway',
  'inventory-db',
  'email-sender',
] as const;

interface Cause {
  name: string;
  symptom: string;
  fix: string;
  lesson: string;
}

const CAUSES: readonly Cause[] = [
  {
    name: 'bad-deploy',
    symptom: 'error rate jumped right after a deploy',
    fix: 'rolled back the deployment to the previous revision',
    lesson: 'When errors start within minutes of a deploy, roll back first and investigate after.',
  },
  {
    name: 'pool-exhaustion',
    symptom: 'requests wait on database connections, pool at 100/100',
    fix: 'raised the pool limit and killed the long-running report query',
    lesson:
      'A full connection pool with normal CPU means a slow query holds connections: find and kill it before scaling.',
  },
  {
    name: 'noisy-neighbour',
    symptom: 'latency spikes only on pods scheduled on node ip-10-0-3-17',
    fix: 'cordoned the node and rescheduled the pods',
    lesson: 'Latency that follows one node, not one service, is a noisy neighbour: cordon the node.',
  },
  {
    name: 'expired-certificate',
    symptom: 'TLS handshake failures from every client since 00:00 UTC',
    fix: 'rotated the certificate and reloaded the ingress',
    lesson:
      'Handshake failures that start at midnight UTC point to an expired certificate: check expiry dates first.',
  },
  {
    name: 'runaway-cron',
    symptom: 'CPU at 98% every hour on the hour',
    fix: 'disabled the duplicated cron job and deduplicated its schedule',
    lesson:
      'Load spikes on a fixed schedule come from cron jobs: compare the spike times with the job schedules.',
  },
  {
    name: 'disk-pressure',
    symptom: 'pods evicted with DiskPressure, debug logging left on',
    fix: 'turned debug logging off and cleaned the log volume',
    lesson: 'DiskPressure evictions after a debugging session usually mean verbose logging was left on.',
  },
];

/** Runbooks and service docs: the knowledge layer (and, in the log baseline, nothing: the log has no retrieval). */
function runbooks(): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [];
  for (const service of SERVICES) {
    entries.push({
      key: `${service}-overview`,
      title: `${service} overview`,
      tags: [service],
      text: `${service} runs 8 replicas behind the internal load balancer; owners: team ${service.split('-')[0]}. Health endpoint /healthz, dashboards under ops/${service}. Scale with the HPA, never by hand for more than an hour.`,
    });
    for (const cause of CAUSES) {
      entries.push({
        key: `${service}-${cause.name}`,
        title: `Runbook: ${service} ${cause.name.replaceAll('-', ' ')}`,
        tags: [service, cause.name],
        text: `Symptom: ${cause.symptom}. Confirm with the ${service} dashboard and the last 30 minutes of logs. Mitigation: ${cause.fix}. Escalate to the owning team if the mitigation does not help within 15 minutes.`,
      });
    }
  }
  return entries;
}

interface Step {
  observation: string;
  action: string;
  service: string;
  causeName: string;
  /** Set on the last step of an incident. */
  resolved?: { incident: number; service: string; cause: Cause; steps: number };
  note?: string;
}

/** The synthetic world: incidents of 30-90 steps, each a service with one cause, seen through metrics and logs. */
function* world(random: () => number, steps: number): Generator<Step> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let incident = 0;
  let remaining = 0;
  let length = 0;
  let service: string = SERVICES[0];
  let cause: Cause = CAUSES[0] as Cause;
  let minute = 0;
  for (let step = 1; step <= steps; step += 1) {
    if (remaining === 0) {
      incident += 1;
      length = 30 + Math.floor(random() * 61);
      remaining = length;
      service = pick(SERVICES);
      cause = pick(CAUSES);
    }
    remaining -= 1;
    minute += 1 + Math.floor(random() * 3);
    const time = `2026-11-${String(1 + Math.floor(minute / 1440)).padStart(2, '0')}T${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}Z`;
    const p99 = 180 + Math.floor(random() * 900);
    const errors = (random() * 6).toFixed(1);
    const ready = 5 + Math.floor(random() * 4);
    const other = pick(SERVICES);
    const request = Math.floor(random() * 0xffffff).toString(16);
    const observation = [
      `${time} incident #${incident} on ${service}: ${cause.symptom}.`,
      `${service}: p99 ${p99} ms (baseline 210 ms), error rate ${errors}%, 5xx ${Math.floor(random() * 200)}/min, pods ${ready}/8 ready.`,
      `${other}: p99 ${150 + Math.floor(random() * 200)} ms, error rate ${(random() * 0.5).toFixed(2)}%.`,
      `log ${time} ${service} WARN request ${request} took ${p99 + Math.floor(random() * 400)} ms (upstream ${other}, attempt ${1 + Math.floor(random() * 3)}).`,
    ].join('\n');
    const done = remaining === 0;
    const action = done
      ? `Resolved incident #${incident}: ${cause.fix} on ${service}; error rate back under 0.5%.`
      : pick([
          `Checked the ${service} dashboard: ${cause.symptom}.`,
          `Tailed ${service} logs for request ${request}; the slow path goes through ${other}.`,
          `Compared with the last deploy of ${service}: revision r${100 + Math.floor(random() * 50)} went out ${Math.floor(random() * 90)} minutes ago.`,
          `Paged nobody yet; impact limited to ${Math.floor(random() * 12)}% of requests.`,
          `Opened the runbook for ${service} ${cause.name.replaceAll('-', ' ')}.`,
        ]);
    const result: Step = { observation, action, service, causeName: cause.name };
    if (done) result.resolved = { incident, service, cause, steps: length };
    if (remaining === length - 5)
      result.note = `Incident #${incident}: suspect ${cause.name.replaceAll('-', ' ')} on ${service}.`;
    yield result;
  }
}

const serviceStateSchema = z.object({
  incident: z.number().int().min(0),
  service: z.string().optional(),
  status: z.enum(['quiet', 'investigating', 'mitigating']),
  resolved: z.number().int().min(0),
});

/** One row of the demo's table. */
export interface DemoCheckpoint {
  step: number;
  appendOnlyTokens: number;
  layeredTokens: number;
  ratio: number;
  incidentsResolved: number;
}

/** Runs the synthetic loop; `onCheckpoint` is called every 100 steps and at the last one. */
export async function runDemo(
  options: { steps: number; seed: number },
  onCheckpoint?: (checkpoint: DemoCheckpoint) => void,
) {
  const started = performance.now();
  const random = createSeededRandom(options.seed);
  const tokenizer = createTiktokenTokenizer('o200k_base');
  const system =
    'You are the on-call operations agent. Read the observation, decide the next action, and write it as one short sentence. Use the runbooks; escalate when a mitigation fails.';
  const budget = DEMO_BUDGET;

  // Lessons come from a (fake) model asked after each incident; it answers from the incident's cause.
  const lessonModel = createFakeChatModel({
    respond: (request) => {
      const content = request.messages.map((message) => message.content).join('\n');
      const cause = CAUSES.find((candidate) => content.includes(`"cause":"${candidate.name}"`));
      return {
        object: {
          lessons: cause ? [{ text: cause.lesson, importance: 0.7, tags: ['ops', cause.name] }] : [],
        },
      };
    },
  });
  const memory = createMemory({
    budget,
    system,
    tokenizer,
    layers: [
      { kind: 'knowledge', name: 'runbooks', entries: runbooks(), budget: 1000, maxResults: 4 },
      { kind: 'summary', name: 'shift', budget: 300, overwriteOn: 'incident-resolved' },
      { kind: 'lessons', name: 'lessons', budget: 450, capacity: 40 },
      { kind: 'notes', name: 'notes', budget: 200, scopes: { incident: 'incident-resolved' } },
      { kind: 'window', name: 'recent', budget: 800, maxEvents: 40, resetOn: 'incident-resolved' },
      {
        kind: 'state',
        name: 'services',
        budget: 200,
        schema: serviceStateSchema,
        initial: { incident: 0, status: 'quiet', resolved: 0 },
      },
      { kind: 'observation', name: 'observation', budget: 450 },
    ],
    transitions: {
      'incident-resolved': [{ extract: createLessonExtractor({ model: lessonModel }), into: ['lessons'] }],
    },
  });
  const recent = memory.layer<WindowLayer>('recent');
  const notes = memory.layer<NotesLayer>('notes');
  const observation = memory.layer<ObservationLayer<string>>('observation');
  const services = memory.layer<StateLayer<typeof serviceStateSchema>>('services');

  // The baseline: one chat history that only grows. Its exact count is the sum of its messages'
  // counts (each with its framing) plus the reply priming, so it is kept incrementally.
  let logTokens = TOKENS_FOR_REPLY + countMessageTokens({ role: 'system', content: system }, tokenizer);
  const log: Array<{ role: string; content: string }> = [{ role: 'system', content: system }];
  let cumulativeLog = 0;
  let cumulativeLayered = 0;
  let maxLayered = 0;
  let callsShrunk = 0;
  let resolved = 0;
  let history: string[] = [];
  const checkpoints: DemoCheckpoint[] = [];
  let step = 0;
  for (const event of world(random, options.steps)) {
    step += 1;
    const userMessage = { role: 'user', content: event.observation };
    logTokens += countMessageTokens(userMessage, tokenizer);
    log.push(userMessage);

    observation.set(event.observation);
    if (event.note) notes.add({ text: event.note, scope: 'incident' });
    services.patch({
      incident: resolved + 1,
      service: event.service,
      status: step % 7 === 0 ? 'mitigating' : 'investigating',
    });
    // The query is the incident line (what the agent works on), not the whole metrics dump.
    const query = event.observation.slice(0, event.observation.indexOf('\n'));
    const context = await memory.assemble({ query, keys: [event.service] });
    if (context.layers.some((layer) => layer.allowance < layer.budget)) callsShrunk += 1;
    if (context.tokens > budget)
      throw new Error(`Step ${step}: ${context.tokens} tokens over the budget ${budget}.`);
    cumulativeLog += logTokens;
    cumulativeLayered += context.tokens;
    maxLayered = Math.max(maxLayered, context.tokens);

    // The agent acts; both memories record the action.
    const assistantMessage = { role: 'assistant', content: event.action };
    logTokens += countMessageTokens(assistantMessage, tokenizer);
    log.push(assistantMessage);
    recent.append(`${event.action}`);
    history.push(event.action);
    if (event.resolved) {
      resolved += 1;
      const { incident, service, cause, steps } = event.resolved;
      const summary = `Shift so far: ${resolved} incidents resolved. Last: #${incident} on ${service} (${cause.name.replaceAll('-', ' ')}), ${steps} steps, ${cause.fix}.`;
      await memory.transition('incident-resolved', {
        summary,
        incident,
        service,
        cause: cause.name,
        actions: history.slice(-10),
      });
      services.patch({ status: 'quiet', resolved });
      history = [];
    }
    if (step % 100 === 0 || step === options.steps) {
      const ratio = logTokens / context.tokens;
      const checkpoint = {
        step,
        appendOnlyTokens: logTokens,
        layeredTokens: context.tokens,
        ratio,
        incidentsResolved: resolved,
      };
      checkpoints.push(checkpoint);
      onCheckpoint?.(checkpoint);
    }
  }
  await memory.flush();
  const seconds = (performance.now() - started) / 1000;
  const last = checkpoints.at(-1) as (typeof checkpoints)[number];
  const lessons = memory.layer('lessons').snapshot() as { lessons?: unknown[] } | null;
  const result = {
    steps: options.steps,
    seed: options.seed,
    tokenizer: 'o200k_base',
    budget,
    appendOnlyTokens: last.appendOnlyTokens,
    appendOnlyMessages: log.length,
    layeredTokens: last.layeredTokens,
    ratio: Number(last.ratio.toFixed(2)),
    maxLayeredTokens: maxLayered,
    withinBudget: maxLayered <= budget,
    callsShrunk,
    cumulativeAppendOnlyTokens: cumulativeLog,
    cumulativeLayeredTokens: cumulativeLayered,
    cumulativeRatio: Number((cumulativeLog / cumulativeLayered).toFixed(2)),
    incidentsResolved: resolved,
    lessons: lessons?.lessons?.length ?? 0,
    extractionFailures: memory.extractionFailures.length,
    checkpoints,
    seconds: Number(seconds.toFixed(2)),
  };
  // The incremental baseline count must equal one full count of the whole history.
  const fullCount = countChatTokens(log, tokenizer);
  if (fullCount !== logTokens) throw new Error(`Append-only count drifted: ${logTokens} vs ${fullCount}.`);
  return result;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const budget = DEMO_BUDGET;
  if (!options.json) {
    console.log(
      `Synthetic on-call agent, ${options.steps} steps, seed ${options.seed}, layered budget ${budget} tokens (o200k_base, exact).\n`,
    );
    console.log(
      `${'step'.padStart(6)}  ${'append-only log'.padStart(16)}  ${'layered memory'.padStart(15)}  ${'ratio'.padStart(7)}  incidents resolved`,
    );
  }
  const result = await runDemo(options, (row) => {
    if (options.json) return;
    console.log(
      `${String(row.step).padStart(6)}  ${row.appendOnlyTokens.toLocaleString('en-US').padStart(16)}  ${row.layeredTokens.toLocaleString('en-US').padStart(15)}  ${`${row.ratio.toFixed(1)}x`.padStart(7)}  ${row.incidentsResolved}`,
    );
  });
  if (options.json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(
    `\nAfter ${result.steps} steps: append-only log ${result.appendOnlyTokens.toLocaleString('en-US')} prompt tokens vs layered memory ${result.layeredTokens.toLocaleString('en-US')} (${result.ratio}x smaller); ` +
      `layered never above ${result.maxLayeredTokens} of ${budget} (in ${result.callsShrunk} calls the total budget cut some layer's allowance); over the whole run ${result.cumulativeAppendOnlyTokens.toLocaleString('en-US')} vs ${result.cumulativeLayeredTokens.toLocaleString('en-US')} tokens sent (${result.cumulativeRatio}x); ` +
      `${result.incidentsResolved} incidents, ${result.lessons} lessons kept, ${result.seconds} s.`,
  );
}

// Run only when executed (`npm run demo`), not when a test imports runDemo.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
