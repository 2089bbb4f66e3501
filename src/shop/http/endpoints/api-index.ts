import type { HandlerContext } from '../endpoint-context';
import { ok } from '../endpoint-context';
import type { ShopResponse } from '../http-types';
import { indexDocument } from '../index-document';
import { publicOrigin } from '../pagination-headers';

/** `GET {basePath}/`: the public index document (answered before authentication, as the legacy API does). `prefix`
 * is the mount prefix the request came through, so the advertised URL is the one the client can reach. */
export async function serveIndex(ctx: HandlerContext, prefix: string, secure: boolean): Promise<ShopResponse> {
  const store = await ctx.store();
  const apiUrl = `${publicOrigin(store.siteUrl, secure)}${prefix}${ctx.basePath}`;
  return ok(indexDocument(store, apiUrl));
}
