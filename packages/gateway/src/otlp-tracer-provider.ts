import type { TracerProvider } from '@opentelemetry/api';

/** A tracer provider that exports over OTLP/HTTP (JSON), and its shutdown (which flushes queued spans). */
export interface OtlpTracing {
  provider: TracerProvider;
  /** Sends the spans still queued, then stops the exporter. */
  shutdown(): Promise<void>;
}

/**
 * The OTLP endpoint `strata serve` exports traces to: `--otlp-endpoint`, else the standard
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (a full URL) or OTEL_EXPORTER_OTLP_ENDPOINT (a base, `/v1/traces`
 * appended). Undefined: tracing is off.
 */
export function otlpTracesEndpoint(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): string | undefined {
  if (flag) return flag;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Builds the SDK's tracer provider with a batching OTLP/HTTP exporter. The SDK is loaded only here,
 * so a gateway without tracing never loads it. Resource: service.name `strata-gateway`.
 */
export async function createOtlpTracing(url: string, serviceName = 'strata-gateway'): Promise<OtlpTracing> {
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  return { provider, shutdown: () => provider.shutdown() };
}
