"""Shared bits for the vault generator and the scorer: records, dates, number formatting."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

KG_PER_LB = 0.45359237
KM_PER_MI = 1.609344


@dataclass
class Rec:
    """One expected record: what a perfect parser would store for one logged fact."""
    date: dt.date
    kind: str          # lift | run | sleep | amount | measure
    name: str          # canonical name: squat, bench press, run, sleep, coffee, steps, page, ...
    fields: dict
    text: str = ""     # the line (or block) it was written in
    source: str = ""   # vault-relative path
    hints: dict = field(default_factory=dict)  # rendering hints, never written out

    def to_json(self) -> dict:
        return {"date": self.date.isoformat(), "kind": self.kind, "name": self.name,
                "fields": self.fields, "source": self.source, "text": self.text}


def fmt_num(x: float, decimals: int = 2) -> str:
    """Plain number: rounded, trailing zeros trimmed (92.50 -> 92.5, 5.0 -> 5)."""
    s = f"{round(x + 0.0, decimals):.{decimals}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def mmss(minutes: float) -> str:
    total = round(minutes * 60)
    return f"{total // 60}:{total % 60:02d}"


def hmmss(minutes: float) -> str:
    total = round(minutes * 60)
    return f"{total // 3600}:{(total % 3600) // 60:02d}:{total % 60:02d}"


def monday(d: dt.date) -> dt.date:
    return d - dt.timedelta(days=d.weekday())


def month_start(d: dt.date) -> dt.date:
    return d.replace(day=1)


def prev_month_start(d: dt.date) -> dt.date:
    return (month_start(d) - dt.timedelta(days=1)).replace(day=1)


def period_range(key: str, today: dt.date, arg=None) -> tuple[dt.date, dt.date]:
    """Inclusive (start, end) for the periods the questions use. Weeks start on Monday."""
    if key == "today":
        return today, today
    if key == "yesterday":
        y = today - dt.timedelta(days=1)
        return y, y
    if key == "this_week":
        return monday(today), today
    if key == "last_week":
        m = monday(today) - dt.timedelta(days=7)
        return m, m + dt.timedelta(days=6)
    if key == "this_month":
        return month_start(today), today
    if key == "last_month":
        s = prev_month_start(today)
        return s, month_start(today) - dt.timedelta(days=1)
    if key == "in_month":  # arg = first day of that month
        s = arg
        nxt = (s + dt.timedelta(days=32)).replace(day=1)
        return s, nxt - dt.timedelta(days=1)
    if key == "past_days":  # arg = N; N days ending today
        return today - dt.timedelta(days=arg - 1), today
    if key == "on_day":
        return arg, arg
    if key == "all":
        return dt.date(1900, 1, 1), today
    raise ValueError(key)


def daterange(a: dt.date, b: dt.date):
    d = a
    while d <= b:
        yield d
        d += dt.timedelta(days=1)


def write_truth(root: str, records: list[dict], questions: list[dict], meta: dict) -> None:
    """Writes a generated vault's `.truth/` (records.jsonl, questions.jsonl, meta.json), the
    format score.py reads."""
    import json
    import os

    tdir = os.path.join(root, ".truth")
    os.makedirs(tdir, exist_ok=True)
    with open(os.path.join(tdir, "records.jsonl"), "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(tdir, "questions.jsonl"), "w", encoding="utf-8") as fh:
        for q in questions:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    with open(os.path.join(tdir, "meta.json"), "w", encoding="utf-8") as fh:
        json.dump(meta, fh, indent=2, ensure_ascii=False)


def write_note(path: str, text: str, mtime_date: dt.date) -> None:
    """Writes one generated note, stamped with `mtime_date` evening: a file's time is the last
    day it was touched, never the day it logs (so a reader that dates by mtime is caught)."""
    import os
    import time
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    t = time.mktime(dt.datetime.combine(mtime_date, dt.time(22, 0)).timetuple())
    os.utime(path, (t, t))


def run_people(doc: str, generator: str, rng_prefix: str, span_days: int, people: dict,
               build_questions, argv=None) -> None:
    """The command line every held-out generator shares: `--out DIR --seed N [--today]
    [--people]`; each person's notes, then their truth (records, questions, meta)."""
    import argparse
    import os
    import random
    import shutil

    def generate(person, out_dir, seed, today):
        rng = random.Random(f"{rng_prefix}{seed}-{person}")
        start = today - dt.timedelta(days=span_days - 1)
        files, recs, info = people[person](rng, start, today)
        root = os.path.join(out_dir, person)
        if os.path.exists(root):
            shutil.rmtree(root)
        for rel, text in sorted(files.items()):
            write_note(os.path.join(root, rel), text, today)
        recs.sort(key=lambda r: (r.date, r.source, r.kind, r.name))
        qs = build_questions(person, info, recs, today, seed)
        meta = {"style": person, "generator": generator, "seed": seed, "today": today.isoformat(),
                "start": start.isoformat(), "records": len(recs), "questions": len(qs), "notes": len(files)}
        write_truth(root, [r.to_json() for r in recs], qs, meta)
        return meta

    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--today", default=None, help="YYYY-MM-DD (default: the real date)")
    ap.add_argument("--people", default="all", help="all or a comma list of: " + ", ".join(people))
    a = ap.parse_args(argv)
    today = dt.date.fromisoformat(a.today) if a.today else dt.date.today()
    names = list(people) if a.people == "all" else a.people.split(",")
    for n in names:
        if n not in people:
            ap.error(f"unknown person {n}")
        m = generate(n, a.out, a.seed, today)
        print(f"{n:12s} {m['notes']:4d} notes {m['records']:5d} records {m['questions']:3d} questions")
