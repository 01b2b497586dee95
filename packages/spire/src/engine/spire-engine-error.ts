// The engine's own error for broken calls (bad seed, unknown character, content bugs). Illegal
// game actions are not exceptions: they return the mod's error shape (see action-result.ts).

export type SpireEngineErrorCode = 'INVALID_OPTIONS' | 'CONTENT_MISSING' | 'RUN_OVER' | 'INTERNAL';

export class SpireEngineError extends Error {
  readonly code: SpireEngineErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: SpireEngineErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'SpireEngineError';
    this.code = code;
    this.details = details;
  }
}
