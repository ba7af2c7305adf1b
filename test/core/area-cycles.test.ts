import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';

/**
 * No two areas depend on each other, directly or around a ring (issue 27): an area's imports of other areas (through
 * their faces; the lint rule keeps them there) must form a graph without cycles, on the server and in the client.
 * Tests are left out: they may reach anywhere.
 */
const ROOTS = ['src/features', 'src/client/areas'];

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const subdirs = (dir: string) => readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory());

/** 'wing/area' → the other areas its files import (static and dynamic imports, type imports included). */
export function areaGraph(root: string): Map<string, Set<string>> {
  const base = join(PROJECT_ROOT, root);
  const graph = new Map<string, Set<string>>();
  for (const wing of subdirs(base)) {
    for (const name of subdirs(join(base, wing))) {
      const area = `${wing}/${name}`;
      const deps = new Set<string>();
      for (const file of filesBelow(join(base, area))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
          const target = relative(base, normalize(join(dirname(file), m[1]!)));
          const other = target.split('/').slice(0, 2).join('/');
          if (!target.startsWith('..') && target.split('/').length > 2 && other !== area) deps.add(other);
        }
      }
      graph.set(area, deps);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path that closes it. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

describe('areas without cycles', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c', 'a']]);
  });

  for (const root of ROOTS) {
    it(`${root}: no area depends on itself through others`, () => {
      const graph = areaGraph(root);
      expect(graph.size).toBeGreaterThan(5);
      expect(cyclesOf(graph)).toEqual([]);
    });
  }
});
