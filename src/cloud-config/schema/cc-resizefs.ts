import type { ModuleSchema } from './json-schema';

/** The resizefs module. */
export const ccResizefs: ModuleSchema = {
  module: 'resizefs',
  properties: {
    resize_rootfs: {
      description: 'Resize the root filesystem; `noblock` resizes in the background. Default: true.',
      enum: [true, false, 'noblock'],
    },
  },
};
