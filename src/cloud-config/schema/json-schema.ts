/**
 * A JSON Schema node as authored in this folder: a plain, JSON-compatible object.
 * Kept deliberately loose: the shape is checked by compiling the composed document with
 * ajv in strict mode (see test/cloud-config/schema.test.ts), not by the type system.
 */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * What one cloud-init module contributes to the composed cloud-config schema.
 *
 * - `module`: cloud-init's module name (underscore spelling), for documentation.
 * - `properties`: the top-level keys the module reads, each with its schema.
 * - `defs`: named shapes the module shares, placed under `$defs` of the document.
 */
export interface ModuleSchema {
  readonly module: string;
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly defs?: Readonly<Record<string, JsonSchema>> | undefined;
}
