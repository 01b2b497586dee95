import { StrataError } from '../errors/strata-error.js';
import type { MessagesLayer } from '../layers/messages-layer.js';
import type { Memory } from '../memory/memory.js';

/** The memory's messages layer: the one named `name`, or the first of kind 'messages'. */
export function messagesLayerOf(memory: Memory, name: string | undefined, caller: string): MessagesLayer {
  const layer =
    name === undefined
      ? memory.layers.find((candidate) => candidate.kind === 'messages')
      : memory.layer(name);
  if (layer?.kind !== 'messages') {
    throw new StrataError(
      'CONFIG_INVALID',
      `${caller}: the memory needs a messages layer to keep the turns${name === undefined ? '' : ` ('${name}' is not one)`}. Add { kind: 'messages' } to its layers.`,
    );
  }
  return layer as MessagesLayer;
}
