import { describe, expect, it } from 'vitest';
import { formatCloudConfigResult, validateCloudConfig } from 'wc-legacy-api/cloud-config';

const source = '#cloud-config\nusers:\n  - name: ada\n    shell: 5\n    lock-passwd: true\nruncmds: [ls]\n';

describe('formatCloudConfigResult', () => {
  it('prints a summary and one line per issue with path and position', () => {
    const text = formatCloudConfigResult(validateCloudConfig(source), { name: 'user-data.yaml' });
    expect(text.split('\n')).toEqual([
      'Invalid cloud-config user-data.yaml',
      '  error       users.0.shell (line 4, column 12): expected string, got integer 5',
      '  error       runcmds (line 6, column 1): unknown key "runcmds"; did you mean "runcmd"?',
      '  deprecated  users.0.lock-passwd (line 5, column 5): Deprecated in version 22.3. Use lock_passwd instead.',
      '',
    ]);
  });

  it('says valid, and notes an empty input', () => {
    expect(formatCloudConfigResult(validateCloudConfig('#cloud-config\nruncmd: [ls]\n'), { name: 'a' })).toBe('Valid cloud-config a\n');
    expect(formatCloudConfigResult(validateCloudConfig(''))).toBe('Valid cloud-config user-data (empty: nothing to validate)\n');
  });

  it('annotates the source with markers in line order, then numbered footers', () => {
    const text = formatCloudConfigResult(validateCloudConfig(source), { name: 'f', source, annotate: true });
    expect(text).toBe(
      [
        '#cloud-config',
        'users:',
        '  - name: ada',
        '    shell: 5\t\t# E1',
        '    lock-passwd: true\t\t# D1',
        'runcmds: [ls]\t\t# E2',
        '',
        '# Errors: -------------',
        '# E1: users.0.shell: expected string, got integer 5',
        '# E2: runcmds: unknown key "runcmds"; did you mean "runcmd"?',
        '',
        '# Deprecations: -------------',
        '# D1: users.0.lock-passwd: Deprecated in version 22.3. Use lock_passwd instead.',
        '',
        'Invalid cloud-config f',
        '',
      ].join('\n'),
    );
  });

  it('puts several markers on one line and lists issues without a position in the footer only', () => {
    const flow = '#cloud-config\nusers: [{name: a, shell: 5, uid: x}]\n';
    const annotated = formatCloudConfigResult(validateCloudConfig(flow), { source: flow, annotate: true });
    expect(annotated).toContain('users: [{name: a, shell: 5, uid: x}]\t\t# E1,D1');
    const header = formatCloudConfigResult(validateCloudConfig({ runcmd: 1 }), { source: '', annotate: true });
    expect(header).toContain('# E1: runcmd: expected array, got integer 1');
  });
});
