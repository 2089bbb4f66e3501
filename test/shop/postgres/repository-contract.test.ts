// The one repository contract suite, run on the PostgreSQL repository: embedded PGlite always, the real server
// (through a pg Pool) when DATABASE_URL is set. Each repository gets a fresh schema.
import { describeRepositoryContract } from '../repository-contract';
import { loadedRepository, TARGETS } from './harness';

for (const target of TARGETS) {
  describeRepositoryContract(`postgres on ${target.name}`, (snapshot) => loadedRepository(target, snapshot));
}
