import { describe, expect, it } from 'vitest';
import { formatCloudConfigResult, validateCloudConfig } from 'wc-legacy-api/cloud-config';

const source = '#cloud-config\nusers:\n  - name: ada\n    shell: 5\n    lock-passwd: true\nruncmds: [ls]\n';

describe('formatCloudConfigResult', () => {
  it('prints a summary and one line per issue as compilers do: file, position, severity, path, message, code', () => {
    const text = formatCloudConfigResult(validateCloudConfig(source), { name: 'user-data.yaml' });
    expect(text.split('\n')).toEqual([
      'Invalid cloud-config user-data.yaml',
      'user-data.yaml:4:12: error: users.0.shell: expected string, got integer 5 [type]',
      'user-data.yaml:6:1: error: runcmds: unknown key "runcmds"; did you mean "runcmd"? [additional_property]',
      'user-data.yaml:5:5: deprecation: users.0.lock-passwd: Deprecated in version 22.3. Use lock_passwd instead. [deprecated]',
      '',
    ]);
  });

  it('leaves out the position an issue does not have, and shows warnings', () => {
    expect(formatCloudConfigResult(validateCloudConfig({ runcmd: 1 }), { name: 'object' })).toBe('Invalid cloud-config object\nobject: error: runcmd: expected array, got integer 1 [type]\n');
    const twice = formatCloudConfigResult(validateCloudConfig('#cloud-config\nhostname: a\nhostname: b\n'), { name: 'f' });
    expect(twice).toMatch(/^f:3:1: warning: hostname: .* \[duplicate_key\]$/m);
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
