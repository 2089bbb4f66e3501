import { closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

/** The keyboard module. */
export const ccKeyboard: ModuleSchema = {
  module: 'keyboard',
  properties: {
    keyboard: closed(
      {
        layout: str('Keyboard layout (XKBLAYOUT).'),
        model: str('Keyboard model (XKBMODEL).', { default: 'pc105' }),
        variant: str('Keyboard variant (XKBVARIANT).'),
        options: str('Keyboard options (XKBOPTIONS).'),
      },
      { required: ['layout'] },
    ),
  },
};
