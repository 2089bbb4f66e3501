/** A failure the CLI reports as one clear message (never a stack trace), with the exit status it means. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    /** 1: the data is wrong (an invalid snapshot); 2: usage, files, the database; 130: interrupted. */
    readonly exitCode: 1 | 2 | 130 = 2,
  ) {
    super(message);
  }
}

/** The message of any thrown value, on one line. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim() || (error instanceof Error ? error.name : 'unknown error');
}
