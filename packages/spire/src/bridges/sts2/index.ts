export {
  FAKE_FORK_HEALTH,
  FAKE_MOD_HEALTH,
  type FakeReply,
  type FakeSts2ModServer,
  type FakeSts2ModServerOptions,
  type RecordedRequest,
  startFakeSts2ModServer,
} from './fake-sts2-mod-server.js';
export { jsonPathAtEnd } from './json-path-at-end.js';
export {
  readSts2Snapshots,
  STS2_FIXTURE_FILE,
  type Sts2Snapshot,
  sharedSts2Directory,
  sharedSts2SnapshotFiles,
} from './snapshot-files.js';
export {
  detectSts2Dialect,
  FORK_ONLY_ACTIONS,
  STS2_DEFAULT_URLS,
  type Sts2Dialect,
} from './sts2-dialect.js';
export { createSts2Game, type Sts2Game, type Sts2Health } from './sts2-game.js';
export { DEFAULT_STS2_BASE_URL, type Sts2GameConfig } from './sts2-game-config.js';
