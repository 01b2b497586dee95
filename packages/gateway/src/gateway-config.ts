import { readFileSync } from 'node:fs';
import { StrataError } from '@strata-memory/strata/errors';
import { z } from 'zod';

const modelName = z.string().min(1).max(200);
const instructions = z.string().max(4000);

/** A session's running summary, rewritten off the request path by a model call. */
const summaryConfigSchema = z
  .object({
    /** Tokens reserved for the summary in every upstream request (its message framing included). */
    budget: z.number().int().positive().default(300),
    /** Rewrite after this many new turns since the last rewrite. */
    every: z.number().int().positive().default(10),
    /** 'turns-dropped': only once the window has started dropping turns (default); 'always': from the start. */
    when: z.enum(['turns-dropped', 'always']).default('turns-dropped'),
    /** Transitions (the client's `x-strata-event` header) that rewrite the summary at once, whatever `every` says. */
    on: z.array(z.string().min(1).max(100)).max(50).default([]),
    /** Model of the rewrite call (default: the model of the request that triggered it). */
    model: modelName.optional(),
    instructions: instructions.optional(),
  })
  .strict();

/** Lessons shared by a tenant's sessions: ranked, capped (lowest evicted), extracted every N turns. */
const lessonsConfigSchema = z
  .object({
    /** Tokens reserved for the lessons in every upstream request (its message framing included). */
    budget: z.number().int().positive().default(400),
    /** Most lessons the tenant keeps; a new one evicts the lowest ranked. */
    capacity: z.number().int().positive().max(10_000).default(100),
    /** Extract after this many new turns of a session. */
    every: z.number().int().positive().default(20),
    /** Transitions (`x-strata-event`) after which lessons are extracted at once. */
    on: z.array(z.string().min(1).max(100)).max(50).default([]),
    /** At most this many lessons per extraction (0-5). */
    maxPerExtraction: z.number().int().min(0).max(5).default(2),
    model: modelName.optional(),
    instructions: instructions.optional(),
  })
  .strict();

/** Asynchronous state extraction: after a reply, a model call proposes a merge patch of the state. */
const extractionConfigSchema = z
  .object({
    /** Extract after this many new turns since the last extraction (1 = after every reply). */
    every: z.number().int().positive().default(4),
    /** Most recent turns the extraction sees (besides the current state). */
    turns: z.number().int().positive().max(200).default(8),
    model: modelName.optional(),
    instructions: instructions.optional(),
    /** Output cap of the extraction call. */
    maxTokens: z.number().int().positive().max(8000).default(400),
  })
  .strict();

const tenantConfigSchema = z
  .object({
    budget: z.number().int().positive().optional(),
    maxTurns: z.number().int().min(0).optional(),
    system: z.string().optional(),
    /** Name of the environment variable holding this tenant's upstream key (the key itself never goes in a file). */
    upstreamApiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .optional(),
    rateLimitPerMinute: z.number().int().positive().optional(),
    summary: summaryConfigSchema.optional(),
    lessons: lessonsConfigSchema.optional(),
    /** State extraction off the request path (`update_state` stays on either way). */
    extraction: extractionConfigSchema.optional(),
  })
  .strict();

export const gatewayConfigSchema = z
  .object({
    tenants: z.record(z.string(), tenantConfigSchema).default({}),
  })
  .strict();

/** Per-tenant settings from `--config <file>` (JSON), defaults filled in. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
/** Per-tenant settings as written (layer defaults may be left out). */
export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>;
/** One tenant's settings in the config file. */
export type TenantConfig = z.infer<typeof tenantConfigSchema>;
/** A tenant's summary layer settings (defaults filled in). */
export type SummaryConfig = z.infer<typeof summaryConfigSchema>;
/** A tenant's lessons layer settings (defaults filled in). */
export type LessonsConfig = z.infer<typeof lessonsConfigSchema>;
/** A tenant's state extraction settings (defaults filled in). */
export type ExtractionConfig = z.infer<typeof extractionConfigSchema>;

/**
 * Tokens a tenant's summary and lessons take out of its budget: reserved in every request, so the
 * system prompt, state and window fit in the rest and the whole stays within the budget.
 */
export function reservedLayerTokens(tenant: Pick<TenantConfig, 'summary' | 'lessons'>): number {
  return (tenant.summary?.budget ?? 0) + (tenant.lessons?.budget ?? 0);
}

/**
 * Checks what a schema cannot: the layers' reserve leaves at least half of every tenant's budget
 * to the system prompt, state and window. Problems are returned as `path: message` lines.
 */
export function layerBudgetProblems(config: GatewayConfig, defaultBudget: number): string[] {
  const problems: string[] = [];
  for (const [name, tenant] of Object.entries(config.tenants)) {
    const reserved = reservedLayerTokens(tenant);
    const budget = tenant.budget ?? defaultBudget;
    if (reserved > budget / 2)
      problems.push(
        `tenants.${name}: summary.budget + lessons.budget is ${reserved} tokens, more than half of the tenant's budget of ${budget}; lower them or raise the budget`,
      );
  }
  return problems;
}

/** Validates a parsed config (the file's JSON): CONFIG_INVALID naming the source and the wrong fields. */
export function parseGatewayConfig(raw: unknown, source: string, defaultBudget = 5000): GatewayConfig {
  const parsed = gatewayConfigSchema.safeParse(raw);
  const problems = parsed.success
    ? layerBudgetProblems(parsed.data, defaultBudget)
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (!parsed.success || problems.length > 0)
    throw new StrataError(
      'CONFIG_INVALID',
      `The gateway config ${source} is not valid: ${problems.join('; ')}.`,
    );
  return parsed.data;
}

/** Reads and validates a config file; CONFIG_INVALID naming the file and the wrong fields otherwise. */
export function loadGatewayConfig(path: string, defaultBudget = 5000): GatewayConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Could not read the gateway config ${path}: ${(error as Error).message}. Pass a JSON file like {"tenants":{"acme":{"budget":3000}}}.`,
    );
  }
  return parseGatewayConfig(raw, path, defaultBudget);
}
