import type { CloudConfig } from './cloud-config-type';
import type { CloudConfigDeprecation, CloudConfigIssue, CloudConfigPartRef, CloudConfigWarning } from './cloud-config-issue';
import type { CloudConfigTarget } from './targets/targets';

/**
 * How many issues a result found and did not list, beyond its `maxIssues` (default 100).
 *
 * @example
 * ```ts
 * import { validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * const result = validateCloudConfig(text, { maxIssues: 20 });
 * if (result.unlisted) console.error(`and ${result.unlisted.errors} more errors`);
 * ```
 */
export interface UnlistedIssues {
  readonly errors: number;
  readonly deprecations: number;
  readonly warnings: number;
}

/**
 * One part of MIME multipart user data, as validated: `evaluated` when it is cloud-config (a
 * `text/cloud-config` part, a rendered `text/jinja2` part, or an untyped part with a
 * `#cloud-config` header) and was checked; otherwise `note` says why not (a shell script, an
 * include, ...: cloud-init handles those at boot). Its issues are in the result's lists, each
 * with `part`.
 *
 * @example
 * ```ts
 * import { validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * for (const part of validateCloudConfig(mime).parts ?? []) console.log(part.index, part.type, part.evaluated ? part.valid : part.note);
 * ```
 */
export interface CloudConfigPart extends CloudConfigPartRef {
  /** The part's Content-Type (lower-cased, without parameters). */
  readonly type: string;
  readonly evaluated: boolean;
  /** For an evaluated part: whether it has no errors. */
  readonly valid?: boolean | undefined;
  /** Why the part was not evaluated, or what it is. */
  readonly note?: string | undefined;
  /** For an evaluated part that is a mapping: its data. */
  readonly config?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * What `validateCloudConfig` returns. `valid` is true when there are no `errors`; deprecations and
 * warnings never make a config invalid (the CLI's `--strict` can count them). `config` is the
 * parsed data (with YAML 1.1 semantics applied), present whenever the input could be read as a
 * mapping, even an invalid one, so callers can inspect it; `{}` for an empty input. `target` names
 * what was checked against: a cloud-init release (`'22.1'` to `'26.2'`; the default is the
 * newest, also for `cloudInitVersion: 'latest'`) or `'spec'` (the specification). `userDataType` is the type cloud-init gives text
 * or byte input (`text/cloud-config`, or e.g. `text/x-shellscript`: such user data is valid and not
 * validated, as `cloud-init schema` treats it, and `note` says so). The lists hold at most `maxIssues`
 * issues together (default 100: errors first, then deprecations, then warnings, each in source
 * order); `unlisted` counts the ones found and left out, and is absent when none were. For MIME
 * multipart user data (`userDataType: 'multipart/mixed'`), `parts` describes each part and the
 * issues carry `part`; `config` is then `{}` (each part's data is in its `config`).
 *
 * @example
 * ```ts
 * import { validateCloudConfig } from 'wc-legacy-api/cloud-config';
 *
 * const result = validateCloudConfig('#cloud-config\nruncmd: [ls]\n');
 * if (result.valid) console.log(result.config.runcmd);
 * else for (const e of result.errors) console.error(`${e.path}: ${e.message}`);
 * ```
 */
export type CloudConfigResult =
  | {
      readonly valid: true;
      readonly target: CloudConfigTarget;
      /** When several releases were asked for: each of them, oldest first (`target` is the newest). */
      readonly releases?: readonly CloudConfigTarget[] | undefined;
      readonly userDataType?: string | undefined;
      /** Why nothing was checked, when nothing was: user data of another type, or empty. */
      readonly note?: string | undefined;
      readonly errors: readonly [];
      readonly deprecations: readonly CloudConfigDeprecation[];
      readonly warnings: readonly CloudConfigWarning[];
      readonly config: CloudConfig;
      readonly unlisted?: UnlistedIssues | undefined;
      readonly parts?: readonly CloudConfigPart[] | undefined;
    }
  | {
      readonly valid: false;
      readonly target: CloudConfigTarget;
      /** When several releases were asked for: each of them, oldest first (`target` is the newest). */
      readonly releases?: readonly CloudConfigTarget[] | undefined;
      readonly userDataType?: string | undefined;
      /** Why nothing was checked, when nothing was: user data of another type, or empty. */
      readonly note?: string | undefined;
      readonly errors: readonly [CloudConfigIssue, ...CloudConfigIssue[]];
      readonly deprecations: readonly CloudConfigDeprecation[];
      readonly warnings: readonly CloudConfigWarning[];
      readonly config: Readonly<Record<string, unknown>> | undefined;
      readonly unlisted?: UnlistedIssues | undefined;
      readonly parts?: readonly CloudConfigPart[] | undefined;
    };
