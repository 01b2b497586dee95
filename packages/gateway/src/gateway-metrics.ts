import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The gateway's Prometheus metrics, on a registry of its own (several gateways can share a process). */
export function createGatewayMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaultMetrics !== false)
    collectDefaultMetrics({ register: registry, prefix: 'strata_gateway_' });
  const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    requests: new Counter({
      name: 'strata_gateway_requests_total',
      help: 'HTTP requests answered, by route and status.',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'strata_gateway_request_duration_seconds',
      help: 'Time from request to the end of the response, by route.',
      labelNames: ['route'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'strata_gateway_upstream_duration_seconds',
      help: 'Time the upstream took per call, until its full answer.',
      labelNames: ['stream'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    layerTokens: new Counter({
      name: 'strata_gateway_layer_tokens_total',
      help: 'Tokens sent upstream, by layer (system, lessons, summary, state, window).',
      labelNames: ['layer'] as const,
      registers: [registry],
    }),
    budgetUse: new Histogram({
      name: 'strata_gateway_budget_use_ratio',
      help: 'Tokens of each upstream request divided by its budget (never above 1).',
      buckets: [0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1],
      registers: [registry],
    }),
    droppedTurns: new Counter({
      name: 'strata_gateway_dropped_turns_total',
      help: 'Turns left out of upstream requests to keep them within the budget.',
      registers: [registry],
    }),
    truncations: new Counter({
      name: 'strata_gateway_truncations_total',
      help: 'Requests where the state or the newest turn was cut to fit, by what.',
      labelNames: ['what'] as const,
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'strata_gateway_upstream_errors_total',
      help: 'Upstream calls that failed after retries, by error code and status.',
      labelNames: ['code', 'status'] as const,
      registers: [registry],
    }),
    conflicts: new Counter({
      name: 'strata_gateway_store_conflicts_total',
      help: 'Lost compare-and-swap commits on a session (retried from the fresh record).',
      registers: [registry],
    }),
    stateUpdates: new Counter({
      name: 'strata_gateway_state_updates_total',
      help: 'State updates by result: update_state calls applied or rejected, and patches applied by async extraction (extracted).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    droppedCallRecords: new Counter({
      name: 'strata_gateway_dropped_call_records_total',
      help: 'Inspector call records dropped because the store refused them for too long.',
      registers: [registry],
    }),
    extractionJobs: new Counter({
      name: 'strata_gateway_extraction_jobs_total',
      help: 'Async extraction jobs by kind (state, summary, lessons) and result (done, failed: output rejected or upstream error, refused: queue full or closed).',
      labelNames: ['kind', 'result'] as const,
      registers: [registry],
    }),
    extractionQueueDepth: new Gauge({
      name: 'strata_gateway_extraction_queue_depth',
      help: 'Async extraction jobs queued or running in this process.',
      registers: [registry],
    }),
    storedTurns: new Counter({
      name: 'strata_gateway_stored_turns_total',
      help: 'New client turns stored (turns already stored are not counted again).',
      registers: [registry],
    }),
  };
}

/** The metrics `createGatewayMetrics` returns. */
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
