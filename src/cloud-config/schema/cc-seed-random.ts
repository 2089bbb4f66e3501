import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The seed_random module (`random_seed`). */
export const ccSeedRandom: ModuleSchema = {
  module: 'seed_random',
  properties: {
    random_seed: closed({
      file: str('File the seed is written to.', { default: '/dev/urandom' }),
      data: str('Seed data written before the datasource seed.'),
      encoding: str('Encoding of **data**.', { enum: ['raw', 'base64', 'b64', 'gzip', 'gz'], default: 'raw' }),
      command: { type: 'array', items: { type: 'string' }, description: 'Command run with RANDOM_SEED_FILE set.' },
      command_required: bool(false, 'Fail when **command** cannot run.'),
    }),
  },
};
