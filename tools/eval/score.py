#!/usr/bin/env python3
"""The one scorer: a vault-agent binary against generated vaults (tools/eval/gen.py).

    python3 tools/eval/score.py --bin target/release/vault-agent --vaults /tmp/ev [--records] [--questions] [--json]

--vaults is either one generated vault (it has .truth/) or a folder of them. With neither
--records nor --questions both are scored. Each vault is copied to a temp folder first, so the
generated one stays clean.
"""
from __future__ import annotations

import argparse
import datetime as dt
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from yamlmini import load_yaml  # noqa: E402

KG_PER_LB = 0.45359237
AMOUNT_NAMES = {"coffee", "glass", "protein", "kcal", "drink"}

# --------------------------------------------------------------------------- running the binary


def run_bin(args, timeout):
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", f"timeout after {timeout}s"


def process_vault(binary, vault):
    return run_bin([binary, "--vault", vault, "--provider", "offline", "-q", "process"], 600)


def ask(binary, vault, question):
    rc, out, err = run_bin([binary, "ask", "--json", "--vault", vault, "--provider", "offline", question], 120)
    if rc != 0:
        return None, f"exit {rc}: {err.strip()[:300]}"
    try:
        return json.loads(out), None
    except json.JSONDecodeError:
        return {"answer": out}, "stdout was not JSON"


# --------------------------------------------------------------------------- reading stored records

NAME_ALIASES = {
    "bench": "bench press", "benchpress": "bench press", "barbell bench press": "bench press",
    "back squat": "squat", "squats": "squat", "deadlifts": "deadlift", "ohp": "overhead press",
    "press": "overhead press", "military press": "overhead press", "shoulder press": "overhead press",
    "barbell row": "row", "rows": "row", "bent over row": "row", "bent-over row": "row",
    "pulldown": "lat pulldown", "lat pull-down": "lat pulldown", "leg-press": "leg press",
    "pages": "page", "minutes": "minute", "min": "minute", "mins": "minute", "glasses": "glass",
    "water": "glass", "step": "steps", "cups": "coffee", "cup": "coffee", "caffeine": "coffee",
    "calories": "kcal", "calorie": "kcal", "drinks": "drink", "alcohol": "drink",
    # app exports and lifts beyond the main seven
    "curl": "dumbbell curl", "bicep curl": "dumbbell curl", "biceps curl": "dumbbell curl",
    "dumbbell curls": "dumbbell curl", "db curl": "dumbbell curl", "db shoulder press": "dumbbell shoulder press",
    # bodyweight moves logged as reps with no weight
    "push-ups": "push-up", "pushup": "push-up", "pushups": "push-up", "push up": "push-up", "push ups": "push-up",
    "burpees": "burpee", "sit-ups": "sit-up", "situp": "sit-up", "situps": "sit-up", "sit up": "sit-up", "sit ups": "sit-up",
}
# an app's equipment suffix: "Squat (Barbell)", "Lat Pulldown (Cable)"
EQUIPMENT_SUFFIX = re.compile(r"\s*\((?:barbell|dumbbell|cable|machine|smith machine|bodyweight)\)$")


def canon(name):
    n = " ".join(str(name or "").lower().replace("_", " ").split())
    n = EQUIPMENT_SUFFIX.sub("", n)
    return NAME_ALIASES.get(n, n)


def stored_days(vault_copy):
    """The parsed records, grouped like the old per-day files: from .vault-agent/index.db
    (SQLite, read with the standard library), else from the per-day JSON of older builds."""
    db = os.path.join(vault_copy, ".vault-agent", "index.db")
    if os.path.exists(db):
        import sqlite3
        con = sqlite3.connect(db)
        try:
            rows = con.execute("SELECT json FROM records ORDER BY date, timestamp, id").fetchall()
        finally:
            con.close()
        return [{"entries": [json.loads(r[0]) for r in rows]}]
    days = []
    for path in sorted(glob.glob(os.path.join(vault_copy, ".vault-agent", "parsed", "*", "*", "*.json"))):
        try:
            days.append(json.load(open(path, encoding="utf-8")))
        except (OSError, json.JSONDecodeError):
            continue
    return days


def load_records(binary, vault_copy):
    """Every record the binary stored for the vault, normalized to the truth's shape:
    {date, kind, name, fields, source}. The one place that knows the storage format; when
    records move to SQLite this can call `BIN export --format jsonl` instead."""
    out = []
    for day in stored_days(vault_copy):
        for e in day.get("entries", []):
            date = e.get("date") or day.get("date")
            src = e.get("source_file", "")
            dd = e.get("domain_data") or {}

            def add(kind, name, fields):
                out.append({"date": date, "kind": kind, "name": name, "fields": fields, "source": src,
                            "id": e.get("id")})

            for ex in (dd.get("strength") or {}).get("exercises") or []:
                add("lift", canon(ex.get("name")), {k: ex.get(k) for k in ("weight", "unit", "sets", "reps")})
            running = dd.get("running") or {}
            runs = running.get("runs") or ([running] if running.get("distance_km") is not None else [])
            for r in runs:
                add("run", "run", {"distance_km": r.get("distance_km"), "duration_min": r.get("duration_min")})
            general = dd.get("general") or {}
            if general.get("sleep_hours") is not None:
                add("sleep", "sleep", {"hours": general["sleep_hours"]})
            if general.get("steps") is not None:
                add("measure", "steps", {"value": general["steps"], "unit": "step"})
            for score in ("mood", "energy", "stress"):
                if general.get(score) is not None:
                    add("measure", score, {"value": general[score], "unit": score})
            nut = dd.get("nutrition") or {}
            for key, name, unit in (("protein_g", "protein", "g"), ("calories_kcal", "kcal", "kcal"),
                                    ("caffeine_cups", "coffee", "cup"), ("alcohol_drinks", "drink", "drink")):
                if nut.get(key) is not None:
                    add("amount", name, {"value": nut[key], "unit": unit})
            for m in e.get("measures") or []:
                cands = [canon(m.get("what")), canon(m.get("unit"))]
                known = [c for c in cands if c in {"page", "minute", "glass", "steps", "coffee", "protein", "kcal", "drink"}]
                name = known[0] if known else (cands[1] or cands[0])
                add("amount" if name in AMOUNT_NAMES else "measure", name,
                    {"value": m.get("value"), "unit": m.get("unit"), "what": m.get("what")})
    return out


# --------------------------------------------------------------------------- record matching


def family(kind):
    return "qty" if kind in ("amount", "measure") else kind


def close(a, b, tol):
    return a is not None and b is not None and abs(float(a) - float(b)) <= tol + 1e-9


def lift_match(e, f):
    ef, ff = e["fields"], f["fields"]
    if e["name"] != f["name"] or ef["sets"] != ff.get("sets") or ef["reps"] != ff.get("reps"):
        return False
    if ef["weight"] is None:  # a bodyweight set: sets and reps are the record
        return ff.get("weight") in (None, 0)
    if close(ef["weight"], ff.get("weight"), 0.01):
        return True
    if ff.get("weight") is None or not ef.get("unit") or not ff.get("unit") or ef["unit"] == ff["unit"]:
        return False
    conv = ef["weight"] * KG_PER_LB if ef["unit"] == "lb" else ef["weight"] / KG_PER_LB
    return close(conv, ff["weight"], 0.3)


def run_match(e, f):
    ef, ff = e["fields"], f["fields"]
    d = ef["distance_km"]
    if not close(d, ff.get("distance_km"), max(0.05, 0.01 * d)):
        return False
    if ef.get("duration_min") is None:
        return True
    return close(ef["duration_min"], ff.get("duration_min"), 0.1)


def qty_match(e, f):
    v = e["fields"]["value"]
    return e["name"] == f["name"] and close(v, f["fields"].get("value"), max(0.01, 0.005 * abs(v)))


MATCHERS = {"lift": lift_match, "run": run_match, "sleep": lambda e, f: close(e["fields"]["hours"], f["fields"].get("hours"), 0.05),
            "qty": qty_match}


def match_records(expected, found):
    """Greedy one-to-one matching inside (date, family) buckets, then a fallback where several
    expected quantities of one day and name add up to one stored value (per-entry totals)."""
    buckets = defaultdict(list)
    for i, f in enumerate(found):
        buckets[(f["date"], family(f["kind"]))].append(i)
    used, hit = set(), [False] * len(expected)
    for ei, e in enumerate(expected):
        fam = family(e["kind"])
        for fi in buckets[(e["date"], fam)]:
            if fi not in used and MATCHERS[fam](e, found[fi]):
                used.add(fi)
                hit[ei] = True
                break
    groups = defaultdict(list)
    for ei, e in enumerate(expected):
        if not hit[ei] and family(e["kind"]) == "qty":
            groups[(e["date"], e["name"])].append(ei)
    for (date, name), eis in groups.items():
        if len(eis) < 2:
            continue
        total = sum(expected[i]["fields"]["value"] for i in eis)
        for fi in buckets[(date, "qty")]:
            f = found[fi]
            if fi not in used and f["name"] == name and close(total, f["fields"].get("value"), 0.01):
                used.add(fi)
                for i in eis:
                    hit[i] = True
                break
    return hit, used


def near_miss(e, found):
    """The stored records of the same day and family, to show what came out instead."""
    same = [f for f in found if f["date"] == e["date"] and family(f["kind"]) == family(e["kind"])]
    named = [f for f in same if f["name"] == e["name"]] or same
    return [{"name": f["name"], "fields": f["fields"]} for f in named[:2]]


def score_records(binary, vault, copy, max_list):
    expected = [json.loads(l) for l in open(os.path.join(vault, ".truth", "records.jsonl"), encoding="utf-8")]
    found = load_records(binary, copy)
    scored_found = [f for f in found if family(f["kind"]) in ("lift", "run", "sleep", "qty")]
    hit, used = match_records(expected, scored_found)
    per = defaultdict(lambda: {"expected": 0, "found": 0, "matched_expected": 0, "matched_found": 0})
    for e, h in zip(expected, hit):
        per[e["kind"]]["expected"] += 1
        per[e["kind"]]["matched_expected"] += h
    for i, f in enumerate(scored_found):
        per[f["kind"]]["found"] += 1
        per[f["kind"]]["matched_found"] += i in used
    for k, v in per.items():
        v["recall"] = round(v["matched_expected"] / v["expected"], 3) if v["expected"] else None
        v["precision"] = round(v["matched_found"] / v["found"], 3) if v["found"] else None
    misses = [{"date": e["date"], "kind": e["kind"], "name": e["name"], "fields": e["fields"], "source": e["source"],
               "text": e["text"][:160], "stored_instead": near_miss(e, scored_found)}
              for e, h in zip(expected, hit) if not h]
    false_hits = [{"date": f["date"], "kind": f["kind"], "name": f["name"], "fields": f["fields"], "source": f["source"]}
                  for i, f in enumerate(scored_found) if i not in used]
    return {"per_kind": dict(per), "misses": misses[:max_list], "false_hits": false_hits[:max_list],
            "n_misses": len(misses), "n_false_hits": len(false_hits)}


# --------------------------------------------------------------------------- answer checking

MONTHS_EN = "January February March April May June July August September October November December".split()
LANG_MONTHS = {}


def month_names(month):
    """The month's names in every language of lang/*.yaml, long and short, with and without
    the short form's dot: answers follow the question's language (`4 oct.`, `4. Okt.`)."""
    names = {MONTHS_EN[month - 1], MONTHS_EN[month - 1][:3]}
    for path in glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lang", "*.yaml")):
        words = LANG_MONTHS.setdefault(path, load_yaml(path))
        for key in ("months", "months_short"):
            name = str((words.get(key) or [""] * 12)[month - 1])
            names.update({name, name.rstrip(".")} - {""})
    return sorted(names, key=len, reverse=True)


DATE_NOISE = re.compile(
    r"\b\d{1,2}\.?\s+(?:de\s+)?(?:%s)\.?(?:\s+(?:de\s+)?\d{4})?|"
    r"\[\[[^\]]*\]\]|\b\d{4}-\d{2}-\d{2}\b|\d{1,2}월\s*\d{1,2}일|\d{1,2}月\d{1,2}日|"
    r"\b(?:%s)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s*\d{4})?|\b\d{1,2}\s+(?:%s)[a-z]*\b(?:\s+\d{4})?|"
    r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b"
    % ("|".join(re.escape(n) for m in range(1, 13) for n in month_names(m) if not n[0].isdigit()),
       "|".join(m[:3] for m in MONTHS_EN), "|".join(m[:3] for m in MONTHS_EN)), re.I)
TIME_RE = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")
NUM_RE = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d])")
NONE_RE = re.compile(
    r"\b(no|nothing|none|didn't find|did not find|couldn't find|could not find|found no|no data|not logged|"
    r"haven't logged|zero)\b|없|見つかりません|見つからない|ありません|没有|nenhum|\bnada\b|nessun|\bniente\b|\bnulla\b|ningún|ninguna|no encontr|keine|nichts|aucun|rien", re.I)


QUOTED = re.compile(r"“[^”]*”|\"[^\"\n]*\"|«[^»]*»|「[^」]*」|`[^`\n]*`")
SEARCH_HEADLINE = re.compile(r"\b\d+ (?:entries|entry) (?:about|on|in)\b[^:\n]*", re.I)


def answer_numbers(text, keep_quotes=False):
    """Numbers and clock times the answer itself states: quoted note text (an excerpt proves
    nothing was computed), a keyword-search headline ("12 entries about ..."), dates and
    wikilinks are taken out first."""
    clean = text if keep_quotes else QUOTED.sub(" ", text)
    clean = SEARCH_HEADLINE.sub(" ", clean)
    clean = DATE_NOISE.sub(" ", clean)
    times = []
    for m in TIME_RE.finditer(clean):
        a, b, c = m.groups()
        times.append(int(a) * 3600 + int(b) * 60 + int(c) if c else int(a) * 60 + int(b))
    clean = TIME_RE.sub(" ", clean)
    # `9,9 km`: a decimal comma (answers in German, French, Spanish...); `12,400` keeps
    # its thousands.
    clean = re.sub(r"(?<![\d,])(\d+),(\d{1,2})(?![\d])", r"\1.\2", clean)
    nums = [float(m.group(1).replace(",", "") + (m.group(2) or "")) for m in NUM_RE.finditer(clean)]
    return nums, times


def lead(answer, n_sentences=1):
    """Where a computed result belongs: the first sentence (a trend may take three), before
    any list. Per-day values listed after the headline must not stand in for the result."""
    m = re.search(r"^\s*(?:[-*•]|\d+\.)\s", answer, re.M)
    head = answer[: m.start()] if m else answer
    sentences, start = [], 0
    for m in re.finditer(r"(?<=[.!?。])\s+|\n+", head):
        word = re.search(r"(\w+)\.$", head[start:m.start()])
        after = re.match(r"(\w+)", head[m.end():])
        # `dim. 4 oct. 2026`: the dot of a short weekday or month ends no sentence, nor the
        # dot of a day before its month (`20. Sep.`).
        inline = m.group().strip(" \t") == "" and word
        if inline and word.group(1).lower() in short_names():
            continue
        if inline and word.group(1).isdigit() and after and after.group(1).lower() in all_month_names():
            continue
        sentences.append(head[start:m.start()])
        start = m.end()
    sentences.append(head[start:])
    sentences = [x for x in sentences if x.strip()]
    return " ".join(sentences[:n_sentences])


def short_names():
    """Short weekday and month names of every language in lang/*.yaml, lowercase, no dot."""
    if not SHORT_NAMES:
        for path in glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lang", "*.yaml")):
            words = LANG_MONTHS.setdefault(path, load_yaml(path))
            for key in ("months_short", "weekdays_short"):
                SHORT_NAMES.update(str(w).lower().rstrip(".") for w in words.get(key) or [])
    return SHORT_NAMES


SHORT_NAMES = set()


def all_month_names():
    """Every month name and short form of every language, lowercase, without a dot."""
    return {n.lower().rstrip(".") for m in range(1, 13) for n in month_names(m)}


def default_tol(s):
    return 0.5 * 10 ** -len(s.split(".")[1]) if "." in s else 0.0


def number_present(expected, nums, times, tol):
    for alt in expected.split("|"):
        if ":" in alt:
            parts = [int(x) for x in alt.split(":")]
            secs = parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0] * 3600 + parts[1] * 60 + parts[2]
            if any(abs(t - secs) <= 1 for t in times) or any(abs(t * 60 - secs) <= 1 for t in times):
                return True
            continue
        v = float(alt)
        t = tol if tol is not None else default_tol(alt)
        if any(abs(n - v) <= t + 1e-9 for n in nums):
            return True
    return False




def date_variants(iso):
    d = dt.date.fromisoformat(iso)
    out = [iso, f"{d.month}월 {d.day}일", f"{d.month}월{d.day}일", f"{d.month}月{d.day}日",
           f"{d.day:02d}.{d.month:02d}."]
    for name in month_names(d.month):
        if name[0].isdigit():
            continue
        out += [f"{name} {d.day}", f"{d.day} {name}", f"{d.day}. {name}", f"{d.day} de {name}"]
    return out


def date_present(iso, text):
    for v in date_variants(iso):
        # `2026年11月26日`: a CJK character before the month is no part of its number.
        if re.search(r"(?<![0-9A-Za-z])" + re.escape(v) + r"(?!\d)", text, re.I):
            return True
    return False


def check_answer(q, answer):
    """(right, reason)."""
    if q.get("expect_none"):
        return (bool(NONE_RE.search(answer)), "did not say nothing was found")
    # "what did I do on ..." is rightly answered by quoting the notes; elsewhere a quote is not a
    # result, and the result must be stated up front (before any list), not found among listed entries
    whole = q["kind"] in ("list", "summary")
    head = answer if whole else lead(answer, 3 if q["kind"] in ("trend", "compare") else 1)
    nums, times = answer_numbers(head, keep_quotes=whole)
    missing = [e for e in q.get("expect_numbers", []) if not number_present(e, nums, times, q.get("tol"))]
    missing += [d for d in q.get("expect_dates", []) if not date_present(d, head)]
    missing += [t for t in q.get("expect_text", []) if t.lower() not in answer.lower()]
    return (not missing, "missing " + ", ".join(missing) if missing else "")


def score_questions(binary, vault, copy, max_list):
    qs = [json.loads(l) for l in open(os.path.join(vault, ".truth", "questions.jsonl"), encoding="utf-8")]
    per = defaultdict(lambda: {"asked": 0, "right": 0})
    wrong = []
    for q in qs:
        resp, err = ask(binary, copy, q["q"])
        answer = (resp or {}).get("answer", "") if resp else ""
        ok, why = check_answer(q, answer) if resp else (False, err)
        per[q["kind"]]["asked"] += 1
        per[q["kind"]]["right"] += ok
        if not ok:
            wrong.append({"q": q["q"], "kind": q["kind"], "why": why, "answer": answer[:200].replace("\n", " ")})
    return {"per_kind": dict(per), "wrong": wrong[:max_list], "n_wrong": len(wrong),
            "right": sum(v["right"] for v in per.values()), "asked": len(qs)}


# --------------------------------------------------------------------------- driver


def find_vaults(path):
    if os.path.isdir(os.path.join(path, ".truth")):
        return [path]
    return sorted(p for p in glob.glob(os.path.join(path, "*")) if os.path.isdir(os.path.join(p, ".truth")))


def score_vault(binary, vault, do_records, do_questions, max_list):
    meta = json.load(open(os.path.join(vault, ".truth", "meta.json")))
    res = {"vault": os.path.basename(vault.rstrip("/")), "today": meta["today"]}
    if do_questions and meta["today"] != dt.date.today().isoformat():
        res["warning"] = (f"generated for today={meta['today']} but the clock says {dt.date.today()}: "
                          "relative questions will be off; regenerate without --today")
    with tempfile.TemporaryDirectory(prefix="vaulteval-") as tmp:
        copy = os.path.join(tmp, res["vault"])
        shutil.copytree(vault, copy, ignore=shutil.ignore_patterns(".truth", ".vault-agent"))
        rc, out, err = process_vault(binary, copy)
        res["process"] = {"exit": rc, "stderr": err.strip()[-400:]}
        if do_records:
            res["records"] = score_records(binary, vault, copy, max_list)
        if do_questions:
            res["questions"] = score_questions(binary, vault, copy, max_list)
    return res


def pct(a, b):
    return f"{100 * a / b:5.1f}%" if b else "   n/a"


def total_by_kind(results, section):
    tot = defaultdict(lambda: defaultdict(int))
    for r in results:
        for k, v in r.get(section, {}).get("per_kind", {}).items():
            for f, x in v.items():
                if isinstance(x, int):
                    tot[k][f] += x
    return tot


def print_report(results, max_list):
    for r in results:
        print(f"\n=== {r['vault']} (today {r['today']})")
        if r.get("warning"):
            print("  WARNING:", r["warning"])
        if r["process"]["exit"] != 0:
            print(f"  process exit {r['process']['exit']}: {r['process']['stderr']}")
        if "records" in r:
            rec = r["records"]
            print("  records      expected  recall   found  precision")
            for k, v in sorted(rec["per_kind"].items()):
                print(f"    {k:9s} {v['expected']:6d}  {pct(v['matched_expected'], v['expected'])}  {v['found']:6d}  "
                      f"{pct(v['matched_found'], v['found'])}")
            for m in rec["misses"][:max_list]:
                print(f"    miss  {m['date']} {m['kind']:7s} {m['name']:14s} {json.dumps(m['fields'])}  <- {m['text'][:90]!r}"
                      f"  stored: {json.dumps(m['stored_instead'], ensure_ascii=False)[:120]}")
            for f in rec["false_hits"][:max_list]:
                print(f"    false {f['date']} {f['kind']:7s} {f['name']:14s} {json.dumps(f['fields'])}  from {f['source']}")
        if "questions" in r:
            qs = r["questions"]
            print(f"  questions right {qs['right']}/{qs['asked']}: " + ", ".join(
                f"{k} {v['right']}/{v['asked']}" for k, v in sorted(qs["per_kind"].items())))
            for w in qs["wrong"][:max_list]:
                print(f"    wrong [{w['kind']}] {w['q']!r} ({w['why']}): {w['answer']!r}")
    print("\n=== all vaults")
    rt = total_by_kind(results, "records")
    if rt:
        print("  records      expected  recall   found  precision")
        allv = defaultdict(int)
        for k, v in sorted(rt.items()):
            print(f"    {k:9s} {v['expected']:6d}  {pct(v['matched_expected'], v['expected'])}  {v['found']:6d}  "
                  f"{pct(v['matched_found'], v['found'])}")
            for f, x in v.items():
                allv[f] += x
        print(f"    {'ALL':9s} {allv['expected']:6d}  {pct(allv['matched_expected'], allv['expected'])}  "
              f"{allv['found']:6d}  {pct(allv['matched_found'], allv['found'])}")
    qt = total_by_kind(results, "questions")
    if qt:
        right = sum(v["right"] for v in qt.values())
        asked = sum(v["asked"] for v in qt.values())
        print(f"  questions right {right}/{asked} ({pct(right, asked).strip()})")
        for k, v in sorted(qt.items()):
            print(f"    {k:9s} {v['right']:3d}/{v['asked']:<3d} {pct(v['right'], v['asked'])}")
        print("  per vault: " + ", ".join(f"{r['vault']} {r['questions']['right']}/{r['questions']['asked']}"
                                         for r in results if "questions" in r))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="the vault-agent binary")
    ap.add_argument("--vaults", required=True, help="a generated vault, or a folder of them")
    ap.add_argument("--records", action="store_true", help="score stored records")
    ap.add_argument("--questions", action="store_true", help="score answers")
    ap.add_argument("--json", action="store_true", help="print the full result as JSON")
    ap.add_argument("--show", type=int, default=12, help="misses / wrong answers to list per vault")
    a = ap.parse_args(argv)
    binary = os.path.abspath(a.bin)
    if not os.access(binary, os.X_OK):
        ap.error(f"{a.bin} is not an executable")
    do_r, do_q = (a.records or not a.questions), (a.questions or not a.records)
    vaults = find_vaults(a.vaults)
    if not vaults:
        ap.error(f"no generated vaults (folders with .truth/) under {a.vaults}")
    results = [score_vault(binary, v, do_r, do_q, max(a.show, 50) if a.json else a.show) for v in vaults]
    if a.json:
        json.dump(results, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print_report(results, a.show)


if __name__ == "__main__":
    main()
