"""Renders templates the way cloud-init 26.2 renders `## template: jinja` user data, for comparing
the validator's Jinja subset with real Jinja2 (test/cloud-config/jinja-engine.test.ts).

Reads a JSON list of {"template": str, "vars": object} on stdin; writes a JSON list of
{"output": str} or {"error": "syntax" | "render"} on stdout. The settings are cloud-init's facts:
a sandboxed environment, trim_blocks, the `do` extension, undefined names printed as
CI_MISSING_JINJA_VAR/<name>, the template's trailing newline kept.
"""
import json
import sys

from jinja2 import DebugUndefined, TemplateSyntaxError
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment


class Missing(DebugUndefined):
    def __str__(self):
        return "CI_MISSING_JINJA_VAR/%s" % self._undefined_name


def render(template, variables):
    env = SandboxedEnvironment(undefined=Missing, trim_blocks=True, extensions=["jinja2.ext.do"])
    try:
        out = env.from_string(template).render(**variables)
    except TemplateSyntaxError:
        return {"error": "syntax"}
    except (TypeError, UndefinedError, SecurityError, ValueError, ZeroDivisionError, AttributeError):
        return {"error": "render"}
    return {"output": out + ("\n" if template.endswith("\n") else "")}


cases = json.load(sys.stdin)
json.dump([render(c["template"], c["vars"]) for c in cases], sys.stdout)
