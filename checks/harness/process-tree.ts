/**
 * Ending every process a system started, when its case ends (and on Ctrl-C), without privileges. A process group is
 * not enough: a child that calls setsid(2) (`setsid sleep 300 &`, Python's `start_new_session=True`) or forks twice
 * leaves the group and, once its parent exits, is nobody's child. So the teardown works from /proc, before any
 * process is killed:
 *
 * 1. it freezes the tree: every live process of this user that is in the process group or session of the system's
 *    first process (`root`, which leads both), carries the case's token in /proc/PID/environ (STBENCH_CASE_TOKEN,
 *    which every process the system starts inherits unless it clears its environment), was in the tree when the
 *    harness last looked (`known`: subprocess-link.ts takes a snapshot when it sends finish, while the system still
 *    runs), or descends from any of these through the parent links, is stopped (SIGSTOP: a stopped process cannot
 *    fork), and the scan is repeated until it finds no process it has not stopped (a child forked meanwhile still
 *    has its stopped parent);
 * 2. then it kills them all at once (SIGKILL, and the process group), so no parent dies before its children are
 *    known;
 * 3. then it rescans (token carriers, the group, descendants of any killed process not yet gone) and kills what it
 *    finds, until a scan finds none (at most MAX_ROUNDS scans).
 *
 * So a child that cleared its environment (`setsid env -i sleep 300`) goes with its parent, or by the snapshot once
 * its parent has exited, and a double-forked grandchild that kept the token goes by the token. Only a process that
 * clears its environment and leaves its parent before the harness sees it (a double fork, or a child started after
 * finish) escapes this; in a PID namespace of its own, as a --local system runs where bwrap can make one
 * (sandbox.ts localSpawn) and a sandboxed one always does, not even that one does (every process of the namespace
 * ends with its first). Where there is no /proc (not Linux), the group kill is all.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** The environment variable that carries a case's token. */
export const CASE_TOKEN_VAR = 'STBENCH_CASE_TOKEN';

/** The most scans each phase of a teardown makes before it gives up on a process that will not stop or die. */
const MAX_ROUNDS = 40;

/** A fresh token for one case (128 random bits, hex). */
export function newCaseToken(): string {
  return randomBytes(16).toString('hex');
}

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** when it started (clock ticks since boot): with the pid, a process that cannot be another reusing its number */
  start: string;
}

/** Processes seen in the system's tree earlier (treeSnapshot): pid -> start. */
export type KnownProcesses = ReadonlyMap<number, string>;

/** This user's live processes (not zombies) with their parents, groups and sessions, from /proc; none without it. */
function liveProcesses(): Proc[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const out: Proc[] = [];
  for (const n of names) {
    if (!/^\d+$/.test(n)) continue;
    try {
      if (uid !== undefined && statSync(`/proc/${n}`).uid !== uid) continue;
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      // "pid (comm) S ppid pgrp session ...": comm may hold spaces and parentheses, so read after the last ')'
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (f[0] === 'Z' || f[0] === 'X') continue;
      out.push({ pid: Number(n), ppid: Number(f[1]), pgid: Number(f[2]), sid: Number(f[3]), start: f[19] });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** Whether process `pid`'s environment carries `needle`; false where it is gone or not ours to read. */
function carries(pid: number, needle: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(needle);
  } catch {
    return false;
  }
}

/**
 * The live processes of the system's tree: `root`'s group and session (it leads both), the token's carriers, the
 * processes in `held` still alive, those `known` from an earlier snapshot (the same processes: same pid and start),
 * and every descendant of any of them. Never this process.
 */
function treeOf(
  token: string,
  root: number | undefined,
  held: KnownProcesses,
  known: KnownProcesses = new Map(),
): Proc[] {
  const needle = Buffer.from(`${CASE_TOKEN_VAR}=${token}`);
  const procs = liveProcesses().filter((p) => p.pid !== process.pid);
  const marked = new Set<number>();
  for (const p of procs) {
    // the first process leads its own session and group (spawned detached), so a process that merely reuses its
    // number once it is gone is not taken for it
    const ours = root !== undefined && (p.pgid === root || p.sid === root);
    const seen = held.get(p.pid) === p.start || known.get(p.pid) === p.start;
    if (ours || seen || carries(p.pid, needle)) marked.add(p.pid);
  }
  for (let grew = marked.size > 0; grew; ) {
    grew = false;
    for (const p of procs)
      if (!marked.has(p.pid) && marked.has(p.ppid)) {
        marked.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => marked.has(p.pid));
}

/** The live processes of this user that carry `token` in their environment, and their descendants. */
export function processesWithToken(token: string): number[] {
  return treeOf(token, undefined, new Map()).map((p) => p.pid);
}

/**
 * The system's tree as it stands (see treeOf), to be ended later with it (endProcessTree's `known`): taken while
 * the system still runs (when finish is sent), it keeps the link to a child that cleared its environment even once
 * the system has exited and left it nobody's child.
 */
export function treeSnapshot(token: string, root?: number): Map<number, string> {
  return new Map(treeOf(token, root, new Map()).map((p) => [p.pid, p.start]));
}

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone meanwhile */
  }
};

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleepSync = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/**
 * End the system's processes (see above): the tree of `root` (the process the harness started, which leads its own
 * group and session; where given), the `known` processes and every process carrying `token`, frozen first, then
 * killed, synchronously (so it can run in the Ctrl-C path too); returns how many were still alive at the last scan
 * (0: all gone).
 */
export function endProcessTree(token: string, root?: number, known?: KnownProcesses): number {
  const held = new Map<number, string>();
  // 1. freeze: no process of the tree can fork or exit out of reach while its children are being found
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fresh = treeOf(token, root, held, known).filter((p) => held.get(p.pid) !== p.start);
    if (!fresh.length) break;
    for (const p of fresh) {
      signal(p.pid, 'SIGSTOP');
      held.set(p.pid, p.start);
    }
  }
  // 2. kill them all
  if (root !== undefined) signal(-root, 'SIGKILL');
  for (const pid of held.keys()) signal(pid, 'SIGKILL');
  // 3. until none is left
  let left: number[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    left = treeOf(token, root, held, known).map((p) => p.pid);
    if (!left.length) return 0;
    for (const pid of left) signal(pid, 'SIGKILL');
    sleepSync(Math.min(2 << round, 50)); // a killed process takes a moment to become a zombie
  }
  return left.length;
}
