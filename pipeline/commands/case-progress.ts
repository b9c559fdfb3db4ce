/** A progress bar over cases for check and eval: a bar on a terminal, a line per quarter elsewhere. */
import cliProgress from 'cli-progress';
import type { RunProgress } from '../../checks/harness/index.ts';

export function caseProgress(): { update: (label: string, p: RunProgress) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} |{bar}| {value}/{total} cases | broken {broken}', stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let current: string | null = null;
    return {
      update: (label, p) => {
        const payload = { label: label.padEnd(17), broken: p.broken };
        if (current !== label) {
          if (current !== null) bar.stop();
          bar.start(p.total, p.done, payload);
          current = label;
        } else bar.update(p.done, payload);
      },
      stop: () => {
        if (current !== null) bar.stop();
        current = null;
      },
    };
  }
  const last = new Map<string, number>();
  return {
    update: (label, p) => {
      const q = p.total ? Math.floor((4 * p.done) / p.total) : 4;
      if (last.get(label) === q) return;
      last.set(label, q);
      process.stderr.write(`${label}: ${p.done}/${p.total} cases${p.broken ? `, ${p.broken} broken` : ''}\n`);
    },
    stop: () => {},
  };
}
