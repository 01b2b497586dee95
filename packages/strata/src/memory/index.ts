export type { AssembledContext, AssembledLayer } from './assembled-context.js';
export {
  type AssembleRequest,
  type ContextAssembler,
  type ContextAssemblerOptions,
  createContextAssembler,
} from './context-assembler.js';
export { createMemory, type Memory, type MemoryOptions } from './memory.js';
