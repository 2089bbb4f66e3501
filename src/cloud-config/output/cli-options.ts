// The validate-cloud-config bin's options: one table (parseArgs' configuration and the usage text both come from
// it), then `parseCliOptions` turns what parseArgs found into checked CliOptions. A new option is an entry in
// OPTIONS and a line in `resolve`.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { argsErrorMessage, didYouMean, optionLines, type CliOption } from '../../common/cli-args';
import { CLOUD_INIT_RELEASES, LATEST_CLOUD_INIT_VERSION, SUPPORTED_VERSIONS, targetOf, targetsOf, type CloudInitVersion, type CloudInitVersions } from '../targets/targets';
import { isNetworkConfigVersion } from './network-config-cli';

export const DEFAULT_MAX_BYTES = 1024 * 1024;

/** The schema types of `-t/--schema-type`, as `cloud-init schema -t` names them. */
export const SCHEMA_TYPES = ['cloud-config', 'network-config'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** The output formats of `--format`. */
export const OUTPUT_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const OPTIONS = {
  'config-file': { type: 'string', short: 'c', multiple: true, value: 'FILE', help: 'a file to validate (as in cloud-init schema -c); repeatable' },
  'schema-type': {
    type: 'string',
    short: 't',
    value: 'TYPE',
    help: "cloud-config (default) or network-config (version 1 or 2, checked against the\nnetwork-config schemas of --cloud-init-version: one release, a list or a range)",
  },
  'cloud-init-version': {
    type: 'string',
    value: 'VERSION',
    help: `agree with that cloud-init release: ${CLOUD_INIT_RELEASES[0]} to ${LATEST_CLOUD_INIT_VERSION} (a point\nrelease means its series; with -t network-config, 24.1.1 to 24.1.7 and 25.1.1 to 25.1.4\nuse their own schemas), latest or spec (the specification); default: latest (${LATEST_CLOUD_INIT_VERSION});\nseveral releases: a list (22.4,26.2) or a range (>=22.4, '>=22.4 <=24.4')`,
  },
  'instance-data': { type: 'string', short: 'i', value: 'FILE', help: 'instance data (JSON) to render "## template: jinja" user data' },
  'max-bytes': { type: 'string', value: 'N', help: `largest input read, in bytes (default ${DEFAULT_MAX_BYTES})` },
  'max-issues': { type: 'string', value: 'N', help: 'most issues listed per file (default 100; the rest are counted)' },
  format: {
    type: 'string',
    short: 'f',
    value: 'FORMAT',
    help: 'text (default): FILE:LINE:COL: SEVERITY: MESSAGE [CODE] lines; json: one JSON\nresult per file; github: GitHub Actions annotations; sarif: one SARIF 2.1.0 log',
  },
  json: { type: 'boolean', help: 'the same as --format json' },
  quiet: { type: 'boolean', short: 'q', help: 'print only problems, then a summary line "N files: V valid, I invalid, ..."' },
  annotate: { type: 'boolean', help: 'print each file with markers on the failing lines (text format)' },
  strict: { type: 'boolean', help: 'treat deprecations and warnings as failures' },
  fix: {
    type: 'boolean',
    help: 'rewrite deprecated keys and values that have a replacement meaning the same to\ncloud-init; print the change as a unified diff (the rest goes to standard error)',
  },
  write: { type: 'boolean', help: 'with --fix: rewrite the files in place (atomically) and print what changed' },
  'no-header-check': { type: 'boolean', help: 'validate text without a "#cloud-config" first line' },
  version: { type: 'boolean', help: 'print the package version' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const satisfies Record<string, CliOption>;

export const USAGE = `Usage: validate-cloud-config [options] FILE|DIR... | -

Validate cloud-init #cloud-config user data against the cloud-config schema.
FILE "-" reads standard input; a DIR stands for its *.yaml, *.yml, *.cfg, *.txt and user-data* files.

Options:
${optionLines(OPTIONS)}

Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.
`;

/** What a run of the bin was asked to do. */
export interface CliOptions {
  readonly format: OutputFormat;
  readonly quiet: boolean;
  readonly annotate: boolean;
  readonly strict: boolean;
  readonly requireHeader: boolean;
  readonly maxBytes: number;
  readonly maxIssues: number | undefined;
  readonly cloudInitVersion: CloudInitVersion | CloudInitVersions | undefined;
  readonly instanceData: Record<string, unknown> | undefined;
  readonly files: readonly string[];
  /** `-t/--schema-type`; undefined when not given (cloud-config, and a hint for plain network-config files). */
  readonly schemaType: SchemaType | undefined;
  /** `--fix`: fix deprecations; `write` (`--write`): in place rather than as a diff. */
  readonly fix: boolean;
  readonly write: boolean;
}

export type ParsedCli = CliOptions | 'help' | 'version' | { readonly error: string };

function readInstanceData(path: string): { data: Record<string, unknown> } | { error: string } {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? { data: data as Record<string, unknown> } : { error: `${path} is not a JSON object` };
  } catch (error) {
    return { error: `cannot read instance data ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>['values'];

function outputFormat(values: Values): OutputFormat | { error: string } {
  const format = values.format;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    return { error: `unknown --format ${format}${didYouMean(format, OUTPUT_FORMATS)} (known: ${OUTPUT_FORMATS.join(', ')})` };
  }
  if (values.json && format !== undefined && format !== 'json') return { error: `--json means --format json; it cannot be combined with --format ${format}` };
  return values.json ? 'json' : ((format ?? 'text') as OutputFormat);
}

/** Why --fix/--write cannot be used as asked, if they cannot. */
function fixOptionsProblem(values: Values, format: OutputFormat, schemaType: string | undefined): string | undefined {
  if (values.write && !values.fix) return '--write writes what --fix changes; use --fix --write';
  if (!values.fix) return undefined;
  if (format !== 'text') return `--fix prints a diff and text; it cannot be combined with --format ${format}`;
  if (values.annotate) return '--fix prints a diff; it cannot be combined with --annotate';
  if (schemaType === 'network-config') return '--fix fixes cloud-config deprecations; it cannot be combined with -t network-config';
  return undefined;
}

function resolve(values: Values, positionals: readonly string[]): ParsedCli {
  if (values.help) return 'help';
  if (values.version) return 'version';
  const version = values['cloud-init-version'];
  const schemaType = values['schema-type'];
  // network-config knows the point releases whose network schemas changed (24.1.3) as releases of their own.
  const known = (v: string) => (schemaType === 'network-config' ? isNetworkConfigVersion(v) : targetOf(v) !== undefined || targetsOf(v) !== undefined);
  if (version !== undefined && !known(version)) {
    return { error: `unknown --cloud-init-version ${version} (known: ${SUPPORTED_VERSIONS})` };
  }
  if (schemaType !== undefined && !(SCHEMA_TYPES as readonly string[]).includes(schemaType)) {
    return { error: `unknown --schema-type ${schemaType}${didYouMean(schemaType, SCHEMA_TYPES)} (known: ${SCHEMA_TYPES.join(', ')})` };
  }
  const maxBytes = values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : Number(values['max-bytes']);
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) return { error: `--max-bytes needs a positive whole number of bytes, got ${values['max-bytes']}` };
  const maxIssues = values['max-issues'] === undefined ? undefined : Number(values['max-issues']);
  if (maxIssues !== undefined && (!Number.isSafeInteger(maxIssues) || maxIssues <= 0)) return { error: `--max-issues needs a positive whole number, got ${values['max-issues']}` };
  const format = outputFormat(values);
  if (typeof format === 'object') return format;
  if (values.annotate && format !== 'text') return { error: `--annotate is a text output; it cannot be combined with --format ${format}` };
  if (values.annotate && values.quiet) return { error: '--annotate lists whole files; it cannot be combined with --quiet' };
  const fixProblem = fixOptionsProblem(values, format, schemaType);
  if (fixProblem !== undefined) return { error: fixProblem };
  let instanceData: Record<string, unknown> | undefined;
  if (values['instance-data'] !== undefined) {
    const read = readInstanceData(values['instance-data']);
    if ('error' in read) return read;
    instanceData = read.data;
  }
  const files = [...(values['config-file'] ?? []), ...positionals];
  if (files.length === 0) return { error: 'no FILE given (use - for standard input)' };
  if (values.write && files.includes('-')) return { error: '--write rewrites files; standard input (-) cannot be rewritten' };
  return {
    format,
    quiet: values.quiet ?? false,
    annotate: values.annotate ?? false,
    strict: values.strict ?? false,
    requireHeader: !(values['no-header-check'] ?? false),
    maxBytes,
    maxIssues,
    cloudInitVersion: version as CloudInitVersion | CloudInitVersions | undefined,
    instanceData,
    files,
    schemaType: schemaType as SchemaType | undefined,
    fix: values.fix ?? false,
    write: values.write ?? false,
  };
}

/** The command line read and checked: options, `help`, `version`, or a usage error in one sentence. */
export function parseCliOptions(args: readonly string[]): ParsedCli {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    return { error: argsErrorMessage(error, OPTIONS) };
  }
  return resolve(parsed.values, parsed.positionals);
}
