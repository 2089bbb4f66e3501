// gzip user data where the runtime has no process.getBuiltinModule (browsers, Node 20 before 20.16): one clear
// issue instead of a verdict; the same input validates where it exists. (The browser itself: test/bundle/.)
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';

const text = '#cloud-config\nruncmd: [ls]\n';

/** validateCloudConfig from a fresh module graph, so the first gzip input looks the runtime up again. */
async function freshValidator(): Promise<typeof import('wc-legacy-api/cloud-config').validateCloudConfig> {
  vi.resetModules();
  return (await import('wc-legacy-api/cloud-config')).validateCloudConfig;
}

describe('gzip user data and the runtime', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports that decompression is not available where process.getBuiltinModule is missing', async () => {
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
    const validate = await freshValidator();
    const result = validate(gzipSync(text));
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'invalid_encoding', path: '' });
    expect(result.errors[0]?.message).toContain('decompression is not available in this runtime');
    // Bytes that are not gzip still validate there.
    expect(validate(new TextEncoder().encode(text)).valid).toBe(true);
  });

  it('reports the same where there is no process at all (a browser)', async () => {
    const validate = await freshValidator();
    const gzip = gzipSync(text);
    vi.stubGlobal('process', undefined);
    let result;
    try {
      result = validate(gzip); // synchronous: nothing else runs while process is gone
    } finally {
      vi.unstubAllGlobals();
    }
    expect(result.errors[0]?.message).toContain('decompression is not available in this runtime');
  });

  it('inflates gzip where process.getBuiltinModule exists', async () => {
    const validate = await freshValidator();
    expect(validate(gzipSync(text)).valid).toBe(true);
  });
});
