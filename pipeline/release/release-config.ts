/**
 * The release config (`stbench export --config FILE`, YAML or JSON): who publishes the release and how to cite it.
 * Nothing here has a default that names anyone: without a hub id the card says none was given, and the citation
 * names no author but "the dataset's authors" unless the config gives one.
 */
import { z } from 'zod';
import { loadYamlWith } from '../../foundation/index.ts';

export const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const ReleaseConfig = z.strictObject({
  /** the Hugging Face dataset id, OWNER/NAME */
  repo_id: z.string().regex(REPO_ID, 'a hub id is OWNER/NAME').optional(),
  /** the card's pretty_name (default SpatiotemporalBench) */
  pretty_name: z.string().min(1).optional(),
  /** where the code that runs and scores the dataset lives (a URL) */
  code_url: z.string().min(1).optional(),
  /** the BibTeX entry, verbatim */
  citation: z.string().min(1).optional(),
  /** the author field of a generated BibTeX entry */
  authors: z.string().min(1).optional(),
  /** the year of a generated BibTeX entry */
  year: z.number().int().optional(),
});
export type ReleaseConfig = z.infer<typeof ReleaseConfig>;

export function loadReleaseConfig(file: string): ReleaseConfig {
  return loadYamlWith(file, ReleaseConfig).value;
}

/** The BibTeX entry: the config's verbatim, else one generated from the hub id (null without one). */
export function citationOf(cfg: ReleaseConfig, version: string): string | null {
  if (cfg.citation) return cfg.citation.trim();
  if (!cfg.repo_id) return null;
  const key = cfg.repo_id.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  const lines = [
    `@misc{${key}${version.replace(/\./g, '')},`,
    `  title = {${cfg.pretty_name ?? 'SpatiotemporalBench'} ${version}},`,
    `  author = {${cfg.authors ?? "{The dataset's authors}"}},`,
    ...(cfg.year !== undefined ? [`  year = {${cfg.year}},`] : []),
    `  howpublished = {\\url{https://huggingface.co/datasets/${cfg.repo_id}}}`,
    '}',
  ];
  return lines.join('\n');
}
