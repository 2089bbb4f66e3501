// The handler's conformance suite on top of the PostgreSQL repository: the same HTTP-level answers as over memory.
// The suite builds every API it needs over the backend given here, so the fixture shop lives in a fresh PostgreSQL
// schema per API and every request goes through SQL.
import { describeShopApiConformance } from '../conformance/suite';
import { coreTarget } from '../conformance/targets';
import { postgresBackend, TARGETS } from './harness';

for (const target of TARGETS) {
  describeShopApiConformance(`core handler over postgres on ${target.name}`, async (api) => coreTarget(api), postgresBackend(target));
}
