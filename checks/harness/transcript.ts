/**
 * A case's transcript: RUN_DIR/transcripts/<cid>.jsonl, one JSON event per line, written as the case runs (a crash
 * leaves what happened up to it). The driver writes every message it sends and every reply (run-case.ts); a
 * model-backed system adds what its model did (checks/agents/: the prompts, each model call's text and tool calls,
 * the tool results, usage, retries, errors). Frames appear by their path inside the data folder, never inlined.
 * Each attempt of a case (a --retry-broken rerun) appends to the same file after an `attempt` line, so a broken
 * attempt's record is kept beside the one that replaced it.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const TRANSCRIPT_FORMAT = 'stbench.transcript/1';

/** One line of a transcript: its kind, the milliseconds since the attempt began, and the kind's own fields. */
export interface TranscriptEvent {
  kind: string;
  [field: string]: unknown;
}

export function transcriptPath(runDir: string, cid: string): string {
  return join(runDir, 'transcripts', `${cid}.jsonl`);
}

/** An open transcript: `write` appends one event (synchronously: the line is on disk when it returns). */
export interface Transcript {
  readonly file: string | null;
  write(event: TranscriptEvent): void;
}

/** A transcript that keeps nothing (a run without a run folder: the check's own runs, tests). */
export const NO_TRANSCRIPT: Transcript = { file: null, write() {} };

/** Open a case's transcript for a new attempt: appends the `attempt` line (format, attempt number, system). */
export function openTranscript(file: string, head: { cid: string; system: string; channel: string }): Transcript {
  mkdirSync(dirname(file), { recursive: true });
  const attempt = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{"kind":"attempt"')).length + 1
    : 1;
  const t0 = performance.now();
  const write = (event: TranscriptEvent) => {
    const { kind, ...rest } = event;
    appendFileSync(file, `${JSON.stringify({ kind, ms: Math.round(performance.now() - t0), ...rest })}\n`);
  };
  write({
    kind: 'attempt',
    format: TRANSCRIPT_FORMAT,
    attempt,
    at: new Date().toISOString(),
    ...head,
  });
  return { file, write };
}

/** A transcript's events, grouped by attempt (the last is the one whose outcome the run folder holds). */
export function readTranscript(file: string): TranscriptEvent[][] {
  const attempts: TranscriptEvent[][] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let e: TranscriptEvent;
    try {
      e = JSON.parse(line);
    } catch {
      continue; // a line cut short by a crash
    }
    if (e.kind === 'attempt' || attempts.length === 0) attempts.push([]);
    attempts[attempts.length - 1].push(e);
  }
  return attempts;
}
