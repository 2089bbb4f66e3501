import type { SchemaNode } from '../check/schema-validator';

// An unknown key is often a known key in the wrong place, or a word cloud-init spells another way:
// `chpasswd` inside a user (a top-level key: moving it is the fix, not renaming it to `passwd`),
// `sudo` at the top level (a user's setting), `gid` in a user (a user's group is `primary_group`;
// `uid` is another thing). Said in those words, instead of the nearest spelling.

/** What to tell about an unknown key instead of its nearest spelling. */
export interface KeyPlacement {
  /** The key meant, when it is a replacement in place. */
  readonly suggestion?: string;
  readonly message: string;
}

// Keys people write in a user for which cloud-init has a key of another spelling, with why.
const USER_MEANINGS: Readonly<Record<string, readonly [key: string, why: string]>> = {
  gid: ['primary_group', "a user's group is named by primary_group (uid is the user's own id)"],
  group: ['primary_group', "a user's group is named by primary_group; groups lists further groups"],
  password: ['plain_text_passwd', "passwd takes a password hash; plain_text_passwd takes the password itself"],
};

// A user: an item of `users`, or `user` (the default user).
const USER_ITEM = /^\/(?:users\/\d+|user)$/;

function propertiesOf(node: unknown): Readonly<Record<string, unknown>> {
  const properties = node !== null && typeof node === 'object' ? (node as SchemaNode).properties : undefined;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
}

function has(properties: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(properties, key);
}

/**
 * Where an unknown `key` of the mapping at `pointer` belongs, or what it is called, from the
 * target's schema `root`: a user's key at the top level, a top-level key in a user, or a user key
 * cloud-init names otherwise. `undefined` when none of these applies.
 */
export function keyPlacement(root: SchemaNode, pointer: string, key: string): KeyPlacement | undefined {
  const top = propertiesOf(root);
  if (USER_ITEM.test(pointer)) {
    const meant = has(USER_MEANINGS, key) ? USER_MEANINGS[key] : undefined;
    if (meant) return { suggestion: meant[0], message: `unknown key ${JSON.stringify(key)}; did you mean ${JSON.stringify(meant[0])}? (${meant[1]})` };
    if (has(top, key)) return { message: `unknown key ${JSON.stringify(key)} in a user; it belongs at the top level (\`${key}\`)` };
    return undefined;
  }
  if (pointer !== '' || has(top, key)) return undefined;
  const defs = (root.$defs ?? {}) as Readonly<Record<string, unknown>>;
  const user = propertiesOf(defs['users_groups.user']);
  if (has(user, key)) return { message: `unknown key ${JSON.stringify(key)} at the top level; it belongs under \`users[]\` (a user's settings)` };
  return undefined;
}
