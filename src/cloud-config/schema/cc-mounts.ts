import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

// cloud-init's `^([0-9]+)?\.?[0-9]+[BKMGT]$`, written so that no digit can be matched two ways:
// the original backtracks quadratically (50,000 digits and an `x` took 8 s). Same strings match.
const sizePattern = '^(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)[BKMGT]$';
const sizeTitle = 'a size with a unit B, K, M, G or T (such as 512M or 1.5G)';

/** The mounts module: /etc/fstab entries and swap. */
export const ccMounts: ModuleSchema = {
  module: 'mounts',
  properties: {
    mounts: {
      type: 'array',
      minItems: 1,
      description: 'fstab entries: [fs_spec, fs_file, fs_vfstype, fs_mntops, fs_freq, fs_passno]; missing fields come from mount_default_fields; a null fs_file removes the mount.',
      items: { type: 'array', minItems: 1, maxItems: 6, items: { type: ['string', 'null'] } },
    },
    mount_default_fields: {
      type: 'array',
      minItems: 6,
      maxItems: 6,
      description: 'Defaults for the six fstab fields.',
      items: { type: ['string', 'null'] },
    },
    swap: closed({
      filename: str('Swap file path.'),
      size: {
        description: 'Size in bytes, `auto`, or a number with a unit B, K, M, G or T.',
        oneOf: [
          { type: 'string', enum: ['auto'] },
          { type: 'integer', title: 'a number of bytes' },
          { type: 'string', pattern: sizePattern, title: sizeTitle },
        ],
      },
      maxsize: {
        description: 'Largest size for `auto`, in bytes or with a unit.',
        oneOf: [
          { type: 'integer', title: 'a number of bytes' },
          { type: 'string', pattern: sizePattern, title: sizeTitle },
        ],
      },
    }),
  },
};
