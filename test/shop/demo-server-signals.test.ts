// `npm start` stops when asked: SIGTERM to the npm process (a process manager, `kill`, `docker stop`) and Ctrl-C (the
// terminal sends SIGINT to the whole foreground process group). Spawned exactly as a user runs it, `npm start`, in
// its own process group so the test can tell whether any process of it is left.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    if (!groupGone(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
  }
});

/** True when no process of the group led by `pid` is left. */
function groupGone(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `npm start` on a free port; resolves with its process and the index URL once it serves. */
function npmStart(): Promise<{ child: ChildProcess; index: string }> {
  const child = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: '0' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const index = /at (http:\/\/localhost:\d+\/wc-api\/v1\/)/.exec(out)?.[1];
      if (index !== undefined && out.includes('Stop with Ctrl-C')) resolve({ child, index });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code} before serving:\n${out}`)));
  });
}

describe('npm start stops on a signal', () => {
  it.each([
    ['SIGTERM sent to the npm process', (pid: number) => process.kill(pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the whole process group)', (pid: number) => process.kill(-pid, 'SIGINT')],
  ])('%s: every process of it exits and the port is closed', async (_name, send) => {
    const { child, index } = await npmStart();
    expect((await fetch(index)).status).toBe(200);
    send(child.pid!);
    await until(() => groupGone(child.pid!), 'a process of npm start is still running');
    await expect(fetch(index)).rejects.toThrow();
  }, 90_000);
});
