/**
 * The records a build's stages write of its files (foundation/manifest.ts), for the fixtures that stand in for the
 * stages: BUILD/.stbench/<stage>.json with the sha256 of each input the stage read and each output it wrote. Export
 * refuses a shipped file that no stage recorded (pipeline/release/recorded.ts), so a fixture that is exported records
 * what the real stages record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashFile } from '../../foundation/index.ts';

/** Write BUILD/.stbench/<stage>.json as a stage does: its inputs' and outputs' hashes, its settings and versions. */
export function writeStageManifest(
  root: string,
  stage: string,
  files: { inputs?: readonly string[]; outputs?: readonly string[] },
  settings: Record<string, unknown> = {},
  versions: Record<string, string> = {},
): void {
  const sha = (rels: readonly string[] = []) => Object.fromEntries(rels.map((r) => [r, hashFile(join(root, r))]));
  mkdirSync(join(root, '.stbench'), { recursive: true });
  writeFileSync(
    join(root, '.stbench', `${stage}.json`),
    JSON.stringify({
      stage,
      tool_version: '0.1.0',
      settings,
      inputs: sha(files.inputs),
      outputs: sha(files.outputs),
      versions,
      complete: true,
      updated: '',
    }),
  );
}
