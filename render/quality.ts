/**
 * Quality presets: Cycles samples per pixel and the shot list's settings (resolution stays the job camera's,
 * since the screens count pixels at the native size). The numbers come from the render-quality study
 * (tests/bench/render-quality.ts; the table and the reasons are in docs/render.md, "Render quality").
 */
import { UsageError } from '../foundation/index.ts';
import type { RenderSettings } from './shot-list.ts';

/** A preset: the samples of the Blender process and the shot list's settings (light paths, adaptive sampling). */
export interface QualityPreset {
  samples: number;
  settings: RenderSettings;
}

export const QUALITY_PRESETS = {
  /** CI and test fixtures: a noisy picture, exact depth, ids and albedo */
  test: { samples: 2, settings: {} },
  /** quick looks at a build: the cheapest setting whose lit / colour verdicts agree with the reference's on at
   * least 98% of (thing, view) pairs (8 samples: all 139) */
  preview: { samples: 8, settings: {} },
  /** the demo's: the final preset's albedo filter over 2 samples, about 2.5 s a frame on 2 cores against preview's
   * 5.8 (helper frames), blotchy where preview is grainy; chosen for the demo's time, not by the quality study */
  draft: { samples: 2, settings: { post_filter: 'albedo' } },
  /** release frames: the cheapest setting at 32 dB PSNR or more on all nine views against the 512-sample reference
   * (48 samples and the albedo filter: 32.1 dB on the hallway, the worst view; 64 plain samples reach 26.0 dB) */
  final: { samples: 48, settings: { post_filter: 'albedo' } },
} as const satisfies Record<string, QualityPreset>;

export type Quality = keyof typeof QUALITY_PRESETS;

/** The samples to render with: an explicit count wins over the preset's. */
export function resolveSamples(quality: string, samples?: number): { quality: Quality; samples: number } {
  if (!(quality in QUALITY_PRESETS))
    throw new UsageError(
      `--quality must be one of ${Object.keys(QUALITY_PRESETS).join(', ')}, got ${JSON.stringify(quality)}`,
    );
  const q = quality as Quality;
  if (samples !== undefined && (!Number.isInteger(samples) || samples < 1 || samples > 65536))
    throw new UsageError(`--samples must be a whole number from 1 to 65536, got ${samples}`);
  return { quality: q, samples: samples ?? QUALITY_PRESETS[q].samples };
}

/** The shot list settings of a preset (tests/bench/render-quality.ts chose them; see docs/render.md). */
export function presetSettings(quality: Quality): RenderSettings {
  return structuredClone(QUALITY_PRESETS[quality].settings) as RenderSettings;
}
