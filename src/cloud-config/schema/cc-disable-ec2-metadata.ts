import { bool } from './builders';
import type { ModuleSchema } from './json-schema';

/** The disable_ec2_metadata module. */
export const ccDisableEc2Metadata: ModuleSchema = {
  module: 'disable_ec2_metadata',
  properties: {
    disable_ec2_metadata: bool(false, 'Disable IPv4 routes to the cloud metadata service.'),
  },
};
