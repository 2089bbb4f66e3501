import { int, str } from './builders';
import type { ModuleSchema } from './json-schema';

function handler(type: string, properties: Record<string, unknown>, required: string[] = []) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', ...required],
    properties: { type: { type: 'string', enum: [type] }, ...properties },
  };
}

/** The `reporting` key: where cloud-init sends its events. */
export const reportingConfig: ModuleSchema = {
  module: 'reporting',
  properties: {
    reporting: {
      type: 'object',
      additionalProperties: false,
      description: 'Named event handlers.',
      patternProperties: {
        '^.+$': {
          label: '<handler_name>',
          oneOf: [
            handler('log', { level: str(undefined, { enum: ['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'], default: 'DEBUG' }) }),
            handler('print', {}),
            handler(
              'webhook',
              {
                endpoint: str('URL events are posted to.', { format: 'uri' }),
                consumer_key: str(),
                token_key: str(),
                token_secret: str(),
                consumer_secret: str(),
                timeout: { type: 'number', minimum: 0, description: 'Seconds to wait for a response.' },
                retries: int(undefined, 'Retries per event.', { minimum: 0 }),
              },
              ['endpoint'],
            ),
            handler('hyperv', {
              kvp_file_path: str(undefined, { default: '/var/lib/hyperv/.kvp_pool_1' }),
              event_types: { type: 'array', items: { type: 'string' } },
            }),
          ],
        },
      },
    },
  },
};
