/**
 * Progress for long work: a bar on a terminal (cli-progress), a line every tenth of the way elsewhere (logs, CI).
 * Every stage's command uses it, so progress looks the same everywhere.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** done of total units, with a short note shown after the bar (fps, ETA, the script at hand) */
  update(done: number, total: number, note?: string): void;
  stop(): void;
}

export function progress(label: string, unit: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} |{bar}| {value}/{total} ${unit} {note}`, stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update: (done, total, note = '') => {
        if (!started) {
          bar.start(total, done, { note });
          started = true;
        } else {
          bar.setTotal(total);
          bar.update(done, { note });
        }
      },
      stop: () => {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let last = -1;
  return {
    update: (done, total, note = '') => {
      const tenth = total ? Math.floor((10 * done) / total) : 10;
      if (tenth === last) return;
      last = tenth;
      stream.write(`${label}: ${done}/${total} ${unit}${note ? ` ${note}` : ''}\n`);
    },
    stop: () => {},
  };
}
