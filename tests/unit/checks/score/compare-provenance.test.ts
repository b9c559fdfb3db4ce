/**
 * `stbench eval compare` and `stbench compare` read both runs' provenance: different scoring versions are refused
 * (exit 2, naming both); a different protocol, system prompt or agent protocol, or a run without provenance, is a
 * loud warning on stderr and a line atop the table, and with --strict a refusal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildResults,
  compare,
  provenanceCheck,
  SCORING_VERSION,
  type Provenance,
  type Results,
} from '../../../../checks/score/report.ts';
import { UsageError } from '../../../../foundation/index.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { gold } from '../../../helpers/score-fixture.ts';

const golds = Array.from({ length: 12 }, (_, i) =>
  gold('clear_path', { value: 1, sid: `s${i % 3}`, cid: `c${i % 6}` }),
);
const exact = new Map(golds.map((g) => [g.qid, { type: 'number', value: 1 }]));
const unknown = new Map(golds.map((g) => [g.qid, { type: 'unknown' }]));

const BASE: Provenance = {
  stbench_version: '0.11.0',
  commit: 'c'.repeat(40),
  scoring_version: SCORING_VERSION,
  protocol_version: 'stbench-stream/1',
  prompt_sha256: 'a'.repeat(64),
  system: { agent_protocol: 'stbench-agent/1', agent_protocol_sha256: 'b'.repeat(64), model: 'm' },
};

function results(system: string, provenance: Provenance | undefined): Results {
  return buildResults({
    golds,
    answers: system === 'exact' ? exact : unknown,
    system,
    compile_hash: 'h',
    B: 50,
    ...(provenance ? { provenance } : {}),
  });
}

/** Two run folders (A: exact, B: all unknown) with these provenances; returns their paths. */
function runs(pa: Provenance | undefined, pb: Provenance | undefined): [string, string] {
  const dir = fixtureFolder('stbench-compare-prov-');
  const out: string[] = [];
  for (const [name, p] of [
    ['exact', pa],
    ['all_unknown', pb],
  ] as const) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'results.json'), JSON.stringify(results(name, p)));
    out.push(join(dir, name));
  }
  return out as [string, string];
}

const TABLE = '| apartment_a | +1.000 [+1.000, +1.000] | 12 | 3 |';

describe('compare and provenance', () => {
  it('compares runs of the same provenance without a word of warning', async () => {
    const [a, b] = runs(BASE, { ...BASE, system: { ...BASE.system, model: 'another model' } });
    const r = await runCli(['eval', 'compare', a, b, '--resamples', '100', '--strict']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith('Paired difference exact − all_unknown')).toBe(true);
    expect(r.stdout).toContain(TABLE);
  });

  it('refuses runs of different scoring versions, naming both', async () => {
    const [a, b] = runs(BASE, { ...BASE, scoring_version: 'stbench-scoring/2' });
    for (const cmd of [
      ['eval', 'compare', a, b],
      ['compare', join(a, 'results.json'), join(b, 'results.json')],
    ]) {
      const r = await runCli([...cmd, '--resamples', '100']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('different scoring versions');
      expect(r.stderr).toContain(`${a}`);
      expect(r.stderr).toContain(`: ${SCORING_VERSION}`);
      expect(r.stderr).toContain(`${b}`);
      expect(r.stderr).toContain(': stbench-scoring/2');
    }
    // the library's compare refuses them too
    expect(() => compare(results('exact', BASE), results('all_unknown', { ...BASE, scoring_version: 'x/2' }))).toThrow(
      UsageError,
    );
  });

  it('warns loudly, naming the fields, when the prompt, protocol or agent protocol differ, and still compares', async () => {
    const [a, b] = runs(BASE, {
      ...BASE,
      protocol_version: 'stbench-stream/2',
      prompt_sha256: 'd'.repeat(64),
      system: { ...BASE.system, agent_protocol_sha256: 'e'.repeat(64) },
    });
    const r = await runCli(['eval', 'compare', a, b, '--resamples', '100']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('WARNING: these runs may not be comparable');
    for (const field of ['protocol_version', 'prompt_sha256', 'system.agent_protocol_sha256'])
      expect(r.stderr).toContain(`provenance.${field} differs`);
    expect(r.stderr).toContain(`${'a'.repeat(64)}, B ${b}`);
    const [first, ...rest] = r.stdout.split('\n');
    expect(first).toMatch(/^\*\*Warning: these runs may not be comparable\.\*\* /);
    expect(first).toContain('provenance.prompt_sha256 differs: A (exact) ' + 'a'.repeat(64));
    expect(first).toContain('provenance.system.agent_protocol_sha256 differs');
    expect(rest.join('\n')).toContain(TABLE);
  });

  it('warns about a run without provenance, and --strict refuses it', async () => {
    const [a, b] = runs(BASE, undefined);
    const r = await runCli(['compare', join(a, 'results.json'), join(b, 'results.json'), '--resamples', '100']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`B ${join(b, 'results.json')} (all_unknown) has no provenance`);
    expect(r.stdout.split('\n')[0]).toContain('B (all_unknown) has no provenance');
    expect(r.stdout).toContain(TABLE);
    const strict = await runCli(['eval', 'compare', a, b, '--resamples', '100', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toContain('refusing to compare (--strict)');
    expect(strict.stderr).toContain('has no provenance');
  });

  it('--strict refuses a different prompt', async () => {
    const [a, b] = runs(BASE, { ...BASE, prompt_sha256: 'f'.repeat(64) });
    const r = await runCli(['compare', a, b, '--strict']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('provenance.prompt_sha256 differs');
  });

  it('leaves out a field only one run records (a scripted system has no agent protocol)', () => {
    const scripted: Provenance = { ...BASE, prompt_sha256: null, system: undefined };
    const check = provenanceCheck(results('exact', BASE), results('all_unknown', scripted));
    expect(check).toEqual({ refusal: null, warnings: [] });
  });
});
