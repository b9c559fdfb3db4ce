/**
 * Ending every process a system started, when its case ends (and on Ctrl-C), without privileges. A process group is
 * not enough: a child that calls setsid(2) (`setsid sleep 300 &`, Python's `start_new_session=True`) or forks twice
 * leaves the group and, once its parent exits, is nobody's child. So each case's system gets a random token in its
 * environment (STBENCH_CASE_TOKEN), which every process it starts inherits, and the teardown kills the process
 * group, then every live process of this user whose /proc/PID/environ carries the token, with every process
 * descending from one of them (a child that emptied its environment but still has its parent), again until a scan
 * finds none (at most MAX_ROUNDS scans). Only a process that drops the token from its environment and has left
 * its parent escapes; inside the sandbox not even that one does (its PID namespace ends with it). Where there is
 * no /proc (not Linux), the group kill is all.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** The environment variable that carries a case's token. */
export const CASE_TOKEN_VAR = 'STBENCH_CASE_TOKEN';

/** The most scans a teardown makes before it gives up on a process that will not die. */
const MAX_ROUNDS = 40;

/** A fresh token for one case (128 random bits, hex). */
export function newCaseToken(): string {
  return randomBytes(16).toString('hex');
}

/** This user's live processes (not zombies) with their parents, from /proc; none where there is no /proc. */
function liveProcesses(): { pid: number; ppid: number }[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const out: { pid: number; ppid: number }[] = [];
  for (const n of names) {
    if (!/^\d+$/.test(n)) continue;
    try {
      if (uid !== undefined && statSync(`/proc/${n}`).uid !== uid) continue;
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      // "pid (comm) S ppid ...": comm may hold spaces and parentheses, so read after the last ')'
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      out.push({ pid: Number(n), ppid: Number(ppid) });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** The live processes of this user that carry `token` in their environment, and their descendants. */
export function processesWithToken(token: string): number[] {
  const needle = Buffer.from(`${CASE_TOKEN_VAR}=${token}`);
  const procs = liveProcesses();
  const marked = new Set<number>();
  for (const p of procs) {
    if (p.pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${p.pid}/environ`).includes(needle)) marked.add(p.pid);
    } catch {
      /* gone, or not ours to read */
    }
  }
  for (let grew = marked.size > 0; grew; ) {
    grew = false;
    for (const p of procs)
      if (!marked.has(p.pid) && marked.has(p.ppid) && p.pid !== process.pid) {
        marked.add(p.pid);
        grew = true;
      }
  }
  return [...marked];
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleepSync = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/**
 * Kill the process group `pgid` (where given) and every process carrying `token` (see above), synchronously, so that
 * it can run in the Ctrl-C path too; returns how many were still alive at the last scan (0: all gone).
 */
export function endProcessTree(token: string, pgid?: number): number {
  if (pgid !== undefined) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  let left: number[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    left = processesWithToken(token);
    if (!left.length) return 0;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
    sleepSync(Math.min(2 << round, 50)); // a killed process takes a moment to become a zombie
  }
  return left.length;
}
