/**
 * `stbench map PLACE --out map.png`: draw a place top-down (walls, doors, furniture, things coloured by their
 * colour word, rooms, sites, people areas, a scale bar). PLACE is a place id or a place file.
 */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { checkOutputFile, wholeFlag } from '../../foundation/index.ts';
import { getPlace, loadPlaceFile } from '../../layouts/load.ts';
import { drawPlaceMap } from '../../layouts/map-picture.ts';

export function registerMap(program: Command): void {
  program
    .command('map')
    .description('draw a place top-down as a PNG')
    .argument('<place>', 'a place id (apartment_a) or a place YAML file')
    .requiredOption('--out <file>', 'PNG file to write')
    .option('--size <px>', 'longest side in pixels', '1000')
    .option('--no-labels', 'leave out the labels of things')
    .action(async (place: string, opts: { out: string; size: string; labels: boolean }) => {
      const size = wholeFlag('size', opts.size, 16, 16_384, 'a picture of 16384 pixels a side is 268 megapixels')!;
      checkOutputFile(opts.out, { flag: '--out', inputs: existsSync(place) ? [place] : [] });
      const p = existsSync(place) ? loadPlaceFile(place).place : getPlace(place);
      await drawPlaceMap(p, { maxSide: size, labels: opts.labels }).writePng(opts.out);
      process.stdout.write(`wrote ${opts.out}\n`);
    });
}
