import type * as NodeCrypto from 'node:crypto';

/** The few node:crypto functions the shop's authentication uses. */
export type ShopCrypto = Pick<typeof NodeCrypto, 'createHash' | 'createHmac' | 'randomBytes' | 'timingSafeEqual'>;

let loaded: ShopCrypto | undefined;

/**
 * node:crypto, loaded on first use. A static import would make every `import('wc-legacy-api/shop')` load Node's
 * crypto modules (about 4 ms, a tenth of the entry's import cost), although only authentication needs them;
 * `process.getBuiltinModule` (Node 20.16+, Bun, Deno, Workers with `nodejs_compat`) loads it when a request first
 * needs it, and bundlers see no Node import to stub.
 */
export function nodeCrypto(): ShopCrypto {
  if (loaded !== undefined) return loaded;
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = typeof host?.getBuiltinModule === 'function' ? (host.getBuiltinModule('node:crypto') as ShopCrypto | undefined) : undefined;
  if (crypto === undefined) {
    throw new Error(
      'wc-legacy-api/shop authentication needs node:crypto through process.getBuiltinModule (Node 20.16+, Bun, Deno, or Workers with nodejs_compat)',
    );
  }
  loaded = crypto;
  return crypto;
}
