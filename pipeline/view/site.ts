/**
 * `writeSite`: the static site of a build or dataset (and optionally a run): SITE/index.html, SITE/cases/<cid>.html,
 * SITE/maps/<cid>.png, SITE/frames/<sid>/NNNNNN.jpg (copies of the frames the cases show), SITE/audit.html when
 * BUILD/compile_report.json has a funnel, and SITE/assets/{view.css,view.js}. Pages are written atomically; the
 * same inputs give the same pages.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { InputError, UsageError, writeFileAtomic } from '../../foundation/index.ts';
import { auditPage, readFunnel } from './audit-page.ts';
import { drawCaseMap } from './case-map.ts';
import { caseMarks, casePage, caseScore, mapRegion, siteFramePath } from './case-page.ts';
import { indexPage, type IndexEntry } from './index-page.ts';
import { listCaseIds, loadRun, loadViewCase, type ViewRun } from './load-build.ts';

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

/** Copy a file unless the copy is already there with the same size and a newer time. */
function copyIfChanged(from: string, to: string): void {
  if (existsSync(to)) {
    const a = statSync(from);
    const b = statSync(to);
    if (a.size === b.size && b.mtimeMs >= a.mtimeMs) return;
  }
  mkdirSync(dirname(to), { recursive: true });
  const tmp = `${to}.tmp-${process.pid}`;
  copyFileSync(from, tmp);
  renameSync(tmp, to);
}

/** Write the whole site; returns what it wrote. */
export async function writeSite(opts: SiteOptions): Promise<SiteSummary> {
  const root = resolve(opts.data);
  const out = resolve(opts.out);
  const all = listCaseIds(root);
  const cids = opts.cases?.length ? opts.cases : all;
  for (const c of cids) if (!all.includes(c)) throw new UsageError(`case ${c} is not in ${join(root, 'private')}`);
  const run: ViewRun | undefined = opts.run ? loadRun(resolve(opts.run)) : undefined;

  // read and check every case before writing anything
  const cases = cids.map((cid) => loadViewCase(root, cid));
  for (const f of ['view.css', 'view.js']) writeFileAtomic(join(out, 'assets', f), readFileSync(join(ASSETS_DIR, f)));

  const entries: IndexEntry[] = [];
  let frames = 0;
  for (const vc of cases) {
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
    writeFileAtomic(join(out, 'cases', `${cid}.html`), casePage(vc, place, run));
    entries.push({
      cid,
      job: c.job,
      layout: c.layout,
      length: c.length,
      frames: c.frames.length,
      questions: vc.loaded.questions.size,
      families: [...new Set([...vc.golds.values()].map((g) => g.family))].sort(),
      ...(run ? { score: caseScore(run, cid) } : {}),
    });
  }

  const reportFile = join(root, 'compile_report.json');
  let audit = false;
  if (existsSync(reportFile)) {
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8'));
    } catch (e) {
      throw new InputError({ file: reportFile, path: '', message: `not JSON: ${(e as Error).message}` });
    }
    const funnel = readFunnel(report);
    if (funnel) {
      const frameSrc = (frame: string): string | null => {
        const from = join(root, frame);
        if (!existsSync(from)) return null;
        const parts = frame.split('/');
        const sid = parts[0] === 'scripts' ? parts[1] : 'other';
        const rel = `frames/${sid}/${basename(frame)}`;
        copyIfChanged(from, join(out, rel));
        return rel;
      };
      writeFileAtomic(join(out, 'audit.html'), auditPage(funnel, frameSrc));
      audit = true;
    }
  }
  const title = `stbench view: ${basename(root)}${run ? ` · ${run.results.system}` : ''}`;
  writeFileAtomic(join(out, 'index.html'), indexPage(entries, { title, system: run?.results.system, audit }));
  return { out, cases: cids, frames, audit };
}
