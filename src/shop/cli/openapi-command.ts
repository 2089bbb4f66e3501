// `wc-legacy-api openapi [--base-path P] [--server-url U]`: prints the OpenAPI 3.1 document of the shop API (JSON) on
// stdout, for client generators, API explorers and contract tests.
import { createOpenApiDocument } from '../http/openapi/create-openapi-document';
import { CliError } from './cli-error';

/** What `wc-legacy-api openapi` is given. */
export interface OpenApiCommandOptions {
  readonly basePath: string | undefined;
  readonly serverUrl: string | undefined;
  readonly out: (text: string) => void;
}

/** Writes the document, indented, as one JSON text ending in a newline. */
export async function runOpenApi(options: OpenApiCommandOptions): Promise<void> {
  const { serverUrl } = options;
  if (serverUrl !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(serverUrl)) {
    throw new CliError(
      `--server-url must be an http(s) URL without query or fragment, e.g. https://shop.example.com, got "${serverUrl}"`,
    );
  }
  const document = await createOpenApiDocument({ basePath: options.basePath, serverUrl });
  options.out(`${JSON.stringify(document, null, 2)}\n`);
}
