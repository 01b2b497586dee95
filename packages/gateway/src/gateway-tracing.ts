import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { StrataError } from '@strata-memory/strata/errors';

// OpenTelemetry GenAI semantic conventions (gen_ai.*): one CLIENT span per upstream call, named
// "chat <model>", under one SERVER span per gateway request. Attributes are chosen from a fixed list
// here, never copied from headers or bodies, so no key or prompt text can reach a span.

/** What the gateway knows of one upstream call before it is sent. */
export interface UpstreamCallAttributes {
  model: string;
  /** Origin of the upstream (`https://api.openai.com`): the span's server.address and server.port. */
  upstreamOrigin: URL;
  tenant: string;
  sessionKey: string | undefined;
  round: number;
  stream: boolean;
  budget: number;
  /** Tokens of the assembled request by the gateway's count. */
  tokens: number;
  turnsDropped: number;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  topP?: number | undefined;
}

/** What the upstream answered, for the call's span. */
export interface UpstreamCallResult {
  responseId?: string | undefined;
  responseModel?: string | undefined;
  finishReasons: string[];
  usage?: Record<string, unknown> | null | undefined;
  stateUpdates: number;
}

/** Spans of the gateway, or no-ops when no tracer provider is configured. */
export interface GatewayTracing {
  /** The SERVER span of one HTTP request; `end` records the status. */
  startRequest(method: string, route: string): { span: Span; context: Context };
  /** The CLIENT span of one upstream call, child of `parent`. */
  startUpstreamCall(parent: Context | undefined, call: UpstreamCallAttributes): Span;
  /** Sets the answer's attributes and ends the span. */
  endUpstreamCall(span: Span, result: UpstreamCallResult): void;
  /** Marks the span failed (error.type = the error's code) and ends it. */
  failSpan(span: Span, error: unknown): void;
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Builds the gateway's spans on `provider` (default: the global provider, a no-op unless registered). */
export function createGatewayTracing(provider?: TracerProvider): GatewayTracing {
  const tracer = (provider ?? trace.getTracerProvider()).getTracer('@strata-memory/gateway');
  return {
    startRequest(method, route) {
      const span = tracer.startSpan(`${method} ${route}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'http.route': route },
      });
      return { span, context: trace.setSpan(context.active(), span) };
    },

    startUpstreamCall(parent, call) {
      const attributes: Attributes = {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': call.model,
        'server.address': call.upstreamOrigin.hostname,
        'server.port': Number(
          call.upstreamOrigin.port || (call.upstreamOrigin.protocol === 'https:' ? 443 : 80),
        ),
        'strata.tenant': call.tenant,
        'strata.round': call.round,
        'strata.stream': call.stream,
        'strata.budget': call.budget,
        'strata.request.tokens': call.tokens,
        'strata.turns_dropped': call.turnsDropped,
      };
      if (call.sessionKey !== undefined) attributes['gen_ai.conversation.id'] = call.sessionKey;
      if (call.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = call.maxTokens;
      if (call.temperature !== undefined) attributes['gen_ai.request.temperature'] = call.temperature;
      if (call.topP !== undefined) attributes['gen_ai.request.top_p'] = call.topP;
      return tracer.startSpan(
        `chat ${call.model}`,
        { kind: SpanKind.CLIENT, attributes },
        parent ?? context.active(),
      );
    },

    endUpstreamCall(span, result) {
      if (result.responseId !== undefined) span.setAttribute('gen_ai.response.id', result.responseId);
      if (result.responseModel !== undefined)
        span.setAttribute('gen_ai.response.model', result.responseModel);
      span.setAttribute('gen_ai.response.finish_reasons', result.finishReasons);
      const usage = result.usage ?? {};
      const input = numberOf(usage.prompt_tokens);
      const output = numberOf(usage.completion_tokens);
      const cached = numberOf(
        (usage.prompt_tokens_details as Record<string, unknown> | undefined)?.cached_tokens,
      );
      if (input !== undefined) span.setAttribute('gen_ai.usage.input_tokens', input);
      if (output !== undefined) span.setAttribute('gen_ai.usage.output_tokens', output);
      if (cached !== undefined) span.setAttribute('gen_ai.usage.cache_read.input_tokens', cached);
      span.setAttribute('strata.state_updates', result.stateUpdates);
      span.end();
    },

    failSpan(span, error) {
      const code = StrataError.is(error) ? error.code : error instanceof Error ? error.name : 'unknown';
      span.setAttribute('error.type', code);
      // The message is the gateway's own (upstream keys are redacted from it); a span still gets only the code.
      span.setStatus({ code: SpanStatusCode.ERROR, message: code });
      span.end();
    },
  };
}
