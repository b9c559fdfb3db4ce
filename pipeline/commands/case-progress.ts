/** Progress over cases for check and eval, one bar per system (with the dollars spent, for a system that reports them). */
import type { RunProgress } from '../../checks/harness/index.ts';
import { formatUsd } from '../../formats/cost.ts';
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
      const notes = [...(p.broken ? [`broken ${p.broken}`] : []), ...(p.usd > 0 ? [`$${formatUsd(p.usd)}`] : [])];
      bar!.update(p.done, p.total, notes.map((n) => `| ${n}`).join(' '));
    },
    stop: () => {
      bar?.stop();
      bar = null;
      current = null;
    },
  };
}
