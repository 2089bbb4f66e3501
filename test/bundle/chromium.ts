// Finds a Chromium for the browser test: Debian's /usr/bin/chromium, installed with apt-get when it is missing and
// this runs as root with apt available (as in CI). Playwright never downloads a browser here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

/** The Chromium to drive, or why there is none (the test then skips and says so). */
export function findChromium(): { readonly path: string } | { readonly missing: string } {
  if (existsSync(CHROMIUM)) return { path: CHROMIUM };
  const root = process.getuid?.() === 0;
  const apt = existsSync('/usr/bin/apt-get');
  if (!root || !apt) return { missing: `${CHROMIUM} is missing and cannot be installed here (${root ? 'no apt-get' : 'not root'}); install Debian's chromium package` };
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'ignore', env, timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'ignore', env, timeout: 600_000 });
  } catch (error) {
    return { missing: `apt-get install chromium failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  return existsSync(CHROMIUM) ? { path: CHROMIUM } : { missing: `apt-get installed chromium but ${CHROMIUM} is still missing` };
}

/** Launch flags that work in containers and CI (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
