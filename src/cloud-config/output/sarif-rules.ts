import type { CloudConfigIssueCode } from '../cloud-config-issue';

// The SARIF log's rules: one per issue code, so code scanning can group, filter and explain results by code. A
// Record over the code union, so a new code does not type-check until it has its line here.

/** What a result of each code means, for `tool.driver.rules[].shortDescription`. */
const DESCRIPTIONS: Readonly<Record<CloudConfigIssueCode, string>> = {
  missing_header: 'The text does not start with #cloud-config.',
  unsupported_user_data: 'User data of a type cloud-init schema does not read (MIME multipart).',
  ignored_part: 'A part of merged user data that cloud-init dropped.',
  jinja_template: 'A jinja template cloud-init cannot render (syntax error, unknown filter) or that was rendered with undefined variables or without instance data.',
  invalid_encoding: 'Bytes that are not UTF-8, or broken gzip.',
  yaml_syntax: 'YAML that cloud-init cannot load.',
  unrendered_template: 'A template placeholder left in the file (`${...}`, `{{ ... }}` without the jinja header, `op://`) that breaks its YAML.',
  not_a_mapping: 'A document that is not a mapping of keys.',
  input_too_large: 'An input over the byte limit.',
  too_deep: 'Nesting deeper than the depth limit.',
  alias_limit: 'More alias expansion than the limit allows.',
  invalid_input: 'An object that cannot be read (a cycle).',
  type: 'A value of the wrong type.',
  required: 'A mapping lacks a required key.',
  additional_property: 'A key the mapping does not allow.',
  not_supported: 'A key an older targeted cloud-init release does not know: it is ignored at boot there.',
  conflict: 'Keys that cannot be used together.',
  invalid_key: 'A key cloud-init loads as a number, boolean, null or date where keys are names.',
  enum: 'A value outside the allowed ones.',
  const: 'A value other than the one allowed.',
  pattern: 'A string that does not have the required shape.',
  format: 'A string that is not of the required format (uri, date, ...).',
  too_short: 'A string shorter than allowed.',
  too_long: 'A string longer than allowed.',
  too_few_items: 'A list with fewer items than required.',
  too_many_items: 'A list with more items than allowed.',
  duplicate_items: 'A list whose items must differ holds one twice.',
  too_few_properties: 'A mapping with fewer keys than required.',
  too_many_properties: 'A mapping with more keys than allowed.',
  too_small: 'A number below the minimum.',
  too_big: 'A number above the maximum.',
  ambiguous: 'A value that matches more than one of the forms of which exactly one must match.',
  invalid: 'A value that breaks another schema rule.',
  duplicate_key: 'A key written twice in one mapping (the last value wins).',
  yaml_warning: 'YAML that cloud-init reads differently than it looks.',
  deprecated: 'A deprecated key or form that still works.',
};

/** A SARIF reportingDescriptor. */
export interface SarifRule {
  readonly id: string;
  readonly shortDescription: { readonly text: string };
  readonly defaultConfiguration: { readonly level: 'error' | 'warning' };
}

const WARNING_CODES: ReadonlySet<string> = new Set(['deprecated', 'duplicate_key', 'yaml_warning']);

/** Every rule, in a fixed order (results point at them by index). */
export const SARIF_RULES: readonly SarifRule[] = Object.entries(DESCRIPTIONS).map(([id, text]) => ({
  id,
  shortDescription: { text },
  defaultConfiguration: { level: WARNING_CODES.has(id) ? 'warning' : 'error' },
}));

/** A rule's index in {@link SARIF_RULES}. */
export const SARIF_RULE_INDEX: ReadonlyMap<string, number> = new Map(SARIF_RULES.map((rule, i) => [rule.id, i]));
