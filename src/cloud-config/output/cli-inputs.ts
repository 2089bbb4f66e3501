import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
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
    const names = readdirSync(arg)
      .filter((name) => USER_DATA_FILE.test(name))
      .filter((name) => {
        try {
          return statSync(join(arg, name)).isFile();
        } catch {
          return false;
        }
      })
      .sort();
    if (names.length === 0) problems.push(`${arg} holds no *.yaml, *.yml, *.cfg, *.txt or user-data* files`);
    for (const name of names) inputs.push({ name: join(arg, name), path: join(arg, name) });
  }
  return { inputs, problems };
}

/** The bytes read, or that the input is larger than the limit (reading stopped there). */
export type ReadOutcome = { readonly bytes: Buffer } | { readonly tooLarge: true };

async function readBounded(stream: Readable, maxBytes: number): Promise<ReadOutcome> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy();
      return { tooLarge: true };
    }
    chunks.push(buffer);
  }
  return { bytes: Buffer.concat(chunks, size) };
}

// Chunks of at most 64 KiB, so the overshoot past the limit stays small.
const CHUNK = 64 * 1024;

/**
 * A file read synchronously, chunk by chunk up to the limit. The CLI reads one input at a time
 * anyway, and a file stream's machinery (loaded on first use) costs about 3 ms of every run.
 */
function readFileBounded(path: string, maxBytes: number): ReadOutcome {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const read = readSync(fd, chunk, 0, CHUNK, null);
      if (read === 0) return { bytes: Buffer.concat(chunks, size) };
      size += read;
      if (size > maxBytes) return { tooLarge: true };
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}

/** Reads one input, never holding more than `maxBytes` (+ one chunk) in memory. */
export async function readInput(input: CliInput, maxBytes: number): Promise<ReadOutcome> {
  return input.path === '-' ? readBounded(process.stdin, maxBytes) : readFileBounded(input.path, maxBytes);
}
