/**
 * What the stand-in CLIs (claude.mjs, codex.mjs) share: they start the MCP server they are configured with as the
 * real CLIs do (the official SDK's Client over StdioClientTransport), play a simple policy on the two tools (call
 * next_frame; answer each question by its type through submit_answer; stop when next_frame says the job is over),
 * and, asked to (STANDIN_PROBE), try what a sandbox must allow or refuse and report it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as tcp } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** The answer given to a question, by its type. */
export const ANSWER = {
  number: { type: 'number', value: 1.2 },
  place: { type: 'place', x: 1, y: 2 },
  offset: { type: 'offset', ahead: 0.8, left: 0.1 },
  list: { type: 'list', places: [{ x: 3, y: 1 }] },
  heading: { type: 'heading', deg: 90 },
};

/** Exit 2 with a message, as a CLI refusing its arguments does. */
export function refuse(cli, message) {
  process.stderr.write(`stand-in ${cli}: ${message}\n`);
  process.exit(2);
}

/** A knob from the environment, as a whole number (0: unset). */
export function knob(name) {
  const v = Number(process.env[name] ?? 0);
  return Number.isFinite(v) ? v : 0;
}

/** Connect to an MCP server `{command, args, env}` as a CLI does; returns the client and its tools' names. */
export async function connectServer(server) {
  const client = new Client({ name: 'stand-in-cli', version: '1' });
  await client.connect(
    new StdioClientTransport({ command: server.command, args: server.args ?? [], env: server.env, stderr: 'inherit' }),
  );
  const tools = (await client.listTools()).tools.map((t) => t.name);
  return { client, tools };
}

/** The open questions in a next_frame text: `- qid (type): ...` lines. */
export function questionsOf(text) {
  return [...text.matchAll(/^- (\S+) \((\w+)\):/gm)].map((m) => ({ qid: m[1], type: m[2] }));
}

export function answersFor(qs) {
  return { answers: qs.map((q) => ({ qid: q.qid, answer: ANSWER[q.type] ?? { type: 'unknown' } })) };
}

export const isOver = (text) => /job is over/.test(text);

/** A tool result's text (its first text block). */
export const textOf = (r) => r.content.find((c) => c.type === 'text')?.text ?? '';

/**
 * The probe (STANDIN_PROBE, JSON): `read` files, `list` folders, `write` files, `port` a TCP port on 127.0.0.1 to
 * read a line from. Each outcome is "ok[: what]" or the error's code.
 */
export async function probe() {
  if (!process.env.STANDIN_PROBE) return undefined;
  const spec = JSON.parse(process.env.STANDIN_PROBE);
  const out = { read: {}, list: {}, write: {}, port: null, home: process.env.HOME, env: Object.keys(process.env) };
  for (const f of spec.read ?? [])
    try {
      out.read[f] = `ok: ${readFileSync(f, 'utf8').slice(0, 40)}`;
    } catch (e) {
      out.read[f] = e.code ?? String(e);
    }
  for (const d of spec.list ?? [])
    try {
      out.list[d] = `ok: ${readdirSync(d).sort().join(',')}`;
    } catch (e) {
      out.list[d] = e.code ?? String(e);
    }
  for (const f of spec.write ?? [])
    try {
      writeFileSync(f, 'overwritten by the stand-in');
      out.write[f] = 'ok';
    } catch (e) {
      out.write[f] = e.code ?? String(e);
    }
  if (spec.port)
    out.port = await new Promise((resolve) => {
      const s = tcp({ host: '127.0.0.1', port: spec.port });
      let got = '';
      s.setEncoding('utf8');
      s.on('data', (d) => {
        got += d;
        if (got.includes('\n')) {
          s.destroy();
          resolve(`ok: ${got.trim()}`);
        }
      });
      s.on('error', (e) => resolve(e.code ?? String(e)));
      setTimeout(() => {
        s.destroy();
        resolve('timeout');
      }, 10_000).unref();
    });
  return out;
}
