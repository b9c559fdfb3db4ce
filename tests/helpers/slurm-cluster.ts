/**
 * A one-node Slurm cluster on this machine for a test: munged with a key of its own, slurmctld and slurmd, all
 * started in the foreground as children of the test process, configured by a slurm.conf in a temporary folder
 * (state, spool, logs and the munge socket are there too, the ports are free ones), so nothing of the machine's
 * own Slurm or munge setup is used or touched. Clients reach it through SLURM_CONF (`cluster.env`).
 *
 *   const started = await startSlurmCluster();
 *   if (started.skip) ...                           // why no cluster could start: not installed, refused, ...
 *   await execa('sbatch', [...], { env: started.cluster.env });
 *   await started.cluster.stop();                   // cancels its jobs, stops the daemons, removes the folder
 *
 * The node advertises `cpus` CPUs and `memoryMb` of memory, more than the machine may have
 * (SlurmdParameters=config_overrides), so a batch script written for a real cluster node (8 CPUs, 16 GB a task)
 * runs unchanged; nothing is bound or limited (task/none, no cgroups), so the jobs share the machine's cores.
 * Needs Debian's slurm-wlm and munge (apt-get install slurm-wlm munge); tried with Slurm 22.05 as root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { execa } from 'execa';

export interface SlurmCluster {
  /** the temporary folder: slurm.conf, state, spool, logs, the munge key and socket */
  dir: string;
  /** the node's name (this machine's short host name) */
  node: string;
  /** the environment for Slurm's clients: this process's, without any SLURM_* / SBATCH_* / SRUN_*, plus SLURM_CONF */
  env: Record<string, string>;
  /** the daemons' logs, last lines of each (for a failure message) */
  logs(): string;
  /** cancel every job, stop the daemons, remove the folder */
  stop(): Promise<void>;
}

export type SlurmStart = { cluster: SlurmCluster; skip?: undefined } | { cluster?: undefined; skip: string };

export interface SlurmClusterOptions {
  /** CPUs the node advertises (default 16: two tasks of 8) */
  cpus?: number;
  /** memory the node advertises, MB (default 32768: two tasks of 16 GB) */
  memoryMb?: number;
  /** how long to wait for the node to be idle, ms (default 60 s) */
  startTimeoutMs?: number;
}

const DAEMONS = ['munged', 'slurmctld', 'slurmd'] as const;
const CLIENTS = ['sbatch', 'sinfo', 'scontrol', 'scancel', 'munge'] as const;

/** An executable on PATH or in the sbin folders (not on a user's PATH on Debian). */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const d of dirs) if (d && existsSync(join(d, name))) return join(d, name);
  return null;
}

/** Why no cluster can be started here without trying (a missing program), or null. */
export function slurmMissing(): string | null {
  const missing = [...DAEMONS, ...CLIENTS].filter((n) => !findExecutable(n));
  return missing.length
    ? `Slurm or munge is not installed (no ${missing.join(', ')}): apt-get install slurm-wlm munge`
    : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function clientEnv(conf: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(SLURM|SBATCH|SRUN|SALLOC|SQUEUE|SINFO)_/.test(k)) env[k] = v;
  env.SLURM_CONF = conf;
  return env;
}

function tail(file: string, lines = 15): string {
  if (!existsSync(file)) return `(${file}: none)`;
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

function exited(p: ChildProcess): boolean {
  return p.exitCode !== null || p.signalCode !== null;
}

async function stopProcess(p: ChildProcess, graceMs = 10_000): Promise<void> {
  if (exited(p)) return;
  const done = new Promise<void>((r) => p.once('exit', () => r()));
  p.kill('SIGTERM');
  const t = setTimeout(() => p.kill('SIGKILL'), graceMs);
  await done;
  clearTimeout(t);
}

/** Start the cluster; a cluster that cannot start (not installed, a daemon refused) is a skip reason, not an error. */
export async function startSlurmCluster(opts: SlurmClusterOptions = {}): Promise<SlurmStart> {
  const missing = slurmMissing();
  if (missing) return { skip: missing };
  const cpus = opts.cpus ?? 16;
  const memoryMb = opts.memoryMb ?? 32_768;
  const dir = mkdtempSync(join(tmpdir(), 'stbench-slurm-'));
  // munged wants its socket's folders searchable by everyone, and its key readable by its user alone
  chmodSync(dir, 0o755);
  for (const d of ['munge', 'state', 'spool', 'log']) mkdirSync(join(dir, d), { mode: 0o755 });
  mkdirSync(join(dir, 'munge-key'), { mode: 0o700 });
  const key = join(dir, 'munge-key', 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o600 });
  const socket = join(dir, 'munge', 'munge.socket');
  const node = hostname().split('.')[0];
  const user = userInfo().username;
  const [ctldPort, dPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=stbenchtest',
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmUser=${user}`,
      `SlurmdUser=${user}`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'log', 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'log', 'slurmd.log')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'SchedulerType=sched/backfill',
      // a job whose dependency can no longer be met (afterok on a failed job) is cancelled, not left pending
      'SchedulerParameters=kill_invalid_depend',
      'SlurmdParameters=config_overrides',
      'ReturnToService=2',
      'MpiDefault=none',
      'MailProg=/bin/true',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      // finished jobs stay visible to scontrol for the test's whole run
      'MinJobAge=3600',
      'KillWait=5',
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${cpus} RealMemory=${memoryMb} State=UNKNOWN`,
      'PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP',
      '',
    ].join('\n'),
  );
  const env = clientEnv(conf);
  const procs: ChildProcess[] = [];
  const killAll = () => {
    for (const p of procs) if (!exited(p)) p.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const start = (name: string, args: string[]) => {
    const out = openSync(join(dir, 'log', `${name}.out`), 'a');
    const p = spawn(findExecutable(name)!, args, { env, stdio: ['ignore', out, out] });
    p.on('error', () => {});
    procs.push(p);
    return p;
  };
  const logs = () =>
    ['munged.out', 'munged.log', 'slurmctld.out', 'slurmctld.log', 'slurmd.out', 'slurmd.log']
      .map((f) => join(dir, 'log', f))
      .filter((f) => existsSync(f))
      .map((f) => `--- ${f}\n${tail(f)}`)
      .join('\n');
  const stop = async () => {
    if (procs.some((p) => !exited(p)))
      await execa(findExecutable('scancel')!, ['--user', user], { env, reject: false, timeout: 10_000 });
    for (const p of [...procs].reverse()) await stopProcess(p);
    process.removeListener('exit', killAll);
    rmSync(dir, { recursive: true, force: true });
  };
  const fail = async (why: string): Promise<SlurmStart> => {
    const detail = logs();
    await stop();
    return { skip: `${why}\n${detail}` };
  };

  const munged = start('munged', [
    '-F',
    '-f',
    `--key-file=${key}`,
    `--socket=${socket}`,
    `--pid-file=${join(dir, 'munge', 'munged.pid')}`,
    `--log-file=${join(dir, 'log', 'munged.log')}`,
    `--seed-file=${join(dir, 'munge', 'munged.seed')}`,
  ]);
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (;;) {
    if (exited(munged)) return fail(`munged exited (${munged.exitCode ?? munged.signalCode})`);
    const probe = await execa(findExecutable('munge')!, ['-n', '-S', socket], { reject: false, env });
    if (probe.exitCode === 0) break;
    if (Date.now() > deadline) return fail(`munged gave no credential: ${probe.stderr}`);
    await sleep(200);
  }
  const ctld = start('slurmctld', ['-D', '-c', '-f', conf]);
  const slurmd = start('slurmd', ['-D', '-N', node, '-f', conf]);
  let last = '';
  for (;;) {
    for (const [name, p] of [
      ['slurmctld', ctld],
      ['slurmd', slurmd],
    ] as const)
      if (exited(p)) return fail(`${name} exited (${p.exitCode ?? p.signalCode})`);
    const s = await execa(findExecutable('sinfo')!, ['-h', '-N', '-n', node, '-o', '%T'], { reject: false, env });
    last = `${s.stdout}${s.stderr}`.trim();
    if (s.exitCode === 0 && last === 'idle') break;
    if (Date.now() > deadline) return fail(`the node did not become idle within the start timeout (sinfo: ${last})`);
    await sleep(500);
  }
  return { cluster: { dir, node, env, logs, stop } };
}
