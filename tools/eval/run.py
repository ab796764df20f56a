#!/usr/bin/env python3
"""Score everything in one command: every persona, dev and frozen splits (split.yaml).

    python3 tools/eval/run.py --bin target/release/vault-agent [--split dev|frozen|all]
                              [--persona NAME,...] [--seeds 1,2] [--show N] [--json FILE] [--jobs N]

Generates each (persona, seed) vault for today's date into a temporary folder, scores it with
score.py (records and questions), and prints one row per vault, then per-split totals.
Frozen vaults print counts only (see split.yaml).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as dt
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gen  # noqa: E402
import score  # noqa: E402
from yamlmini import load_yaml  # noqa: E402


def plan(split_name, only, seeds_arg):
    sp = load_yaml(os.path.join(HERE, "split.yaml"))
    names = [os.path.basename(p)[:-5] for p in gen.persona_files()]
    frozen_p = set(sp["frozen"]["personas"])
    dev_seeds, frozen_seeds = sp["dev"]["seeds"], sp["frozen"]["seeds"]
    jobs = []
    for n in names:
        if only and n not in only:
            continue
        if split_name in ("dev", "all") and n not in frozen_p:
            jobs += [("dev", n, s) for s in (seeds_arg or dev_seeds)]
        if split_name in ("frozen", "all"):
            jobs += [("frozen", n, s) for s in frozen_seeds]
    return jobs


def score_one(binary, split, name, seed, today, show):
    with tempfile.TemporaryDirectory(prefix=f"eval-{split}-") as tmp:
        gen.generate(name, tmp, seed, today)
        res = score.score_vault(binary, os.path.join(tmp, name), True, True, show)
    res.update(split=split, persona=name, seed=seed)
    if split == "frozen":  # counts only
        res["records"] = {"per_kind": res["records"]["per_kind"]}
        res["questions"] = {k: v for k, v in res["questions"].items() if k in ("per_kind", "right", "asked")}
    return res


def totals(rows):
    rec = {"expected": 0, "matched_expected": 0, "found": 0, "matched_found": 0}
    right = asked = 0
    for r in rows:
        for v in r["records"]["per_kind"].values():
            for k in rec:
                rec[k] += v[k]
        right, asked = right + r["questions"]["right"], asked + r["questions"]["asked"]
    return rec, right, asked


def line(label, rows):
    rec, right, asked = totals(rows)
    return (f"{label:28s} records {score.pct(rec['matched_expected'], rec['expected'])} recall "
            f"{score.pct(rec['matched_found'], rec['found'])} precision   questions {right:4d}/{asked:<4d} {score.pct(right, asked)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--split", default="all", choices=["dev", "frozen", "all"])
    ap.add_argument("--persona", default="", help="comma list (default: all)")
    ap.add_argument("--seeds", default="", help="dev seeds to use instead of split.yaml's")
    ap.add_argument("--show", type=int, default=0, help="wrong answers and record misses to list per dev vault")
    ap.add_argument("--json", default="", help="write every row (dev with details) to this file")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    binary = os.path.abspath(a.bin)
    if not os.access(binary, os.X_OK):
        ap.error(f"{a.bin} is not an executable")
    today = dt.date.today()
    only = set(filter(None, a.persona.split(",")))
    seeds = [int(s) for s in a.seeds.split(",") if s]
    jobs = plan(a.split, only, seeds)
    rows = []
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(score_one, binary, sp, n, s, today, max(a.show, 1)) for sp, n, s in jobs]
        for fu in cf.as_completed(futs):
            r = fu.result()
            rows.append(r)
            print(line(f"{r['split']:6s} {r['persona']} s{r['seed']}", [r]), flush=True)
    rows.sort(key=lambda r: (r["split"], r["persona"], r["seed"]))
    print("\n=== per persona")
    for sp in ("dev", "frozen"):
        for n in sorted({r["persona"] for r in rows if r["split"] == sp}):
            print(line(f"{sp:6s} {n}", [r for r in rows if r["split"] == sp and r["persona"] == n]))
    print("\n=== per split")
    for sp in ("dev", "frozen"):
        part = [r for r in rows if r["split"] == sp]
        if part:
            print(line(sp, part))
    if a.show:
        for r in rows:
            if r["split"] != "dev":
                continue
            print(f"\n--- {r['persona']} s{r['seed']}")
            for w in r["questions"]["wrong"][:a.show]:
                print(f"  wrong [{w['kind']}] {w['q']!r} ({w['why']}): {w['answer']!r}")
            for m in r["records"]["misses"][:a.show]:
                print(f"  miss  {m['date']} {m['kind']} {m['name']} {json.dumps(m['fields'], ensure_ascii=False)} <- {m['text'][:100]!r}")
            for f in r["records"]["false_hits"][:a.show]:
                print(f"  false {f['date']} {f['kind']} {f['name']} {json.dumps(f['fields'], ensure_ascii=False)} from {f['source']}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, ensure_ascii=False, indent=1, default=str)


if __name__ == "__main__":
    main()
