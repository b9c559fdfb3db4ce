/**
 * `stbench plot SCRIPT_DIR --out plan.png`: draw a script's plan (BUILD/scripts/<sid>) with the map, the routes,
 * the decision frames, the things, people's tracks and the changes between tasks. Reads the build-only plan
 * (BUILD/.stbench/scripts/<sid>/plan.json) and the timeline (BUILD/private/<sid>/timeline.json). The picture goes
 * outside the build (a build is written by its stages only) and any dataset (foundation/output-path.ts).
 */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseTimeline } from '../../layouts/timeline.ts';
import { checkOutputFile, InputError, metaDir, readText } from '../../foundation/index.ts';
import { plotPlan, type PlotPlan } from '../../script/plot.ts';

export function registerPlot(program: Command): void {
  program
    .command('plot')
    .description("draw a script's plan: map, route, decision frames, things, people and the changes between tasks")
    .argument('<script_dir>', 'a script folder, BUILD/scripts/<sid>')
    .requiredOption('--out <png>', 'picture to write')
    .action(async (dir: string, o: { out: string }) => {
      const sdir = resolve(dir);
      const sid = basename(sdir);
      const build = dirname(dirname(sdir));
      const planFile = join(metaDir(build), 'scripts', sid, 'plan.json');
      const tlFile = join(build, 'private', sid, 'timeline.json');
      for (const f of [planFile, tlFile])
        if (!existsSync(f))
          throw new InputError({
            file: f,
            path: '',
            message: `missing: ${dir} is not a script folder of a build made by stbench script`,
          });
      checkOutputFile(o.out, { flag: '--out', inputs: [{ path: sdir, as: 'SCRIPT_DIR' }, planFile, tlFile] });
      const json = (f: string): unknown => {
        try {
          return JSON.parse(readText(f));
        } catch (e) {
          if (e instanceof InputError) throw e;
          throw new InputError({ file: f, path: '', message: `not readable JSON: ${(e as Error).message}` });
        }
      };
      const plan = json(planFile) as PlotPlan;
      const tl = parseTimeline(json(tlFile), tlFile);
      await plotPlan(plan, tl).writePng(resolve(o.out));
      process.stdout.write(`wrote ${resolve(o.out)}\n`);
    });
}
