/**
 * `stbench place new --kind warehouse --seed S --out DIR`: generate a place (layouts/generate/) and write it to
 * DIR/<id>.yaml, its id <kind>_g_<8 hex of the seed's hash>. The place is checked as `stbench validate` checks a
 * place before anything is written; an existing file, or a link (dangling or not), is never overwritten, and DIR lies
 * in no build or dataset (foundation/output-path.ts). Every kind of place can be generated,
 * each sized for the job its generator names (helper/1, amr/1, drone/1: its footprint and clearance).
 */
import type { Command } from 'commander';
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  checkOutputFile,
  checkOutputFolder,
  checkSeed,
  InputError,
  UsageError,
  writeFileAtomic,
} from '../../foundation/index.ts';
import { robotNeeds } from '../../jobs/camera.ts';
import { getJob, loadAllJobs } from '../../jobs/load.ts';
import { PLACE_GENERATORS } from '../../layouts/generate/index.ts';
import { readPlaceText } from '../../layouts/load.ts';
import { PlaceKind } from '../../layouts/place-schema.ts';

const KINDS = PlaceKind.options;
const MADE = () => KINDS.filter((k) => PLACE_GENERATORS[k]);

export function registerPlace(program: Command): void {
  const place = program.command('place').description('make places: `place new` generates one from a seed');
  place
    .command('new')
    .description(`generate a place from a seed and write it to DIR/<id>.yaml (${MADE().join(', ')})`)
    .requiredOption(
      '--kind <kind>',
      `the kind of place (${KINDS.join(', ')})${MADE().length < KINDS.length ? `; only ${MADE().join(', ')} can be generated yet` : ''}`,
    )
    .requiredOption('--seed <seed>', 'the seed: the same seed writes the same bytes (the id is <kind>_g_<8 hex>)')
    .requiredOption('--out <dir>', 'folder to write <id>.yaml into (made if missing; an existing file is refused)')
    .addHelpText(
      'after',
      [
        '',
        'Example:',
        '  stbench place new --kind warehouse --seed 7 --out places/',
        '  stbench validate places/warehouse_g_7902699b.yaml',
        '  stbench map places/warehouse_g_7902699b.yaml --out map.png',
        '  stbench place new --kind apartment --seed 7 --out places/',
        '',
        'An apartment is sized for the job helper/1, a warehouse for amr/1, a downtown for drone/1 (footprint and',
        'clearance); docs/places.md, "Generated places".',
      ].join('\n'),
    )
    .action((opts: { kind: string; seed: string; out: string }) => {
      const kind = PlaceKind.safeParse(opts.kind);
      if (!kind.success) throw new UsageError(`--kind: no kind of place "${opts.kind}" (${KINDS.join(', ')})`);
      const gen = PLACE_GENERATORS[kind.data];
      if (!gen) throw new UsageError(`--kind ${kind.data}: not yet: only ${MADE().join(', ')} places can be generated`);
      const seed = checkSeed(opts.seed, (m) => new UsageError(`--seed: ${m}`));
      const sizedFor = loadAllJobs().find((j) => j.value.id === gen.sizedFor);
      const inputs = sizedFor ? [sizedFor.file] : [];
      // DIR only gains the new file: it may hold anything else (the job it was sized for too)
      const dir = checkOutputFolder(opts.out, { flag: '--out' });
      const { id, yaml } = gen.generate(seed, robotNeeds(getJob(gen.sizedFor)));
      // the file itself: never a link (dangling or not), never a folder, never an input
      const file = checkOutputFile(join(dir, `${id}.yaml`), { flag: '--out', inputs });
      if (existsSync(file))
        throw new UsageError(
          `--out: ${file} exists already; a generated place is never overwritten (remove it, or give another --out)`,
        );
      // what validate would say of the file, before it is written: a generator that breaks a rule writes nothing
      const read = readPlaceText(yaml, file);
      if (!read.place) throw new InputError(read.issues);
      mkdirSync(dir, { recursive: true });
      writeFileAtomic(file, yaml);
      const shown = relative(process.cwd(), file) || file;
      process.stdout.write(`wrote ${shown.startsWith('..') ? file : shown}: ${read.place.place.name}\n`);
    });
}
