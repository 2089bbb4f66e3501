import { bool, deprecated, str } from './builders';
import type { JsonSchema, ModuleSchema } from './json-schema';

// cloud-init 25.3 renamed the hyphenated keys to underscores; the hyphenated spellings
// stay valid as deprecations, but giving both spellings of one key is an error, reported at
// the mapping (a `not` of requiring both) as cloud-init reports it.

const keys: Record<string, JsonSchema> = {
  activation_key: str('Activation key; use with **org**, not with **username**/**password**.'),
  auto_attach: bool(undefined, 'Attach subscriptions automatically.'),
  service_level: str('Service level; needs **auto_attach**.'),
  add_pool: { type: 'array', items: { type: 'string' }, description: 'Pool ids to attach.' },
  enable_repo: { type: 'array', items: { type: 'string' }, description: 'Repositories to enable.' },
  disable_repo: { type: 'array', items: { type: 'string' }, description: 'Repositories to disable.' },
  rhsm_baseurl: str('baseurl in /etc/rhsm/rhsm.conf.'),
  server_hostname: str('Server host name in /etc/rhsm/rhsm.conf.'),
};

const properties: Record<string, JsonSchema> = {
  username: str('User name; use with **password**, not with **activation_key**/**org**.'),
  password: str('Password; use with **username**.'),
  release_version: str('Release to pin with `subscription-manager release --set`; the package cache is cleared after.'),
  org: {
    description: 'Organization; use with **activation_key**.',
    oneOf: [
      { type: 'string' },
      deprecated({ type: 'integer' }, '24.2', 'Use of type integer for this value is deprecated. Use a string instead.'),
    ],
  },
};
const exclusions: JsonSchema[] = [];
for (const [key, schema] of Object.entries(keys)) {
  const hyphenated = key.replaceAll('_', '-');
  properties[key] = schema;
  properties[hyphenated] = deprecated(structuredClone(schema), '25.3', `Use **${key}** instead.`);
  // `properties: { k: true }` only declares the keys for ajv's strictRequired check.
  exclusions.push({ not: { required: [key, hyphenated], properties: { [key]: true, [hyphenated]: true } } });
}

/** The rh_subscription module: Red Hat subscription manager registration. */
export const ccRhSubscription: ModuleSchema = {
  module: 'rh_subscription',
  properties: {
    rh_subscription: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : 1))),
      allOf: exclusions,
    },
  },
};
