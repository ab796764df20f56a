#!/usr/bin/env python3
"""Generate held-out test vaults with ground truth.

    python3 tools/vaultgen/gen.py --out /tmp/vg --seed 1 [--today 2026-11-22] [--style all|NAME[,NAME]]

Writes DIR/<style>/ (a vault) with DIR/<style>/.truth/{records,questions}.jsonl and meta.json.
"""
from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import os
import random
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sim import PROFILES, simulate  # noqa: E402
from styles import STYLES  # noqa: E402
from questions import build_questions  # noqa: E402
from common import write_truth  # noqa: E402

SPAN_DAYS = 63  # nine weeks of notes, ending today


def jitter(profile, rng):
    """Same person, different seed: shift the training week and the starting weights a little."""
    p = copy.deepcopy(profile)
    if p.race is None:  # races are tied to Saturdays
        off = rng.randint(0, 6)
        p.lift_days = tuple((d + off) % 7 for d in p.lift_days)
        p.run_days = tuple((d + off) % 7 for d in p.run_days)
    step = 2.5 if p.unit == "kg" else 5
    for session in p.sessions:
        for lift in session:
            lift.start = round(lift.start * rng.uniform(0.85, 1.15) / step) * step
    rng.shuffle(p.run_menu)
    return p


def write(path, text, mtime_date=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    if mtime_date:
        t = time.mktime(dt.datetime.combine(mtime_date, dt.time(21, 30)).timetuple())
        os.utime(path, (t, t))


def generate(style_name, out_dir, seed, today):
    style = STYLES[style_name]
    rng = random.Random(f"{seed}-{style_name}")
    profile = jitter(PROFILES[style_name], rng)
    start = today - dt.timedelta(days=SPAN_DAYS - 1)
    days = simulate(profile, start, today, rng)
    root = os.path.join(out_dir, style_name)
    if os.path.exists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for rel, obj in style.obsidian_files().items():
        write(os.path.join(root, rel), json.dumps(obj, indent=2) + "\n")

    records, meals = [], {}
    normal = [d for d in days if d["state"] == "normal" and d["recs"] and d["date"] != today]
    broken_day = rng.choice(normal)["date"] if normal else None
    for day in days:
        d = day["date"]
        rel = style.note_path(d)
        if day["state"] == "missing":
            continue
        if day["state"] == "blank":
            write(os.path.join(root, rel), style.blank_note(d, rng), d)
            continue
        text = style.render(day, rng)
        if d == broken_day:  # frontmatter someone forgot to close a list in
            text = "---\ntags: [daily, gym\nmood: ok\n---\n" + text
        elif rng.random() < style.frontmatter_prob:
            text = f"---\ndate: {d.isoformat()}\n---\n" + text
        write(os.path.join(root, rel), text, d)
        for r in day["recs"]:
            r.source = rel
            records.append(r)
        meals[d] = [(meal, style.food_name(d, key)) for meal, key in day["meals"]]

    tasks = {}
    for extra in style.extras(rng, today):
        write(os.path.join(root, extra["path"]), extra["text"], extra.get("mtime"))
        tasks.update(extra.get("tasks", {}))

    questions = build_questions(style, records, meals, today, profile.run_unit, tasks, seed)
    meta = {"style": style_name, "seed": seed, "today": today.isoformat(), "start": start.isoformat(),
            "records": len(records), "questions": len(questions)}
    ordered = sorted(records, key=lambda r: (r.date, r.source))
    write_truth(root, [r.to_json() for r in ordered], questions, meta)
    return meta


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--today", default=None, help="YYYY-MM-DD (default: today's date)")
    ap.add_argument("--style", default="all", help="all, or a comma list of: " + ", ".join(STYLES))
    a = ap.parse_args(argv)
    today = dt.date.fromisoformat(a.today) if a.today else dt.date.today()
    names = list(STYLES) if a.style == "all" else a.style.split(",")
    for n in names:
        if n not in STYLES:
            ap.error(f"unknown style {n!r}; choose from {', '.join(STYLES)}")
    os.makedirs(a.out, exist_ok=True)
    for n in names:
        m = generate(n, a.out, a.seed, today)
        print(f"{n:12s} {m['records']:4d} records {m['questions']:3d} questions  -> {os.path.join(a.out, n)}")


if __name__ == "__main__":
    main()
