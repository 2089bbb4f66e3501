import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloudConfigFormats, uriPattern } from '../../src/cloud-config/check/formats';

// The `uri` check uses the rule without IP literals for values without a `[` (the whole rule costs
// milliseconds to compile on first use): both rules must agree on every such value.
describe('uri format', () => {
  it('gives the verdict of the whole rule, with or without an IP literal', () => {
    const whole = uriPattern(true);
    const short = uriPattern(false);
    const part = fc.constantFrom('http', 'a', ':', '/', '//', '?', '#', '@', '%', '%2F', '%g', '.', '-', '1', '255', '::', 'v1', ' ', 'é', '!', "'", '*', 'x.y', ':80');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }).map((parts) => parts.join('')), (value) => {
        expect(short.test(value)).toBe(whole.test(value));
      }),
      { numRuns: 3000 },
    );
    for (const value of ['http://[::1]:8080/x', 'http://[2001:db8::7]/', 'http://[v1.fe]/', 'http://[::g]/', 'http://[1.2.3.4]/', 'http://a[b]/', 'http://example.com/a?b#c']) {
      expect(cloudConfigFormats.uri!(value), value).toBe(whole.test(value));
    }
    expect(cloudConfigFormats.uri!('http://[::1]:8080/x')).toBe(true);
    expect(cloudConfigFormats.uri!('http://[::g]/')).toBe(false);
  });
});
