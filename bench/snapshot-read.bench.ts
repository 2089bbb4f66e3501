// The CPU cost of reading a JSON shop snapshot stream (readShopSnapshot: scanning, JSON.parse, checks, the model),
// against JSON.parse alone of the same orders in the same run (each order's line decoded and parsed, nothing else:
// what reading cannot go below). Beside it, a JavaScript loop that only visits every byte of the file, tracking strings
// and nesting to count the orders: what a reader that skips JSON.parse (one that turned an order's bytes straight into
// COPY rows) could not go below either. Three layouts of the same demo shop: one order per line (as
// bench/demo-snapshot-file.ts writes it), the orders pretty-printed (JSON.stringify(order, null, 2), indented; both
// read an order at once where the layout shows its end) and all on one line (scanned byte by byte).
// In-process CPU time (the machine may be shared), rounds interleaved, median.
import { createReadStream, createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readShopSnapshot } from 'wc-legacy-api/shop';
import { writeDemoSnapshotFile } from './demo-snapshot-file';

const QUICK = Boolean(process.env.BENCH_QUICK);
const ORDERS = QUICK ? 20_000 : 200_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const CHUNK = 1 << 16; // createReadStream's default

/** The same file with every line break (all are whitespace between tokens) turned into a space. */
async function oneLine(file: string): Promise<string> {
  const out = file.replace(/\.json$/, '-one-line.json');
  if (existsSync(out)) return out;
  const sink = createWriteStream(`${out}.partial`);
  for await (const chunk of createReadStream(file)) {
    const bytes = Buffer.from(chunk as Buffer);
    for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) bytes[i] = 0x20;
    if (!sink.write(bytes)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'finish');
  renameSync(`${out}.partial`, out);
  return out;
}

/** The same file with each order line pretty-printed (two spaces, the orders indented by two). */
async function prettyOrders(file: string): Promise<string> {
  const out = file.replace(/\.json$/, '-pretty.json');
  if (existsSync(out)) return out;
  const sink = createWriteStream(`${out}.partial`);
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const comma = line.endsWith(',') ? ',' : '';
    const text = line.startsWith('{"id"') ? `  ${JSON.stringify(JSON.parse(comma ? line.slice(0, -1) : line), null, 2).replace(/\n/g, '\n  ')}${comma}` : line;
    if (!sink.write(`${text}\n`)) await once(sink, 'drain');
  }
  sink.end();
  await once(sink, 'finish');
  renameSync(`${out}.partial`, out);
  return out;
}

function cpuMs<T>(start: NodeJS.CpuUsage, result: T): { ms: number; result: T } {
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, result };
}

async function read(file: string): Promise<{ ms: number; result: number }> {
  const start = process.cpuUsage();
  let orders = 0;
  for await (const part of readShopSnapshot(createReadStream(file, { highWaterMark: CHUNK }))) {
    if (part.kind === 'order') orders += 1;
    else if (part.kind === 'issue') throw new Error(`unexpected issue: ${part.issue.message}`);
  }
  return cpuMs(start, orders);
}

/** JSON.parse of every order line (after the `"orders":[` line; a trailing comma cut), nothing else. */
async function parseLines(file: string): Promise<{ ms: number; result: number }> {
  const start = process.cpuUsage();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let orders = 0;
  let inOrders = false;
  let rest: Uint8Array | undefined; // the start of a line that a chunk cut
  const line = (bytes: Uint8Array) => {
    const text = decoder.decode(bytes[bytes.length - 1] === 0x2c ? bytes.subarray(0, -1) : bytes);
    if (inOrders && text.startsWith('{')) {
      JSON.parse(text);
      orders += 1;
    } else inOrders ||= text.endsWith('"orders":[');
  };
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    const bytes = chunk as Buffer;
    let from = 0;
    for (let nl = bytes.indexOf(0x0a); nl >= 0; nl = bytes.indexOf(0x0a, from)) {
      line(rest === undefined ? bytes.subarray(from, nl) : Buffer.concat([rest, bytes.subarray(0, nl)]));
      rest = undefined;
      from = nl + 1;
    }
    rest = rest === undefined ? bytes.subarray(from) : Buffer.concat([rest, bytes]);
  }
  return cpuMs(start, orders);
}

/**
 * Every byte of the file visited once in JavaScript, tracking strings (quotes, backslash escapes) and nesting only;
 * counts the elements of the last top-level array, which is "orders" as the format writes it.
 */
async function byteLoop(file: string): Promise<{ ms: number; result: number }> {
  const start = process.cpuUsage();
  let inString = false;
  let escaped = false;
  let depth = 0;
  let elements = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
    const bytes = chunk as Buffer;
    const n = bytes.length;
    for (let i = 0; i < n; i += 1) {
      const b = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x7b || b === 0x5b) {
        depth += 1;
        if (depth === 2) elements = 0;
      } else if (b === 0x7d || b === 0x5d) {
        depth -= 1;
        if (depth === 2) elements += 1;
      }
    }
  }
  return cpuMs(start, elements);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  const lines = await writeDemoSnapshotFile(join(tmpdir(), `wc-legacy-api-demo-${ORDERS}.json`), ORDERS);
  const single = await oneLine(lines);
  const pretty = await prettyOrders(lines);
  const ways = {
    parse: () => parseLines(lines),
    bytes: () => byteLoop(lines),
    lines: () => read(lines),
    pretty: () => read(pretty),
    single: () => read(single),
  };
  const ms = new Map<string, number[]>(Object.keys(ways).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, way] of Object.entries(ways)) {
      const { ms: used, result } = await way();
      if (result !== ORDERS) throw new Error(`${name}: ${result} orders, expected ${ORDERS}`);
      ms.get(name)!.push(used);
    }
  }
  const fig = (name: string) => median(ms.get(name)!);
  const line = (label: string, name: string) =>
    console.log(`  ${label.padEnd(58)} ${(fig(name) / 1000).toFixed(2).padStart(6)} s CPU  x${(fig(name) / fig('parse')).toFixed(2)}`);
  const bytes = statSync(lines).size;
  console.log(
    `  ${ORDERS.toLocaleString('en-US')} demo orders (${(bytes / 1e6).toFixed(0)} MB, ${(bytes / ORDERS / 1000).toFixed(1)} KB per order), ${CHUNK / 1024} KB chunks, median of ${ROUNDS} round(s), interleaved; x: against JSON.parse alone`,
  );
  line('JSON.parse of each order line alone (baseline)', 'parse');
  line('a JavaScript loop over every byte, nothing else (floor)', 'bytes');
  line('readShopSnapshot, one order per line', 'lines');
  line('readShopSnapshot, the orders pretty-printed', 'pretty');
  line('readShopSnapshot, the same file on one line', 'single');
}
