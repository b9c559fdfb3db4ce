/**
 * release.json: the release's identity (version, hub id, the versions of the tool, jobs, render and compile, the
 * compile seed and hashes), its counts (the card's tables), each case's length and question count, the cell counts
 * the scorer's weights read, what the check kept and dropped, the reference rows under results/, every shipped
 * file with its sha256, and what the build's stages recorded of the files that ship as they are.
 */
import { z } from 'zod';
import { Split } from '../../formats/split.ts';

export const RELEASE_FORMAT = 'stbench.release/1';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const Lengths = z.strictObject({ short: z.number().int(), medium: z.number().int(), long: z.number().int() });
const Group = {
  scripts: z.number().int(),
  cases: Lengths,
  cases_asking_nothing: z.number().int(),
  questions: z.number().int(),
  frames: z.number().int(),
  abilities: z.record(z.string(), z.number().int()),
  families: z.record(z.string(), z.number().int()),
};

/** One shipped reference row, as release.json lists it. */
export const ReferenceEntry = z.strictObject({
  /** the file's stem: results/<name>.json */
  name: z.string().regex(/^[a-z0-9_-]+$/),
  file: z.string(),
  system: z.string(),
  channel: z.enum(['rgb_pose', 'detections']),
  /** what the row is, in the card's words */
  label: z.string(),
  cases_scored: z.number().int(),
});
export type ReferenceEntry = z.infer<typeof ReferenceEntry>;

export const ReleaseJson = z.strictObject({
  format: z.literal(RELEASE_FORMAT),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  repo_id: z.string().nullable(),
  /** true for a truth-only dataset: its pictures are flat-shaded ray casts of the world model (render engine
   * raycast), not renders; it is never a release of rendered frames */
  truth_only: z.boolean().default(false),
  versions: z.strictObject({
    tool: z.string(),
    jobs: z.array(z.string()),
    render: z.string().nullable(),
    compile: z.string().nullable(),
  }),
  compile: z.strictObject({
    seed: z.string().nullable(),
    /** compileHash() of the build's compile: the compile the check read */
    hash: Hex64,
    /** compileHash() of the shipped cases (after the check's filter) */
    shipped_hash: Hex64,
  }),
  check: z.strictObject({
    verdict_mode: z.enum(['evidence', 'strict']),
    kept: z.array(
      z.strictObject({ layout: z.string(), job: z.string(), family: z.string(), questions: z.number().int() }),
    ),
    dropped: z.array(
      z.strictObject({ layout: z.string(), job: z.string(), family: z.string(), dropped_by: z.string() }),
    ),
  }),
  counts: z.strictObject({
    by_job: z.array(z.strictObject({ layout: z.string(), split: Split.default('dev'), job: z.string(), ...Group })),
    total: z.strictObject(Group),
  }),
  cases: z.array(
    z.strictObject({
      cid: z.string(),
      sid: z.string(),
      layout: z.string(),
      split: Split.default('dev'),
      job: z.string(),
      length: z.enum(['short', 'medium', 'long']),
      frames: z.number().int(),
      questions: z.number().int(),
    }),
  ),
  cell_counts: z.record(z.string(), z.number().int()),
  /** the reference rows shipped under results/ (pipeline/release/reference-rows.ts) */
  results: z.array(ReferenceEntry),
  /** every shipped file but release.json itself: relative path -> sha256 */
  files: z.record(z.string(), Hex64),
  /**
   * what the build's stages recorded of the files that ship as they are: the record (a stage manifest and its
   * field, `.stbench/compile.json inputs`) -> relative path -> sha256 (pipeline/release/recorded.ts). Verify holds
   * the shipped files to these as well as to `files`. A dataset exported before it was carried has none.
   */
  recorded: z.record(z.string(), z.record(z.string(), Hex64)).optional(),
});
export type ReleaseJson = z.infer<typeof ReleaseJson>;
