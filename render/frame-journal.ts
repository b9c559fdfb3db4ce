/**
 * The frame journal (BUILD/.stbench/scripts/<sid>/render_frames.jsonl): one line appended per rendered frame as
 * soon as its files are committed, so that what Blender reported for a frame (samples, device, times) survives an
 * interruption and reaches the render log of a later, resumed run. A line is there whole or not at all
 * (foundation/atomic.ts appendLineWhole: a full disk cuts the file back and names it; a line torn by a kill is cut
 * off before the next append, and ignored by a reader until then); the last line of a frame wins; a line counts only
 * while the frame's files still have the hashes it records.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendLineWhole } from '../foundation/index.ts';
import type { FrameKind, FrameLogEntry } from './frame-files.ts';

export interface JournalEntry {
  index: number;
  render_s: number | null;
  wall_s: number | null;
  samples: number | null;
  device: string | null;
  blender: string | null;
  attempts: number;
  sha256: Record<FrameKind, string>;
  /** sha256 of the shot list the frame was rendered from */
  job_sha256: string;
}

export function journalPath(build: string, sid: string): string {
  return join(build, '.stbench', 'scripts', sid, 'render_frames.jsonl');
}

/** Append a rendered frame's entry (one line, whole or not at all; a failure is a WriteFailed naming the journal). */
export function appendJournal(build: string, e: FrameLogEntry, jobSha256: string): void {
  const p = journalPath(build, e.sid);
  const row: JournalEntry = {
    index: e.index,
    render_s: e.render_s,
    wall_s: e.wall_s,
    samples: e.samples,
    device: e.device,
    blender: e.blender,
    attempts: e.attempts,
    sha256: e.sha256,
    job_sha256: jobSha256,
  };
  appendLineWhole(p, JSON.stringify(row) + '\n');
}

/** The journal's latest entry per frame index (unreadable lines skipped). */
export function readJournal(build: string, sid: string): Map<number, JournalEntry> {
  const out = new Map<number, JournalEntry>();
  const p = journalPath(build, sid);
  if (!existsSync(p)) return out;
  for (const line of readFileSync(p, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as JournalEntry;
      if (typeof e.index === 'number' && e.sha256) out.set(e.index, e);
    } catch {
      // a line torn by an interruption
    }
  }
  return out;
}
