/**
 * The subset of JSON Schema that cloud-init's network-config schemas use, as extracted by
 * scripts/extract-network-config-schema.ts (facts only: no descriptions). The extractor refuses
 * any other keyword, so the interpreter in check-network-schema.ts knows every rule it is given.
 */
export interface NetworkSchemaObject {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly required?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly properties?: Readonly<Record<string, NetworkSchemaNode>>;
  readonly patternProperties?: Readonly<Record<string, NetworkSchemaNode>>;
  readonly additionalProperties?: NetworkSchemaNode;
  readonly items?: NetworkSchemaNode;
  readonly not?: NetworkSchemaNode;
  readonly anyOf?: readonly NetworkSchemaNode[];
  readonly oneOf?: readonly NetworkSchemaNode[];
  readonly allOf?: readonly NetworkSchemaNode[];
  readonly $defs?: Readonly<Record<string, NetworkSchemaNode>>;
  readonly deprecated?: boolean;
  readonly deprecated_version?: string;
  readonly changed?: boolean;
  readonly changed_version?: string;
  readonly new_version?: string;
}

/** A schema: an object of rules, or `true`/`false` (anything / nothing). */
export type NetworkSchemaNode = NetworkSchemaObject | boolean;
