import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's version, for the bins' `--version`: read from the package.json above the calling module (pass its
 * `import.meta.url`), in the source tree or in dist/, when asked; nothing is read on other runs.
 */
export function packageVersion(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'wc-legacy-api' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not here; look further up
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
