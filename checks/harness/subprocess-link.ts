/**
 * The subprocess transport: a fresh process per case (`/bin/sh -c COMMAND`, in its own process group), one JSON
 * message per line on its stdin, one JSON reply per line on its stdout; stderr is drained and its tail kept for
 * the broken reason. The process gets a fresh, empty state folder in STBENCH_STATE_DIR (its own memory, removed at
 * teardown) and a random token in STBENCH_CASE_TOKEN (process-tree.ts). As a plain process (--local) it gets the
 * harness's whole environment and runs in a PID namespace of its own where bwrap can make one (sandbox.ts
 * localSpawn). Teardown always happens: after finish the process has a grace period to exit, then every process it
 * started is killed (its tree, frozen and found from /proc before any kill, and every process carrying its token:
 * one that called setsid or forked twice too; with the namespace, every process in it), and on Ctrl-C too
 * (foundation/interrupt.ts). A reply line is at most MAX_REPLY_BYTES long: a system that writes more without ending
 * the line (or floods stdout between asks) is ended at once and its case is broken ("reply too long"), so no system
 * can make the harness hold unbounded output. Python's NaN and Infinity in a reply are read
 * (foundation/json-nonfinite.ts), so that such a value makes only its own answer invalid. What the system writes
 * after finish (within the grace) is kept for the driver (`trailing`): its last cost report.
 *
 * A system with a sandbox (sandbox.ts) runs the same `/bin/sh -c COMMAND` inside bwrap, which leads the process
 * group: killing the group kills bwrap, and with it (its own PID namespace, --die-with-parent) every process of the
 * sandbox. It sees its code folders, the stage folder and its state folder, at the same paths as outside, and of the
 * environment only the sandbox's allow-list (sandbox.ts SANDBOX_ENV) with its own variables; its code folders are
 * checked (sandbox.ts checkCodeFolders) against the data folder (`hide`) when its first case on that data folder
 * starts, not again for every case (read-only in the sandbox, they cannot change under the system).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt, parseJsonNonFinite } from '../../foundation/index.ts';
import type { Message } from './protocol.ts';
import { CASE_TOKEN_VAR, endProcessTree, type KnownProcesses, newCaseToken, treeSnapshot } from './process-tree.ts';
import { checkCodeFolders, localSpawn, sandboxSpawn } from './sandbox.ts';
import { BrokenSystem, type CommandSystem, type Link } from './system.ts';

const STDERR_TAIL = 2000;
const SHOWN = 200;

/**
 * The longest reply line (and the most unread output) a system may write: 8 MiB. An ask's answers are small (a
 * list answer holds at most 200 places, about 10 KB), so even an ask of hundreds of questions fits in a few hundred
 * KB; more is a system that lost its way.
 */
export const MAX_REPLY_BYTES = 8 << 20;

export interface SubprocessOptions {
  /** how long the process may take to exit after finish before it is killed, ms */
  finishGraceMs?: number;
  /** the case's stage folder of frames (read-only in the sandbox) */
  stageDir?: string;
  /** folders the sandboxed system must not see (the data folder): no code folder may hold one or lie inside one */
  hide?: readonly string[];
}

/** The real paths of each system's code folders, checked once for each data folder it runs on. */
const checkedFolders = new WeakMap<CommandSystem, Map<string, string[]>>();

export function subprocessLink(sys: CommandSystem, opts: SubprocessOptions = {}): Link {
  const grace = opts.finishGraceMs ?? 5000;
  const stateDir = mkdtempSync(join(tmpdir(), 'stbench-state-'));
  const token = newCaseToken();
  const systemEnv = { ...sys.env, [CASE_TOKEN_VAR]: token };
  let how: { file: string; args: string[]; env: NodeJS.ProcessEnv; cwd?: string };
  try {
    if (sys.sandbox) {
      const codeDirs = sys.codeDirs ?? [sys.cwd ?? process.cwd()];
      const hidden = (opts.hide ?? []).map((path) => ({ path, what: 'the data folder' }));
      // the walk below the code folders once per system and data folder (a run), not once per case
      const key = JSON.stringify([codeDirs, opts.hide ?? []]);
      const memo = checkedFolders.get(sys) ?? new Map<string, string[]>();
      checkedFolders.set(sys, memo);
      const checked = memo.get(key) ?? checkCodeFolders(codeDirs, { hidden });
      memo.set(key, checked);
      how = sandboxSpawn(sys.sandbox, {
        command: sys.command,
        codeDirs,
        cwd: sys.cwd ?? process.cwd(),
        stageDir: opts.stageDir,
        stateDir,
        hidden,
        checked,
        env: process.env,
        systemEnv,
      });
    } else {
      // a plain process: the whole environment, as the harness's; in a PID namespace of its own where bwrap can
      // make one (sandbox.ts localSpawn)
      const env = { ...process.env, ...systemEnv, STBENCH_STATE_DIR: stateDir };
      how = { ...localSpawn(sys.command, sys.cwd), env, cwd: sys.cwd };
    }
  } catch (e) {
    rmSync(stateDir, { recursive: true, force: true });
    throw e;
  }
  const child = spawn(how.file, how.args, {
    cwd: how.cwd,
    env: how.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stderrTail = '';
  let pending = '';
  const lines: string[] = [];
  let closed: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let spawnError: Error | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  let buffered = 0; // characters held in `lines`
  let finished = false; // finish was sent: what comes now is the system's last word (a cost line), read at close
  let tooLong: string | null = null;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (tooLong) return;
    const ends = chunk.includes('\n'); // only a chunk with a newline can end a line: no rescan of a long one
    pending += chunk;
    let i: number;
    while (ends && (i = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, i).replace(/\r$/, '');
      pending = pending.slice(i + 1);
      if (line.trim()) {
        lines.push(line);
        buffered += line.length;
      }
    }
    if (pending.length > MAX_REPLY_BYTES || buffered > MAX_REPLY_BYTES) {
      tooLong =
        pending.length > MAX_REPLY_BYTES
          ? `reply too long: over ${MAX_REPLY_BYTES >> 20} MiB without ending the line (it begins ${JSON.stringify(pending.slice(0, 60))}); the system was ended`
          : `reply too long: over ${MAX_REPLY_BYTES >> 20} MiB of output waiting to be read; the system was ended`;
      pending = '';
      lines.length = 0;
      buffered = 0;
      kill();
      child.stdout.destroy();
    }
    if (lines.length || tooLong) poke();
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
  });
  child.stdin.on('error', () => {
    /* EPIPE after the process died: reported through close */
  });
  child.on('error', (e) => {
    spawnError = e;
    poke();
  });
  // Ctrl-C: every process of the system and its state folder go with us
  const offInterrupt = onInterrupt(() => {
    kill();
    rmSync(stateDir, { recursive: true, force: true });
  });
  // the process itself has exited (its pipes may still be held by a child it left)
  const exitedP = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const closedP = new Promise<void>((resolve) => {
    child.on('close', (code, signal) => {
      if (pending.trim() && !tooLong) lines.push(pending);
      pending = '';
      closed = { code, signal };
      poke();
      resolve();
    });
  });

  const exitReason = () => {
    if (spawnError) return `the system could not start: ${spawnError.message}`;
    const c = closed!;
    const how = c.signal ? `was killed by ${c.signal}` : `exited with code ${c.code}`;
    const tail = stderrTail.trim();
    return `the system ${how} before replying${tail ? `; stderr ends: ${tail.slice(-SHOWN * 2)}` : ''}`;
  };

  async function nextLine(timeoutMs: number, what: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (tooLong) throw new BrokenSystem(tooLong);
      const line = lines.shift();
      if (line !== undefined) {
        buffered -= line.length;
        return line;
      }
      if (closed || spawnError) throw new BrokenSystem(exitReason());
      const left = deadline - Date.now();
      if (left <= 0) throw new BrokenSystem(`no reply to ${what} within ${timeoutMs / 1000} s`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          wake = null;
          resolve();
        }, left);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  let known: KnownProcesses | undefined; // the tree as it stood when finish was sent

  /** End every process the system started: its tree, what was in it at finish, and every carrier of its token. */
  function kill() {
    endProcessTree(token, child.pid, known);
  }

  return {
    async exchange(msg: Message, timeoutMs: number): Promise<unknown> {
      if (tooLong) throw new BrokenSystem(tooLong);
      if (closed || spawnError) throw new BrokenSystem(exitReason());
      if (lines.length) throw new BrokenSystem(`the system wrote unasked output: ${lines[0].slice(0, SHOWN)}`);
      // while the system still runs: a child that cleared its environment is still linked to it
      if (msg.type === 'finish' && child.pid !== undefined) known = treeSnapshot(token, child.pid);
      child.stdin.write(JSON.stringify(msg) + '\n');
      if (msg.type === 'finish') {
        finished = true;
        child.stdin.end();
        return undefined;
      }
      const line = await nextLine(timeoutMs, msg.type);
      try {
        return parseJsonNonFinite(line);
      } catch {
        throw new BrokenSystem(`garbage on stdout in reply to ${msg.type} (not JSON): ${line.slice(0, SHOWN)}`);
      }
    },
    async close(abort = false) {
      if (!closed && !abort) {
        if (!child.stdin.destroyed) child.stdin.end();
        let t: NodeJS.Timeout | undefined;
        // the grace ends when the process exits: what it left running must not keep its case open
        await Promise.race([exitedP, closedP, new Promise<void>((r) => (t = setTimeout(r, grace)))]);
        clearTimeout(t);
      }
      kill(); // everything it started: children the command left behind go too
      if (!closed) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([closedP, new Promise<void>((r) => (t = setTimeout(r, 2000)))]);
        clearTimeout(t);
      }
      child.stdout.destroy();
      child.stderr.destroy();
      rmSync(stateDir, { recursive: true, force: true });
      offInterrupt();
    },
    trailing: () => (finished && !tooLong ? [...lines] : []),
  };
}
