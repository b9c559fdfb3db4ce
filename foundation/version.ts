/** The tool's version, read once from package.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

/** The repository root (where package.json lives). */
export const REPO_ROOT: string = fileURLToPath(new URL('../', import.meta.url));
