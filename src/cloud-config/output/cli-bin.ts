#!/usr/bin/env node
// The `validate-cloud-config` bin's entry: turns on Node's compile cache, then runs the CLI (cli.ts). A one-shot run
// over a folder of small files spends much of its time compiling the validator's code (the generated validators, the
// YAML reader, the issue wording) before running it once; with the cache a later run reads that compiled code back
// (Node >= 22.1: `module.enableCompileCache()`, Node's own cache, kept in its default directory or NODE_COMPILE_CACHE,
// off with NODE_DISABLE_COMPILE_CACHE). Node 20 has no such API: the bin runs as before there (docs/decisions.md,
// "validate-cloud-config: Node's compile cache where Node has one"). The CLI is imported after the cache is on, so
// its modules are the ones cached; this module imports nothing else.
// The module object (the default export), which is where Node puts it; a module namespace lists only the names Node
// had when it was first imported.
import nodeModule from 'node:module';

const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown };
// A cache that cannot be used (a read-only directory, say) is Node's to report in its return value; the run goes on.
try {
  enableCompileCache?.();
} catch {
  // Never a reason to fail validation.
}

await import('./cli');
