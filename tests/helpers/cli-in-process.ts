/**
 * Running the `stbench` CLI in this process through its own entry point, `main(argv)` of pipeline/cli.ts, with
 * stdout and stderr captured: the exit code and the output are exactly what the command returns and prints (the
 * bin script only adds the tsx loader and passes main's code to the process). Environment variables given are set
 * for the call and restored after. A generous hang guard marks a command that never returns (not a timing check).
 */
import { main } from '../../pipeline/cli.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** true when the hang guard fired */
  hung: boolean;
}

export async function runCli(
  args: readonly string[],
  opts: { env?: Record<string, string | undefined>; hangGuardMs?: number } = {},
): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { out: process.stdout.write, err: process.stderr.write };
  const savedEnv: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    savedEnv[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  let timer: NodeJS.Timeout | undefined;
  try {
    const guard = new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), opts.hangGuardMs ?? 120_000)));
    const code = await Promise.race([main(['node', 'stbench', ...args]), guard]);
    return { code: code === 'hung' ? -1 : code, stdout: out.join(''), stderr: err.join(''), hung: code === 'hung' };
  } finally {
    clearTimeout(timer);
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
