// The conformance suite against the core handler itself (no HTTP).
import { describeShopApiConformance } from './conformance/suite';
import { coreTarget } from './conformance/targets';

describeShopApiConformance('core handler', async (api) => coreTarget(api));
