/**
 * Stage manifests: BUILD/.stbench/<stage>.json records what a stage read (with content hashes), what it wrote,
 * its settings and versions. A stage compares the recorded input hashes before it reads, so that it refuses
 * inputs made by a different upstream, and it uses its own manifest to resume.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonAtomic } from './atomic.ts';
import { InputError } from './errors.ts';

export const BUILD_META_DIR = '.stbench';

export interface StageManifest {
  stage: string;
  tool_version: string;
  /** the settings the stage ran with (every threshold and flag), echoed for reproducibility */
  settings: Record<string, unknown>;
  /** relative path -> sha256 of each input it read */
  inputs: Record<string, string>;
  /** relative path -> sha256 of each output it wrote */
  outputs: Record<string, string>;
  /** versions of what it depends on (jobs, places, Blender, ...) */
  versions: Record<string, string>;
  complete: boolean;
  updated: string;
}

export function metaDir(build: string): string {
  return join(build, BUILD_META_DIR);
}

export function manifestPath(build: string, stage: string): string {
  return join(metaDir(build), `${stage}.json`);
}

export function readManifest(build: string, stage: string): StageManifest | undefined {
  const p = manifestPath(build, stage);
  if (!existsSync(p)) return undefined;
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as StageManifest;
  } catch (e) {
    throw new InputError({ file: p, path: '', message: `unreadable stage manifest: ${(e as Error).message}` });
  }
}

export function writeManifest(build: string, m: StageManifest): void {
  writeJsonAtomic(manifestPath(build, m.stage), m);
}

export function newManifest(stage: string, toolVersion: string, settings: Record<string, unknown> = {}): StageManifest {
  return {
    stage,
    tool_version: toolVersion,
    settings,
    inputs: {},
    outputs: {},
    versions: {},
    complete: false,
    updated: '',
  };
}

/**
 * Compare hashes a stage recorded for its inputs against the inputs as they are now. Returns one line per input
 * that changed or vanished (empty when everything matches).
 */
export function changedInputs(recorded: Record<string, string>, current: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [path, hash] of Object.entries(recorded)) {
    if (!(path in current)) out.push(`${path}: missing now`);
    else if (current[path] !== hash)
      out.push(`${path}: changed since it was read (${hash.slice(0, 12)} -> ${current[path].slice(0, 12)})`);
  }
  return out;
}
