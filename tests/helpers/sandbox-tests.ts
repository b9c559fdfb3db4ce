/**
 * The sandbox for a test file that needs one (checks/harness/sandbox.ts findSandbox), or null where none can start
 * here: those tests are skipped, with the reason printed. With STBENCH_REQUIRE_SANDBOX=1 (set by .ci/run: CI's
 * machine runs bwrap) the file gains a test that fails instead, so a machine that should sandbox never passes by
 * skipping. Call it at the top level of a test file.
 */
import { it } from 'vitest';
import { findSandbox, type Sandbox } from '../../checks/harness/index.ts';

/** The variable that turns "no sandbox here" from a skip into a failure. */
export const REQUIRE_SANDBOX_VAR = 'STBENCH_REQUIRE_SANDBOX';

export function sandboxForTests(what: string): Sandbox | null {
  const found = findSandbox();
  if ('sandbox' in found) return found.sandbox;
  console.warn(`${what} skipped: no sandbox can start here: ${found.why}`);
  it.runIf(process.env[REQUIRE_SANDBOX_VAR] === '1')(`a sandbox can start here (${REQUIRE_SANDBOX_VAR}=1)`, () => {
    throw new Error(`no sandbox can start here, and ${REQUIRE_SANDBOX_VAR}=1 requires one: ${found.why}`);
  });
  return null;
}
