/**
 * Every cloud-init module name accepted in the module lists, in underscore spelling.
 * The spec's generic names, the third-party product modules of cloud-init 23.1 (the
 * version the spec describes) and the modules added up to 26.2, so that a real module
 * name is never rejected.
 */
export const MODULE_NAMES: readonly string[] = [
  'ansible',
  'apk_configure',
  'apt_configure',
  'apt_pipelining',
  'bootcmd',
  'byobu',
  'ca_certs',
  'chef',
  'disable_ec2_metadata',
  'disk_setup',
  'fan',
  'final_message',
  'growpart',
  'grub_dpkg',
  'install_hotplug',
  'keyboard',
  'keys_to_console',
  'landscape',
  'locale',
  'lxd',
  'mcollective',
  'migrator',
  'mounts',
  'netplan_nm_patch',
  'ntp',
  'package_update_upgrade_install',
  'phone_home',
  'power_state_change',
  'puppet',
  'raspberry_pi',
  'refresh_rmc_and_interface',
  'reset_rmc',
  'resizefs',
  'resolv_conf',
  'rh_subscription',
  'rightscale_userdata',
  'rsyslog',
  'runcmd',
  'salt_minion',
  'scripts_per_boot',
  'scripts_per_instance',
  'scripts_per_once',
  'scripts_user',
  'scripts_vendor',
  'seed_random',
  'set_hostname',
  'set_passwords',
  'snap',
  'spacewalk',
  'ssh',
  'ssh_authkey_fingerprints',
  'ssh_import_id',
  'timezone',
  'ubuntu_advantage',
  'ubuntu_autoinstall',
  'ubuntu_drivers',
  'ubuntu_pro',
  'update_etc_hosts',
  'update_hostname',
  'users_groups',
  'wireguard',
  'write_files',
  'write_files_deferred',
  'yum_add_repo',
  'zypper_add_repo',
];

/** Both spellings of every module name: `users_groups` and `users-groups`, sorted. */
export function moduleNameSpellings(): string[] {
  const spellings = new Set<string>();
  for (const name of MODULE_NAMES) {
    spellings.add(name);
    spellings.add(name.replaceAll('_', '-'));
  }
  return [...spellings].sort();
}
