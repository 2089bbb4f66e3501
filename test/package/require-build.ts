// Global setup of `npm run test:dist`: the run is about the built package, so a missing or stale dist/ is an error
// that names the fix, never a silent pass over old files.
import { distProblem } from '../../scripts/dist-freshness';

export default function requireBuild(): void {
  const problem = distProblem();
  if (problem !== undefined) throw new Error(`npm run test:dist tests the built package, but ${problem}: run npm run build first`);
}
