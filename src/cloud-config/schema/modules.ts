import { baseConfig } from './base-config';
import { ccAnsible } from './cc-ansible';
import { ccApkConfigure } from './cc-apk-configure';
import { ccAptConfigure } from './cc-apt-configure';
import { ccAptPipelining } from './cc-apt-pipelining';
import { ccBootcmd } from './cc-bootcmd';
import { ccByobu } from './cc-byobu';
import { ccCaCerts } from './cc-ca-certs';
import { ccChef } from './cc-chef';
import { ccDisableEc2Metadata } from './cc-disable-ec2-metadata';
import { ccDiskSetup } from './cc-disk-setup';
import { ccFan } from './cc-fan';
import { ccFinalMessage } from './cc-final-message';
import { ccGrowpart } from './cc-growpart';
import { ccGrubDpkg } from './cc-grub-dpkg';
import { ccInstallHotplug } from './cc-install-hotplug';
import { ccKeyboard } from './cc-keyboard';
import { ccKeysToConsole } from './cc-keys-to-console';
import { ccLandscape } from './cc-landscape';
import { ccLocale } from './cc-locale';
import { ccLxd } from './cc-lxd';
import { ccMcollective } from './cc-mcollective';
import { ccMigrator } from './cc-migrator';
import { ccMounts } from './cc-mounts';
import { ccNtp } from './cc-ntp';
import { ccPackageUpdateUpgradeInstall } from './cc-package-update-upgrade-install';
import { ccPhoneHome } from './cc-phone-home';
import { ccPowerStateChange } from './cc-power-state-change';
import { ccPuppet } from './cc-puppet';
import { ccRaspberryPi } from './cc-raspberry-pi';
import { ccResizefs } from './cc-resizefs';
import { ccResolvConf } from './cc-resolv-conf';
import { ccRhSubscription } from './cc-rh-subscription';
import { ccRsyslog } from './cc-rsyslog';
import { ccRuncmd } from './cc-runcmd';
import { ccSaltMinion } from './cc-salt-minion';
import { ccScriptsVendor } from './cc-scripts-vendor';
import { ccSeedRandom } from './cc-seed-random';
import { ccSetHostname } from './cc-set-hostname';
import { ccSetPasswords } from './cc-set-passwords';
import { ccSnap } from './cc-snap';
import { ccSpacewalk } from './cc-spacewalk';
import { ccSsh } from './cc-ssh';
import { ccSshAuthkeyFingerprints } from './cc-ssh-authkey-fingerprints';
import { ccSshImportId } from './cc-ssh-import-id';
import { ccTimezone } from './cc-timezone';
import { ccUbuntuAutoinstall } from './cc-ubuntu-autoinstall';
import { ccUbuntuDrivers } from './cc-ubuntu-drivers';
import { ccUbuntuPro } from './cc-ubuntu-pro';
import { ccUpdateEtcHosts } from './cc-update-etc-hosts';
import { ccUpdateHostname } from './cc-update-hostname';
import { ccUsersGroups } from './cc-users-groups';
import { ccWireguard } from './cc-wireguard';
import { ccWriteFiles } from './cc-write-files';
import { ccYumAddRepo } from './cc-yum-add-repo';
import { ccZypperAddRepo } from './cc-zypper-add-repo';
import { outputConfig } from './output-config';
import { reportingConfig } from './reporting-config';
import type { ModuleSchema } from './json-schema';

/**
 * Every module's contribution: cloud-init's own keys first, then the modules in
 * cloud-init's alphabetical order, then the `reporting` and `output` keys.
 */
export const MODULE_SCHEMAS: readonly ModuleSchema[] = [
  baseConfig,
  ccAnsible,
  ccApkConfigure,
  ccAptConfigure,
  ccAptPipelining,
  ccBootcmd,
  ccByobu,
  ccCaCerts,
  ccChef,
  ccDisableEc2Metadata,
  ccDiskSetup,
  ccFan,
  ccFinalMessage,
  ccGrowpart,
  ccGrubDpkg,
  ccInstallHotplug,
  ccKeyboard,
  ccKeysToConsole,
  ccLandscape,
  ccLocale,
  ccLxd,
  ccMcollective,
  ccMigrator,
  ccMounts,
  ccNtp,
  ccPackageUpdateUpgradeInstall,
  ccPhoneHome,
  ccPowerStateChange,
  ccPuppet,
  ccRaspberryPi,
  ccResizefs,
  ccResolvConf,
  ccRhSubscription,
  ccRsyslog,
  ccRuncmd,
  ccSaltMinion,
  ccScriptsVendor,
  ccSeedRandom,
  ccSetHostname,
  ccSetPasswords,
  ccSnap,
  ccSpacewalk,
  ccSshAuthkeyFingerprints,
  ccSshImportId,
  ccSsh,
  ccTimezone,
  ccUbuntuAutoinstall,
  ccUbuntuDrivers,
  ccUbuntuPro,
  ccUpdateEtcHosts,
  ccUpdateHostname,
  ccUsersGroups,
  ccWireguard,
  ccWriteFiles,
  ccYumAddRepo,
  ccZypperAddRepo,
  reportingConfig,
  outputConfig,
];
