/**
 * The release config (`stbench export --config FILE`, YAML or JSON): who publishes the release and how to cite it.
 * Nothing here has a default that names anyone: without a hub id the card says none was given, and the citation
 * names no author but "the dataset's authors" unless the config gives one.
 */
import { z } from 'zod';
import { clip, loadYamlWith } from '../../foundation/index.ts';

/** The longest Hugging Face repo id, owner and name with their slash: 96 characters (the Hub's own limit). */
export const MAX_REPO_ID_CHARS = 96;

/** One part of a hub id: letters, digits, `-`, `_`, `.`, neither first nor last a `-` or `.`. */
const ID_PART = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9_])?$/;

/**
 * What is wrong with a Hugging Face dataset id (undefined: nothing), by the Hub's rules: OWNER/NAME with one slash,
 * at most 96 characters in all, each part of letters, digits, `-`, `_` and `.`, not starting or ending with `-` or
 * `.`, with no `--` or `..`, the name not ending in `.git`.
 */
export function repoIdProblem(id: string): string | undefined {
  const bad = problemOfId(id);
  return bad && `${bad}, not ${JSON.stringify(clip(id, 100))}`;
}

function problemOfId(id: string): string | undefined {
  if (id.length > MAX_REPO_ID_CHARS)
    return `is ${id.length} characters; a hub id is at most ${MAX_REPO_ID_CHARS} (the Hub's limit)`;
  const parts = id.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return 'must be OWNER/NAME: two parts and one slash';
  if (!parts.every((p) => ID_PART.test(p)))
    return "must be OWNER/NAME of letters, digits, '-', '_' and '.', neither part starting or ending with '-' or '.'";
  if (id.includes('--') || id.includes('..')) return "may not hold '--' or '..' (the Hub's rule)";
  if (parts[1].toLowerCase().endsWith('.git')) return "may not end in '.git' (the Hub's rule)";
  return undefined;
}

/** The most digits of each part of a release's version X.Y.Z: 9 (below 10^9, a safe integer in every reader). */
export const MAX_VERSION_DIGITS = 9;

/**
 * What is wrong with a release's version (undefined: nothing): X.Y.Z, whole numbers of 1 to 9 digits with no leading
 * 0, so that every reader parses each part exactly and `1.0.0` has one spelling.
 */
export function versionProblem(version: string): string | undefined {
  const part = `(0|[1-9][0-9]{0,${MAX_VERSION_DIGITS - 1}})`;
  if (new RegExp(`^${part}\\.${part}\\.${part}$`).test(version)) return undefined;
  return `must be X.Y.Z, each part a whole number of at most ${MAX_VERSION_DIGITS} digits with no leading 0 (semantic versioning), not ${JSON.stringify(clip(version, 100))}`;
}

export const ReleaseConfig = z.strictObject({
  /** the Hugging Face dataset id, OWNER/NAME by the Hub's rules (repoIdProblem) */
  repo_id: z
    .string()
    .superRefine((id, ctx) => {
      const bad = problemOfId(id);
      if (bad) ctx.addIssue({ code: 'custom', message: `a hub id ${bad}` });
    })
    .optional(),
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
