#!/usr/bin/python3
"""The verdicts of every cloud-init release's own validator, for the tests of the release targets.

For each release from 22.1 to 26.2, runs `cloudinit.config.schema.validate_cloudconfig_file` (the
code behind `cloud-init schema -c FILE`) from the source at the release tag, on:
  - that release's own documentation examples: `doc/examples/*.txt` and
    `doc/examples/network-config-*.yaml`, and the module examples
    (`doc/module-docs/cc_*/example*.yaml` from 24.1 on, the modules' `meta["examples"]` before,
    given a `#cloud-config` line), named as in ../shared/corpora/cloud-config-releases;
  - the real-world files of ../shared/corpora/cloud-config-wild/cases.
Writes `test/cloud-config/release-verdicts/<release>.json`: per file its name, the SHA-256 of its
bytes (the tests find the file by it in ../shared/corpora, never in the repository), the verdict
and cloud-init's error paths. No file content is written into the repository.

Usage: /usr/bin/python3 scripts/cloud-init-release-verdicts.py GIT_DIR [RELEASE...] [--examples-dir DIR]
  GIT_DIR         a clone or bare mirror of https://github.com/canonical/cloud-init
  --examples-dir  also write each release's examples there (outside the repository), for
                  CLOUD_INIT_EXAMPLES=DIR npx vitest run test/cloud-config/release-verdicts.test.ts
Needs Debian's python3-jsonschema, python3-yaml, python3-jinja2, python3-requests,
python3-jsonpatch, python3-configobj (run with /usr/bin/python3, not pyenv's python).
"""

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO

RELEASES = ["22.1", "22.2", "22.3", "22.4", "23.1", "23.2", "23.3", "23.4", "24.1", "24.2",
            "24.3", "24.4", "25.1", "25.2", "25.3", "26.1", "26.2"]
HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.join(HERE, "..", "..", "shared", "corpora")
OUT = os.path.join(HERE, "..", "test", "cloud-config", "release-verdicts")

# Runs inside the release's source tree: prints one JSON verdict per file.
DRIVER = r'''
import contextlib, glob, importlib, inspect, io, json, os, sys
root, cases_dir, instance_data = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, root)
from cloudinit.config import schema as s
full = s.get_schema()
params = inspect.signature(s.validate_cloudconfig_file).parameters
kwargs = {"instance_data_path": instance_data} if "instance_data_path" in params else {}
out = []
for path in sorted(glob.glob(os.path.join(cases_dir, "*"))):
    verdict = {"file": os.path.basename(path), "valid": True, "errors": []}
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            s.validate_cloudconfig_file(path, full, **kwargs)
    except s.SchemaValidationError as e:
        errors = getattr(e, "schema_errors", None) or []
        verdict["errors"] = [p.path if hasattr(p, "path") else p[0] for p in errors]
        verdict["valid"] = not errors
    except BaseException as e:  # RuntimeError (not a YAML dict), SystemExit from error()
        verdict["valid"] = False
        verdict["errors"] = [""]
    out.append(verdict)
print(json.dumps(out))
'''

# Lists a pre-24.1 release's module examples (meta["examples"]), run inside its source tree.
META_EXAMPLES = r'''
import glob, importlib, json, os, sys
sys.path.insert(0, sys.argv[1])
out = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "cloudinit", "config", "cc_*.py"))):
    name = os.path.basename(path)[:-3]
    try:
        mod = importlib.import_module("cloudinit.config." + name)
    except Exception:
        continue
    meta = getattr(mod, "meta", None) or {}
    out[name] = list(meta.get("examples", []))
print(json.dumps(out))
'''


def export(git_dir, tag, into):
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", f"refs/tags/{tag}", "cloudinit", "doc"],
                             check=True, capture_output=True).stdout
    tarfile.open(fileobj=BytesIO(archive)).extractall(into)


def examples(tree):
    """The release's documentation examples: name -> bytes."""
    found = {}
    ex = os.path.join(tree, "doc", "examples")
    for name in sorted(os.listdir(ex)):
        if name.endswith(".txt") or (name.startswith("network-config-") and name.endswith(".yaml")):
            with open(os.path.join(ex, name), "rb") as f:
                found[f"examples__{name}"] = f.read()
    docs = os.path.join(tree, "doc", "module-docs")
    if os.path.isdir(docs):
        for module in sorted(os.listdir(docs)):
            for name in sorted(os.listdir(os.path.join(docs, module))):
                if name.startswith("example") and name.endswith(".yaml"):
                    with open(os.path.join(docs, module, name), "rb") as f:
                        found[f"{module}__{name}"] = f.read()
    else:
        listed = subprocess.run(["/usr/bin/python3", "-c", META_EXAMPLES, tree], check=True, capture_output=True, cwd=tree)
        for module, texts in json.loads(listed.stdout).items():
            for i, text in enumerate(texts, 1):
                found[f"{module}__example{i}.yaml"] = ("#cloud-config\n" + text).encode()
    return found


def verdicts(tree, cases_dir):
    instance_data = os.path.join(CORPORA, "cloud-config-instance-data.json")
    run = subprocess.run(["/usr/bin/python3", "-c", DRIVER, tree, cases_dir, instance_data],
                         check=True, capture_output=True, cwd=tree)
    return json.loads(run.stdout.decode().strip().splitlines()[-1])


def sha(data):
    """The first 16 hex digits of the SHA-256: enough to find a file among a few hundred."""
    return hashlib.sha256(data).hexdigest()[:16]


def main():
    args = sys.argv[1:]
    examples_dir = None
    if "--examples-dir" in args:
        i = args.index("--examples-dir")
        examples_dir = args[i + 1]
        del args[i:i + 2]
    if not args:
        raise SystemExit(__doc__)
    git_dir, releases = args[0], args[1:] or RELEASES
    wild_dir = os.path.join(CORPORA, "cloud-config-wild", "cases")
    wild_bytes = {name: open(os.path.join(wild_dir, name), "rb").read() for name in os.listdir(wild_dir)}
    os.makedirs(OUT, exist_ok=True)
    for tag in releases:
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, "src")
            os.makedirs(tree)
            export(git_dir, tag, tree)
            official = examples(tree)
            cases = os.path.join(tmp, "cases")
            os.makedirs(cases)
            for name, data in official.items():
                with open(os.path.join(cases, name), "wb") as f:
                    f.write(data)
            if examples_dir:
                keep = os.path.join(examples_dir, tag)
                os.makedirs(keep, exist_ok=True)
                for name, data in official.items():
                    with open(os.path.join(keep, name), "wb") as f:
                        f.write(data)
            own = verdicts(tree, cases)
            wild = verdicts(tree, wild_dir)
        for v in own:
            v["sha256"] = sha(official[v["file"]])
        for v in wild:
            v["sha256"] = sha(wild_bytes[v["file"]])
        # One line per file: small, and a changed verdict is a one-line diff.
        lines = [f'{{"release":{json.dumps(tag)},"official":[']
        lines += [json.dumps(v, separators=(",", ":")) + ("," if i < len(own) - 1 else "") for i, v in enumerate(own)]
        lines += ['],"wild":[']
        lines += [json.dumps(v, separators=(",", ":")) + ("," if i < len(wild) - 1 else "") for i, v in enumerate(wild)]
        lines += [']}']
        with open(os.path.join(OUT, f"{tag}.json"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{tag}: {len(own)} examples ({sum(v['valid'] for v in own)} valid), "
              f"{len(wild)} wild ({sum(v['valid'] for v in wild)} valid)", file=sys.stderr)


if __name__ == "__main__":
    main()
