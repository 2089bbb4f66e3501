import { bool, closed, int, str } from './builders';
import type { ModuleSchema } from './json-schema';

// `preseed` cannot be combined with `init` or `bridge`; as with ssh_redirect_user the
// `then` forbids the other keys so the error points at the conflicting key.

/** The lxd module: initialise LXD and its bridge. */
export const ccLxd: ModuleSchema = {
  module: 'lxd',
  properties: {
    lxd: closed(
      {
        init: closed(
          {
            network_address: str('Address LXD listens on.'),
            network_port: int(undefined, 'Port LXD listens on.'),
            storage_backend: str('Storage backend.', { enum: ['zfs', 'dir', 'lvm', 'btrfs'], default: 'dir' }),
            storage_create_device: str('Device for device-based storage.'),
            storage_create_loop: int(undefined, 'Size in GB of loop-based storage.'),
            storage_pool: str('Storage pool to use or create.'),
            trust_password: str('Password for adding clients.'),
          },
          { description: 'Values for `lxd init --auto`. Cannot be combined with **preseed**.' },
        ),
        bridge: closed(
          {
            mode: str('`none`, `existing` (use **name**) or `new`.', { enum: ['none', 'existing', 'new'] }),
            name: str('Bridge name.', { default: 'lxdbr0' }),
            mtu: int(-1, 'Bridge MTU; -1 keeps the LXD default.', { minimum: -1 }),
            ipv4_address: str('IPv4 address; requires **ipv4_netmask**.'),
            ipv4_netmask: int(undefined, 'IPv4 prefix length.'),
            ipv4_dhcp_first: str('First address of the DHCP range.'),
            ipv4_dhcp_last: str('Last address of the DHCP range.'),
            ipv4_dhcp_leases: int(undefined, 'Number of DHCP leases.'),
            ipv4_nat: bool(false, 'NAT IPv4 traffic.'),
            ipv6_address: str('IPv6 address (CIDR); requires **ipv6_netmask**.'),
            ipv6_netmask: int(undefined, 'IPv6 prefix length.'),
            ipv6_nat: bool(false, 'NAT IPv6 traffic.'),
            domain: str('Domain advertised to DHCP clients.'),
          },
          { required: ['mode'], description: 'Host bridge setup. Cannot be combined with **preseed**.' },
        ),
        preseed: str('YAML passed to `lxd init --preseed`. Cannot be combined with **init** or **bridge**.'),
      },
      {
        minProperties: 1,
        if: { required: ['preseed'], properties: { preseed: true } },
        then: { properties: { init: false, bridge: false } },
      },
    ),
  },
};
