// The public surface of Strata. Each area keeps its own barrel; nothing else is public.
export * from './adapters/index.js';
export * from './chat/index.js';
export * from './conversation/index.js';
export * from './core/index.js';
export * from './errors/index.js';
export * from './extractors/index.js';
export * from './layers/index.js';
export * from './memory/index.js';
export * from './model/index.js';
export * from './state/index.js';
export * from './store/index.js';
export * from './telemetry/index.js';
export * from './testing/index.js';
export * from './tokenizer/index.js';
export * from './transitions/index.js';
