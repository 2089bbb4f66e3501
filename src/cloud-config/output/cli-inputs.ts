import { closeSync, openSync, readdirSync, readSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

// What the validate-cloud-config bin reads: files, the files of directories, standard input; each
// read with a byte limit that holds while reading, so a huge file or an endless pipe is never
// buffered beyond it.

/** One thing to validate: a file path, or `-` for standard input. */
export interface CliInput {
  readonly name: string;
  readonly path: string | '-';
}

// The files of a directory that look like user data, as cloud-init names them.
const USER_DATA_FILE = /(\.ya?ml|\.cfg|\.txt)$|^user-data/i;

function isFileEntry(directory: string, entry: Dirent): boolean {
  if (!entry.isSymbolicLink()) return entry.isFile();
  try {
    return statSync(join(directory, entry.name)).isFile();
  } catch {
    return false;
  }
}

/** The inputs an argument list names: files as given, directories expanded (sorted), `-` as is. */
export function expandInputs(args: readonly string[]): { inputs: CliInput[]; problems: string[] } {
  const inputs: CliInput[] = [];
  const problems: string[] = [];
  for (const arg of args) {
    if (arg === '-') {
      inputs.push({ name: '<stdin>', path: '-' });
      continue;
    }
    let isDirectory = false;
    try {
      isDirectory = statSync(arg).isDirectory();
    } catch {
      // Reported when the file is read, with the other read errors.
    }
    if (!isDirectory) {
      inputs.push({ name: arg, path: arg });
      continue;
    }
    // The directory's entry types answer "is it a file" without a stat per file; a symbolic link is
    // followed with one, as before (it names a file or not only through its target).
    const names = readdirSync(arg, { withFileTypes: true })
      .filter((entry) => USER_DATA_FILE.test(entry.name) && isFileEntry(arg, entry))
      .map((entry) => entry.name)
      .sort();
    if (names.length === 0) problems.push(`${arg} holds no *.yaml, *.yml, *.cfg, *.txt or user-data* files`);
    for (const name of names) inputs.push({ name: join(arg, name), path: join(arg, name) });
  }
  return { inputs, problems };
}

/** The bytes read, or that the input is larger than the limit (reading stopped there). */
export type ReadOutcome = { readonly bytes: Buffer } | { readonly tooLarge: true };

/** Chunks gathered up to a byte limit: `add` answers false once they would go past it. */
class BoundedBytes {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly maxBytes: number) {}

  add(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return false;
    this.chunks.push(chunk);
    return true;
  }

  outcome(): ReadOutcome {
    return { bytes: Buffer.concat(this.chunks, this.size) };
  }
}

async function readBounded(stream: Readable, maxBytes: number): Promise<ReadOutcome> {
  const read = new BoundedBytes(maxBytes);
  for await (const chunk of stream) {
    if (!read.add(chunk as Buffer)) {
      stream.destroy();
      return { tooLarge: true };
    }
  }
  return read.outcome();
}

// Chunks of at most 64 KiB, so the overshoot past the limit stays small.
const CHUNK = 64 * 1024;

// One buffer every file is read into, its bytes then copied out at their own size: a fresh 64 KiB
// buffer per file cost a large allocation (and its collection) for each of many small files.
let scratch: Buffer | undefined;

/**
 * A file read synchronously, chunk by chunk up to the limit: the CLI reads one input at a time
 * anyway, and a file stream's machinery would be loaded on every run for it.
 */
function readFileBounded(path: string, maxBytes: number): ReadOutcome {
  const fd = openSync(path, 'r');
  try {
    const read = new BoundedBytes(maxBytes);
    const chunk = (scratch ??= Buffer.allocUnsafe(CHUNK));
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) return read.outcome();
      if (!read.add(Buffer.from(chunk.subarray(0, n)))) return { tooLarge: true };
    }
  } finally {
    closeSync(fd);
  }
}

/** Reads one input, never holding more than `maxBytes` (+ one chunk) in memory. */
export async function readInput(input: CliInput, maxBytes: number): Promise<ReadOutcome> {
  return input.path === '-' ? readBounded(process.stdin, maxBytes) : readFileBounded(input.path, maxBytes);
}
