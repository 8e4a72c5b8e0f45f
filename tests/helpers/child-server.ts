import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The source of the server, run through tsx. */
export const SERVER_SOURCE = 'src/app/main.server.ts';
/** The server as production runs it: compiled by `npm run build` (scripts/build-server.mjs). */
export const SERVER_COMPILED = 'build/server/main.js';

/**
 * Node's arguments for a program of this repository: TypeScript through tsx (tests start from
 * source, no build needed), or JavaScript as compiled by the build, with no loader. The
 * same Node that runs the tests (process.execPath), whatever `node` is first on PATH.
 */
const nodeArgs = (script: string) =>
  script.endsWith('.ts') ? ['--import', 'tsx', script] : ['--enable-source-maps', script];

/**
 * Runs the real server (by default from source, `src/app/main.server.ts`; `SERVER_COMPILED`
 * for the build's) as a separate process and waits until it answers.
 */
export async function startChildServer(
  /** Added to this process's environment; a variable set to undefined is left out. */
  env: Record<string, string | undefined>,
  { script = SERVER_SOURCE }: { script?: string } = {},
): Promise<ChildServer> {
  // A given PORT (an instance restarted behind nginx keeps its port), otherwise a free one.
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, nodeArgs(script), {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A PGlite start (WebAssembly, crash recovery, every page rendered) takes 10–40 s on a
  // busy 2-core machine.
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL'); // don't leave it running behind a failed test
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, output: () => output, exited };
}

export interface ExitedProcess {
  code: number | null;
  /** stderr and stdout as printed. */
  output: string;
  stderr: string;
}

/**
 * Runs a command of this repository (by default the server) that is expected to stop by
 * itself (a start-up failure, a refusal); kills it after `timeoutMs` and answers code null.
 */
export async function runUntilExit(
  env: Record<string, string>,
  {
    script = SERVER_SOURCE,
    args = [],
    timeoutMs = 90_000,
  }: { script?: string; args?: string[]; timeoutMs?: number } = {},
): Promise<ExitedProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...nodeArgs(script), ...args], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
  clearTimeout(timer);
  return { code, output, stderr };
}
