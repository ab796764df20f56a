"""Load a persona or language file: PyYAML when it is installed, else this small reader of the
YAML subset the files use (block mappings and sequences, flow [..] and {..}, quoted and plain
scalars, `|` blocks, comments), so the evaluation runs on a bare Python 3.

`python3 tools/eval/yamlmini.py` checks that both readers agree on every file.
"""
from __future__ import annotations

import json
import re

try:
    import yaml as _yaml
except ImportError:  # a fresh machine: the subset reader below
    _yaml = None


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        return _yaml.safe_load(text) if _yaml else parse(text)
    except Exception as e:  # name the file: a persona typo should say where it is
        raise SystemExit(f"{path}: {e}")


# --------------------------------------------------------------------------- the subset reader

NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")


def scalar(s):
    s = s.strip()
    if not s or s in ("~", "null"):
        return None
    if s[0] == '"':
        return json.loads(s)
    if s[0] == "'":
        return s[1:-1].replace("''", "'")
    if s in ("true", "false"):
        return s == "true"
    if NUM.match(s):
        return int(s) if re.match(r"^[-+]?\d+$", s) else float(s)
    return s


def strip_comment(line):
    """Drop ` # comment` outside quotes and brackets' strings."""
    q = None
    for i, c in enumerate(line):
        if q:
            if c == q and (q == "'" or line[i - 1] != "\\"):
                q = None
        elif c in "\"'" and (i == 0 or line[i - 1] in " [{,:"):
            q = c
        elif c == "#" and (i == 0 or line[i - 1] == " "):
            return line[:i].rstrip()
    return line.rstrip()


def flow(s, i=0):
    """Parse a flow value starting at s[i]; returns (value, next index)."""
    while s[i] == " ":
        i += 1
    if s[i] in "[{":
        close = "]" if s[i] == "[" else "}"
        out = [] if close == "]" else {}
        i += 1
        while True:
            while s[i] in " ,":
                i += 1
            if s[i] == close:
                return out, i + 1
            if close == "]":
                v, i = flow(s, i)
                out.append(v)
            else:
                k, i = flow_token(s, i, ":")
                i += 1
                v, i = flow(s, i)
                out[scalar(k)] = v
    tok, i = flow_token(s, i, ",]}")
    return scalar(tok), i


def flow_token(s, i, stops):
    if s[i] in "\"'":
        q, j = s[i], i + 1
        while s[j] != q or (q == '"' and s[j - 1] == "\\"):
            j += 1
        return s[i:j + 1], j + 1
    j = i
    while j < len(s) and not (s[j] in stops and (s[j] != ":" or s[j + 1:j + 2] in (" ", ""))):
        j += 1
    return s[i:j].strip(), j


def value(s):
    s = s.strip()
    return flow(s)[0] if s[:1] in "[{" else scalar(s)


def parse(text):
    lines = []
    raw = text.split("\n")
    i = 0
    while i < len(raw):
        line = raw[i]
        body = strip_comment(line)
        if body.strip() == "" or body.strip() == "---":
            i += 1
            continue
        ind = len(body) - len(body.lstrip())
        content = body.strip()
        if content.endswith(("|", "|-")) and (content.startswith("- ") or ": " in content or content in ("|", "|-")):
            # a literal block: gather the more indented lines as they are
            keep = not content.endswith("|-")
            block, j = [], i + 1
            bind = None
            while j < len(raw) and (raw[j].strip() == "" or bind is None or len(raw[j]) - len(raw[j].lstrip()) >= bind):
                if raw[j].strip():
                    cur = len(raw[j]) - len(raw[j].lstrip())
                    if bind is None:
                        if cur <= ind:
                            break
                        bind = cur
                    elif cur < bind:
                        break
                block.append(raw[j][bind:] if bind is not None else "")
                j += 1
            while block and block[-1] == "":
                block.pop()
            lit = "\n".join(block) + ("\n" if keep else "")
            lines.append((ind, content[:-2 if content.endswith("|-") else -1].rstrip(), lit))
            i = j
            continue
        lines.append((ind, content, None))
        i += 1
    val, _ = block_at(lines, 0, lines[0][0] if lines else 0)
    return val


def block_at(lines, k, ind):
    if k >= len(lines):
        return None, k
    if lines[k][1].startswith("- ") or lines[k][1] == "-":
        out = []
        while k < len(lines) and lines[k][0] == ind and (lines[k][1].startswith("- ") or lines[k][1] == "-"):
            _, content, lit = lines[k]
            rest = content[2:].strip()
            if lit is not None and rest in ("", "|", "|-"):
                out.append(lit)
                k += 1
            elif rest == "":
                v, k = block_at(lines, k + 1, lines[k + 1][0])
                out.append(v)
            elif key_split(rest):
                # a mapping inside a list item: its first key is on the dash line
                sub = [(ind + 2, rest, lit)]
                k += 1
                while k < len(lines) and lines[k][0] > ind:
                    sub.append(lines[k])
                    k += 1
                v, _ = block_at(sub, 0, ind + 2)
                out.append(v)
            else:
                out.append(value(rest))
                k += 1
        return out, k
    out = {}
    while k < len(lines) and lines[k][0] == ind:
        _, content, lit = lines[k]
        kv = key_split(content)
        if not kv:
            raise ValueError(f"cannot read line: {content!r}")
        key, rest = kv
        if lit is not None:
            out[key] = lit
            k += 1
        elif rest == "":
            if k + 1 < len(lines) and lines[k + 1][0] > ind:
                out[key], k = block_at(lines, k + 1, lines[k + 1][0])
            elif k + 1 < len(lines) and lines[k + 1][0] == ind and lines[k + 1][1].startswith("- "):
                out[key], k = block_at(lines, k + 1, ind)
            else:
                out[key] = None
                k += 1
        else:
            out[key] = value(rest)
            k += 1
    return out, k


def key_split(content):
    if content[:1] in "\"'":
        tok, j = flow_token(content, 0, ":")
        if content[j:j + 1] == ":":
            return scalar(tok), content[j + 1:].strip()
        return None
    m = re.match(r"^([^\s\[\]{},\"'][^\[\]{}]*?):(?:\s+|$)(.*)$", content)
    if not m or m.group(1).startswith("- "):
        return None
    return scalar(m.group(1)), m.group(2)


if __name__ == "__main__":
    import glob
    import os
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    if _yaml is None:
        sys.exit("PyYAML is not installed: nothing to compare against")
    bad = 0
    for path in sorted(glob.glob(os.path.join(here, "*", "*.yaml")) + glob.glob(os.path.join(here, "*.yaml"))):
        text = open(path, encoding="utf-8").read()
        a, b = _yaml.safe_load(text), parse(text)
        if a != b:
            bad += 1
            print("differs:", path)
    print(f"{bad} files differ")
