/**
 * One long-lived Blender process (render/blender/render_job.py) at a fixed quality: it builds a job's scene once
 * and renders frame after frame. Commands go as JSON lines on stdin; replies come on stdout prefixed "@@STB "
 * (Blender's chatter goes to stderr, which is always drained; its last lines are kept for error messages).
 *
 * A command that makes no reply within its timeout kills the process; `renderFrame` then restarts it, rebuilds
 * the scene and retries the frame. After `recycleAfter` frames the process is replaced, bounding memory.
 */
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { execa, type ResultPromise } from 'execa';
import { findBlender } from './find-blender.ts';
import type { CameraPose, Move } from './shot-list.ts';
import type { FramePaths } from './frame-files.ts';

/** The Blender-side script. */
export const RENDER_SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), 'blender', 'render_job.py');
export const PROTOCOL_PREFIX = '@@STB ';
/**
 * The line Blender writes to stderr after an error's traceback and before its error reply: stderr and the reply
 * travel on two pipes, so the reply can arrive first; the error waits for this line to hold the whole traceback.
 */
export const ERROR_WRITTEN = '@@STB error written';

export type RenderDevice = 'CPU' | 'CUDA' | 'OPTIX' | 'HIP' | 'METAL' | 'ONEAPI';

export interface BlenderProcessOptions {
  /** explicit Blender executable (else BLENDER, else PATH) */
  blender?: string;
  /** Cycles samples, fixed for the life of the process (a quality setting) */
  samples: number;
  /** compute device; a frame Blender rendered on another device is an error (default CPU) */
  device?: RenderDevice;
  /** render threads (0 = Blender's choice) */
  threads?: number;
  /** parent folder of the process's scratch folder (keep it on the build's file system); default the OS temp */
  workDir?: string;
  /** seconds without a reply before a command counts as hung (default 120) */
  timeoutBaseS?: number;
  /** extra seconds per sample per 640x480 pixels allowed to a frame (default 2) */
  timeoutPerSampleS?: number;
  /** replace the process after this many frames (default 500) */
  recycleAfter?: number;
  /** retries of a frame after a hang or crash (default 1) */
  retries?: number;
  /** extra environment for Blender */
  env?: Record<string, string>;
}

/** Blender's acknowledgement of a rendered frame. */
export interface FrameReply {
  render_s: number;
  /** CPU seconds the Blender process spent in the render call, all threads (steadier than render_s on a busy
   * machine; null when Blender did not report it) */
  cpu_s: number | null;
  /** samples Blender reports it rendered */
  samples: number | null;
  /** the sample target Blender reports */
  samples_total: number | null;
  device: string;
  blender: string;
  /** attempts this frame took (1 = first try) */
  attempts: number;
}

export interface FrameRequest {
  /** path of the shot list JSON (the scene is rebuilt when it changes) */
  jobPath: string;
  width: number;
  height: number;
  index: number;
  camera: CameraPose;
  /** absolute poses to apply before rendering (see resolvedMoves) */
  moves: Move[];
  /** where Blender puts the four files (temporary names next to the final ones) */
  out: FramePaths;
}

/** A command Blender answered with an error (bad job, bad move): retrying will not help. */
export class BlenderCommandError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string[],
  ) {
    super(message);
    this.name = 'BlenderCommandError';
  }
}
/** Blender hung or died during a command. */
export class BlenderCrash extends Error {
  constructor(
    message: string,
    readonly stderrTail: string[],
  ) {
    super(message);
    this.name = 'BlenderCrash';
  }
}

type Reply = Record<string, unknown> & { ok: boolean; cmd?: string; error?: string };

interface Pending {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

const TAIL_LINES = 200;

export class BlenderProcess {
  readonly opts: Required<Omit<BlenderProcessOptions, 'blender' | 'env'>> & Pick<BlenderProcessOptions, 'env'>;
  readonly executable: string;
  private child: ResultPromise | null = null;
  private scratch: string | null = null;
  private pending: Pending | null = null;
  private tail: string[] = [];
  private sceneJob: string | null = null;
  private framesSinceStart = 0;
  private exited = true;
  private stderrDone: Promise<void> = Promise.resolve();
  /** ERROR_WRITTEN lines read from this process's stderr, and who waits for the next one */
  private errorsWritten = 0;
  private errorWaiters: (() => void)[] = [];
  /** Blender's version string, once started */
  blenderVersion: string | null = null;
  /** how many times a process was started */
  starts = 0;

  constructor(options: BlenderProcessOptions) {
    this.executable = findBlender(options.blender);
    this.opts = {
      samples: options.samples,
      device: options.device ?? 'CPU',
      threads: options.threads ?? 0,
      workDir: options.workDir ?? tmpdir(),
      timeoutBaseS: options.timeoutBaseS ?? 120,
      timeoutPerSampleS: options.timeoutPerSampleS ?? 2,
      recycleAfter: options.recycleAfter ?? 500,
      retries: options.retries ?? 1,
      env: options.env,
    };
    if (!Number.isInteger(this.opts.samples) || this.opts.samples < 1)
      throw new Error('samples must be an integer >= 1');
  }

  /** The last lines Blender wrote to stderr. */
  stderrTail(): string[] {
    return [...this.tail];
  }

  private remember(line: string): void {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.splice(0, this.tail.length - TAIL_LINES);
  }

  /** Start Blender and wait for its greeting (no-op when running). */
  async start(): Promise<void> {
    if (this.child && !this.exited) return;
    mkdirSync(this.opts.workDir, { recursive: true });
    this.scratch = mkdtempSync(join(this.opts.workDir, 'blender-'));
    const args = [
      '-b',
      '--factory-startup',
      '-noaudio',
      '--python-exit-code',
      '1',
      '-P',
      RENDER_SCRIPT,
      '--',
      '--samples',
      String(this.opts.samples),
      '--device',
      this.opts.device,
      '--workdir',
      this.scratch,
    ];
    if (this.opts.threads > 0) args.push('--threads', String(this.opts.threads));
    const child = execa(this.executable, args, {
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      reject: false,
      cleanup: true,
      env: this.opts.env,
      extendEnv: true,
    });
    this.child = child;
    this.exited = false;
    this.sceneJob = null;
    this.framesSinceStart = 0;
    this.starts++;
    createInterface({ input: child.stdout! }).on('line', (line) => this.onStdout(line));
    const errLines = createInterface({ input: child.stderr! });
    this.errorsWritten = 0;
    errLines.on('line', (line) => {
      if (line !== ERROR_WRITTEN) return this.remember(line);
      this.errorsWritten++;
      for (const w of this.errorWaiters.splice(0)) w();
    });
    this.stderrDone = new Promise((r) => errLines.once('close', () => r()));
    child.stdin!.on('error', () => {}); // a dead process: the exit handler reports it
    void child.then(async (r) => {
      if (this.child !== child) return;
      this.exited = true;
      await this.drained(2);
      const why = r.signal ? `signal ${r.signal}` : `exit code ${r.exitCode}`;
      this.failPending(new BlenderCrash(`Blender exited (${why})`, this.stderrTail()));
    });
    const hello = await this.await(this.opts.timeoutBaseS, 'start');
    this.blenderVersion = String(hello.blender ?? '');
  }

  private onStdout(line: string): void {
    if (!line.startsWith(PROTOCOL_PREFIX)) {
      this.remember(line);
      return;
    }
    let msg: Reply;
    try {
      msg = JSON.parse(line.slice(PROTOCOL_PREFIX.length));
    } catch {
      this.remember(line);
      return;
    }
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.resolve(msg);
  }

  private failPending(e: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.reject(e);
  }

  private await(timeoutS: number, what: string): Promise<Reply> {
    return new Promise<Reply>((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.failPending(
          new BlenderCrash(`Blender made no progress on ${what} for ${timeoutS} s; killed`, this.stderrTail()),
        );
        this.kill();
      }, timeoutS * 1000);
      this.pending = { resolve: resolvePromise, reject, timer };
    });
  }

  /** Send one command and wait for its reply; an `ok: false` reply throws BlenderCommandError. */
  private async command(cmd: Record<string, unknown>, timeoutS: number): Promise<Reply> {
    await this.start();
    if (this.pending) throw new Error('BlenderProcess: one command at a time');
    const errorsBefore = this.errorsWritten;
    const reply = this.await(timeoutS, String(cmd.cmd));
    this.child!.stdin!.write(JSON.stringify(cmd) + '\n');
    const r = await reply;
    if (!r.ok) {
      await this.errorWritten(errorsBefore, 5);
      throw new BlenderCommandError(`Blender: ${cmd.cmd}: ${r.error}`, this.stderrTail());
    }
    return r;
  }

  /** Wait (at most `s` seconds) until stderr has carried an ERROR_WRITTEN line after the `before`th. */
  private errorWritten(before: number, s: number): Promise<void> {
    if (this.errorsWritten > before) return Promise.resolve();
    return new Promise<void>((done) => {
      const timer = setTimeout(done, s * 1000).unref();
      this.errorWaiters.push(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  private frameTimeoutS(width: number, height: number): number {
    return (
      this.opts.timeoutBaseS +
      this.opts.timeoutPerSampleS * this.opts.samples * Math.max(1, (width * height) / (640 * 480))
    );
  }

  /** Render one frame; restarts and retries after a hang or crash. */
  async renderFrame(req: FrameRequest): Promise<FrameReply> {
    let lastErr: Error | null = null;
    for (let attempt = 1; attempt <= 1 + this.opts.retries; attempt++) {
      try {
        if (this.framesSinceStart >= this.opts.recycleAfter) await this.close();
        if (this.sceneJob !== req.jobPath) {
          await this.command({ cmd: 'scene', job: req.jobPath }, this.opts.timeoutBaseS);
          this.sceneJob = req.jobPath;
        }
        const r = await this.command(
          { cmd: 'frame', index: req.index, out: req.out, camera: req.camera, moves: req.moves },
          this.frameTimeoutS(req.width, req.height),
        );
        this.framesSinceStart++;
        const reply: FrameReply = {
          render_s: Number(r.render_s),
          cpu_s: typeof r.cpu_s === 'number' ? r.cpu_s : null,
          samples: typeof r.samples === 'number' ? r.samples : null,
          samples_total: typeof r.samples_total === 'number' ? r.samples_total : null,
          device: String(r.device),
          blender: this.blenderVersion ?? '',
          attempts: attempt,
        };
        if (reply.device !== this.opts.device)
          throw new BlenderCommandError(
            `Blender rendered frame ${req.index} on ${reply.device}, not on the requested device ${this.opts.device}`,
            this.stderrTail(),
          );
        if (reply.samples_total !== null && reply.samples_total !== this.opts.samples)
          throw new BlenderCommandError(
            `Blender rendered frame ${req.index} with ${reply.samples_total} samples, not the ${this.opts.samples} requested`,
            this.stderrTail(),
          );
        return reply;
      } catch (e) {
        if (!(e instanceof BlenderCrash)) throw e;
        lastErr = e;
        this.kill();
      }
    }
    const tail = lastErr instanceof BlenderCrash ? lastErr.stderrTail.slice(-20).join('\n') : '';
    throw new BlenderCrash(
      `${lastErr?.message} (frame ${req.index}, ${1 + this.opts.retries} attempts)\n${tail}`,
      this.stderrTail(),
    );
  }

  /** Wait (at most `s` seconds) until everything Blender wrote to stderr has been read. */
  private drained(s: number): Promise<void> {
    return Promise.race([this.stderrDone, new Promise<void>((r) => setTimeout(r, s * 1000).unref())]);
  }

  /** Kill the process now (no goodbye). */
  kill(): void {
    const child = this.child;
    if (child && !this.exited) child.kill('SIGKILL');
    this.exited = true;
    this.child = null;
    this.sceneJob = null;
    this.failPending(new BlenderCrash('Blender killed', this.stderrTail()));
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
    this.scratch = null;
  }

  /** Ask Blender to quit and wait for it (kills it when it does not answer in time). */
  async close(timeoutS = 30): Promise<void> {
    const child = this.child;
    if (!child || this.exited) {
      this.kill();
      return;
    }
    try {
      await this.command({ cmd: 'quit' }, timeoutS);
      child.stdin!.end();
      await Promise.race([child, new Promise((r) => setTimeout(r, timeoutS * 1000).unref())]);
      await this.drained(2);
    } catch {
      // fall through to kill
    }
    this.kill();
  }
}
