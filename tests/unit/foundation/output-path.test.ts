/**
 * The one output-path rule (foundation/output-path.ts) on its own: the path resolved as the system would write it
 * (every link followed, a dangling one too), and refused as a link itself, inside a build or dataset the command
 * does not own, outside the paths it owns in its own build, onto an input or inside an input folder.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutputFile,
  checkOutputFolder,
  folderKind,
  kindAround,
  realPathOf,
  UsageError,
} from '../../../foundation/index.ts';

let d: string;
let build: string;
let other: string;
let dataset: string;
beforeAll(() => {
  d = realPathOf(mkdtempSync(join(tmpdir(), 'stbench-outpath-')));
  build = join(d, 'build');
  other = join(d, 'other-build');
  for (const b of [build, other]) {
    mkdirSync(join(b, '.stbench'), { recursive: true });
    mkdirSync(join(b, 'private', 's1'), { recursive: true });
    mkdirSync(join(b, 'scripts', 's1'), { recursive: true });
    writeFileSync(join(b, 'scripts', 's1', 'robot.json'), '{}\n');
  }
  dataset = join(d, 'dataset');
  mkdirSync(dataset);
  writeFileSync(join(dataset, 'release.json'), '{"format": "stbench.release/1", "files": {}}\n');
  mkdirSync(join(d, 'places'));
  writeFileSync(join(d, 'places', 'apartment_g_00000000.yaml'), 'id: apartment_g_00000000\n');
  // links: to a build's private/, dangling into a build, dangling anywhere, and a chain of two
  symlinkSync(join(build, 'private'), join(d, 'to-private'));
  symlinkSync(join(build, 'private', 'not-yet', 'deeper'), join(d, 'dangling-into-build'));
  symlinkSync(join(d, 'nowhere.yaml'), join(d, 'places', 'apartment_g_11111111.yaml'));
  symlinkSync('to-private', join(d, 'chain'));
});
afterAll(() => rmSync(d, { recursive: true, force: true }));

const refused = (f: () => unknown, re: RegExp) => {
  expect(f).toThrow(UsageError);
  expect(f).toThrow(re);
};

describe('realPathOf', () => {
  it('follows every link in the path, dangling ones and chains too, as a write would', () => {
    expect(realPathOf(join(d, 'to-private', 'site'))).toBe(join(build, 'private', 'site'));
    expect(realPathOf(join(d, 'chain', 'a', 'b'))).toBe(join(build, 'private', 'a', 'b'));
    expect(realPathOf(join(d, 'dangling-into-build', 'x'))).toBe(join(build, 'private', 'not-yet', 'deeper', 'x'));
    expect(realPathOf(join(d, 'places', 'apartment_g_11111111.yaml'))).toBe(join(d, 'nowhere.yaml'));
    expect(realPathOf(join(d, 'new', '..', 'build'))).toBe(build);
    // a `..` after a link climbs out of the link's target, as the system reads the path (not as join() spells it)
    expect(realPathOf(`${d}/to-private/../x.png`)).toBe(join(build, 'x.png'));
  });

  it('knows a build by its .stbench/ folder, through the links on the way', () => {
    expect(folderKind(build)?.kind).toBe('build');
    expect(folderKind(d)).toBe(null);
    expect(kindAround(join(d, 'to-private', 'x', 'y.png'))?.dir).toBe(build);
    expect(kindAround(join(d, 'places', 'x.png'))).toBe(null);
  });
});

describe('the output-path rule', () => {
  it('refuses a link at the output itself, dangling or not', () => {
    refused(
      () => checkOutputFile(join(d, 'places', 'apartment_g_11111111.yaml'), { flag: '--out' }),
      /is a symbolic link \(dangling\)/,
    );
    refused(() => checkOutputFolder(join(d, 'to-private'), { flag: '--out' }), /is a symbolic link:/);
    // a build folder may be a link to a folder: it is the folder it leads to; a dangling one never
    refused(
      () => checkOutputFolder(join(d, 'dangling-into-build'), { flag: 'BUILD', linkOk: true }),
      /is a symbolic link \(dangling\)/,
    );
    expect(() =>
      checkOutputFolder(join(d, 'to-private'), { flag: 'BUILD', linkOk: true, owns: { dir: build } }),
    ).not.toThrow();
  });

  it('refuses any path in a build the command does not own, however the path reaches it', () => {
    for (const p of [
      join(build, 'scripts', 's1', 'robot.json'),
      join(build, 'private', 'plan.png'),
      join(d, 'to-private', 'plan.png'),
      join(d, 'chain', 'plan.png'),
      join(d, 'dangling-into-build', 'plan.png'),
      `${d}/to-private/../plan.png`,
    ])
      refused(() => checkOutputFile(p, { flag: '--out' }), /lies in the build .*, which this command does not write/);
    refused(() => checkOutputFolder(build, { flag: '--out' }), /is the build .*, which this command does not write/);
    refused(() => checkOutputFolder(join(d, 'to-private', 'site'), { flag: '--out' }), /lies in the build/);
    // another build than the one the command owns
    refused(
      () => checkOutputFile(join(other, 'x.json'), { flag: '--out', owns: { dir: build } }),
      /lies in the build .*other-build/,
    );
    // a build inside a build is still inside the outer one
    refused(
      () =>
        checkOutputFolder(join(build, 'private', 'b2'), { flag: '--out', owns: { dir: join(build, 'private', 'b2') } }),
      /lies in the build/,
    );
  });

  it('lets a stage write its own build, and only where it writes', () => {
    const owns = { dir: build, paths: ['check_report.json', 'check.md'] };
    expect(checkOutputFile(join(build, 'check_report.json'), { flag: '--out', inputs: [build], owns })).toBe(
      join(build, 'check_report.json'),
    );
    refused(
      () => checkOutputFile(join(build, 'private', 'report.json'), { flag: '--out', inputs: [build], owns }),
      /lies in the build .*, where this command writes only check_report\.json, check\.md/,
    );
    expect(() =>
      checkOutputFolder(build, { flag: '--out', owns: { dir: build, paths: ['scripts', 'private', '.stbench'] } }),
    ).not.toThrow();
  });

  it('refuses a dataset and anything in it, but for the dataset export replaces', () => {
    refused(() => checkOutputFile(join(dataset, 'x.json'), { flag: '--out' }), /lies in the dataset/);
    refused(() => checkOutputFolder(dataset, { flag: '--out' }), /is the dataset/);
    expect(() => checkOutputFolder(dataset, { flag: '--out', datasetOk: true })).not.toThrow();
    refused(() => checkOutputFolder(join(dataset, 'again'), { flag: '--out', datasetOk: true }), /lies in the dataset/);
  });

  it('refuses an input, a path inside an input folder, and a folder holding an input, naming the option', () => {
    const place = join(d, 'places', 'apartment_g_00000000.yaml');
    refused(
      () => checkOutputFile(place, { flag: '--out', inputs: [{ path: place, as: 'PLACE' }] }),
      /is the input PLACE .*apartment_g_00000000\.yaml/,
    );
    refused(
      () =>
        checkOutputFile(join(d, 'places', 'map.png'), {
          flag: '--out',
          inputs: [{ path: join(d, 'places'), as: '--data' }],
        }),
      /lies inside --data .*places/,
    );
    refused(() => checkOutputFolder(d, { flag: '--out', inputs: [place] }), /holds the input/);
    // the folder a command owns is not refused as its input (view's RUN/view), but the rest of it is
    const run = join(d, 'run');
    mkdirSync(run);
    const rules = { flag: '--out', inputs: [{ path: run, as: 'RUN_DIR' }], owns: { dir: run, paths: ['view'] } };
    expect(() => checkOutputFolder(join(run, 'view'), rules)).not.toThrow();
    refused(() => checkOutputFolder(join(run, 'answers'), rules), /where this command writes only view/);
  });
});
