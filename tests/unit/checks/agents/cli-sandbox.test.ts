/**
 * The sandbox a model's CLI runs in (checks/harness/sandbox.ts cliSandboxSpawn), through the claude: backend in the
 * verified mode: the stand-in Claude Code, bundled into an install folder of its own as the real CLI is (one
 * package, its code in one file), tries to read the case's gold, the build, private/, the run folder, stbench's own
 * code and the user's home folder (every one absent), reads its login (present, the credentials read-only, the
 * settings file a copy it may rewrite), reaches a port the test listens on on 127.0.0.1 (the network is shared), and
 * still answers the case through the two tools over the relay. Its environment holds the model's variables and none
 * of stbench's other secrets. A sandboxed CLI on a file-based OAuth login (which it cannot save once refreshed) and
 * no key in the environment is warned about once, on stderr. Where the real `claude` and `codex` are installed, each is run in the same sandbox with
 * no login and no model key: Claude Code must start and list exactly the two tools, Codex must reach a stand-in API
 * the test listens on with the two tools and its MCP resource readers only.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_ENV, CLAUDE_TOOLS, claudeCodeBackend } from '../../../../checks/agents/claude-code.ts';
import { readOnlyLoginWarning } from '../../../../checks/agents/cli-process.ts';
import { codexBackend } from '../../../../checks/agents/codex.ts';
import {
  CLI_MODEL_ENV,
  CLI_QUIET_ENV,
  cliSandboxSpawn,
  onPath,
  SANDBOX_ENV,
} from '../../../../checks/harness/index.ts';
import { REPO_ROOT } from '../../../../foundation/index.ts';
import {
  type BackendRun,
  eventsOf,
  expectedAnswers,
  REAL_CODEX_TOOLS,
  refusingResponsesApi,
  requestTools,
  runBackend,
  STAND_IN_CLAUDE,
} from '../../../helpers/cli-stand-ins.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';
import { sandboxForTests } from '../../../helpers/sandbox-tests.ts';

const sb = sandboxForTests('the CLI sandbox tests');

interface Probe {
  read: Record<string, string>;
  list: Record<string, string>;
  write: Record<string, string>;
  port: string;
  home: string;
  env: string[];
}

describe.skipIf(!sb)('a CLI in the sandbox with the network', () => {
  let c: SynthCase;
  let exe: string;
  let install: string;
  let home: string;
  let runDir: string;
  let listener: Server;
  let run: BackendRun;
  let probe: Probe;
  const paths: Record<string, string> = {};
  const saved = { base: process.env.ANTHROPIC_BASE_URL, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    c = await makeCase(tempRoot());
    // the stand-in as a CLI is installed: a package of its own, its code bundled, linked from a bin folder
    install = fixtureFolder('stbench-cli-install-');
    const pkg = join(install, 'lib', 'node_modules', 'stand-in-claude');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'stand-in-claude', bin: { claude: 'cli.mjs' } }));
    await build({
      entryPoints: [STAND_IN_CLAUDE],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: join(pkg, 'cli.mjs'),
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'warning',
    });
    mkdirSync(join(install, 'bin'));
    exe = join(install, 'bin', 'claude');
    symlinkSync(join(pkg, 'cli.mjs'), exe);
    // a user's home: the CLI's login and a file of the user's
    home = fixtureFolder('stbench-cli-home-');
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', '.credentials.json'), '{"stand-in":"credentials"}');
    writeFileSync(join(home, '.claude.json'), '{"stand-in":"settings"}');
    writeFileSync(join(home, 'notes.txt'), "the user's own file");
    runDir = fixtureFolder('stbench-cli-rundir-');
    writeFileSync(join(runDir, 'results.json'), '{}');
    listener = createServer((s) => s.end('hello from the test\n'));
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    Object.assign(paths, {
      gold: join(c.dir, 'gold.jsonl'),
      build: join(c.root, 'scripts', c.sid, 'robot.json'),
      private: join(c.root, 'private', c.sid, 'timeline.json'),
      run: join(runDir, 'results.json'),
      code: join(REPO_ROOT, 'package.json'),
      notes: join(home, 'notes.txt'),
      credentials: join(home, '.claude', '.credentials.json'),
      settings: join(home, '.claude.json'),
    });
    process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9/stand-in';
    process.env.AWS_SECRET_ACCESS_KEY = 'not-for-the-cli';
    const spec = {
      read: Object.values(paths),
      list: [c.root, home, homedir(), REPO_ROOT],
      write: [paths.credentials, paths.settings],
      port: (listener.address() as AddressInfo).port,
    };
    run = await runBackend(
      claudeCodeBackend({
        model: 'sonnet',
        local: false,
        sandbox: sb!,
        executable: exe,
        home,
        hide: [
          { path: c.root, what: 'the data folder' },
          { path: runDir, what: 'the run folder' },
        ],
        env: { STANDIN_PROBE: JSON.stringify(spec) },
      }),
      c,
    );
    const init = eventsOf(run.events, 'cli_event').find((e) => (e.event as { subtype?: string })?.subtype === 'init');
    probe = (init?.event as { stand_in: { probe: Probe } } | undefined)?.stand_in.probe as Probe;
  }, 120_000);

  afterAll(() => {
    listener?.close();
    for (const [k, v] of [
      ['ANTHROPIC_BASE_URL', saved.base],
      ['AWS_SECRET_ACCESS_KEY', saved.secret],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('answers the case through the two tools over the relay', () => {
    expect(run.out.status, run.out.reason).toBe('ok');
    expect(Object.fromEntries(run.out.answers)).toEqual(expectedAnswers(c));
    expect(run.provenance.cli_version).toBe('2.0.99 (Claude Code stand-in)');
  });

  it("cannot read the gold, the build, private/, the run folder, the code or the user's files", () => {
    for (const k of ['gold', 'build', 'private', 'run', 'code', 'notes'])
      expect(probe.read[paths[k]], k).toBe('ENOENT');
    expect(probe.list[c.root]).toBe('ENOENT');
    expect(probe.list[REPO_ROOT]).toBe('ENOENT');
    // the real home shows at most the folders of an interpreter installed in it (a pyenv, an nvm)
    const shown = new Set(
      sb!.interpreters
        .filter((p) => p.at.startsWith(`${homedir()}/`))
        .map((p) => p.at.slice(homedir().length + 1).split('/')[0]),
    );
    const listed = probe.list[homedir()];
    expect(
      listed === 'ENOENT' ||
        listed
          .slice(4)
          .split(',')
          .filter(Boolean)
          .every((n) => shown.has(n)),
      listed,
    ).toBe(true);
  });

  it('has a private home holding only its login: the credentials read-only, the settings a copy', () => {
    expect(probe.home).toBe(home);
    expect(probe.list[home]).toBe('ok: .claude,.claude.json');
    expect(probe.read[paths.credentials]).toBe('ok: {"stand-in":"credentials"}');
    expect(probe.read[paths.settings]).toBe('ok: {"stand-in":"settings"}');
    expect(probe.write[paths.credentials]).toBe('EROFS');
    expect(probe.write[paths.settings]).toBe('ok');
    // the user's own files are untouched
    expect(readFileSync(paths.credentials, 'utf8')).toBe('{"stand-in":"credentials"}');
    expect(readFileSync(paths.settings, 'utf8')).toBe('{"stand-in":"settings"}');
  });

  it('reaches a port on the machine: the network is shared', () => {
    expect(probe.port).toBe('ok: hello from the test');
  });

  it("gets the model's variables and none of stbench's other secrets", () => {
    expect(probe.env).toContain('ANTHROPIC_BASE_URL');
    expect(probe.env).toContain('CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC');
    expect(probe.env).not.toContain('AWS_SECRET_ACCESS_KEY');
    const allowed = [...CLI_MODEL_ENV, ...Object.keys(CLI_QUIET_ENV), ...Object.keys(CLAUDE_ENV)];
    const own = ['STANDIN_PROBE', 'STBENCH_CASE_TOKEN', 'PATH', 'HOME', 'TMPDIR', 'PWD'];
    for (const k of probe.env)
      expect(
        allowed.includes(k) ||
          own.includes(k) ||
          SANDBOX_ENV.some((a) => (typeof a === 'string' ? a === k : a.test(k))),
        k,
      ).toBe(true);
  });

  it('warns, once, of a file-based OAuth login it can only read when no key variable is set', () => {
    const oauth = fixtureFolder('stbench-cli-oauth-home-');
    mkdirSync(join(oauth, '.claude'));
    writeFileSync(join(oauth, '.claude', '.credentials.json'), OAUTH);
    const lines: string[] = [];
    const restore = withoutModelKeys();
    try {
      const make = (h: string) =>
        claudeCodeBackend({
          model: 'sonnet',
          local: false,
          sandbox: sb!,
          executable: exe,
          home: h,
          warn: (l) => lines.push(l),
        });
      make(oauth);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(join(oauth, '.claude', '.credentials.json'));
      make(home); // its credentials hold no refresh token
      expect(lines).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('refuses an install folder that lies inside the data folder', () => {
    expect(() =>
      cliSandboxSpawn(sb!, {
        executable: exe,
        args: [],
        home,
        hidden: [{ path: install, what: 'the data folder' }],
        env: process.env,
      }),
    ).toThrow(/the CLI's install folder .*stand-in-claude .* lies inside the data folder/);
  });
});

const OAUTH = JSON.stringify({ claudeAiOauth: { accessToken: 'a', refreshToken: 'r', expiresAt: 1 } });

describe('the warning about a login the sandbox holds read-only', () => {
  const file = join(fixtureFolder('stbench-cli-login-'), 'login.json');
  const warning = (o: { content?: string; sandboxed?: boolean; env?: Record<string, string> }) => {
    if (o.content !== undefined) writeFileSync(file, o.content);
    return readOnlyLoginWarning({
      name: 'claude:sonnet',
      sandboxed: o.sandboxed ?? true,
      file,
      keys: ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN'],
      env: o.env ?? {},
    });
  };

  it('is given for a sandboxed CLI on an OAuth login file with no key set, naming the keys', () => {
    expect(warning({ content: OAUTH })).toMatch(
      /claude:sonnet .*login\.json.*ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN/s,
    );
    const codexLogin = { auth_mode: 'chatgpt', tokens: { id_token: 'i', access_token: 'a', refresh_token: 'r' } };
    expect(warning({ content: JSON.stringify(codexLogin) })).not.toBeNull();
  });

  it('is not given with a key set, under --local, or for a login that never refreshes', () => {
    expect(warning({ content: OAUTH, env: { CLAUDE_CODE_OAUTH_TOKEN: 't' } })).toBeNull();
    expect(warning({ content: OAUTH, env: { ANTHROPIC_API_KEY: '' } })).not.toBeNull(); // empty: not set
    expect(warning({ content: OAUTH, sandboxed: false })).toBeNull();
    expect(warning({ content: JSON.stringify({ OPENAI_API_KEY: 'sk-x', tokens: null }) })).toBeNull();
    expect(warning({ content: 'not json' })).toBeNull();
    rmSync(file);
    expect(warning({})).toBeNull();
  });
});

/** The model keys of stbench's environment, removed for a test that runs a real CLI (no paid call can start). */
function withoutModelKeys(): () => void {
  const saved = new Map(CLI_MODEL_ENV.filter((k) => /KEY|TOKEN/.test(k)).map((k) => [k, process.env[k]]));
  for (const k of saved.keys()) delete process.env[k];
  return () => {
    for (const [k, v] of saved) if (v !== undefined) process.env[k] = v;
  };
}

const realClaude = onPath('claude');
const realCodex = onPath('codex');
if (sb && !realClaude) console.warn('the real claude in the sandbox skipped: claude is not on PATH');
if (sb && !realCodex) console.warn('the real codex in the sandbox skipped: codex is not on PATH');

describe.skipIf(!sb || !realClaude)('the real Claude Code in the sandbox', () => {
  it('starts, connects the relay and lists exactly the two tools (no login: the turn fails)', async () => {
    const c = await makeCase(tempRoot());
    const restore = withoutModelKeys();
    try {
      const home = fixtureFolder('stbench-cli-empty-home-');
      const r = await runBackend(claudeCodeBackend({ model: 'haiku', local: false, sandbox: sb!, home }), c);
      const init = eventsOf(r.events, 'cli_event').find((e) => (e.event as { subtype?: string })?.subtype === 'init')
        ?.event as { tools: string[]; mcp_servers: { name: string; status: string }[] };
      expect(init, r.out.reason).toBeDefined();
      expect([...init.tools].sort()).toEqual([...CLAUDE_TOOLS].sort());
      expect(init.mcp_servers).toEqual([expect.objectContaining({ name: 'stbench', status: 'connected' })]);
      expect(r.out.status).toBe('broken');
      expect(r.out.reason).toMatch(/^claude: the model's turn failed/);
    } finally {
      restore();
    }
  }, 120_000);
});

describe.skipIf(!sb || !realCodex)('the real Codex in the sandbox', () => {
  it('reaches a stand-in API on the machine with the two tools and its resource readers only', async () => {
    const c = await makeCase(tempRoot());
    const api = await refusingResponsesApi();
    const restore = withoutModelKeys();
    try {
      const r = await runBackend(
        codexBackend({
          model: 'gpt-stand-in',
          local: false,
          sandbox: sb!,
          home: fixtureFolder('stbench-cli-empty-home-'),
          maxNudges: 0,
          config: api.provider,
          env: { STANDIN_KEY: 'not-a-key' },
        }),
        c,
      );
      expect(r.out.reason).toMatch(/stand-in API: no model here/);
      const first = api.first();
      expect(first).not.toBeNull();
      expect(requestTools(first!)).toEqual(REAL_CODEX_TOOLS);
    } finally {
      restore();
      api.close();
    }
  }, 120_000);
});
