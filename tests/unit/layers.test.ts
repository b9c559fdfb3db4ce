/**
 * The layer rules of docs/architecture.md, read from the code: every relative import of every source file (outside
 * tests/) goes to its own layer or one below, the scorer (checks/score/) imports only the foundation and the formats
 * (so it ships alone), and no chain of imports comes back to where it started.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Bottom to top: a module imports only from its own layer or below. */
const LAYERS = [
  'foundation',
  'formats',
  'layouts',
  'jobs',
  'script',
  'render',
  'compile',
  'checks',
  'pipeline',
] as const;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(REPO, dir))) {
    const rel = `${dir}/${e}`;
    if (e === 'node_modules' || e.startsWith('.')) continue;
    if (statSync(join(REPO, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|mjs)$/.test(e)) out.push(rel);
  }
  return out;
}

/** Every file's relative imports, as repository paths (static, dynamic and `new URL(..., import.meta.url)`). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of LAYERS.flatMap((l) => sources(l))) {
    const src = readFileSync(join(REPO, f), 'utf8');
    const deps = new Set<string>();
    for (const m of src.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)'(\.{1,2}\/[^']+\.(?:ts|mjs))'/g,
    ))
      deps.add(normalize(join(dirname(f), m[1])));
    graph.set(f, [...deps]);
  }
  return graph;
}

const layerOf = (f: string) => LAYERS.indexOf(f.split('/')[0] as (typeof LAYERS)[number]);

/** The strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>(),
    low = new Map<string, number>(),
    on = new Set<string>(),
    stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('layers', () => {
  const graph = importGraph();

  it('reads a graph of the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(200);
    for (const l of LAYERS)
      expect(
        [...graph.keys()].some((f) => f.startsWith(`${l}/`)),
        l,
      ).toBe(true);
  });

  it('every import goes to its own layer or one below', () => {
    const up: string[] = [];
    for (const [f, deps] of graph)
      for (const d of deps) if (layerOf(d) < 0 || layerOf(d) > layerOf(f)) up.push(`${f} -> ${d}`);
    expect(up).toEqual([]);
  });

  it('the scorer imports only the foundation and the formats', () => {
    const out: string[] = [];
    for (const [f, deps] of graph) {
      if (!f.startsWith('checks/score/')) continue;
      for (const d of deps)
        if (!d.startsWith('checks/score/') && !d.startsWith('foundation/') && !d.startsWith('formats/'))
          out.push(`${f} -> ${d}`);
    }
    expect(out).toEqual([]);
  });

  it('no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('every import names a file that exists', () => {
    const missing: string[] = [];
    for (const [f, deps] of graph)
      for (const d of deps) if (!graph.has(d) && !statSafe(d)) missing.push(`${f} -> ${relative('.', d)}`);
    expect(missing).toEqual([]);
  });
});

function statSafe(p: string): boolean {
  try {
    return statSync(join(REPO, p)).isFile();
  } catch {
    return false;
  }
}
