/**
 * A run's transcripts in the view: the case page's timeline (tool calls, frames as the site's images, a refusal, a
 * retry, answers beside their scores, the case's status, cost and time), the model's text escaped, the index's
 * status, cost and time, and `stbench view RUN` finding the data folder through RUN/run.json.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTranscript, transcriptPath } from '../../../../checks/harness/index.ts';
import { writeSite } from '../../../../pipeline/view/site.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { CID, Q, SID, makeViewBuild, type ViewFixture } from '../../../helpers/view-fixture.ts';

const EVIL = 'I will look first. <script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes"';
const frameOf = (k: number) => `scripts/${SID}/sensors/rgb/${String(20 + k).padStart(6, '0')}.jpg`;

let f: ViewFixture;
/** a copy of the fixture's run, outside the build, with a transcript of two attempts, a cost and a wall time */
let run: string;

/** A run folder outside the build: the fixture's run copied, its case's answers file given a status, cost and time. */
function copyRun(outcome: { status: 'ok' | 'broken'; reason?: string }): string {
  const dir = join(fixtureFolder('stbench-view-tx-'), 'run');
  cpSync(f.runDir, dir, { recursive: true });
  const file = join(dir, 'answers', `${CID}.json`);
  const a = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(a, outcome, {
    cost: {
      input_tokens: 1000,
      output_tokens: 20,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      calls: 2,
      usd: 0.0031,
    },
  });
  a.timings.wall_ms = 12345;
  writeFileSync(file, JSON.stringify(a));
  return dir;
}

function writeTranscript(dir: string): void {
  const file = transcriptPath(dir, CID);
  const head = { cid: CID, system: 'fixture_system', channel: 'rgb_pose' };
  // the first attempt broke; the second is the one shown
  const first = openTranscript(file, head);
  first.write({ kind: 'message', message: { type: 'start', channel: 'rgb_pose', system_prompt: 'You are...' } });
  first.write({ kind: 'error', message: 'connection dropped' });
  first.write({ kind: 'broken', reason: 'the model failed: connection dropped' });
  first.write({ kind: 'outcome', status: 'broken', reason: 'the model failed: connection dropped', wall_ms: 40 });
  const t = openTranscript(file, head);
  t.write({ kind: 'system_prompt', sha256: 'ab'.repeat(32), text: 'You are the brain of a helper.' });
  t.write({ kind: 'message', message: { type: 'start', channel: 'rgb_pose', system_prompt: 'You are...' } });
  for (const k of [0, 1, 2])
    t.write({ kind: 'message', message: { type: 'observe', step: { k, header: `k${k}`, rgb: frameOf(k) } } });
  t.write({ kind: 'model_request', call: 1, messages: 2, images: 0 });
  t.write({ kind: 'model_reply', call: 1, text: EVIL, tool_calls: [{ name: 'next_frame', args: {} }] });
  t.write({ kind: 'usage', call: 1, input_tokens: 600, output_tokens: 12, usd: 0.0019 });
  t.write({ kind: 'tool_call', name: 'next_frame', args: {} });
  t.write({
    kind: 'tool_result',
    name: 'next_frame',
    text: `Frame 2: the header\nQuestions (answer each with submit_answer before the next frame):\n- ${Q.clear} (number): how far?\n- ${Q.ego} (offset): where?\nline 5\nline 6 <b>bold</b>`,
    frame: frameOf(2),
  });
  t.write({ kind: 'retry', status: 429, attempt: 1, wait_ms: 1000, retry_after: '1' });
  t.write({ kind: 'model_request', call: 2, messages: 4, images: 1 });
  t.write({
    kind: 'model_reply',
    call: 2,
    text: 'Answering.',
    tool_calls: [{ name: 'submit_answer', args: { answers: [{ qid: Q.clear, answer: { type: 'number' } }] } }],
  });
  t.write({
    kind: 'tool_call',
    name: 'submit_answer',
    args: { answers: [{ qid: Q.clear, answer: { type: 'number' } }] },
  });
  t.write({ kind: 'tool_result', name: 'submit_answer', text: 'answers[0]: a number needs value', is_error: true });
  t.write({
    kind: 'tool_call',
    name: 'submit_answer',
    args: {
      answers: [
        { qid: Q.clear, answer: { type: 'number', value: 2.5 } },
        { qid: Q.ego, answer: { type: 'offset', ahead: 1.0, left: -0.5 } },
      ],
    },
  });
  t.write({ kind: 'tool_result', name: 'submit_answer', text: 'Answers taken.' });
  // a frame path that is none of the case's frames: shown as text, never as an image
  t.write({ kind: 'tool_call', name: 'next_frame', args: {} });
  t.write({ kind: 'tool_result', name: 'next_frame', text: 'odd', frame: '../../../etc/passwd' });
  t.write({ kind: 'error', message: 'the server said <i>no</i>' });
  t.write({ kind: 'outcome', status: 'ok', wall_ms: 12345 });
}

/** The transcript section of a case page. */
function section(html: string): string {
  const i = html.indexOf('<section class="transcript"');
  expect(i, 'the page has a transcript section').toBeGreaterThan(0);
  return html.slice(i, html.indexOf('</section>', i));
}

beforeAll(async () => {
  f = await makeViewBuild();
  run = copyRun({ status: 'ok' });
  writeTranscript(run);
  writeFileSync(join(run, 'run.json'), JSON.stringify({ format: 'stbench.run/1', data: f.root }));
}, 60_000);

describe('a run with transcripts in the view', () => {
  let page: string;
  let index: string;
  beforeAll(async () => {
    const out = join(fixtureFolder('stbench-view-tx-site-'), 'site');
    await writeSite({ data: f.root, out, run });
    page = readFileSync(join(out, 'cases', `${CID}.html`), 'utf8');
    index = readFileSync(join(out, 'index.html'), 'utf8');
  }, 60_000);

  it('shows the tool calls, the frames they returned as the site’s images, and the frames sent', () => {
    const s = section(page);
    expect(s).toContain('<span class="tx-k">next_frame</span>');
    expect(s).toContain(`<img loading="lazy" src="../frames/${SID}/000022.jpg"`);
    expect(s).toContain('<button class="jump" data-k="2"');
    // the three observe messages fold into one line
    expect(s).toContain(
      '3 frames, <button class="jump" data-k="0">k0</button> to <button class="jump" data-k="2">k2</button> sent',
    );
    // a path that is no frame of the case is no image
    expect(s).toContain('not a frame of this case');
    expect(s).not.toMatch(/src="[^"]*etc\/passwd/);
    // the tool result's lines past the fourth are folded
    expect(s).toContain('2 more lines');
  });

  it('marks the refused call, the retry and the errors', () => {
    const s = section(page);
    expect(s).toMatch(/<li class="tx tx-tool tx-refusal">[^\n]*refused[^\n]*a number needs value/);
    expect(s).toMatch(/<li class="tx tx-retry">[^\n]*status 429[^\n]*wait_ms 1000/);
    expect(s).toMatch(/<li class="tx tx-error">[^\n]*the server said &lt;i&gt;no&lt;\/i&gt;/);
    expect(s).toContain('1 refused call');
    expect(s).toContain('1 retry');
  });

  it('shows each accepted answer beside its score, and the refused answer without one', () => {
    const s = section(page);
    const taken = s.slice(s.lastIndexOf('<table class="tx-answers">'));
    expect(taken).toContain(
      `<a href="#q-${Q.clear}"><code>${Q.clear}</code></a></td><td>2.50 m</td><td class="num sc-cat">-2.00</td>`,
    );
    expect(taken).toMatch(
      new RegExp(`#q-${Q.ego}"><code>${Q.ego}</code></a></td><td>ahead 1.00 m, left -0.50 m</td><td class="num sc-`),
    );
    const refused = s.slice(s.indexOf('tx-refusal'), s.indexOf('</li>', s.indexOf('tx-refusal')));
    expect(refused).toContain('<td class="small">refused</td>');
  });

  it('shows usage per call, the case’s status, cost and wall time, and the earlier attempt', () => {
    const s = section(page);
    expect(s).toMatch(/<li class="tx tx-usage">[^\n]*input_tokens 600[^\n]*usd \$0\.0019/);
    expect(s).toContain('<span class="st-ok">ok</span>');
    expect(s).toContain('$0.0031 · 1000 input, 20 output tokens · 2 model calls');
    expect(s).toContain('12.3 s');
    expect(s).toContain('Attempt 2 of 2: 1 earlier attempt (broken: the model failed: connection dropped)');
    // the earlier attempt's events are not in the timeline
    expect(s).not.toMatch(/<li class="tx tx-error">[^\n]*connection dropped/);
  });

  it('escapes the model’s text', () => {
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<b>bold</b>');
    expect(section(page)).toContain(
      'I will look first. &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;',
    );
  });

  it('gives each case’s status, cost and wall time in the index, linking to its page', () => {
    const row = index.split('\n').find((l) => l.includes(`cases/${CID}.html`))!;
    expect(index).toContain('<th>status</th><th>cost</th><th class="num">time</th>');
    expect(row).toContain(`<a href="cases/${CID}.html">`);
    expect(row).toContain(
      '<td class="st-ok">ok</td><td class="small">$0.0031 · 1000 input, 20 output tokens · 2 model calls</td><td class="num">12.3 s</td>',
    );
  });

  it('gives a broken case’s reason in the index, escaped', async () => {
    const broken = copyRun({ status: 'broken', reason: 'the model failed: <b>529</b> overloaded' });
    const out = join(fixtureFolder('stbench-view-tx-site-'), 'site');
    await writeSite({ data: f.root, out, run: broken });
    const row = readFileSync(join(out, 'index.html'), 'utf8')
      .split('\n')
      .find((l) => l.includes(`cases/${CID}.html`))!;
    expect(row).toContain(
      '<td class="st-broken">broken<div class="small">the model failed: &lt;b&gt;529&lt;/b&gt; overloaded</div></td>',
    );
    // no transcript in this run: the case page shows none, and no error
    const casePage = readFileSync(join(out, 'cases', `${CID}.html`), 'utf8');
    expect(casePage).not.toContain('class="transcript"');
    expect(casePage).toContain(
      '<span class="st-broken">broken: the model failed: &lt;b&gt;529&lt;/b&gt; overloaded</span>',
    );
  });
});

describe('stbench view RUN', () => {
  it('reads the data folder from RUN/run.json when --data is not given', async () => {
    const r = await runCli(['view', run]);
    expect(r.code, r.stderr).toBe(0);
    expect(section(readFileSync(join(run, 'view', 'cases', `${CID}.html`), 'utf8'))).toContain('next_frame');
  });

  it('is a usage error, naming --data, when run.json names a folder that is gone, and --data wins', async () => {
    const gone = copyRun({ status: 'ok' });
    writeFileSync(
      join(gone, 'run.json'),
      JSON.stringify({ format: 'stbench.run/1', data: join(f.root, 'moved-away') }),
    );
    const r = await runCli(['view', gone]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give --data');
    expect(r.stderr).toContain(join(f.root, 'moved-away'));
    expect(existsSync(join(gone, 'view'))).toBe(false);
    const given = await runCli(['view', gone, '--data', f.root]);
    expect(given.code, given.stderr).toBe(0);
    expect(existsSync(join(gone, 'view', 'index.html'))).toBe(true);
  });

  it('is a usage error without run.json and without --data', async () => {
    const bare = copyRun({ status: 'ok' });
    const r = await runCli(['view', bare]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give --data');
    expect(r.stderr).toContain('run.json does not exist');
    expect(existsSync(join(bare, 'view'))).toBe(false);
  });
});
