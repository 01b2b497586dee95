export type { JsonValue, Provenance } from './provenance.js';
