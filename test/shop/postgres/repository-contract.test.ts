// The one repository contract suite, run on the PostgreSQL repository: embedded PGlite always, the real server
// (through a pg Pool) when DATABASE_URL is set. Each repository gets a fresh schema.
import { describeRepositoryContract } from '../repository-contract';
import { loadedCachedRepository, loadedRepository, TARGETS } from './harness';

for (const target of TARGETS) {
  describeRepositoryContract(`postgres on ${target.name}`, (snapshot) => loadedRepository(target, snapshot));
  // The same contract with the read cache in front, live before the first assertion: cached answers, and the effects
  // of writes on later reads, must be the uncached ones.
  describeRepositoryContract(`postgres with readCache on ${target.name}`, (snapshot) => loadedCachedRepository(target, snapshot));
}
