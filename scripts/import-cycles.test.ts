import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Import circles make load order matter and block splitting code into packages; there must be none,
// between modules (type-only imports count: they tie the files together just the same) or between packages.
const root = resolve(import.meta.dirname, '..');
const packagesDirectory = join(root, 'packages');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports (static, type-only and dynamic). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((reference) => reference.fileName);
}

/** Strongly connected components with more than one file (Tarjan), or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('no module import circle inside any package (type-only and dynamic imports included)', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(packagesDirectory)) {
      const targets = importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      graph.set(file, targets);
    }
    expect(graph.size).toBeGreaterThan(300);
    const named = cycles(graph).map((component) => component.map((file) => relative(root, file)));
    expect(named).toEqual([]);
  });

  it('no circle between packages (dependencies and peer dependencies)', () => {
    const graph = new Map<string, string[]>();
    for (const entry of readdirSync(packagesDirectory)) {
      const manifest = JSON.parse(readFileSync(join(packagesDirectory, entry, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const needs = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
      graph.set(
        manifest.name,
        needs.filter((name) => name.startsWith('@strata-memory/')),
      );
    }
    expect(graph.has('@strata-memory/strata')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the checker itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
