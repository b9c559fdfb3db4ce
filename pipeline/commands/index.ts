/** Every subcommand of `stbench`, in the order the stages run. Each module adds its command to the program. */
import type { Command } from 'commander';
import { registerValidate } from './validate.ts';
import { registerMap } from './map.ts';
import { registerScore } from './score.ts';
import { registerScript } from './script.ts';
import { registerPlot } from './plot.ts';
import { registerRun } from './run.ts';
import { registerView } from './view.ts';
import { registerRender } from './render.ts';
import { registerExport } from './export.ts';
import { registerCompile } from './compile.ts';
import { registerCheck } from './check.ts';
import { registerEval } from './eval.ts';

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [registerValidate, registerMap, registerScore, registerScript, registerPlot, registerRun, registerRender, registerCompile, registerView, registerExport, registerCheck, registerEval];
