/**
 * `writeSite`: the static site of a build or dataset (and optionally a run): SITE/index.html, SITE/cases/<cid>.html,
 * SITE/maps/<cid>.png, SITE/frames/<sid>/NNNNNN.jpg (copies of the frames the cases show; a run's transcripts show
 * the same copies: a transcript's frame path is matched to the case's frames, never read), SITE/audit.html when
 * BUILD/compile_report.json has a funnel, and SITE/assets/{view.css,view.js}. Pages are written atomically; the
 * same inputs give the same pages. Everything the site reads from the build or dataset (the cases, their frames, the
 * compile report and the frames its funnel names) is read and held to the root (foundation/inside-root.ts) before
 * anything is written.
 *
 * The site's mark (SITE/.stbench-view) is written first, before any page: a site left part-written (Ctrl-C, a full
 * disk) is recognised by the next `stbench view` as its own and completed, never refused as a stranger's folder.
 * A signal is let in between cases (foundation/interrupt.ts); a write that fails names its file and leaves no
 * temporary file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  checkpoint,
  copyFileAtomic,
  InputError,
  insideRoot,
  UsageError,
  VIEW_SITE_MARK,
  writeFileAtomic,
  type InputIssue,
} from '../../foundation/index.ts';
import { auditPage, readFunnel, type Funnel } from './audit-page.ts';
import { drawCaseMap } from './case-map.ts';
import { caseMarks, casePage, caseScore, mapRegion, siteFramePath } from './case-page.ts';
import { transcriptPath } from '../../checks/harness/index.ts';
import { indexPage, type IndexEntry } from './index-page.ts';
import { listCaseIds, loadRun, loadTranscript, loadViewCase, type ViewRun } from './load-build.ts';
import { transcriptSection } from './transcript-page.ts';

const ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'assets');

export interface SiteOptions {
  /** the build or dataset root */
  data: string;
  /** the site folder to write */
  out: string;
  /** a run folder (results.json, answers/) */
  run?: string;
  /** only these cases */
  cases?: string[];
}

export interface SiteSummary {
  out: string;
  cases: string[];
  frames: number;
  audit: boolean;
}

/** The file that marks a folder as a site stbench view wrote (written first: see the module comment). */
export const SITE_MARK = VIEW_SITE_MARK;
const SITE_MARK_TEXT = 'a site written by stbench view: `stbench view` may write here again\n';

/**
 * Why a folder that holds something may not take a site (null: it is a site stbench view wrote, whole or part-written).
 * A site written before the mark existed is known by its index.html and assets/view.js.
 */
export function whyNotOwnSite(dir: string): string | null {
  if (existsSync(join(dir, SITE_MARK))) return null;
  return existsSync(join(dir, 'assets', 'view.js')) && existsSync(join(dir, 'index.html'))
    ? null
    : `is not a site stbench view wrote (no ${SITE_MARK}, index.html and assets/view.js)`;
}

/** Copy a file (atomically) unless the copy is already there with the same size and a newer time. */
function copyIfChanged(from: string, to: string): void {
  if (existsSync(to)) {
    const a = statSync(from);
    const b = statSync(to);
    if (a.size === b.size && b.mtimeMs >= a.mtimeMs) return;
  }
  copyFileAtomic(from, to);
}

/**
 * The screen audit's funnel of BUILD/compile_report.json (null: no report, or no funnel in it), with every frame
 * it names held to the root: an InputError (exit 2) names the report and the drop whose frame leads out of it.
 */
function readAuditFunnel(root: string): Funnel | null {
  const file = join(root, 'compile_report.json');
  if (!existsSync(file)) return null;
  const inside = insideRoot(root);
  const outside = inside.checkFile(file);
  if (outside) throw new InputError(outside);
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError({ file, path: '', message: `not JSON: ${(e as Error).message}` });
  }
  const funnel = readFunnel(report);
  if (!funnel) return null;
  const issues = funnel.dropped
    .map((d, i) => (d.frame === null ? null : inside.check(d.frame, { file, path: `funnel.dropped[${i}].frame` })))
    .filter((x): x is InputIssue => !!x);
  if (issues.length) throw new InputError(issues);
  return funnel;
}

/** Write the whole site; returns what it wrote. */
export async function writeSite(opts: SiteOptions): Promise<SiteSummary> {
  const root = resolve(opts.data);
  const out = resolve(opts.out);
  const all = listCaseIds(root);
  const cids = opts.cases?.length ? opts.cases : all;
  for (const c of cids) if (!all.includes(c)) throw new UsageError(`case ${c} is not in ${join(root, 'private')}`);
  const run: ViewRun | undefined = opts.run ? loadRun(resolve(opts.run)) : undefined;

  // read and check every case, and the audit's funnel, before writing anything (a run's transcripts are read one
  // case at a time, as its page is written: here only that each one there is a file)
  const cases = cids.map((cid) => loadViewCase(root, cid));
  const audited = readAuditFunnel(root);
  if (run)
    for (const cid of cids) {
      const file = transcriptPath(run.dir, cid);
      if (existsSync(file) && !statSync(file).isFile())
        throw new InputError({ file, path: '', message: 'a transcript is a JSONL file' });
    }
  // the mark first: from here on, a part-written site is this command's own (whyNotOwnSite)
  if (!existsSync(join(out, SITE_MARK))) writeFileAtomic(join(out, SITE_MARK), SITE_MARK_TEXT);
  for (const f of ['view.css', 'view.js']) writeFileAtomic(join(out, 'assets', f), readFileSync(join(ASSETS_DIR, f)));

  const entries: IndexEntry[] = [];
  let frames = 0;
  for (const vc of cases) {
    await checkpoint();
    const cid = vc.loaded.case.cid;
    const c = vc.loaded.case;
    const place = vc.timeline?.place ?? null;
    for (const f of c.frames) {
      copyIfChanged(join(root, f.rgb), join(out, siteFramePath(c.sid, f.rgb)));
      frames++;
    }
    if (place) {
      const v = mapRegion(vc, place, caseMarks(vc));
      const png = await sharp(await drawCaseMap(vc, place).toPng())
        .extract({ left: v.x, top: v.y, width: v.width, height: v.height })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      writeFileAtomic(join(out, 'maps', `${cid}.png`), png);
    }
    const transcript = run ? transcriptSection(vc, run, loadTranscript(run.dir, cid)) : '';
    writeFileAtomic(join(out, 'cases', `${cid}.html`), casePage(vc, place, run, transcript));
    const outcome = run?.outcomes.get(cid);
    entries.push({
      cid,
      job: c.job,
      layout: c.layout,
      length: c.length,
      frames: c.frames.length,
      questions: vc.loaded.questions.size,
      families: [...new Set([...vc.golds.values()].map((g) => g.family))].sort(),
      ...(run ? { score: caseScore(run, cid), outcome: outcome ?? null } : {}),
    });
  }

  let audit = false;
  if (audited) {
    const frameSrc = (frame: string): string | null => {
      const from = join(root, frame);
      if (!existsSync(from)) return null;
      const parts = frame.split('/');
      const sid = parts[0] === 'scripts' ? parts[1] : 'other';
      const rel = `frames/${sid}/${basename(frame)}`;
      copyIfChanged(from, join(out, rel));
      return rel;
    };
    writeFileAtomic(join(out, 'audit.html'), auditPage(audited, frameSrc));
    audit = true;
  }
  const title = `stbench view: ${basename(root)}${run ? ` · ${run.results.system}` : ''}`;
  writeFileAtomic(join(out, 'index.html'), indexPage(entries, { title, system: run?.results.system, audit }));
  return { out, cases: cids, frames, audit };
}
