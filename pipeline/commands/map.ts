/**
 * `stbench map PLACE --out map.png`: draw a place top-down (walls, doors, furniture, things coloured by their
 * colour word, rooms, sites, people areas, a scale bar). PLACE is a place id (layouts/, STBENCH_PLACES) or a place
 * file; the picture is never written onto the place's file or into a build or dataset (foundation/output-path.ts).
 */
import type { Command } from 'commander';
import { checkOutputFile, wholeFlag } from '../../foundation/index.ts';
import { loadNamedPlace, namedPlaceFile } from '../../jobs/places.ts';
import { drawPlaceMap } from '../../layouts/map-picture.ts';

export function registerMap(program: Command): void {
  program
    .command('map')
    .description('draw a place top-down as a PNG')
    .argument('<place>', 'a place id (apartment_a; layouts/ and STBENCH_PLACES) or a place YAML file')
    .requiredOption('--out <file>', 'PNG file to write')
    .option('--size <px>', 'longest side in pixels', '1000')
    .option('--no-labels', 'leave out the labels of things')
    .action(async (place: string, opts: { out: string; size: string; labels: boolean }) => {
      const size = wholeFlag('size', opts.size, 16, 16_384, 'a picture of 16384 pixels a side is 268 megapixels')!;
      checkOutputFile(opts.out, { flag: '--out', inputs: [{ path: namedPlaceFile(place, 'PLACE'), as: 'PLACE' }] });
      const p = loadNamedPlace(place, 'PLACE').loaded.place;
      await drawPlaceMap(p, { maxSide: size, labels: opts.labels }).writePng(opts.out);
      process.stdout.write(`wrote ${opts.out}\n`);
    });
}
