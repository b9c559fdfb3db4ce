/**
 * Build presets: what `stbench build --preset NAME` makes. `demo` is a small real release that runs on a laptop
 * in about a quarter of an hour (each job's first task in full: about 350 frames and 50 questions); `release` is the
 * dataset card's shape (16 scripts a job: 12 of 2-3 tasks, 4 of 4-6) at final quality, plus the held-out split (8
 * scripts a job on places generated from the build's secret), meant for a bigger machine.
 */
import { REPO_ROOT } from '../foundation/index.ts';
import { loadAllJobs } from '../jobs/load.ts';
import type { Quality } from '../render/quality.ts';

export interface BuildPreset {
  name: string;
  description: string;
  /** the jobs to script, in order: every job of jobs/ (sorted by id) unless a preset names some */
  jobs?: readonly string[];
  scriptsPerJob: number;
  /** tasks per script; undefined = the job's release mix */
  tasks?: number;
  /** frame cap per script; undefined = none */
  maxFrames?: number;
  /**
   * the held-out split (pipeline/heldout-places.ts): per job, this many generated places of its kind, this many
   * scripts on each; undefined = none (every script on the shipped places)
   */
  heldout?: { placesPerJob: number; scriptsPerPlace: number };
  quality: Quality;
  /** the build seed (scripts) and the compile seed: fixed, so a preset builds the same release every time */
  seed: string;
  compileSeed: string;
  /** the dataset version the export writes */
  version: string;
}

export const PRESETS: Record<string, BuildPreset> = {
  demo: {
    name: 'demo',
    description:
      'one script per job, its first task in full, at draft quality (2 samples and the albedo filter): about 15 minutes on 2 cores',
    scriptsPerJob: 1,
    tasks: 1,
    quality: 'draft',
    seed: 'demo',
    compileSeed: 'demo',
    version: '0.1.0',
  },
  release: {
    name: 'release',
    description:
      "the dataset card's shape: 16 scripts per job (12 of 2-3 tasks, 4 of 4-6) on the shipped places at final quality, and a held-out split: 4 scripts on each of 2 generated places of the job's kind",
    scriptsPerJob: 16,
    heldout: { placesPerJob: 2, scriptsPerPlace: 4 },
    quality: 'final',
    seed: 'release',
    compileSeed: 'release',
    version: '0.1.0',
  },
};

/** The jobs a preset builds: those it names, else every job found in jobs/ (a new job is one YAML file). */
export function presetJobs(preset: BuildPreset, repoRoot: string = REPO_ROOT): string[] {
  return preset.jobs ? [...preset.jobs] : loadAllJobs(repoRoot).map((j) => j.value.id);
}
