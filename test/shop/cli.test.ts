// The `wc-legacy-api` bin, end to end as child processes from source (through tsx): import into a fresh PGlite
// directory (and a fresh schema on the server when DATABASE_URL is set), serve what was imported, exit codes and
// messages for every kind of failure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeShopSnapshot } from 'wc-legacy-api/shop';
import { generateDemoShop } from '../../examples/demo-shop';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'src/shop/cli/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'wc-legacy-api-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const shop = generateDemoShop({ orders: 300, seed: 9 });
const file = join(dir, 'shop.json');
writeFileSync(file, JSON.stringify(serializeShopSnapshot(shop)));

/** Starts `wc-legacy-api serve`, waits for its banner, fetches a signed URL from it, then stops it with SIGINT. */
async function serveAndFetch(args: string[]): Promise<{ banner: string; body: string; code: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve', '--port', '0', ...args], { cwd: root });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 600 && !out.includes('Stop with Ctrl-C') && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 100));
  const url = /curl -s -g '([^']+)'/.exec(out)?.[1];
  const body = url === undefined ? '' : await (await fetch(url)).text();
  child.kill('SIGINT');
  return { banner: out, body, code: await exited };
}

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const targets: { name: string; url: () => Promise<string>; done?: () => Promise<void> }[] = [
  { name: 'pglite', url: async () => `pglite:${mkdtempSync(join(dir, 'pglite-'))}` },
];
if (DATABASE_URL !== undefined) {
  const schema = `cli_${process.pid}_${Date.now().toString(36)}`;
  targets.push({
    name: 'server',
    url: async () => {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.toString();
    },
    done: async () => {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  });
}

describe.each(targets)('wc-legacy-api import and serve on $name', { timeout: 180_000 }, (target) => {
  afterAll(async () => target.done?.());

  it('migrates, imports with a summary, refuses a second import, and serves the imported shop', async () => {
    const url = await target.url();
    const first = run(['import', file, '--database-url', url, '--batch-size', '70']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/migrated .* to schema version \d+/);
    expect(first.stdout).toMatch(/imported 300 orders, \d+ products, \d+ customers and \d+ coupons in [\d.]+ s \([\d,]+ orders\/s\)/);

    const again = run(['import', file, '--database-url', url]);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already holds a shop \(300 orders\)/);

    const served = await serveAndFetch(['--database-url', url]);
    expect(served.banner).toMatch(/serving 300 orders of ".*" in /);
    expect(served.banner).toMatch(/consumer key: +ck_[0-9a-f]+/);
    const completed = shop.orders.filter((o) => o.status === 'completed').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    expect(JSON.parse(served.body)).toEqual({ orders: completed.slice(0, 2).map((o) => ({ id: o.id, status: 'completed', total: o.total.toFixed(2) })) });
    expect(served.code).toBe(0);
  });
});

// Each process starts its own PGlite (WebAssembly), which takes seconds on a busy machine.
describe('wc-legacy-api', { timeout: 180_000 }, () => {
  it('serves a snapshot file with --data', async () => {
    const served = await serveAndFetch(['--data', file]);
    expect(served.banner).toContain(`serving 300 orders of "${shop.store.name}" from ${file}`);
    expect(JSON.parse(served.body).orders).toHaveLength(2);
  });

  it('serves the example shop shipped with the package when no data is named', async () => {
    const example = JSON.parse(readFileSync(join(root, 'examples/data/small-shop.json'), 'utf8'));
    const served = await serveAndFetch([]);
    expect(served.banner).toContain(`the example shop shipped with wc-legacy-api, ${example.orders.length} orders of "${example.store.name}"`);
    const completed = example.orders.filter((o: { status: string }) => o.status === 'completed');
    const ids = (orders: { id: number }[]) => orders.map((o) => o.id).sort((a, b) => a - b);
    expect(ids(JSON.parse(served.body).orders)).toEqual(ids(completed).slice(0, 2));
    expect(served.code).toBe(0);
  });

  it('prints issues of an invalid snapshot and exits 1, importing nothing', async () => {
    const json = serializeShopSnapshot(shop) as any;
    json.orders[250].total = 12.5;
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(json));
    const url = `pglite:${mkdtempSync(join(dir, 'pglite-'))}`;
    const r = run(['import', bad, '--database-url', url]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('is not a valid shop snapshot');
    expect(r.stderr).toContain('orders[250].total: expected a decimal string such as "12.50", got 12.5');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const long = run(['import', file, '--database-url', url, '--max-value-bytes', '100']);
    expect(long.status).toBe(1);
    expect(long.stderr).toContain('store: this value is longer than 100 bytes, the most a streamed snapshot may hold at once (maxValueBytes)');
    const good = run(['import', file, '--database-url', url]);
    expect(good.status).toBe(0);
  });

  it('exits 2 with a clear message for usage, file and connection errors, never showing the password', () => {
    const cases: [string[], RegExp][] = [
      [[], /a command is needed/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['import', file], /import needs --database-url URL/],
      [['import', '--database-url', 'pglite:memory'], /exactly one SNAPSHOT/],
      [['import', file, '--database-url', 'pglite:memory', '--batch-size', '0'], /--batch-size must be an integer of at least 1/],
      [['import', file, '--database-url', 'pglite:memory', '--max-value-bytes', '1e3x'], /--max-value-bytes must be an integer of at least 1/],
      [['serve', '--max-value-bytes', '100'], /serve: unknown option --max-value-bytes \(an option of import\)/],
      [['import', file, '--database-url', 'pglite:memory', '--port', '1'], /import: unknown option --port \(an option of serve\)/],
      [['import', join(dir, 'missing.json'), '--database-url', 'pglite:memory'], /cannot read .*missing\.json/],
      [['import', file, '--database-url', 'mysql://root:topsecret@localhost/x'], /must start with postgres:\/\//],
      [['import', file, '--database-url', 'postgres://bob:topsecret@127.0.0.1:1/x'], /cannot connect to postgres:\/\/bob:\*\*\*@127\.0\.0\.1:1\/x/],
      [['serve', '--data', file, '--database-url', 'pglite:memory'], /--data SNAPSHOT or --database-url URL, not both/],
      [['serve', '--bogus'], /serve: unknown option --bogus\n/],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect({ args, status: r.status }).toEqual({ args, status: 2 });
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('topsecret');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: wc-legacy-api import SNAPSHOT --database-url URL');
  });

  it('answers --version and --help, per command too, and suggests the command or option meant (exit 2, no usage dump)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(run(['--version'])).toEqual({ status: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const top = run(['--help']);
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^Commands:\n  import +import a JSON shop snapshot/m);
    expect(top.stdout).toMatch(/^  serve +serve the WooCommerce legacy v1 shop API$/m);
    expect(run(['help']).stdout).toBe(top.stdout);
    for (const [command, option] of [['import', '--batch-size N'], ['serve', '--port N']] as const) {
      const help = run([command, '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout.startsWith(`Usage: wc-legacy-api ${command} `)).toBe(true);
      expect(help.stdout).toContain(`  ${option} `);
      expect(help.stdout).not.toContain('Commands:');
      expect(run(['help', command]).stdout).toBe(help.stdout);
    }
    // --help wins over the rest of a command line, which is not checked.
    expect(run(['import', '--help']).stdout).toBe(run(['import', 'a', 'b', '-h']).stdout);
    const cases: [string[], string][] = [
      [['imprt', file], 'unknown command "imprt"; did you mean import?\nRun "wc-legacy-api --help" for the commands.'],
      [['serv'], 'unknown command "serv"; did you mean serve?\nRun "wc-legacy-api --help" for the commands.'],
      [['serve', '--prot', '8080'], 'serve: unknown option --prot; did you mean --port?\nRun "wc-legacy-api serve --help" for its options.'],
      [['import', file, '--databse-url', 'x'], 'import: unknown option --databse-url; did you mean --database-url?\nRun "wc-legacy-api import --help" for its options.'],
      [['--verison'], 'unknown option --verison; did you mean --version?\nRun "wc-legacy-api --help" for the commands.'],
      [['--port', '8080', 'serve'], '--port is an option of serve: write it after the command (wc-legacy-api serve --port ...)\nRun "wc-legacy-api --help" for the commands.'],
      [['help', 'nope'], 'unknown command "nope"\nRun "wc-legacy-api --help" for the commands.'],
    ];
    for (const [args, message] of cases) expect({ args, ...run(args) }).toEqual({ args, status: 2, stdout: '', stderr: `wc-legacy-api: ${message}\n` });
  });

  it('prints progress lines with growing counts when stderr is not a terminal', () => {
    // WC_LEGACY_API_PROGRESS_EVERY_MS shortens the reporting interval (5 s by default) so a small import shows lines.
    const r = run(['import', file, '--database-url', `pglite:${mkdtempSync(join(dir, 'pglite-'))}`, '--batch-size', '50'], { WC_LEGACY_API_PROGRESS_EVERY_MS: '0' });
    expect(r.status).toBe(0);
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const counts = lines.map((line) => {
      const m = /^imported ([\d,]+) orders \((\d+)% of the snapshot\), [\d,]+ orders\/s$/.exec(line);
      expect(m, line).not.toBeNull();
      return [Number(m![1]!.replace(/,/g, '')), Number(m![2])];
    });
    for (let i = 1; i < counts.length; i += 1) {
      expect(counts[i]![0]).toBeGreaterThan(counts[i - 1]![0]!);
      expect(counts[i]![1]).toBeGreaterThanOrEqual(counts[i - 1]![1]!);
    }
  });

  it('cancels on Ctrl-C mid-import: exit 130, and nothing stays imported', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify(serializeShopSnapshot(generateDemoShop({ orders: 3000, seed: 4 }))));
    const url = `pglite:${mkdtempSync(join(dir, 'pglite-'))}`;
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'import', big, '--database-url', url, '--batch-size', '50'], {
      cwd: root,
      env: { ...process.env, WC_LEGACY_API_PROGRESS_EVERY_MS: '0' },
    });
    let stderr = '';
    let interrupted = false;
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!interrupted && /imported [\d,]+ orders/.test(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(interrupted).toBe(true);
    expect(code).toBe(130);
    expect(stderr).toContain('import cancelled; nothing was imported');
    const again = run(['import', file, '--database-url', url]);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  });
});
