/**
 * stbench's MCP server: the two tools (tools.ts) of one case's desk, served with the official MCP SDK over stdio
 * framing. A CLI (Claude Code, Codex) starts MCP servers itself, as child processes it speaks stdio to; the one it
 * is given is the relay (RELAY_SCRIPT, `node -e`), which joins its stdin and stdout to a Unix socket the harness
 * listens on for the case (`serveDesk`). The server itself runs in the harness's process, so the sandboxed CLI needs
 * nothing of stbench but the relay and the socket: no frames folder, no code, no build. next_frame returns the
 * frame as image content (JPEG) and its text; it declares no output schema (a CLI drops the image of a result that
 * also carries structured content).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from '../../foundation/index.ts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Desk, ToolResult } from './desk.ts';
import {
  MCP_SERVER_NAME,
  NEXT_FRAME,
  NEXT_FRAME_DESCRIPTION,
  SUBMIT_ANSWER,
  SUBMIT_ANSWER_DESCRIPTION,
  SUBMIT_ANSWER_SHAPE,
} from './tools.ts';

type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** A desk's tool result as MCP content: the text, then the frame. */
export function mcpContent(r: ToolResult): { content: Content[]; isError?: boolean } {
  const content: Content[] = [{ type: 'text', text: r.text }];
  if (r.image) content.push({ type: 'image', data: r.image.jpeg.toString('base64'), mimeType: 'image/jpeg' });
  return { content, ...(r.isError ? { isError: true } : {}) };
}

/** An MCP server with exactly the two tools, on a desk. */
export function deskMcpServer(desk: Desk, version: string): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version });
  server.registerTool(
    NEXT_FRAME,
    { title: 'Next frame', description: NEXT_FRAME_DESCRIPTION, inputSchema: {} },
    async () => mcpContent(await desk.nextFrame()),
  );
  server.registerTool(
    SUBMIT_ANSWER,
    { title: 'Submit answers', description: SUBMIT_ANSWER_DESCRIPTION, inputSchema: SUBMIT_ANSWER_SHAPE },
    async (args) => mcpContent(desk.submitAnswer(args)),
  );
  return server;
}

/**
 * The relay a CLI runs as its MCP server: stdin to the socket, the socket to stdout; it ends when either does.
 * CommonJS, no dependency: `node -e RELAY_SCRIPT` with STBENCH_MCP_SOCKET set.
 */
export const RELAY_SCRIPT =
  "const s=require('net').connect(process.env.STBENCH_MCP_SOCKET);" +
  'process.stdin.pipe(s);s.pipe(process.stdout);' +
  "s.on('error',e=>{process.stderr.write('stbench relay: '+e.message+'\\n');process.exit(1)});" +
  "s.on('close',()=>process.exit(0));process.stdin.on('end',()=>s.end())";

export const RELAY_SOCKET_VAR = 'STBENCH_MCP_SOCKET';

/** A case's MCP endpoint: the socket (in a folder of its own, to show a sandbox) and how to stop it. */
export interface DeskEndpoint {
  /**
   * the folder that holds the socket, and the case's other files for its CLI (an MCP config, Codex's home and
   * instructions): removed by close(), and on Ctrl-C (foundation/interrupt.ts) until then
   */
  dir: string;
  socket: string;
  close(): Promise<void>;
}

/**
 * Serve a desk's MCP server on a fresh Unix socket; every connection gets the same desk. Its folder is the one
 * per-case folder a CLI backend makes: an interrupt removes it (the CLI, started later, is ended first).
 */
export async function serveDesk(desk: Desk, version: string): Promise<DeskEndpoint> {
  const dir = mkdtempSync(join(tmpdir(), 'stbench-mcp-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const offInterrupt = onInterrupt(remove);
  const socket = join(dir, 'mcp.sock');
  const sockets = new Set<Socket>();
  const servers: McpServer[] = [];
  const net: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => {});
    const server = deskMcpServer(desk, version);
    servers.push(server);
    void server.connect(new StdioServerTransport(sock, sock));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      net.once('error', reject);
      net.listen(socket, () => resolve());
    });
  } catch (e) {
    offInterrupt();
    remove();
    throw e;
  }
  let closing: Promise<void> | null = null;
  return {
    dir,
    socket,
    close() {
      closing ??= (async () => {
        for (const s of sockets) s.destroy();
        await Promise.all(servers.map((s) => s.close().catch(() => {})));
        await new Promise<void>((r) => net.close(() => r()));
        remove();
        offInterrupt();
      })();
      return closing;
    },
  };
}
