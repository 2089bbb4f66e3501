// A unified diff of a text and the same text with known edits applied (what `--fix` prints). The
// edits say which lines changed, so no line matching is needed: the cost is linear in the text,
// where a general diff (longest common subsequence) can grow with the square of the changes.

/** A replacement of `text.slice(start, end)`, as the fixer makes them (sorted, not overlapping). */
export interface DiffEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Lines of context around each change, as `diff -u` shows by default. */
const CONTEXT = 3;

/** A run of changed lines: old lines `first`..`last` (0-based) become `lines`. */
interface Region {
  first: number;
  last: number;
  edits: DiffEdit[];
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset` (binary search over the line starts). */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Lines of a piece of text that ends at a line end (or the end of the text): `\ No newline` noted. */
function linesOf(piece: string, prefix: string): string[] {
  if (piece === '') return [];
  const endsWithNewline = piece.endsWith('\n');
  const lines = (endsWithNewline ? piece.slice(0, -1) : piece).split('\n').map((line) => `${prefix}${line}`);
  if (!endsWithNewline) lines.push('\\ No newline at end of file');
  return lines;
}

/** Appends one by one: spreading a hunk of many lines into push() would overflow the stack. */
function append(target: string[], lines: readonly string[]): void {
  for (const line of lines) target.push(line);
}

function regionsOf(text: string, starts: readonly number[], edits: readonly DiffEdit[]): Region[] {
  const regions: Region[] = [];
  for (const edit of edits) {
    const first = lineOf(starts, edit.start);
    let last = lineOf(starts, Math.max(edit.start, edit.end - 1));
    // An edit that takes a line's newline joins the next line to it, unless it removes whole lines.
    if (edit.end > edit.start && edit.end < text.length && text[edit.end - 1] === '\n' && !edit.text.endsWith('\n') && !(edit.start === starts[first] && edit.text === '')) last++;
    const previous = regions[regions.length - 1];
    if (previous !== undefined && first <= previous.last) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else regions.push({ first, last, edits: [edit] });
  }
  return regions;
}

/**
 * The unified diff (`--- a`, `+++ b`, `@@` hunks with 3 lines of context) between `text` and
 * `text` with `edits` applied; the empty string when there are no edits.
 */
export function unifiedDiff(text: string, edits: readonly DiffEdit[], oldName: string, newName: string): string {
  if (edits.length === 0) return '';
  const starts = lineStarts(text);
  const lineCount = text === '' ? 0 : starts.length;
  const endOf = (line: number) => (line + 1 < starts.length ? starts[line + 1]! : text.length);
  const regions = regionsOf(text, starts, edits);
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  // Lines added minus lines removed so far: where the new side of a hunk starts.
  let shift = 0;
  for (let r = 0; r < regions.length; ) {
    // A hunk takes the regions whose contexts touch.
    let end = r;
    while (end + 1 < regions.length && regions[end + 1]!.first - regions[end]!.last - 1 <= 2 * CONTEXT) end++;
    const from = Math.max(0, regions[r]!.first - CONTEXT);
    const to = Math.min(lineCount - 1, regions[end]!.last + CONTEXT);
    const body: string[] = [];
    let oldLines = 0;
    let newLines = 0;
    let line = from;
    for (let k = r; k <= end; k++) {
      const region = regions[k]!;
      const context = linesOf(text.slice(starts[line] ?? text.length, starts[region.first]), ' ');
      append(body, context);
      oldLines += region.first - line;
      newLines += region.first - line;
      const oldPiece = text.slice(starts[region.first], endOf(region.last));
      let newPiece = '';
      let at = starts[region.first]!;
      for (const edit of region.edits) {
        newPiece += text.slice(at, edit.start) + edit.text;
        at = edit.end;
      }
      newPiece += text.slice(at, endOf(region.last));
      const removed = linesOf(oldPiece, '-');
      const added = linesOf(newPiece, '+');
      append(body, removed);
      append(body, added);
      oldLines += region.last - region.first + 1;
      newLines += added.filter((l) => l.startsWith('+')).length;
      line = region.last + 1;
    }
    if (line <= to) {
      append(body, linesOf(text.slice(starts[line], endOf(to)), ' '));
      oldLines += to - line + 1;
      newLines += to - line + 1;
    }
    const newStart = from + shift;
    out.push(`@@ -${oldLines === 0 ? from : from + 1},${oldLines} +${newLines === 0 ? newStart : newStart + 1},${newLines} @@`);
    append(out, body);
    shift += newLines - oldLines;
    r = end + 1;
  }
  return `${out.join('\n')}\n`;
}
