/**
 * stbench's MCP server, driven by the official MCP SDK's client exactly as a CLI drives it: the client starts the
 * relay (`node -e RELAY_SCRIPT`) as its stdio server, the relay reaches the case's desk over its socket. The server
 * lists exactly the two tools, streams the fixture case frame by frame with the frame as JPEG image content, refuses
 * malformed answers with a reason and a next_frame while questions are open, and the answers it accepts are the
 * case's answers, scored as the same answers given through `cmd:` are. A case's folder goes on Ctrl-C as on close.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSystem, type AgentBackend } from '../../../../checks/agents/agent-system.ts';
import { RELAY_SCRIPT, RELAY_SOCKET_VAR, serveDesk } from '../../../../checks/agents/mcp-server.ts';
import { Desk } from '../../../../checks/agents/desk.ts';
import { commandSystem, NO_TRANSCRIPT, runCase, type CaseOutcome } from '../../../../checks/harness/index.ts';
import { runCleanups } from '../../../../foundation/index.ts';
import { FRAMES, makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

type Content = { type: string; text?: string; data?: string; mimeType?: string };

/** The answer the policy gives a question, by its type (every form once). */
const ANSWER: Record<string, unknown> = {
  number: { type: 'number', value: 1.2 },
  place: { type: 'place', x: 1, y: 2 },
  offset: { type: 'offset', ahead: 0.8, left: 0.1 },
  list: { type: 'list', places: [{ x: 3, y: 1 }] },
};

interface Seen {
  tools: string[];
  frames: { text: string; mime: string; bytes: number }[];
  refusals: string[];
  over: string;
}

/** A backend that is an MCP client over the relay, as a CLI is; it records what it saw. */
function mcpClientBackend(seen: Seen): AgentBackend {
  return {
    name: 'test:mcp-client',
    mode: 'harness_loop',
    provenance: () => ({}),
    start(ctx) {
      let client: Client | null = null;
      const done = (async () => {
        const ep = await serveDesk(ctx.desk, 'test');
        try {
          client = new Client({ name: 'stand-in', version: '1' });
          await client.connect(
            new StdioClientTransport({
              command: process.execPath,
              args: ['-e', RELAY_SCRIPT],
              env: { [RELAY_SOCKET_VAR]: ep.socket },
            }),
          );
          seen.tools = (await client.listTools()).tools.map((t) => t.name).sort();
          let first = true;
          for (;;) {
            const r = (await client.callTool({ name: 'next_frame', arguments: {} })) as { content: Content[] };
            const text = r.content.find((c) => c.type === 'text')?.text ?? '';
            const img = r.content.find((c) => c.type === 'image');
            if (/job is over/.test(text)) {
              seen.over = text;
              break;
            }
            if (img) seen.frames.push({ text, mime: img.mimeType!, bytes: Buffer.from(img.data!, 'base64').length });
            const qs = [...text.matchAll(/^- (\S+) \((\w+)\):/gm)].map((m) => ({ qid: m[1], type: m[2] }));
            if (!qs.length) continue;
            if (first) {
              first = false;
              // next_frame while questions are open, then a malformed answer set: both refused
              const early = (await client.callTool({ name: 'next_frame', arguments: {} })) as {
                content: Content[];
                isError?: boolean;
              };
              seen.refusals.push(`${early.isError}:${early.content[0].text}`);
              const bad = (await client.callTool({
                name: 'submit_answer',
                arguments: { answers: [{ qid: qs[0].qid, answer: { type: 'number', value: 'far' } }] },
              })) as { content: Content[]; isError?: boolean };
              seen.refusals.push(`${bad.isError}:${bad.content[0].text}`);
            }
            const ok = (await client.callTool({
              name: 'submit_answer',
              arguments: { answers: qs.map((q) => ({ qid: q.qid, answer: ANSWER[q.type] })) },
            })) as { content: Content[]; isError?: boolean };
            expect(ok.isError).toBeFalsy();
          }
        } finally {
          await client?.close();
          await ep.close();
        }
      })();
      return { done, stop: async () => void (await client?.close().catch(() => {})) };
    },
  };
}

let c: SynthCase;
let cmdFile: string;
beforeAll(async () => {
  c = await makeCase(tempRoot());
  cmdFile = join(c.root, '..', `cmd-system-${process.pid}.mjs`);
  // the same policy through cmd: (answers by the question's type)
  writeFileSync(
    cmdFile,
    `import { createInterface } from 'node:readline';
const A = ${JSON.stringify(ANSWER)};
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type === 'finish') break;
  const r = m.type === 'ask' ? { answers: m.questions.map((q) => ({ qid: q.qid, answer: A[q.answer_type] })) } : { type: 'next' };
  process.stdout.write(JSON.stringify(r) + '\\n');
}
`,
  );
});
afterAll(() => {
  rmSync(c.root, { recursive: true, force: true });
  rmSync(cmdFile, { force: true });
});

describe('the MCP server of the two tools', () => {
  let seen: Seen;
  let out: CaseOutcome;
  beforeAll(async () => {
    seen = { tools: [], frames: [], refusals: [], over: '' };
    out = await runCase(agentSystem(mcpClientBackend(seen)), c.dir, { replyTimeoutMs: 20_000 });
  }, 60_000);

  it('lists exactly next_frame and submit_answer', () => {
    expect(seen.tools).toEqual(['next_frame', 'submit_answer']);
  });

  it('streams every frame in order as JPEG image content with its header line', () => {
    expect(out.status).toBe('ok');
    expect(seen.frames.map((f) => Number(/Frame (\d+):/.exec(f.text)?.[1]))).toEqual(
      Array.from({ length: FRAMES }, (_, k) => k),
    );
    const jpeg = readFileSync(join(c.root, 'scripts', c.sid, 'sensors', 'rgb', '000010.jpg'));
    for (const f of seen.frames) {
      expect(f.mime).toBe('image/jpeg');
      expect(f.bytes).toBe(jpeg.length);
      expect(f.text).toMatch(/^Frame \d+: \[k\d+ /m);
    }
    // the task briefs go with the frame they start at; the end questions come after the last frame
    expect(seen.frames[0].text).toMatch(/^Task 0\. .*Assignment:/);
    expect(seen.over).toMatch(/job is over/);
  });

  it('refuses next_frame while questions are open and a malformed answer, saying why', () => {
    expect(seen.refusals[0]).toMatch(/^true:Answer the open questions first/);
    expect(seen.refusals[1]).toMatch(/^true:Refused, nothing recorded: .*value is not a number/);
    expect(seen.refusals[1]).toMatch(/has no answer/);
  });

  it('records the answers it accepted, the same as the same answers given through cmd:', async () => {
    const viaCmd = await runCase(commandSystem(`node ${cmdFile}`), c.dir, { replyTimeoutMs: 20_000 });
    expect(viaCmd.status).toBe('ok');
    expect(Object.fromEntries(out.answers)).toEqual(Object.fromEntries(viaCmd.answers));
    expect(out.answers.size).toBe(5);
  });
});

describe("a case's MCP folder", () => {
  it('is removed by an interrupt while served, and forgotten once closed', async () => {
    const desk = () => new Desk({ transcript: NO_TRANSCRIPT, framePath: (p) => p });
    const closed = await serveDesk(desk(), 'test');
    const open = await serveDesk(desk(), 'test');
    writeFileSync(join(open.dir, 'instructions.md'), 'a file of the case');
    await closed.close();
    expect(existsSync(closed.dir)).toBe(false);
    mkdirSync(closed.dir); // a folder of that name made since is no longer stbench's to remove
    try {
      runCleanups(); // what Ctrl-C runs
      expect(existsSync(open.dir)).toBe(false);
      expect(existsSync(closed.dir)).toBe(true);
    } finally {
      await open.close();
      rmSync(closed.dir, { recursive: true, force: true });
    }
  });
});
