/** Every subcommand of `stbench`, in the order the stages run. Each module adds its command to the program. */
import type { Command } from 'commander';
import { registerBuild } from './build.ts';
import { registerCheck } from './check.ts';
import { registerCompile } from './compile.ts';
import { registerEval } from './eval.ts';
import { registerExport } from './export.ts';
import { registerMap } from './map.ts';
import { registerPlace } from './place.ts';
import { registerPlot } from './plot.ts';
import { registerRender } from './render.ts';
import { registerRun } from './run.ts';
import { registerScore } from './score.ts';
import { registerScript } from './script.ts';
import { registerValidate } from './validate.ts';
import { registerView } from './view.ts';

export type RegisterCommand = (program: Command) => void;

/** In the order `stbench --help` lists them: the stages first, then the tools around them. */
export const commands: RegisterCommand[] = [
  registerBuild,
  registerValidate,
  registerScript,
  registerRender,
  registerCompile,
  registerCheck,
  registerExport,
  registerEval,
  registerRun,
  registerScore,
  registerView,
  registerMap,
  registerPlace,
  registerPlot,
];
