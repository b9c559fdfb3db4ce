import { describe, expect, it } from 'vitest';
import { InputError } from '../../../foundation/index.ts';
import { presetSettings, QUALITY_PRESETS, resolveSamples } from '../../../render/quality.ts';
import { effectiveSettings, parseShotList } from '../../../render/shot-list.ts';

const job = (settings: unknown) => ({
  version: 1,
  sid: 'abc',
  camera: { width: 640, height: 480, hfov_deg: 80 },
  settings,
  world: { background_rgb: [0.1, 0.1, 0.1], strength: 1 },
  materials: { grey: { base_rgb: [0.5, 0.5, 0.5], roughness: 0.5, metallic: 0 } },
  lights: [],
  objects: [],
  frames: [],
});

describe('render settings for the quality study', () => {
  it('accepts a region and an exposure, and effectiveSettings carries them only when set', () => {
    const j = parseShotList(job({ region: [0.25, 0.25, 0.75, 0.75], exposure_ev: -1.5 }));
    expect(effectiveSettings(j)).toMatchObject({ region: [0.25, 0.25, 0.75, 0.75], exposure_ev: -1.5 });
    const plain = effectiveSettings(parseShotList(job({})));
    expect('region' in plain).toBe(false);
    expect('exposure_ev' in plain).toBe(false);
  });

  it('refuses an empty or inverted region, naming the field', () => {
    expect(() => parseShotList(job({ region: [0.5, 0.2, 0.5, 0.8] }), 'job.json')).toThrow(InputError);
    expect(() => parseShotList(job({ region: [0.1, 0.2, 1.5, 0.8] }), 'job.json')).toThrow(/settings\.region/);
  });
});

describe('quality presets', () => {
  it('order test < preview <= final samples, every preset a valid job setting', () => {
    expect(QUALITY_PRESETS.test.samples).toBeLessThan(QUALITY_PRESETS.preview.samples);
    expect(QUALITY_PRESETS.preview.samples).toBeLessThanOrEqual(QUALITY_PRESETS.final.samples);
    for (const q of ['test', 'preview', 'final'] as const) {
      expect(() => parseShotList(job(presetSettings(q)))).not.toThrow();
      expect(resolveSamples(q).samples).toBe(QUALITY_PRESETS[q].samples);
    }
  });

  it('presetSettings gives a copy', () => {
    const s = presetSettings('final');
    s.seed = 5;
    expect(presetSettings('final').seed).toBeUndefined();
  });
});
