/** Finding the Blender executable: an explicit path, then the BLENDER environment variable, then PATH. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { UsageError } from '../foundation/index.ts';

const INSTALL_HINT =
  'Install it with `apt-get install blender` (Debian/Ubuntu; Blender 3.4 or newer), or point to it with ' +
  '--blender PATH or the BLENDER environment variable.';

/** Blender is missing or not runnable; the message says how to install it. Exit code 2. */
export class BlenderNotFound extends UsageError {
  constructor(message: string) {
    super(`${message}\n${INSTALL_HINT}`);
    this.name = 'BlenderNotFound';
  }
}

function executable(p: string): boolean {
  try {
    if (!statSync(p).isFile()) return false;
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Blender executable to run: `explicit` if given, else $BLENDER, else the first `blender` on PATH. */
export function findBlender(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) {
    if (!executable(explicit)) throw new BlenderNotFound(`Blender not found at ${explicit} (given explicitly).`);
    return explicit;
  }
  if (env.BLENDER) {
    if (!executable(env.BLENDER)) throw new BlenderNotFound(`Blender not found at ${env.BLENDER} (from BLENDER).`);
    return env.BLENDER;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, 'blender');
    if (executable(p)) return p;
  }
  throw new BlenderNotFound('Blender not found: no `blender` on PATH and BLENDER is not set.');
}
