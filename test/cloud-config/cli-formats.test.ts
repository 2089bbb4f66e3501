// The validate-cloud-config bin's output formats, each held against its grammar or schema: text lines as compilers
// print them, GitHub workflow commands parsed back as GitHub reads them, the SARIF log validated with the SARIF
// 2.1.0 JSON schema (shipped in @microsoft/jest-sarif); the summary line, --quiet, did-you-mean and exit codes.
// Each spawn starts Node and tsx, seconds on a busy machine: hence the timeouts, and option parsing tested in process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliOptions, USAGE } from '../../src/cloud-config/output/cli-options';
import { escapeGithubData, escapeGithubProperty } from '../../src/cloud-config/output/github-commands';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'src/cloud-config/output/cli.ts');

function run(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, input: stdin, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
const file = (name: string) => join(dir, name);
// A name with every character GitHub's properties and URIs need escaped: `,` `:` `%` and a space.
const ODD = 'odd, name: 100% sure.yaml';
// Files with problems of every kind, a valid one, and one with more issues than --max-issues lists (100).
const NAMES = ['valid.yaml', 'invalid.yaml', 'deprecated.yaml', 'twice.yaml', ODD, 'many.yaml'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'validate-cloud-config-formats-'));
  writeFileSync(file('valid.yaml'), '#cloud-config\nruncmd: [ls]\n');
  writeFileSync(file('invalid.yaml'), '#cloud-config\nusers:\n  - name: ada\n    shell: 5\n    lock-passwd: true\nruncmds: [ls]\n');
  writeFileSync(file('deprecated.yaml'), '#cloud-config\nusers:\n  - name: ada\n    lock-passwd: true\n');
  writeFileSync(file('twice.yaml'), '#cloud-config\nhostname: a\nhostname: b\n');
  writeFileSync(file(ODD), '#cloud-config\nruncmd: "50% done,\\r\\nnext: line"\n');
  writeFileSync(file('many.yaml'), `#cloud-config\nusers:\n${Array.from({ length: 150 }, (_, i) => `  - name: u${i}\n    shell: 5\n`).join('')}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonIssue {
  code: string;
  path: string;
  message: string;
  line?: number;
  column?: number;
}
interface JsonResult {
  file: string;
  valid: boolean;
  errors: JsonIssue[];
  deprecations: JsonIssue[];
  warnings: JsonIssue[];
  unlisted?: { errors: number; deprecations: number; warnings: number };
}

/** The --json results of the files: what every other format must say, issue for issue. */
function jsonResults(names: readonly string[]): JsonResult[] {
  return run(['--json', ...names.map(file)])
    .stdout.trim()
    .split('\n')
    .map((line) => JSON.parse(line) as JsonResult);
}

type Severity = 'error' | 'deprecation' | 'warning';
const issuesOf = (r: JsonResult): [Severity, JsonIssue][] => [
  ...r.errors.map((i) => ['error', i] as [Severity, JsonIssue]),
  ...r.deprecations.map((i) => ['deprecation', i] as [Severity, JsonIssue]),
  ...r.warnings.map((i) => ['warning', i] as [Severity, JsonIssue]),
];
const textOf = (i: JsonIssue) => (i.path === '' ? i.message : `${i.path}: ${i.message}`);

describe('validate-cloud-config --format text (the default)', { timeout: 120_000 }, () => {
  const LINE = /^(.+?):(?:(\d+):(?:(\d+):)?)? (error|deprecation|warning): (.+) \[([a-z_]+)\]$/;

  it('prints a verdict per file, one FILE:LINE:COL: SEVERITY: MESSAGE [CODE] line per issue, then the summary line', () => {
    const result = run(NAMES.map(file));
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('6 files: 3 valid, 3 invalid, 2 with deprecations');
    const expected = jsonResults(NAMES).flatMap((r) => [
      `${r.valid ? 'Valid' : 'Invalid'} cloud-config ${r.file}`,
      ...issuesOf(r).map(([severity, i]) => `${r.file}:${i.line}:${i.column}: ${severity}: ${textOf(i)} [${i.code}]`),
      ...(r.unlisted ? [`${r.file}: and ${r.unlisted.errors} more errors not listed (the limit is maxIssues, --max-issues)`] : []),
    ]);
    expect(lines.slice(0, -1)).toEqual(expected);
    const issueLines = lines.filter((l) => l.startsWith(dir) && !/: and \d+ more/.test(l));
    expect(issueLines.length).toBeGreaterThan(100);
    for (const line of issueLines) expect(line, line).toMatch(LINE);
  });

  it('--quiet prints only the problems and the summary line, also for one file', () => {
    const quiet = run(['--quiet', ...NAMES.map(file)]);
    expect(quiet.status).toBe(1);
    const lines = quiet.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => /^(Valid|Invalid) /.test(l))).toEqual([]);
    expect(lines.at(-1)).toBe('6 files: 3 valid, 3 invalid, 2 with deprecations');
    expect(lines.filter((l) => l.startsWith(file('valid.yaml')))).toEqual([]);
    expect(lines).toContain(`${file('twice.yaml')}:3:1: warning: hostname: key "hostname" is repeated (first at line 2, column 1); the last value is used [duplicate_key]`);
    expect(run(['-q', file('valid.yaml')])).toMatchObject({ status: 0, stdout: '1 file: 1 valid, 0 invalid, 0 with deprecations\n' });
  });

  it('counts --strict failures as invalid and unreadable inputs as not read, exit 2', () => {
    const strict = run(['-q', '--strict', file('valid.yaml'), file('deprecated.yaml')]);
    expect(strict.status).toBe(1);
    expect(strict.stdout.trimEnd().split('\n').at(-1)).toBe('2 files: 1 valid, 1 invalid, 1 with deprecations');
    const missing = run([file('valid.yaml'), file('missing.yaml')]);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe(`Valid cloud-config ${file('valid.yaml')}\n2 files: 1 valid, 0 invalid, 0 with deprecations, 1 not read\n`);
    expect(missing.stderr).toContain(`cannot read ${file('missing.yaml')}: ENOENT`);
  });
});

/** A workflow command as the Actions runner reads it: `::NAME key=value,key=value::MESSAGE`, values unescaped. */
function parseCommand(line: string): { kind: string; properties: Record<string, string>; message: string } | undefined {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (m === null) return undefined;
  const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    expect(eq, pair).toBeGreaterThan(0);
    properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1));
  }
  return { kind: m[1]!, properties, message: unescape(m[3]!) };
}

describe('validate-cloud-config --format github', { timeout: 120_000 }, () => {
  it('prints one ::error or ::warning command per issue, with file, line, col and title, that GitHub parses back', () => {
    const result = run(['--format', 'github', ...NAMES.map(file)]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::')).map((l) => parseCommand(l));
    expect(commands.every((c) => c !== undefined)).toBe(true);
    const expected = jsonResults(NAMES).flatMap((r) => [
      ...issuesOf(r).map(([severity, i]) => ({
        kind: severity === 'error' ? 'error' : 'warning',
        properties: { file: r.file, line: String(i.line), col: String(i.column), title: `cloud-config ${i.code}` },
        message: textOf(i),
      })),
      ...(r.unlisted ? [{ kind: 'notice', properties: { file: r.file }, message: `and ${r.unlisted.errors} more errors not listed (the limit is maxIssues, --max-issues)` }] : []),
    ]);
    expect(commands).toEqual(expected);
    // The odd name and the `%`, `,` and `:` of its message came back as they were.
    expect(commands.some((c) => c!.properties.file === file(ODD) && c!.message.includes('"50% done,\\r\\nnext: line"'))).toBe(true);
    expect(lines.filter((l) => !l.startsWith('::'))).toEqual([...jsonResults(NAMES).map((r) => `${r.valid ? 'Valid' : 'Invalid'} cloud-config ${r.file}`), '6 files: 3 valid, 3 invalid, 2 with deprecations']);
  });

  it('--quiet leaves only the commands and the summary line', () => {
    const quiet = run(['-f', 'github', '-q', file('valid.yaml'), file('deprecated.yaml')]);
    expect(quiet.status).toBe(0);
    expect(quiet.stdout).toBe(
      `::warning file=${escapeGithubProperty(file('deprecated.yaml'))},line=4,col=5,title=cloud-config deprecated::users.0.lock-passwd: Deprecated in version 22.3. Use lock_passwd instead.\n2 files: 2 valid, 0 invalid, 1 with deprecations\n`,
    );
  });

  it('escapes data and properties as the runner expects, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const data = escapeGithubData(text);
        const property = escapeGithubProperty(text);
        expect(data).not.toMatch(/[\r\n]/);
        expect(property).not.toMatch(/[\r\n:,]/);
        const command = parseCommand(`::error file=${property}::${data}`)!;
        expect(command.properties.file).toBe(text);
        expect(command.message).toBe(text);
      }),
    );
  });
});

describe('validate-cloud-config --format sarif', { timeout: 120_000 }, () => {
  const schema = JSON.parse(readFileSync(join(root, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
  // The published schema has a pattern that is no valid Unicode regular expression (`[a-zA-Z]{2}]?`); without the
  // u flag it means what its authors meant.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);

  interface SarifResult {
    ruleId: string;
    ruleIndex: number;
    level: string;
    message: { text: string };
    locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } } }[];
  }

  it('prints one SARIF 2.1.0 log for the whole run that the SARIF schema accepts, a result per issue', () => {
    const result = run(['--format', 'sarif', ...NAMES.map(file)]);
    expect(result.status).toBe(1);
    const log = JSON.parse(result.stdout) as { version: string; runs: { tool: { driver: { name: string; version: string; rules: { id: string }[] } }; invocations: { executionSuccessful: boolean }[]; results: SarifResult[] }[] };
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [run0] = log.runs;
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(run0!.tool.driver).toMatchObject({ name: 'validate-cloud-config', version: pkg.version });
    expect(run0!.invocations[0]!.executionSuccessful).toBe(true);
    const rules = run0!.tool.driver.rules.map((r) => r.id);
    const expected = jsonResults(NAMES).flatMap((r) =>
      issuesOf(r).map(([severity, i]) => ({
        ruleId: i.code,
        ruleIndex: rules.indexOf(i.code),
        level: severity === 'error' ? 'error' : 'warning',
        message: { text: textOf(i) },
        locations: [{ physicalLocation: { artifactLocation: { uri: pathToFileURL(r.file).href }, region: { startLine: i.line, startColumn: i.column } } }],
      })),
    );
    expect(run0!.results).toEqual(expected);
    expect(expected.every((r) => r.ruleIndex >= 0)).toBe(true);
    expect(new Set(rules).size).toBe(rules.length);
  });

  it('gives relative paths as relative URIs, percent-encoded, and an input it cannot read as a failed run, exit 2', () => {
    const odd = relative(root, file(ODD));
    const result = run(['-f', 'sarif', odd, 'missing.yaml']);
    expect(result.status).toBe(2);
    const log = JSON.parse(result.stdout) as { runs: { invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[]; results: SarifResult[] }[] };
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const uri = log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
    expect(uri.endsWith('/odd%2C%20name%3A%20100%25%20sure.yaml')).toBe(true);
    expect(uri.startsWith('../')).toBe(true);
    expect(decodeURIComponent(uri)).toBe(odd.split(sep).join('/'));
    expect(log.runs[0]!.invocations[0]).toEqual({ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: 'cannot read missing.yaml: ENOENT' } }] });
  });

  it('stays one JSON document with --quiet: the summary line goes to standard error', () => {
    const quiet = run(['-f', 'sarif', '-q', file('valid.yaml'), file('many.yaml')]);
    expect(quiet.status).toBe(1);
    const log = JSON.parse(quiet.stdout) as { runs: { results: unknown[]; invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[] };
    expect(validate(log)).toBe(true);
    expect(log.runs[0]!.results).toHaveLength(100);
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications).toEqual([{ level: 'note', message: { text: `${file('many.yaml')}: and 50 more errors not listed (the limit is maxIssues, --max-issues)` } }]);
    expect(quiet.stderr).toBe('2 files: 1 valid, 1 invalid, 0 with deprecations\n');
  });
});

describe('validate-cloud-config --format json', { timeout: 120_000 }, () => {
  it('is what --json prints; --quiet leaves out files without problems and puts the summary on standard error', () => {
    expect(run(['--format', 'json', file('valid.yaml'), file('invalid.yaml')]).stdout).toBe(run(['--json', file('valid.yaml'), file('invalid.yaml')]).stdout);
    const quiet = run(['--json', '-q', file('valid.yaml'), file('deprecated.yaml'), file('invalid.yaml')]);
    expect(quiet.status).toBe(1);
    expect(quiet.stdout.trim().split('\n').map((l) => (JSON.parse(l) as JsonResult).file)).toEqual([file('deprecated.yaml'), file('invalid.yaml')]);
    expect(quiet.stderr).toBe('3 files: 2 valid, 1 invalid, 2 with deprecations\n');
  });
});

describe('validate-cloud-config usage errors', { timeout: 120_000 }, () => {
  it('suggests the option meant, in one sentence', () => {
    const cases: [string[], string][] = [
      [['--formt', 'json'], 'unknown option --formt; did you mean --format?'],
      [['--formt=json'], 'unknown option --formt; did you mean --format?'],
      [['--quite'], 'unknown option --quite; did you mean --quiet?'],
      [['--no-header-chek'], 'unknown option --no-header-chek; did you mean --no-header-check?'],
      [['--format', 'jsn'], 'unknown --format jsn; did you mean json? (known: text, json, github, sarif)'],
      [['--json', '--format', 'github'], '--json means --format json; it cannot be combined with --format github'],
      [['--annotate', '-f', 'sarif'], '--annotate is a text output; it cannot be combined with --format sarif'],
      [['--annotate', '--quiet'], '--annotate lists whole files; it cannot be combined with --quiet'],
      [['--zzzzzz'], 'unknown option --zzzzzz'],
    ];
    for (const [args, message] of cases) expect({ args, parsed: parseCliOptions(['f.yaml', ...args]) }).toEqual({ args, parsed: { error: message } });
    expect(parseCliOptions(['f.yaml', '--format'])).toEqual({ error: 'option --format needs a value' });
    expect(parseCliOptions(['-f', 'github', '-q', 'f.yaml'])).toMatchObject({ format: 'github', quiet: true, files: ['f.yaml'] });
    expect(parseCliOptions(['--json', 'f.yaml'])).toMatchObject({ format: 'json', quiet: false });
    expect(parseCliOptions(['f.yaml'])).toMatchObject({ format: 'text' });
  });

  it('prints the sentence and where the help is, not the whole usage, exit 2 and nothing on standard output', () => {
    expect(run(['--formt', 'json', file('valid.yaml')])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'validate-cloud-config: unknown option --formt; did you mean --format?\nRun "validate-cloud-config --help" for the options.\n',
    });
  });

  it('lists every option in --help, generated from the option table', () => {
    for (const option of ['-c, --config-file FILE', '-f, --format FORMAT', '--json', '-q, --quiet', '--annotate', '--strict', '--max-issues N', '--version', '-h, --help']) expect(USAGE).toContain(`  ${option} `);
    expect(run(['--help']).stdout).toBe(USAGE);
  });
});
