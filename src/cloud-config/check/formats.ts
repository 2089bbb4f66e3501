// The string formats the cloud-config schema uses, as the precompiled validators call them
// (`cloudConfigFormats[name]`). The spec's `uri` is RFC 3986's URI rule (a scheme is required) and
// `date` RFC 3339's full-date. cloud-init 26.2 checks `uri` with the Python package rfc3987 (the
// same rule, but Python's `$` also matches before a final newline) and `date` with Python's
// `date.fromisoformat`, which also reads the ISO 8601 basic and week forms.

const HEX = '[0-9A-Fa-f]';
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = `%${HEX}{2}`;
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const H16 = `${HEX}{1,4}`;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}`;
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
const IP_LITERAL = `\\[(?:${IPV6}|v${HEX}+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
/** The URI rule, with or without the IP-literal host form (`[v6:address]`). Exported for its test. */
export function uriPattern(ipLiteral: boolean): RegExp {
  const authority = `(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?(?:${ipLiteral ? `${IP_LITERAL}|` : ''}${REG_NAME})(?::[0-9]*)?`;
  const hierPart = `(?://${authority}(?:/${PCHAR}*)*|/(?:${PCHAR}+(?:/${PCHAR}*)*)?|${PCHAR}+(?:/${PCHAR}*)*|)`;
  // Possessive-free and without nested unbounded repeats over the same characters, so matching
  // stays linear in the length of the string.
  return new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:${hierPart}(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`);
}

// The whole rule is five times longer than the rule without IP literals, and V8 compiles a
// pattern on its first use (the whole one is the costliest the CLI's start-up meets).
// Only a value with a `[` can be an IP literal, so every other value is checked against the
// short rule, with the same verdict; the whole rule is built for the first value that has one.
const URI_WITHOUT_IP_LITERAL = uriPattern(false);
let uriWithIpLiteral: RegExp | undefined;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function validDay(year: number, month: number, day: number): boolean {
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1]!;
}

/** ISO weeks in a year: 53 when it starts on a Thursday, or on a Wednesday in a leap year. */
function weeksIn(year: number): number {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  return jan1 === 4 || (jan1 === 3 && isLeapYear(year)) ? 53 : 52;
}

/** RFC 3986 URI: a scheme, then the hierarchical part, query and fragment. */
function uri(value: string): boolean {
  if (value.length > 8192) return false;
  if (!value.includes('[')) return URI_WITHOUT_IP_LITERAL.test(value);
  return (uriWithIpLiteral ??= uriPattern(true)).test(value);
}

/** RFC 3339 full-date: `YYYY-MM-DD`, a real day. */
function date(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m !== null && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Python's `date.fromisoformat` (3.11+): `YYYY-MM-DD`, `YYYYMMDD`, `YYYY-Www[-D]`, `YYYYWww[D]`. */
function pythonDate(value: string): boolean {
  const calendar = /^(\d{4})(-?)(\d{2})\2(\d{2})$/.exec(value);
  if (calendar) return validDay(Number(calendar[1]), Number(calendar[3]), Number(calendar[4]));
  const week = /^(\d{4})(-?)W(\d{2})(?:\2([1-7]))?$/.exec(value);
  if (!week) return false;
  const year = Number(week[1]);
  const number = Number(week[3]);
  return year >= 1 && number >= 1 && number <= weeksIn(year);
}

/** Python's `$` matches before a final newline too: `re.match(rule + '$', 'x\n')` passes. */
function pythonUri(value: string): boolean {
  return uri(value.endsWith('\n') ? value.slice(0, -1) : value);
}

/** How `uri` and `date` are read: as JSON Schema says, or as cloud-init's Python reads them. */
export type FormatDialect = 'json-schema' | 'python';

// Chosen per validation rather than compiled in, so one generated function serves every target
// (a target that reads formats differently would otherwise duplicate each part with a format).
// Validation is synchronous: the dialect set before a validator runs is the one it sees.
let dialect: FormatDialect = 'json-schema';

/** Sets the dialect of the format checks for the validations that follow. */
export function useFormatDialect(next: FormatDialect): void {
  dialect = next;
}

/** The format checks, by the names the validators' schemas use. */
export const cloudConfigFormats: Readonly<Record<string, (value: string) => boolean>> = {
  uri: (value) => (dialect === 'python' ? pythonUri(value) : uri(value)),
  date: (value) => (dialect === 'python' ? pythonDate(value) : date(value)),
};
