/** Progress over cases for check and eval, one bar per system. */
import type { RunProgress } from '../../checks/harness/index.ts';
import { progress, type Progress } from '../progress.ts';

export function caseProgress(): { update: (label: string, p: RunProgress) => void; stop: () => void } {
  let current: string | null = null;
  let bar: Progress | null = null;
  return {
    update: (label, p) => {
      if (current !== label) {
        bar?.stop();
        bar = progress(label.padEnd(17), 'cases');
        current = label;
      }
      bar!.update(p.done, p.total, p.broken ? `| broken ${p.broken}` : '');
    },
    stop: () => {
      bar?.stop();
      bar = null;
      current = null;
    },
  };
}
