/** Every subcommand of `stbench`, in the order the stages run. Each module adds its command to the program. */
import type { Command } from 'commander';
import { registerValidate } from './validate.ts';
import { registerMap } from './map.ts';
import { registerScore } from './score.ts';
import { registerScript } from './script.ts';
import { registerRun } from './run.ts';

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [registerValidate, registerMap, registerScore, registerScript, registerRun];
