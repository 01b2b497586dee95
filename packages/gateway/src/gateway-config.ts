import { readFileSync } from 'node:fs';
import { StrataError } from '@strata-memory/strata/errors';
import { z } from 'zod';

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
  })
  .strict();

export const gatewayConfigSchema = z
  .object({
    tenants: z.record(z.string(), tenantConfigSchema).default({}),
  })
  .strict();

/** Per-tenant settings from `--config <file>` (JSON). */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
/** One tenant's settings in the config file. */
export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/** Reads and validates a config file; CONFIG_INVALID naming the file and the wrong fields otherwise. */
export function loadGatewayConfig(path: string): GatewayConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Could not read the gateway config ${path}: ${(error as Error).message}. Pass a JSON file like {"tenants":{"acme":{"budget":3000}}}.`,
    );
  }
  const parsed = gatewayConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new StrataError('CONFIG_INVALID', `The gateway config ${path} is not valid: ${problems}.`);
  }
  return parsed.data;
}
