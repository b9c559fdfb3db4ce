/** Stage manifests: changedInputs names what changed or vanished; manifests round-trip through BUILD/.stbench/. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  changedInputs,
  InputError,
  manifestPath,
  newManifest,
  readManifest,
  writeManifest,
} from '../../../foundation/index.ts';

describe('changedInputs', () => {
  const recorded = { 'jobs/vacuum-2.yaml': 'a'.repeat(64), 'layouts/apartment_a.yaml': 'b'.repeat(64) };

  it('is empty when every input is as recorded, even with new inputs beside them', () => {
    expect(changedInputs(recorded, { ...recorded })).toEqual([]);
    expect(changedInputs(recorded, { ...recorded, 'jobs/amr-1.yaml': 'c'.repeat(64) })).toEqual([]);
  });

  it('names an input that changed, with both hashes shortened', () => {
    const out = changedInputs(recorded, { ...recorded, 'jobs/vacuum-2.yaml': 'd'.repeat(64) });
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('jobs/vacuum-2.yaml');
    expect(out[0]).toContain('changed');
    expect(out[0]).toContain(`${'a'.repeat(12)} -> ${'d'.repeat(12)}`);
  });

  it('names an input that is gone', () => {
    const out = changedInputs(recorded, { 'jobs/vacuum-2.yaml': recorded['jobs/vacuum-2.yaml'] });
    expect(out).toEqual(['layouts/apartment_a.yaml: missing now']);
  });
});

describe('stage manifests', () => {
  it('round-trip under BUILD/.stbench and refuse an unreadable one', () => {
    const build = mkdtempSync(join(tmpdir(), 'stbench-manifest-'));
    try {
      expect(readManifest(build, 'script')).toBeUndefined();
      const m = newManifest('script', '0.1.0', { seed: 'abc' });
      m.inputs['jobs/vacuum-2.yaml'] = 'e'.repeat(64);
      m.complete = true;
      writeManifest(build, m);
      expect(manifestPath(build, 'script')).toBe(join(build, '.stbench', 'script.json'));
      expect(readManifest(build, 'script')).toEqual(m);
      writeFileSync(manifestPath(build, 'render'), '{ not json');
      expect(() => readManifest(build, 'render')).toThrow(InputError);
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});
