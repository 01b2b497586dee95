// Real Slay the Spire 2 states in the simulator: loading a combat and replaying many.
export {
  enginePowerId,
  type FromSts2StateOptions,
  fromSts2State,
  type Sts2StateLoad,
  type UnknownNames,
} from './from-sts2-state.js';
export {
  COVERAGE_KINDS,
  type CoverageKind,
  type CoverageRow,
  type ReplayOptions,
  type ReplayOutcome,
  type ReplayReport,
  type ReplaySummary,
  replaySts2States,
  type StateReplay,
} from './replay-sts2-states.js';
