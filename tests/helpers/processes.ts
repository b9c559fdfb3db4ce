/**
 * Finding a system's processes from outside, for the teardown tests. A system's own idea of its pid is no help: a
 * --local system runs in a PID namespace of its own where bwrap can make one (checks/harness/sandbox.ts
 * localSpawn), so the number it reads for itself is not the host's. A test gives the system something unique on its
 * command line instead (a file path, a mark) and looks for it in /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The live processes (not zombies) whose command line holds `text`, with their command lines (NULs as spaces). */
export function processesWith(text: string): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const n of readdirSync('/proc')) {
    if (!/^\d+$/.test(n) || Number(n) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) continue;
      const cmd = readFileSync(`/proc/${n}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.includes(text)) out.push({ pid: Number(n), cmd });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}
