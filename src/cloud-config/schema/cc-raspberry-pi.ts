import { bool, closed } from './builders';
import type { ModuleSchema } from './json-schema';

/** The raspberry_pi module (`rpi`): Raspberry Pi interfaces and services. */
export const ccRaspberryPi: ModuleSchema = {
  module: 'raspberry_pi',
  properties: {
    rpi: closed({
      interfaces: closed({
        spi: bool(false, 'Enable SPI.'),
        i2c: bool(false, 'Enable I2C.'),
        serial: {
          default: false,
          description: 'Enable the serial console, or set console and UART hardware separately.',
          oneOf: [
            { type: 'boolean' },
            closed({ console: bool(false, 'Serial console.'), hardware: bool(false, 'UART hardware.') }),
          ],
        },
        onewire: bool(false, 'Enable 1-Wire.'),
        remote_gpio: bool(false, 'Enable remote GPIO.'),
      }),
      enable_rpi_connect: bool(false, 'Install and enable Raspberry Pi Connect.'),
      enable_usb_gadget: bool(false, 'Enable USB gadget mode.'),
    }),
  },
};
