// The YAML files of the cloud-config test corpus (test/fixtures/cloud-config/), and the cloud-config files of the
// shared corpora (../shared/corpora, outside the repository, read where they are), for the tests that read them all.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../fixtures/cloud-config/', import.meta.url));

/** Each `.yaml` file of the corpus as `[name, text]`, in name order. */
export function corpusFiles(): (readonly [string, string])[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [f, readFileSync(`${dir}${f}`, 'utf8')] as const);
}

const shared = new URL('../../../shared/corpora/', import.meta.url);

/**
 * The user data of the shared corpora's cloud-config sets (177 documentation examples, 159 real-world files) as
 * `[set/name, text]`, in name order; none when the corpora are not beside the repository.
 */
export function sharedCloudConfigFiles(): (readonly [string, string])[] {
  if (!existsSync(shared)) return [];
  return ['cloud-config-wild', 'cloud-config-official'].flatMap((set) => {
    const dir = new URL(`${set}/cases/`, shared);
    return readdirSync(dir)
      .sort()
      .map((name) => [`${set}/${name}`, readFileSync(new URL(name, dir), 'utf8')] as const);
  });
}
