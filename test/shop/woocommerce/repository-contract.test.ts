// The shared repository contract on the WooCommerce bridge: each snapshot is written into a fresh MariaDB database
// the way WooCommerce stores it (the fixture writer), in both storages, and read back by createWooCommerceRepository.
// The bridge is read-only: the contract checks its refusal instead of the status changes.
import { describe } from 'vitest';
import { createWooCommerceRepository } from 'wc-legacy-api/woocommerce';
import { describeRepositoryContract } from '../repository-contract';
import { writeWooCommerceShop } from './fixture-writer';
import { emptyDatabase, MYSQL_URL } from './mariadb-harness';
import { asStoredByWooCommerce, withWooCommerceIds } from './woocommerce-shape';

describe.skipIf(MYSQL_URL === undefined)('the WooCommerce bridge', () => {
  for (const storage of ['posts', 'hpos'] as const) {
    describeRepositoryContract(
      `woocommerce (${storage})`,
      async (snapshot) => {
        const pool = await emptyDatabase();
        await writeWooCommerceShop(pool, snapshot, { storage, tablePrefix: 'wc_' });
        return createWooCommerceRepository({ pool, tablePrefix: 'wc_' });
      },
      // What WooCommerce can hold of a shop: one posts id space, whole seconds, served notes, no usage limit of 0.
      { writes: false, asStored: (snapshot) => asStoredByWooCommerce(withWooCommerceIds(snapshot), storage) },
    );
  }
});
