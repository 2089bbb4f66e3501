// Which deprecations have a mechanical replacement that means the same to cloud-init, as reviewed
// facts. The fixer acts only on deprecations the validator reports for the target the options name
// (from that target's schema, `deprecated: true`), so a release where a key is not deprecated yet
// gets no fix; this table only says what each reported deprecation may be replaced with.
//
// Each fact was read in cloud-init's code at upstream commit 04eacd06 (26.2 + 20 commits), the
// version the shared corpora's verdicts come from; the file and what it does with the old form are
// named next to it. A form not listed here is reported as not fixable.

/** One step of a data path: a key as written, `*` for any one key or list index, or a test on the key. */
export type PathStep = string | RegExp;

/** A replacement value: its YAML text (as written into the file) and the data it reads as. */
export interface ReplacementValue {
  readonly yaml: string;
  readonly value: unknown;
}

/** An entry rewritten as a list of mappings under another key: the key, and each mapping's fields in order. */
export interface ListRewrite {
  readonly key: string;
  readonly items: readonly (readonly (readonly [field: string, value: string])[])[];
}

/** A rule for deprecations at paths matching `at`. */
export type DeprecationRule =
  | { readonly at: readonly PathStep[]; readonly rename: (key: string) => string }
  | { readonly at: readonly PathStep[]; readonly rewrite: (value: unknown) => ListRewrite | { readonly reason: string } }
  /** The key renamed and its value, a non-empty string, made the one item of a list. */
  | { readonly at: readonly PathStep[]; readonly asListUnder: string }
  | { readonly at: readonly PathStep[]; readonly replace: (value: unknown) => ReplacementValue | { readonly reason: string } }
  | { readonly at: readonly PathStep[]; readonly reason: string };

// cloudinit/util.py: is_true / is_false compare `str(value).lower().strip()` with these.
const TRUE_STRINGS = ['true', '1', 'on', 'yes'];
const FALSE_STRINGS = ['off', '0', 'no', 'false'];

function boolOf(value: unknown): boolean | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.toLowerCase().trim();
  return TRUE_STRINGS.includes(text) ? true : FALSE_STRINGS.includes(text) ? false : undefined;
}

const bool = (value: boolean): ReplacementValue => ({ yaml: String(value), value });

/** A string cloud-init reads with is_true/is_false, as the boolean it reads it as. */
function stringAsBool(unknownMeans: string) {
  return (value: unknown): ReplacementValue | { reason: string } => {
    const read = boolOf(value);
    return read === undefined ? { reason: `cloud-init reads ${JSON.stringify(value)} as ${unknownMeans}; write the boolean you mean` } : bool(read);
  };
}

const underscored = (key: string): string => key.replaceAll('-', '_');
const HYPHENATED = /-/;
const USER_PATHS: readonly (readonly PathStep[])[] = [['users', '*'], ['user']];

// cloudinit/config/cc_rh_subscription.py (SubscriptionManager.__init__): each of these keys is read
// as `cfg.get("x_y", cfg.get("x-y"))`, so the underscored key means the same.
const RH_SUBSCRIPTION_HYPHENATED = ['activation-key', 'add-pool', 'auto-attach', 'disable-repo', 'enable-repo', 'rhsm-baseurl', 'server-hostname', 'service-level'];

const NO_SAME_MEANING = 'the replacement is written differently (a new shape, not a new name or value); rewrite it by hand';

/** The reviewed rules, most specific first (the first rule whose path matches is used). */
export const DEPRECATION_RULES: readonly DeprecationRule[] = [
  // cc_package_update_upgrade_install.py handle(): `_multi_cfg_bool_get(cfg, "apt_update", "package_update")`
  // (and the same for upgrade and reboot_if_required): either key set true means true.
  { at: ['apt_update'], rename: () => 'package_update' },
  { at: ['apt_upgrade'], rename: () => 'package_upgrade' },
  { at: ['apt_reboot_if_required'], rename: () => 'package_reboot_if_required' },
  // cc_ca_certs.py handle(): `cfg.get("ca_certs", cfg.get("ca-certs"))` and
  // `ca_cert_cfg.get("remove_defaults", ca_cert_cfg.get("remove-defaults", False))`.
  { at: ['ca-certs'], rename: () => 'ca_certs' },
  { at: [/^ca[-_]certs$/, 'remove-defaults'], rename: () => 'remove_defaults' },
  // cc_grub_dpkg.py handle(): `cfg.get("grub_dpkg", cfg.get("grub-dpkg", {}))`; a non-boolean
  // install_devices_empty goes through util.translate_bool (is_true on the string).
  { at: ['grub-dpkg'], rename: () => 'grub_dpkg' },
  { at: [/^grub[-_]dpkg$/, 'grub-pc/install_devices_empty'], replace: stringAsBool('false') },
  // cc_ubuntu_pro.py handle(): the section under a deprecated key is used when ubuntu_pro is absent.
  { at: ['ubuntu_advantage'], rename: () => 'ubuntu_pro' },
  // cloudinit/distros/ug_util.py normalize_users_groups(): every user key has `-` replaced by `_`
  // (`user:` is merged into the users first).
  ...USER_PATHS.map((at): DeprecationRule => ({ at: [...at, HYPHENATED], rename: underscored })),
  // cloudinit/distros/__init__.py create_user(): `sudo: false` writes no rule, as null does; any
  // other boolean has no equivalent.
  ...USER_PATHS.map(
    (at): DeprecationRule => ({ at: [...at, 'sudo'], replace: (v) => (v === false ? { yaml: 'null', value: null } : { reason: 'only sudo: false has an equivalent (null)' }) }),
  ),
  // distros/__init__.py add_user(): `kwargs["uid"] = str(kwargs["uid"])`, so a decimal string and
  // its integer give the same argument.
  ...USER_PATHS.map((at): DeprecationRule => ({ at: [...at, 'uid'], replace: decimalStringAsInteger })),
  ...USER_PATHS.map((at): DeprecationRule => ({ at: [...at, 'groups', '*'], reason: NO_SAME_MEANING })),
  ...RH_SUBSCRIPTION_HYPHENATED.map((key): DeprecationRule => ({ at: ['rh_subscription', key], rename: underscored })),
  // cc_rh_subscription.py: org is only formatted into `--org={0}`, so an integer and its decimal text match.
  { at: ['rh_subscription', 'org'], replace: integerAsString },
  // cc_apt_pipelining.py handle(): "none", "unchanged" and "os" all leave APT's setting alone.
  { at: ['apt_pipelining'], replace: (v) => (v === 'none' || v === 'unchanged' ? { yaml: 'os', value: 'os' } : { reason: 'no equivalent value recorded' }) },
  // cc_update_etc_hosts.py handle(): translate_bool(value, addons=["template"]) takes "template" as true.
  { at: ['manage_etc_hosts'], replace: (v) => (v === 'template' ? bool(true) : { reason: 'no equivalent value recorded' }) },
  // cc_growpart.py handle(): `util.is_false(mode)` disables growpart for false and for "off" alike.
  { at: ['growpart', 'mode'], replace: (v) => (v === false ? { yaml: "'off'", value: 'off' } : { reason: 'no equivalent value recorded' }) },
  // cc_set_passwords.py handle_ssh_pwauth(): a string goes through util.is_true / util.is_false.
  {
    at: ['ssh_pwauth'],
    replace: (v) => (v === 'unchanged' ? { reason: '"unchanged" leaves sshd alone, as leaving the key out does: remove the key' } : stringAsBool('"leave sshd alone"')(v)),
  },
  // stages.py _consume_vendordata(): vendor data is consumed when util.is_true(enabled).
  { at: ['vendor_data', 'enabled'], replace: stringAsBool('false') },
  // distros/__init__.py (and alpine.py) shutdown_command(): a delay other than "now" is int(delay),
  // so "+5" and 5 give the same command.
  { at: ['power_state', 'delay'], replace: delayAsInteger },
  { at: ['chpasswd', 'list'], rewrite: chpasswdListAsUsers },
  { at: ['system_info'], reason: 'it has no replacement: distribution settings are not meant to be set by user data' },
  { at: ['ansible', 'pull'], reason: NO_SAME_MEANING },
  // cc_ansible.py run_ansible_pull(): `if playbook_name: playbook_names = [playbook_name]`.
  { at: ['ansible', 'pull', '*', 'playbook_name'], asListUnder: 'playbook_names' },
  { at: ['ansible', 'pull', 'playbook_name'], asListUnder: 'playbook_names' },
];

// cc_set_passwords.py handle(): a `list` string is split with str.splitlines(), each line (or list
// item) with `split(":", 1)`; a password matching this pattern (re.match: at the start) and holding
// no ":" is a hash, "R" or "RANDOM" a random one, anything else text. The same user in
// `chpasswd.users` says so with its `type` (hash, RANDOM, text), and each group is set and expired
// alike; only the order of users within a group (which matters for a user named twice) differs.
const HASHED = /^\$(1|2a|2y|5|6)(\$.+){2}/;
// The line boundaries of Python's str.splitlines().
const PYTHON_LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

function chpasswdListAsUsers(value: unknown): ListRewrite | { reason: string } {
  let lines: unknown[];
  if (typeof value === 'string') {
    lines = value.split(PYTHON_LINE_BREAK);
    if (lines[lines.length - 1] === '') lines.pop();
  } else if (Array.isArray(value)) lines = value;
  else return { reason: 'no equivalent value recorded' };
  if (lines.length === 0) return { reason: 'it is empty: cloud-init ignores it; remove it' };
  const names = new Set<string>();
  const items: (readonly (readonly [string, string])[])[] = [];
  for (const line of lines) {
    if (typeof line !== 'string' || !line.includes(':')) return { reason: 'an entry is not NAME:PASSWORD (cloud-init fails on it)' };
    const name = line.slice(0, line.indexOf(':'));
    const password = line.slice(line.indexOf(':') + 1);
    if (name === '' || names.has(name)) return { reason: 'a user is named twice or not at all; rewrite it as chpasswd.users by hand' };
    names.add(name);
    if (HASHED.test(password) && !password.includes(':')) items.push([['name', name], ['password', password], ['type', 'hash']]);
    else if (password === 'R' || password === 'RANDOM') items.push([['name', name], ['type', 'RANDOM']]);
    else items.push([['name', name], ['password', password], ['type', 'text']]);
  }
  return { key: 'users', items };
}

function decimalStringAsInteger(value: unknown): ReplacementValue | { reason: string } {
  if (typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value) && Number.isSafeInteger(Number(value))) return { yaml: value, value: Number(value) };
  return { reason: 'only a plain decimal number in a string has an equivalent integer' };
}

function integerAsString(value: unknown): ReplacementValue | { reason: string } {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { yaml: `'${value}'`, value: String(value) };
  return { reason: 'no equivalent value recorded' };
}

function delayAsInteger(value: unknown): ReplacementValue | { reason: string } {
  const match = typeof value === 'string' ? /^\+?([0-9]+)$/.exec(value) : null;
  if (match && Number.isSafeInteger(Number(match[1]))) return { yaml: String(Number(match[1])), value: Number(match[1]) };
  return { reason: 'no equivalent value recorded' };
}

function stepMatches(step: PathStep, segment: string): boolean {
  if (typeof step !== 'string') return step.test(segment);
  return step === '*' || step === segment;
}

/** The rule for a deprecation at the data path `segments`, if there is one. */
export function ruleFor(segments: readonly string[]): DeprecationRule | undefined {
  return DEPRECATION_RULES.find((rule) => rule.at.length === segments.length && rule.at.every((step, i) => stepMatches(step, segments[i]!)));
}
