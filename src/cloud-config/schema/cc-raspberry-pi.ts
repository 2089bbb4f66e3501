import { bool } from './builders';
import type { ModuleSchema } from './json-schema';

// As cloud-init 26.2 has it (the spec does not show this module): the mappings are open.

/** The raspberry_pi module (`rpi`): Raspberry Pi interfaces and USB gadget mode. */
export const ccRaspberryPi: ModuleSchema = {
  module: 'raspberry_pi',
  properties: {
    rpi: {
      type: 'object',
      properties: {
        interfaces: {
          type: 'object',
          properties: {
            spi: bool(false, 'Enable SPI.'),
            i2c: bool(false, 'Enable I2C.'),
            serial: {
              default: false,
              description: 'Enable the serial console, or set console and UART hardware separately.',
              oneOf: [
                { type: 'boolean' },
                { type: 'object', properties: { console: bool(false, 'Serial console.'), hardware: bool(false, 'UART hardware.') } },
              ],
            },
            onewire: bool(false, 'Enable 1-Wire.'),
          },
        },
        enable_usb_gadget: bool(false, 'Enable USB gadget mode.'),
      },
    },
  },
};
