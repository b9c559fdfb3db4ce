/**
 * The render-quality study's fixed views (three per place, nine in all) and the candidate render settings, shared
 * by tests/bench/render-quality.ts and tests/bench/render-overhead.ts.
 */
import type { RenderSettings } from '../../render/shot-list.ts';

export interface StudyView {
  id: string;
  place: string;
  /** the job whose camera height and pitch the view uses */
  job: string;
  position: [number, number, number];
  yaw_deg: number;
  pitch_deg: number;
}

/** Nine views: each job's camera height and pitch, at sites of its place. */
export const STUDY_VIEWS: StudyView[] = [
  {
    id: 'apt-vacuum-hall',
    place: 'apartment_a',
    job: 'vacuum',
    position: [11.0, 4.75, 0.08],
    yaw_deg: 180,
    pitch_deg: 0,
  },
  {
    id: 'apt-helper-coffee',
    place: 'apartment_a',
    job: 'helper',
    position: [3.65, 2.6, 1.3],
    yaw_deg: -90,
    pitch_deg: -45,
  },
  {
    id: 'apt-helper-kitchen',
    place: 'apartment_a',
    job: 'helper',
    position: [7.6, 2.6, 1.3],
    yaw_deg: 0,
    pitch_deg: -20,
  },
  { id: 'wh-amr-charger', place: 'warehouse_a', job: 'amr', position: [28.0, 2.0, 0.5], yaw_deg: 180, pitch_deg: -10 },
  { id: 'wh-amr-packing', place: 'warehouse_a', job: 'amr', position: [22.4, 7.0, 0.5], yaw_deg: 180, pitch_deg: -10 },
  { id: 'wh-amr-aisle', place: 'warehouse_a', job: 'amr', position: [9.0, 5.5, 0.5], yaw_deg: 0, pitch_deg: -10 },
  { id: 'dt-drone-base', place: 'downtown_a', job: 'drone', position: [60.0, 60.0, 15.0], yaw_deg: 0, pitch_deg: -45 },
  {
    id: 'dt-drone-crossing',
    place: 'downtown_a',
    job: 'drone',
    position: [38.0, 38.0, 15.0],
    yaw_deg: 0,
    pitch_deg: -90,
  },
  {
    id: 'dt-drone-street',
    place: 'downtown_a',
    job: 'drone',
    position: [60.0, 38.0, 15.0],
    yaw_deg: -90,
    pitch_deg: -45,
  },
];

export const STUDY_CAMERA = { width: 640, height: 480, hfov_deg: 80 };

/**
 * The part of each frame the study renders and measures: the central half of the width and height (320x240 of the
 * 640x480 pixels, a quarter of the cost; per-pixel noise is that of the full frame, since Cycles samples each pixel
 * alike). The 2-core machine could not afford nine full 128-sample references and every candidate.
 */
export const STUDY_REGION: [number, number, number, number] = [0.25, 0.25, 0.75, 0.75];

/** One candidate: a sample count, the job's render settings and an optional post filter of the JPEG. */
export interface Candidate {
  id: string;
  label: string;
  samples: number;
  settings: RenderSettings;
  /** 'guided': the edge-preserving filter guided by the same render's ids and depth (render/guided-filter.ts);
   * 'albedo': the light averaged and the albedo multiplied back (render/albedo-filter.ts) */
  post?: 'guided' | 'albedo';
  /** render only these views (default all) */
  views?: string[];
  /** the candidate whose renders a post filter reads (default: its own) */
  from?: string;
  /** render the whole frame, not STUDY_REGION (the contact sheet) */
  fullFrame?: boolean;
}

/** Blender's factory Cycles light paths, clamping and adaptive sampling (with denoising off, as this build needs). */
export const FACTORY: RenderSettings = {
  bounces: { max: 12, diffuse: 4, glossy: 4, transmission: 12, transparent: 8 },
  adaptive_threshold: 0.01,
  adaptive_min_samples: 0,
  clamp_indirect: 10,
};

const FEW_BOUNCES = { max: 2, diffuse: 1, glossy: 1, transmission: 1, transparent: 4 };

/** The reference: 256 samples, the renderer's default light paths, no clamp, no adaptive sampling. */
export const REFERENCE: Candidate = { id: 'ref256', label: 'reference, 256 samples', samples: 256, settings: {} };
/** The same reference with another seed: what PSNR can measure at all. */
export const REFERENCE_B: Candidate = {
  id: 'ref256-seed1',
  label: 'reference, 256 samples, seed 1',
  samples: 256,
  settings: { seed: 1 },
};

/** The candidates, in the order they are rendered (the most informative first). */
export const CANDIDATES: Candidate[] = [
  { id: 's16', label: '16 samples', samples: 16, settings: {} },
  { id: 's16-albedo', label: '16 samples + albedo filter', samples: 16, settings: {}, post: 'albedo', from: 's16' },
  { id: 's32', label: '32 samples', samples: 32, settings: {} },
  { id: 's32-albedo', label: '32 samples + albedo filter', samples: 32, settings: {}, post: 'albedo', from: 's32' },
  { id: 's32-guided', label: '32 samples + guided filter', samples: 32, settings: {}, post: 'guided', from: 's32' },
  { id: 's64', label: '64 samples', samples: 64, settings: {} },
  { id: 's64-albedo', label: '64 samples + albedo filter', samples: 64, settings: {}, post: 'albedo', from: 's64' },
  { id: 'factory16', label: 'factory settings, 16 samples', samples: 16, settings: FACTORY },
  { id: 'factory32', label: 'factory settings, 32 samples', samples: 32, settings: FACTORY },
  { id: 'factory64', label: 'factory settings, 64 samples', samples: 64, settings: FACTORY },
  { id: 's8', label: '8 samples', samples: 8, settings: {} },
  { id: 's8-albedo', label: '8 samples + albedo filter', samples: 8, settings: {}, post: 'albedo', from: 's8' },
  { id: 's16-clamp3', label: '16 samples, indirect clamp 3', samples: 16, settings: { clamp_indirect: 3 } },
  {
    id: 's16-clamp3-albedo',
    label: '16 samples, indirect clamp 3 + albedo filter',
    samples: 16,
    settings: { clamp_indirect: 3 },
    post: 'albedo',
    from: 's16-clamp3',
  },
  { id: 's32-bounce2', label: '32 samples, bounces 2/1/1', samples: 32, settings: { bounces: FEW_BOUNCES } },
  {
    id: 's32-bounce2-albedo',
    label: '32 samples, bounces 2/1/1 + albedo filter',
    samples: 32,
    settings: { bounces: FEW_BOUNCES },
    post: 'albedo',
    from: 's32-bounce2',
  },
  {
    id: 's64-adaptive',
    label: '64 samples, adaptive 0.02 min 16',
    samples: 64,
    settings: { adaptive_threshold: 0.02, adaptive_min_samples: 16 },
  },
  {
    id: 's64-adaptive-albedo',
    label: '64 samples, adaptive 0.02 min 16 + albedo filter',
    samples: 64,
    settings: { adaptive_threshold: 0.02, adaptive_min_samples: 16 },
    post: 'albedo',
    from: 's64-adaptive',
  },
  { id: 's48', label: '48 samples', samples: 48, settings: {} },
  { id: 's48-albedo', label: '48 samples + albedo filter', samples: 48, settings: {}, post: 'albedo', from: 's48' },
  { id: 's32-clamp3', label: '32 samples, indirect clamp 3', samples: 32, settings: { clamp_indirect: 3 } },
  {
    id: 's32-clamp3-albedo',
    label: '32 samples, indirect clamp 3 + albedo filter',
    samples: 32,
    settings: { clamp_indirect: 3 },
    post: 'albedo',
    from: 's32-clamp3',
  },
  { id: 's48-clamp3', label: '48 samples, indirect clamp 3', samples: 48, settings: { clamp_indirect: 3 } },
  {
    id: 's48-clamp3-albedo',
    label: '48 samples, indirect clamp 3 + albedo filter',
    samples: 48,
    settings: { clamp_indirect: 3 },
    post: 'albedo',
    from: 's48-clamp3',
  },
  { id: 's128', label: '128 samples', samples: 128, settings: {} },
  { id: 'factory128', label: 'factory settings, 128 samples', samples: 128, settings: FACTORY },
];
