import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOUD_CONFIG_ANNOTATION_KEYWORDS, cloudConfigSchema, validateCloudConfig } from 'wc-legacy-api/cloud-config';

// The verdict must be exactly the schema's, however errors are reduced to one per location: checked
// against an independent ajv compile of the published schema on random configs shaped like real ones.
type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv, ['uri', 'date']);
ajv.addVocabulary([...CLOUD_CONFIG_ANNOTATION_KEYWORDS]);
const schemaValid = ajv.compile(cloudConfigSchema);

const scalar = fc.oneof(fc.constantFrom('', 'x', 'ALL', 'default', 'always', 'webhook', 'RANDOM', 'off', 'auto', 'http://example.com'), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null));
const userKey = fc.constantFrom('name', 'snapuser', 'shell', 'sudo', 'uid', 'groups', 'lock-passwd', 'lock_passwd', 'ssh_redirect_user', 'ssh_authorized_keys', 'expiredate', 'passwd', 'nme');
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(userKey, tie('value'), { maxKeys: 4 })),
}));
const topKey = fc.constantFrom('users', 'user', 'groups', 'runcmd', 'bootcmd', 'growpart', 'ca-certs', 'ca_certs', 'apt', 'reporting', 'chpasswd', 'cloud_final_modules', 'keyboard', 'write_files', 'runcmds', 'disk_setup');

describe('verdict', () => {
  it('is valid exactly when the schema says so, and an invalid config always has errors', () => {
    fc.assert(
      fc.property(fc.dictionary(topKey, value, { maxKeys: 4 }), (config) => {
        const result = validateCloudConfig(config, { cloudInitVersion: 'spec' });
        expect(result.valid).toBe(schemaValid(config));
        if (!result.valid) expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 600 },
    );
  });
});
