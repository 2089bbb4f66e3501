import { describe, expect, it, vi } from 'vitest';

// Each test imports the package afresh: the older releases' validators are loaded once per module instance.
async function freshPackage() {
  vi.resetModules();
  return import('wc-legacy-api/cloud-config');
}

const CONFIG = '#cloud-config\npackages: [git]\nruncmd: 5\n';

describe('the older releases\' validators, loaded on demand', () => {
  it('validate the default targets without loading anything', async () => {
    const { validateCloudConfig } = await freshPackage();
    for (const cloudInitVersion of [undefined, 'latest', '26.2', 'spec'] as const) {
      const result = validateCloudConfig(CONFIG, { cloudInitVersion });
      expect(result.errors.map((e) => [e.code, e.path])).toEqual([['type', 'runcmd']]);
    }
  });

  it('before loadCloudInitReleases, an older release is one invalid_input issue saying what to call; after, its verdict', async () => {
    const { loadCloudInitReleases, validateCloudConfig } = await freshPackage();
    for (const cloudInitVersion of ['23.4', '23.4.1', '>=25.3', ['22.1', '26.2']] as const) {
      const before = validateCloudConfig(CONFIG, { cloudInitVersion });
      expect(before.valid).toBe(false);
      expect(before.errors.some((e) => e.code === 'invalid_input' && e.message.includes('await loadCloudInitReleases()'))).toBe(true);
      expect(before.errors.some((e) => e.code === 'type')).toBe(cloudInitVersion !== '23.4' && cloudInitVersion !== '23.4.1');
    }
    await Promise.all([loadCloudInitReleases(), loadCloudInitReleases()]);
    for (const cloudInitVersion of ['23.4', '>=25.3', ['22.1', '26.2']] as const) {
      const after = validateCloudConfig(CONFIG, { cloudInitVersion });
      expect(after.errors.filter((e) => e.code === 'invalid_input')).toEqual([]);
      expect(after.errors.map((e) => e.code)).toContain('type');
    }
  });

  it('are loaded by the fixer\'s caller the same way: fixCloudConfig reports the issue, not a crash', async () => {
    const { fixCloudConfig } = await freshPackage();
    const fixed = fixCloudConfig('#cloud-config\npackages: [git]\n', { cloudInitVersion: '24.1' });
    expect(fixed.changed).toBe(false);
    expect(fixed.result.errors.map((e) => e.code)).toEqual(['invalid_input']);
  });
});
