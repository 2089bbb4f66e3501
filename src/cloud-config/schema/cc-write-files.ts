import { bool, closed, str } from './builders';
import type { ModuleSchema } from './json-schema';

// `permissions` must be a string: unquoted 0644 is a YAML 1.1 integer (420) and is
// rejected, exactly as cloud-init rejects it.

/** The write_files module (and write_files_deferred, which reads the same key). */
export const ccWriteFiles: ModuleSchema = {
  module: 'write_files',
  properties: {
    write_files: {
      type: 'array',
      minItems: 1,
      description: 'Files to write.',
      items: closed(
        {
          path: str('File path.'),
          content: str('Content, decoded according to **encoding**.', { default: '' }),
          source: closed(
            {
              uri: str('URI to load the content from; **content** is the fallback.', { format: 'uri' }),
              headers: {
                type: 'object',
                additionalProperties: { type: 'string' },
                description: 'HTTP headers for the request.',
              },
            },
            { required: ['uri'] },
          ),
          owner: str('owner:group.', { default: 'root:root' }),
          permissions: str("Octal mode as a string, such as '0644'.", { default: '0644' }),
          encoding: str('Encoding of **content**.', {
            enum: ['gz', 'gzip', 'gz+base64', 'gzip+base64', 'gz+b64', 'gzip+b64', 'b64', 'base64', 'text/plain'],
            default: 'text/plain',
          }),
          append: bool(false, 'Append to an existing file.'),
          defer: bool(false, 'Write in the final stage, after users and packages.'),
        },
        { required: ['path'] },
      ),
    },
  },
};
