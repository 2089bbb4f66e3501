#!/usr/bin/python3
"""Extracts the cloud-config schema facts of every cloud-init release from 22.1 to 26.2.

Writes `src/cloud-config/targets/generated/cloud-init-releases.ts`: one shared base (the newest
release's facts) and, per release, only its differences from the base (set/remove at a JSON
pointer). Facts only: key names, types, enums, patterns, bounds, required keys, deprecations and
their versions. Descriptions, titles, examples and defaults (cloud-init's prose) are left out; a
deprecation's "Use **x** instead" is kept as the name of the replacement, reworded by us.

Each release's schema is the one its own `cloudinit.config.schema.get_schema()` composes (22.1
still merged per-module Python schemas into its JSON file; later releases read
`cloudinit/config/schemas/schema-cloud-config-v1.json`), run from the source at the release tag,
so the facts are what that release validates with. The composed document (`allOf` of one `$defs`
entry per module) is flattened into the package's layout: one `properties` entry per top-level
key (a key two modules declare gets both schemas under `allOf`), shared `$defs` kept.

Point releases: each X.Y.Z tag's schema is compared with its X.Y's; the mapping (and any point
release whose schema differs) is written too, so `cloudInitVersion: '23.4.1'` means 23.4 only
where that is true.

Usage: /usr/bin/python3 scripts/extract-cloud-init-releases.py GIT_DIR
  GIT_DIR  a clone or bare mirror of https://github.com/canonical/cloud-init
Needs Debian's python3-yaml, python3-jsonschema, python3-requests, python3-jsonpatch,
python3-configobj (cloud-init's imports), not pyenv's python.
"""

import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO

RELEASES = ["22.1", "22.2", "22.3", "22.4", "23.1", "23.2", "23.3", "23.4", "24.1", "24.2",
            "24.3", "24.4", "25.1", "25.2", "25.3", "26.1", "26.2"]
BASE = RELEASES[-1]
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "cloud-config",
                   "targets", "generated", "cloud-init-releases.ts")

# Keywords carrying facts, kept as they are.
FACTS = {"type", "enum", "pattern", "format", "required", "maxLength", "minLength", "minimum",
         "maximum", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
         "multipleOf", "deprecated", "deprecated_version", "changed", "changed_version", "new",
         "new_version", "label", "$ref"}
SCHEMA_MAPS = {"properties", "patternProperties", "$defs"}
SCHEMA_LISTS = {"anyOf", "oneOf", "allOf"}
SCHEMA_ONES = {"additionalProperties", "additionalItems", "not"}
# Prose and documentation: dropped.
PROSE = {"description", "title", "examples", "default", "$comment", "changed_description",
         "new_description", "hidden", "$schema", "id", "name", "distros", "frequency",
         "activate_by_schema_keys", "markdownDescription"}
# Not keywords of the draft-04 validator cloud-init builds (jsonschema's Draft4 keyword set):
# the release ignores them, so the target must too.
NOT_DRAFT4 = {"prefixItems", "const", "if", "then", "else", "contains", "propertyNames"}
# The formats jsonschema's FormatChecker checks with Debian 12's packages (python3-rfc3987 for
# uri); `hostname` needs the fqdn package, absent there, so the release never checks it.
CHECKED_FORMATS = {"uri", "date"}
REPLACEMENT = re.compile(r"\*\*([A-Za-z0-9_.\-/]+)\*\*")


def composed_schema(git_dir, tag):
    """The schema the release's own get_schema() returns, from its source at the tag."""
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", f"refs/tags/{tag}", "cloudinit"],
                             check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        tarfile.open(fileobj=BytesIO(archive)).extractall(tmp)
        code = ("import json, sys; sys.path.insert(0, sys.argv[1]);"
                "from cloudinit.config.schema import get_schema; json.dump(get_schema(), sys.stdout)")
        out = subprocess.run(["/usr/bin/python3", "-c", code, tmp], check=True, capture_output=True, cwd=tmp)
        return json.loads(out.stdout)


def facts(node, at):
    if isinstance(node, bool):
        return node
    if not isinstance(node, dict):
        raise SystemExit(f"{at}: expected a schema, got {json.dumps(node)[:80]}")
    out = {}
    for key, value in node.items():
        if key in PROSE or key in NOT_DRAFT4:
            continue
        if key == "deprecated_description":
            found = REPLACEMENT.search(value) if isinstance(value, str) and "use" in value.lower() else None
            if found:
                out[key] = f"Use **{found.group(1)}** instead."
        elif key == "format" and value not in CHECKED_FORMATS:
            continue
        elif key in FACTS:
            out[key] = value
        elif key in SCHEMA_MAPS:
            out[key] = {k: facts(v, f"{at}/{key}/{k}") for k, v in value.items()}
        elif key in SCHEMA_LISTS:
            out[key] = [facts(v, f"{at}/{key}/{i}") for i, v in enumerate(value)]
        elif key in SCHEMA_ONES:
            out[key] = facts(value, f"{at}/{key}")
        elif key == "items":
            out[key] = [facts(v, f"{at}/items/{i}") for i, v in enumerate(value)] if isinstance(value, list) else facts(value, f"{at}/items")
        else:
            raise SystemExit(f"{at}: unknown schema keyword {key!r}: teach this script what it means")
    # additionalItems applies only next to a list of items (draft-04 ignores it otherwise).
    if "additionalItems" in out and not isinstance(out.get("items"), list):
        del out["additionalItems"]
    return out


def flatten(schema, tag):
    """cloud-init's allOf-of-modules document as one object schema with a property per key."""
    defs = dict(schema.get("$defs", {}))
    properties = {}

    def add(key, sub):
        if key in properties and properties[key] != sub:
            prior = properties[key]
            properties[key] = {"allOf": (prior["allOf"] if list(prior) == ["allOf"] else [prior]) + [sub]}
        else:
            properties[key] = sub

    for entry in schema.get("allOf", []):
        part = entry
        if "$ref" in entry:
            name = entry["$ref"].removeprefix("#/$defs/")
            part = defs.pop(name) if name.startswith("cc_") else defs[name]
        extra = set(part) - {"type", "properties", "additionalProperties", "id", "title", "description",
                             "name", "distros", "frequency", "examples", "activate_by_schema_keys", "$schema"}
        if extra or part.get("additionalProperties", True) is not True:
            raise SystemExit(f"{tag}: a module schema with {sorted(extra)}: teach flatten() about it")
        for key, sub in part.get("properties", {}).items():
            add(key, sub)
    for key, sub in schema.get("properties", {}).items():
        if sub != {} or key not in properties:
            add(key, sub)
    for name in list(defs):
        if name.startswith("cc_"):
            raise SystemExit(f"{tag}: module definition {name} is not in allOf")
    text = json.dumps(defs)
    unused = [name for name in defs if f'"#/$defs/{name}"' not in json.dumps(properties) + text]
    for name in unused:
        del defs[name]
    out = {"type": "object", "properties": properties}
    if defs:
        out["$defs"] = defs
    if "additionalProperties" in schema:
        out["additionalProperties"] = schema["additionalProperties"]
    return facts(out, tag)


def escape(segment):
    return segment.replace("~", "~0").replace("/", "~1")


def diff(base, other, at, ops):
    """set/remove operations turning base into other (objects compared key by key)."""
    if isinstance(base, dict) and isinstance(other, dict):
        for key in base:
            if key not in other:
                ops.append(["r", f"{at}/{escape(key)}"])
        for key, value in other.items():
            if key not in base:
                ops.append(["s", f"{at}/{escape(key)}", value])
            elif base[key] != value:
                diff(base[key], value, f"{at}/{escape(key)}", ops)
    elif base != other:
        ops.append(["s", at, other])
    return ops


def js_string(value):
    """A single-quoted JS string literal of the value's JSON (no escaped double quotes)."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    git_dir = sys.argv[1]
    tags = subprocess.run(["git", "--git-dir", git_dir, "tag"], check=True, capture_output=True, text=True).stdout.split()
    schemas = {tag: flatten(composed_schema(git_dir, tag), tag) for tag in RELEASES}
    points = {}
    for tag in sorted(tags, key=lambda t: [int(x) for x in t.split(".")] if re.fullmatch(r"\d+\.\d+\.\d+", t) else [0]):
        series = ".".join(tag.split(".")[:2])
        if re.fullmatch(r"\d+\.\d+\.\d+", tag) and series in schemas:
            same = flatten(composed_schema(git_dir, tag), tag) == schemas[series]
            points[tag] = series if same else None
            print(f"{tag}: {'same schema as ' + series if same else 'SCHEMA DIFFERS from ' + series}", file=sys.stderr)
    # Each release as its differences from the next one (the base for the newest): neighbours
    # differ least, so the data stays small.
    changes = {tag: diff(schemas[RELEASES[i + 1]], schemas[tag], "", []) for i, tag in enumerate(RELEASES[:-1])}
    for tag, ops in changes.items():
        print(f"{tag}: {len(ops)} changes, {len(json.dumps(ops))} bytes", file=sys.stderr)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("// Generated by scripts/extract-cloud-init-releases.py from each release tag's own get_schema():\n")
        f.write("// facts only (names, types, enums, patterns, bounds, deprecations and versions). DO NOT EDIT.\n")
        f.write("import type { JsonSchema } from '../../schema/json-schema';\n\n")
        f.write("/** Every cloud-init release with a target, oldest first. */\n")
        f.write(f"export const CLOUD_INIT_RELEASES = {json.dumps(RELEASES)} as const;\n\n")
        f.write("/** A point release and the release whose schema it has (`null`: it differs from its series'). */\n")
        f.write(f"export const CLOUD_INIT_POINT_RELEASES: Readonly<Record<string, string | null>> = {json.dumps(points)};\n\n")
        f.write(f"/** The facts of cloud-init {BASE}'s schema, in the package's layout: the base every release differs from. */\n")
        f.write(f"export const releaseBase = (): JsonSchema => JSON.parse({js_string(schemas[BASE])});\n\n")
        f.write("/** Per release: its differences from the next newer release, `['s', pointer, value]` (set) or `['r', pointer]` (remove). */\n")
        f.write("export const releaseChanges = (): Readonly<Record<string, readonly (readonly [op: 's' | 'r', pointer: string, value?: unknown])[]>> =>\n")
        f.write(f"  JSON.parse({js_string(changes)});\n")


if __name__ == "__main__":
    main()
