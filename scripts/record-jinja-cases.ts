// Records Jinja2's answers for the templates of test/cloud-config/jinja-cases.ts (its JINJA2 list), by rendering each
// with scripts/jinja-oracle.py (python3 with jinja2, cloud-init's settings). Run after changing CASES:
//   npx tsx scripts/record-jinja-cases.ts
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CASES, VARS } from '../test/cloud-config/jinja-cases';

const file = fileURLToPath(new URL('../test/cloud-config/jinja-cases.ts', import.meta.url));
const oracle = fileURLToPath(new URL('./jinja-oracle.py', import.meta.url));
const run = spawnSync('python3', [oracle], { input: JSON.stringify(CASES.map((template) => ({ template, vars: VARS }))), encoding: 'utf8' });
if (run.status !== 0) throw new Error(`jinja-oracle.py failed (python3 with jinja2 needed): ${run.stderr}`);
const answers = JSON.parse(run.stdout) as unknown[];
const list = answers.map((a) => `  ${JSON.stringify(a)},`).join('\n');
const block = `\n/** Jinja2's answer for each of CASES, in order (scripts/record-jinja-cases.ts). */\nexport const JINJA2: readonly ({ readonly output: string } | { readonly error: 'syntax' | 'render' })[] = [\n${list}\n];\n`;
writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\/\*\* Jinja2's answer[\s\S]*$/, '') + block);
console.log(`recorded ${answers.length} answers in ${file}`);
