#!/usr/bin/env python3
"""Writes real cloud-init's verdicts on network-config files: the oracle of
test/cloud-config/network-config.test.ts (test/fixtures/network-config/verdicts.json).

Usage:
  git --git-dir CLOUD_INIT_GIT archive refs/tags/26.2 cloudinit | tar -x -C /tmp/ci262
  python3 scripts/network-config-oracle.py /tmp/ci262 test/fixtures/network-config/*.yaml \
      > test/fixtures/network-config/verdicts.json
  Any release from 23.4 on (the first whose `cloud-init schema` takes --schema-type) runs too:
  test/fixtures/network-config-releases/verdicts-RELEASE.json are written that way:
  python3 scripts/network-config-oracle.py /tmp/ciRELEASE test/fixtures/network-config-releases/*.yaml \
      > test/fixtures/network-config-releases/verdicts-RELEASE.json

Runs cloud-init's own `validate_cloudconfig_file(..., SchemaType.NETWORK_CONFIG)`, the code
behind `cloud-init schema -t network-config -c FILE`, with Debian's python3-jsonschema and
python3-yaml, as on a machine without netplan (so version 2 is checked against cloud-init's own
v2 schema). Python modules cloud-init imports but schema validation never uses (configobj,
requests, jinja2, ...) are stubbed when absent. Nothing of cloud-init is copied: only verdicts
(valid or not, and the paths cloud-init reports) are written.
"""
import contextlib
import importlib
import json
import os
import sys
import types
from unittest import mock

source, files = sys.argv[1], sys.argv[2:]
sys.path.insert(0, source)
for name in ["configobj", "requests", "requests.adapters", "requests.exceptions", "jinja2", "jinja2.lexer", "jinja2.exceptions", "jinja2.sandbox", "netifaces", "serial", "oauthlib", "jsonpatch", "passlib"]:
    try:
        importlib.import_module(name)
    except Exception:
        stub = types.ModuleType(name)
        stub.__getattr__ = lambda attr: type(attr, (Exception,), {})
        sys.modules[name] = stub

from cloudinit.config import schema as S  # noqa: E402

verdicts = {}
# cloud-init prints notes ("Skipping ...") on standard output: kept off the JSON written there.
# Older releases (23.4, 24.1) name the schema type by a string and have no LIBNETPLAN_AVAILABLE;
# 22.1 to 23.3 have no network-config schema type at all (see scripts/extract-network-config-releases.ts).
NETWORK_CONFIG = S.SchemaType.NETWORK_CONFIG if hasattr(S, "SchemaType") else "network-config"
no_netplan = [mock.patch("cloudinit.net.netplan.available", return_value=False)]
if hasattr(S, "LIBNETPLAN_AVAILABLE"):
    no_netplan.append(mock.patch.object(S, "LIBNETPLAN_AVAILABLE", False))
with contextlib.ExitStack() as stack, contextlib.redirect_stdout(sys.stderr):
    for patch in no_netplan:
        stack.enter_context(patch)
    for path in sorted(files):
        name = os.path.basename(path)
        try:
            performed = S.validate_cloudconfig_file(path, S.get_schema(NETWORK_CONFIG), NETWORK_CONFIG)
            verdicts[name] = {"valid": True, "performed": bool(performed)}
        except S.SchemaValidationError as e:
            paths = sorted({p.path for p in e.schema_errors})
            verdicts[name] = {"valid": False, "paths": paths}
        except RuntimeError as e:
            verdicts[name] = {"valid": False, "paths": [], "error": "not a YAML dict" if "not a YAML dict" in str(e) else "RuntimeError"}
        except Exception as e:  # cloud-init fails with a Python error: invalid for `cloud-init schema`
            verdicts[name] = {"valid": False, "paths": [], "error": type(e).__name__}
sys.stdout.write(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
