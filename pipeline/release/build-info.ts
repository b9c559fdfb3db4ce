/**
 * What the upstream stages recorded about a build, for release.json: the compile's seed, version and hash (from
 * BUILD/compile_report.json, else the compile manifest BUILD/.stbench/compile.json) and the render's version (the
 * render manifest BUILD/.stbench/render.json, else the scripts' render logs). Anything not recorded is null.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, readManifest, type StageManifest } from '../../foundation/index.ts';

export interface BuildInfo {
  compile: { seed: string | null; version: string | null; hash: string | null };
  render: { version: string | null };
}

function readReport(build: string): Record<string, unknown> | undefined {
  const file = join(build, 'compile_report.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
}

const str = (...xs: unknown[]): string | null => {
  for (const x of xs) if (typeof x === 'string' && x) return x;
  for (const x of xs) if (typeof x === 'number') return String(x);
  return null;
};

export function readBuildInfo(build: string, renderLogVersions: readonly (string | null)[] = []): BuildInfo {
  const report = readReport(build) ?? {};
  const cm: Partial<StageManifest> = readManifest(build, 'compile') ?? {};
  const rm: Partial<StageManifest> = readManifest(build, 'render') ?? {};
  return {
    compile: {
      seed: str(report.compile_seed, report.seed, cm.settings?.seed, cm.settings?.compile_seed),
      version: str(report.compile_version, report.tool_version, cm.versions?.compile, cm.tool_version),
      hash: str(report.compile_hash, cm.versions?.compile_hash, cm.settings?.compile_hash),
    },
    render: { version: str(rm.versions?.render, rm.tool_version, ...renderLogVersions) },
  };
}
