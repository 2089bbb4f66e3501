// The CLI's --fix: one read input fixed with fixCloudConfig; the change printed as a unified diff
// (standard output holds the diff alone, so it can go to `git apply` or `patch -p0`), or with --write
// the file replaced atomically (a temporary file next to it, renamed over it) and the fixes listed.
import { realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CloudConfigResult } from '../cloud-config-result';
import { fixCloudConfigEdits } from '../fix/fix-cloud-config';
import type { CloudConfigFix, CloudConfigUnfixable } from '../fix/fix-types';
import { validateCloudConfig, type ValidateCloudConfigOptions } from '../validate-cloud-config';
import type { CliInput } from './cli-inputs';
import { unifiedDiff } from './unified-diff';

/** Where --fix writes: the diff (or with --write, the list of fixes) and the notes. */
export interface FixOutput {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const at = (name: string, item: { line?: number | undefined; column?: number | undefined }) => (item.line === undefined ? name : `${name}:${item.line}:${item.column ?? 1}`);

function fixedLine(name: string, fix: CloudConfigFix): string {
  const what = fix.kind === 'remove' ? `removed ${fix.from} (${fix.to} is set to the same value)` : fix.kind === 'rewrite' ? `${fix.from} rewritten as ${fix.to}` : `${fix.from} -> ${fix.to}`;
  return `${at(name, fix)}: fixed: ${fix.path}: ${what}\n`;
}

function unfixableLine(name: string, item: CloudConfigUnfixable): string {
  return `${at(name, item)}: not fixed: ${item.path === '' ? '' : `${item.path}: `}${item.reason}\n`;
}

/** Replaces the file with `text` atomically: a new file beside it (same mode), renamed over it. */
function writeAtomically(path: string, text: string): void {
  const target = realpathSync(path);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.fix.tmp`);
  try {
    writeFileSync(temporary, text, { mode: statSync(target).mode & 0o7777, flag: 'wx' });
    renameSync(temporary, target);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Not created, or already renamed: nothing to clean up.
    }
    throw error;
  }
}

/**
 * Fixes one input's bytes: prints the diff (or writes the file and lists the fixes) and the
 * deprecations left; resolves to the validation of the fixed text, or a write error.
 */
export function fixInput(input: CliInput, bytes: Buffer, options: ValidateCloudConfigOptions & { readonly write: boolean }, output: FixOutput): { result: CloudConfigResult; source?: string } | { error: string } {
  const notes = options.write ? output.out : output.err;
  const validateOptions: ValidateCloudConfigOptions = { requireHeader: options.requireHeader, maxBytes: options.maxBytes, maxIssues: options.maxIssues, cloudInitVersion: options.cloudInitVersion, instanceData: options.instanceData };
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    notes(`${input.name}: not fixed: gzip-compressed user data is not rewritten; decompress it first\n`);
    return { result: validateCloudConfig(bytes, validateOptions) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not UTF-8: the validation says so.
    return { result: validateCloudConfig(bytes, validateOptions) };
  }
  const { outcome, edits } = fixCloudConfigEdits(text, validateOptions);
  if (options.write && outcome.changed) {
    try {
      writeAtomically(input.path, outcome.text);
    } catch (error) {
      return { error: `cannot write ${input.name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}; the file is unchanged` };
    }
    for (const fix of outcome.fixed) notes(fixedLine(input.name, fix));
  } else if (!options.write) output.out(unifiedDiff(text, edits, input.name, input.name));
  for (const item of outcome.unfixable) notes(unfixableLine(input.name, item));
  return { result: outcome.result, source: outcome.text };
}
