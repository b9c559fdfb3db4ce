/**
 * The dataset's LICENSE (CC BY 4.0 for the data, with the code's licences named) and CREDITS.md (the places'
 * third-party assets with their licences, or each place's statement that its geometry is procedural).
 */
import { readFileSync } from 'node:fs';
import type { Place } from '../../layouts/place-schema.ts';

const CC_BY_4_0 = readFileSync(new URL('./cc-by-4.0.txt', import.meta.url), 'utf8');

/** LICENSE: a notice naming what it covers, then the full text of CC BY 4.0. */
export function licenceText(prettyName: string): string {
  return [
    `${prettyName}: the data in this folder (the frames, depth images, scripts, timelines, visibility records,`,
    'cases, questions, gold answers, reports and the Parquet table) is licensed under the Creative Commons',
    'Attribution 4.0 International licence (SPDX-License-Identifier: CC-BY-4.0), https://creativecommons.org/licenses/by/4.0/.',
    '',
    'The stbench code that built it, runs it and scores it is MIT-licensed; its render/blender/ folder, which runs',
    'inside Blender, is GPL-3.0-or-later. The frames and files made with that code are part of this CC BY 4.0 data.',
    'Third-party assets and their own licences are listed in CREDITS.md.',
    '',
    '-----------------------------------------------------------------------',
    '',
    CC_BY_4_0.trimEnd(),
    '',
  ].join('\n');
}

/** CREDITS.md from the places the release shows. */
export function creditsText(places: readonly Place[]): string {
  const out: string[] = ['# Credits', ''];
  const assets = places.flatMap((p) => p.credits.assets.map((a) => ({ ...a, place: p.id })));
  if (assets.length === 0) {
    out.push(
      'All geometry and materials of every place in this release are procedural primitives defined in the stbench code; the release holds no third-party assets.',
      '',
    );
  } else {
    out.push(
      'Third-party assets shown in this release, with their licences:',
      '',
      '| Asset | Author | Licence | Source | Place |',
      '|---|---|---|---|---|',
    );
    for (const a of assets) out.push(`| ${a.name} | ${a.author} | ${a.licence} | ${a.url} | ${a.place} |`);
    out.push('');
  }
  out.push('## Places', '');
  for (const p of places) out.push(`- \`${p.id}\` (${p.name}): ${p.credits.statement}`);
  out.push('');
  return out.join('\n');
}
