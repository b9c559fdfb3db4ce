/**
 * The view in a real browser: Debian's Chromium driven headlessly through playwright-core. Opens a case page of a
 * synthetic build, clicks a question, and checks that the frame jumps to its evidence and the gold marker is drawn;
 * saves screenshots of the case page, the index and the screen audit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSite } from '../../../../pipeline/view/site.ts';
import { serveSite } from '../../../../pipeline/view/serve.ts';
import { CID, Q, makeViewBuild } from '../../../helpers/view-fixture.ts';

/** Chromium: CHROMIUM_PATH, else `chromium` (or chromium-browser) on PATH; a clear hint when missing. */
function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const p = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (p) return p;
    } catch {
      // not on PATH
    }
  }
  throw new Error(
    'Chromium not found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to its executable',
  );
}

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('stbench view in Chromium', () => {
  let ctx: BrowserContext;
  let site: string;
  let shots: string;
  let close: (() => void) | null = null;

  beforeAll(async () => {
    const f = await makeViewBuild();
    site = join(f.root, 'site');
    await writeSite({ data: f.root, out: site, run: f.runDir });
    shots = mkdtempSync(join(tmpdir(), 'stbench-view-shots-'));
    const profile = mkdtempSync(join(tmpdir(), 'stbench-chromium-profile-'));
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: true,
      args: FLAGS,
      viewport: { width: 1400, height: 1000 },
    });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    close?.();
  });

  it('jumps to the evidence frame and draws the gold marker when a question is clicked (file://)', async () => {
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(join(site, 'cases', `${CID}.html`)).href);
    await expect.poll(() => page.locator('#frame-k').textContent()).toBe('k0');
    expect(await page.locator('.gold-marker').count()).toBe(0);

    // the end question about the brown bag: gold on evidence frames 1 and 3, the latest is shown
    await page.locator(`#q-${Q.bag} .q-text`).click();
    await expect.poll(() => page.locator('#frame-k').textContent()).toBe('k3');
    expect(await page.locator('#frame-img').getAttribute('src')).toContain('000023.jpg');
    expect(await page.locator('#frame-header').textContent()).toMatch(/^\[k3 /);
    expect(await page.locator('#frame-overlay .gold-marker').count()).toBe(1);
    expect(await page.locator(`.qmark.on[data-qid="${Q.bag}"] .gold-dot`).count()).toBe(1);
    expect(await page.locator(`#q-${Q.bag}`).getAttribute('class')).toContain('sel');

    // an evidence chip jumps to that frame, still with the gold drawn
    await page.locator(`#q-${Q.bag} button.jump[data-k="1"]`).click();
    await expect.poll(() => page.locator('#frame-k').textContent()).toBe('k1');
    expect(await page.locator('#frame-overlay .gold-marker').count()).toBe(1);

    // the ego question: its gold drawn on k2
    await page.locator(`#q-${Q.ego} .q-text`).click();
    await expect.poll(() => page.locator('#frame-k').textContent()).toBe('k2');
    expect(await page.locator('#frame-overlay .gold-marker').count()).toBe(1);
    const img = await page.locator('#frame-img').evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0);
    expect(img).toBe(true);
    await page.locator(`#q-${Q.bag} .q-text`).click();
    const file = join(shots, 'case.png');
    await page.screenshot({ path: file, fullPage: false });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    await page.screenshot({ path: join(shots, 'case-full.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('plays, scrubs and filters over a localhost server', async () => {
    const { server, url } = await serveSite(site);
    close = () => server.close();
    const page = await ctx.newPage();
    await page.goto(`${url}cases/${CID}.html`);
    await page.locator('#scrub').fill('6');
    await expect.poll(() => page.locator('#frame-k').textContent()).toBe('k6');
    await page.locator('#speed').selectOption('10');
    await page.locator('#play').click();
    await expect.poll(() => page.locator('#frame-k').textContent(), { timeout: 10_000 }).toBe('k9');
    expect(await page.locator('#play').textContent()).toContain('play');

    await page.goto(url);
    expect(await page.locator('#cases tbody tr').count()).toBe(1);
    await page.locator('#f-text').fill('no such case');
    await expect.poll(() => page.locator('#f-count').textContent()).toBe('0 shown');
    await page.locator('#f-text').fill('way_to');
    await expect.poll(() => page.locator('#f-count').textContent()).toBe('1 shown');
    await page.screenshot({ path: join(shots, 'index.png') });
    await page.goto(`${url}audit.html`);
    expect(await page.locator('figure.drop img').count()).toBe(2);
    await page.screenshot({ path: join(shots, 'audit.png'), fullPage: true });
    process.stdout.write(`view screenshots in ${shots}\n`);
  }, 60_000);
});
