/**
 * The temporary folders the fixtures make (makeCheckBuild, makeBuild, makeViewBuild, tempRoot): each is removed
 * after the test file that made it. Vitest imports a test file's modules afresh for every file, so importing this
 * module registers one afterAll on the file's root suite; a test that copies a fixture, or removes it itself, needs
 * do nothing more, and a run leaves no stbench-* folder of a fixture in the temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder `<tmpdir>/<prefix>XXXXXX`, removed after the test file. */
export function fixtureFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
