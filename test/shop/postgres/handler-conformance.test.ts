// The handler's conformance suite on top of the PostgreSQL repository: the same HTTP-level answers as over memory.
// The suite hands `bind` an API over the in-memory fixture shop; we serve the same fixture shop from a fresh
// PostgreSQL schema instead, with the suite's clock and authenticator, so every request goes through SQL.
import { createShopApi } from 'shopkeep/shop';
import { FIXTURE_NOW, fixtureSnapshot, testAuthenticate } from '../conformance/fixture';
import { describeShopApiConformance } from '../conformance/suite';
import { coreTarget } from '../conformance/targets';
import { loadedRepository, TARGETS } from './harness';

for (const target of TARGETS) {
  describeShopApiConformance(`core handler over postgres on ${target.name}`, async () => {
    const repository = await loadedRepository(target, fixtureSnapshot());
    return coreTarget(createShopApi({ repository, now: () => FIXTURE_NOW, authenticate: testAuthenticate }));
  });
}
