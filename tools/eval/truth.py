"""The one truth library: records, periods, and the expected answer of every question intent.

A record is what a perfect reader would store for one logged fact:

    {"date", "kind": lift|run|sleep|amount|measure, "name", "fields", "source", "text"}

Every expectation is computed here from the generated records (never by hand), in the shape
score.py checks: expect_numbers (alternatives joined by `|`), expect_dates, expect_text,
expect_none, tol.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

D = dt.timedelta
KG_PER_LB = 0.45359237
KM_PER_MI = 1.609344
AMOUNTS = {"coffee", "glass", "protein", "kcal", "drink"}
BIG3 = ("squat", "bench press", "deadlift")


@dataclass
class Rec:
    date: dt.date
    kind: str
    name: str
    fields: dict
    text: str = ""
    source: str = ""
    hints: dict = field(default_factory=dict)  # generator notes, never written out

    def to_json(self):
        return {"date": self.date.isoformat(), "kind": self.kind, "name": self.name,
                "fields": self.fields, "source": self.source, "text": self.text}


def qty(name, value, unit, what=None):
    f = {"value": value, "unit": unit}
    if what:
        f["what"] = what
    return Rec(None, "amount" if name in AMOUNTS else "measure", name, f)


# --------------------------------------------------------------------------- numbers

def fmt_num(x, decimals=2):
    """92.50 -> 92.5, 5.0 -> 5."""
    s = f"{round(x + 0.0, decimals):.{decimals}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def mmss(minutes):
    t = round(minutes * 60)
    return f"{t // 60}:{t % 60:02d}"


def hmmss(minutes):
    t = round(minutes * 60)
    return f"{t // 3600}:{(t % 3600) // 60:02d}:{t % 60:02d}"


def clock_time(minutes):
    return hmmss(minutes) if minutes >= 60 else mmss(minutes)


# --------------------------------------------------------------------------- periods

def monday(d):
    return d - D(days=d.weekday())


def month_start(d):
    return d.replace(day=1)


def prev_month(d):
    return (month_start(d) - D(days=1)).replace(day=1)


def month_end(first):
    return (first + D(days=32)).replace(day=1) - D(days=1)


ALL_START = dt.date(1900, 1, 1)


def period_range(key, today, arg=None):
    """Inclusive (start, end). Weeks start on Monday. `arg`: a month's first day (in_month,
    old_month), N (past_days), a date (since, on_day)."""
    y = today - D(days=1)
    if key == "today":
        return today, today
    if key == "yesterday":
        return y, y
    if key == "this_week":
        return monday(today), today
    if key == "last_week":
        m = monday(today) - D(days=7)
        return m, m + D(days=6)
    if key == "week_before_last":
        m = monday(today) - D(days=14)
        return m, m + D(days=6)
    if key == "this_month":
        return month_start(today), today
    if key == "last_month":
        s = prev_month(today)
        return s, month_end(s)
    if key in ("in_month", "old_month"):
        return arg, month_end(arg)
    if key == "past_days":
        return today - D(days=arg - 1), today
    if key == "since":
        return arg, today
    if key == "on_day":
        return arg, arg
    if key == "all":
        return ALL_START, today
    raise ValueError(key)


# --------------------------------------------------------------------------- expectations

def expect(numbers=(), dates=(), none=False, texts=(), tol=None):
    q = {"expect_numbers": list(numbers), "expect_dates": [d.isoformat() for d in dates], "expect_none": none}
    if texts:
        q["expect_text"] = list(texts)
    if tol is not None:
        q["tol"] = tol
    return q


NONE = None  # an intent returns expect(none=True) when nothing was logged, None when not askable


def alts(*xs):
    return "|".join(dict.fromkeys(x for x in xs if x))


class Facts:
    """The records of one vault and the questions' arithmetic over them."""

    def __init__(self, recs, today, info):
        self.recs, self.today, self.info = recs, today, info
        self.run_unit = info.get("distance", "km")
        self.weight_unit = info.get("weight", "kg")

    def sel(self, kind, name=None, p=None, what=None):
        a, b = p or (ALL_START, self.today)
        return [r for r in self.recs if r.kind == kind and (name is None or r.name == name) and a <= r.date <= b
                and (what is None or r.fields.get("what") == what)]

    def series(self, of, p=None):
        """(records, value) for a series name: run, sleep, lift:<name>, q:<name>, act:<what>."""
        if of == "run":
            return self.sel("run", None, p), lambda r: r.fields["distance_km"]
        if of == "sleep":
            return self.sel("sleep", None, p), lambda r: r.fields["hours"]
        if of.startswith("lift:"):
            return [r for r in self.sel("lift", of[5:], p) if r.fields["weight"] is not None], lambda r: r.fields["weight"]
        if of.startswith("q:"):
            name = of[2:]
            return self.sel("amount", name, p) + self.sel("measure", name, p), lambda r: r.fields["value"]
        if of.startswith("act:"):
            what = of[4:]
            return [r for r in self.sel("measure", None, p, what) if r.fields.get("part") != "duration"], \
                lambda r: r.fields["value"]
        raise ValueError(of)

    def days(self, what, p=None):
        """Days with lifts (gym), lifts or runs (train), a label (label:<x>), an activity (act:<x>)."""
        if what == "gym":
            return sorted({r.date for r in self.sel("lift", None, p)})
        if what == "train":
            return sorted({r.date for r in self.sel("lift", None, p) + self.sel("run", None, p)})
        if what.startswith("label:"):
            lab = what[6:]
            a, b = p or (ALL_START, self.today)
            return sorted(d for d in self.info.get("labels", {}).get(lab, []) if a <= d <= b)
        if what.startswith("act:"):
            return sorted({r.date for r in self.series(what, p)[0]})
        if what.startswith("lift:"):
            return sorted({r.date for r in self.sel("lift", what[5:], p)})
        raise ValueError(what)

    # distances are written in the person's unit; an answer in km or in miles is fine
    def dist(self, km, unit=None):
        unit = unit or self.run_unit
        return alts(fmt_num(km / KM_PER_MI if unit == "mi" else km, 2), fmt_num(km, 2))

    def weight(self, w, rec=None):
        u = (rec.fields.get("unit") if rec else None) or self.weight_unit
        other = w * KG_PER_LB if u == "lb" else None
        return alts(fmt_num(w), fmt_num(other, 1) if other and self.info.get("accept_kg") else None)


def jin(f, of, q):
    """A body weight written in 斤 (0.5 kg): an answer in 斤 is as right as one in kg."""
    if q and of == "q:kg" and f.info.get("body_jin") and q.get("expect_numbers"):
        q["expect_numbers"] = [alts(*[y for x in n.split("|") for y in (x, fmt_num(float(x) * 2, 2))])
                               for n in q["expect_numbers"]]
    return q


def top_per_day(recs, value):
    best = {}
    for r in recs:
        if r.date not in best or value(r) > value(best[r.date]):
            best[r.date] = r
    return [best[d] for d in sorted(best)]


def unique_day(recs, value, target):
    ds = sorted({r.date for r in recs if value(r) == target})
    return ds if len(ds) == 1 else []


# --------------------------------------------------------------------------- intents
# Each takes (facts, period range, arg) and returns an expectation, or None (not askable).


def i_total(f, p, of):
    recs, val = f.series(of, p)
    if not recs:
        return expect(none=True)
    tot = sum(val(r) for r in recs)
    if of == "run":
        return expect([f.dist(tot)], tol=0.051)
    if of.startswith("act:") and recs[0].fields.get("unit") == "m":
        return expect([alts(fmt_num(tot), fmt_num(tot / 1000, 2))], tol=0.051)
    return expect([fmt_num(tot, 2)], tol=0.051 if tot != int(tot) else None)


def i_count(f, p, of):
    if of == "run":
        n = len(f.sel("run", None, p))
    elif of.startswith("act:"):
        n = len(f.series(of, p)[0])
    else:
        n = len(f.days(of, p))
    return expect([str(n)]) if n else expect(none=True)


def i_avg(f, p, of):
    """Per logged day (several entries of one day add up first)."""
    recs, val = f.series(of, p)
    if not recs:
        return expect(none=True)
    by_day = {}
    for r in recs:
        by_day[r.date] = by_day.get(r.date, 0) + val(r)
    if of in ("sleep", "run") or of.startswith(("lift:", "act:")) or of in ("q:kg", "q:lb"):
        vals = [val(r) for r in recs]
        avg = sum(vals) / len(vals)
    else:
        avg = sum(by_day.values()) / len(by_day)
    if of == "sleep":
        h = int(avg)
        return expect([alts(fmt_num(avg, 2), f"{h}:{round((avg - h) * 60):02d}")], tol=0.051)
    if avg >= 100:
        return expect([fmt_num(avg, 0)], tol=1.01)
    return expect([fmt_num(avg, 2)], tol=0.051)


def i_best(f, p, of):
    """Heaviest lift, longest run or activity, most of a quantity; its date when unique."""
    recs, val = f.series(of, p)
    if not recs:
        return expect(none=True)
    m = max(val(r) for r in recs)
    days = unique_day(recs, val, m)
    if of == "run":
        return expect([f.dist(m)], days, tol=0.051)
    if of.startswith("lift:"):
        return expect([f.weight(m, recs[0])], days)
    if recs[0].fields.get("unit") == "m":
        return expect([alts(fmt_num(m), fmt_num(m / 1000, 2))], days, tol=0.051)
    return expect([fmt_num(m, 2)], days, tol=0.051 if m != int(m) else None)


def i_least(f, p, of):
    recs, val = f.series(of, p)
    if not recs:
        return expect(none=True)
    m = min(val(r) for r in recs)
    return expect([fmt_num(m, 2)], unique_day(recs, val, m), tol=0.051 if m != int(m) else None)


def i_last(f, p, of):
    """The latest value (a lift's top set of its last day) and its date."""
    recs, val = f.series(of, p)
    if not recs:
        return expect(none=True) if p and p[0] > ALL_START else None
    last = top_per_day(recs, val)[-1]
    if of == "run":
        return expect([f.dist(val(last))], [last.date], tol=0.051)
    if of.startswith("lift:"):
        return expect([f.weight(val(last), last)], [last.date])
    return expect([fmt_num(val(last), 2)], [last.date], tol=0.051 if val(last) != int(val(last)) else None)


def i_when(f, p, of):
    ds = f.days(of, p) if not of.startswith(("run", "q:")) else sorted({r.date for r in f.series(of, p)[0]})
    if not ds:
        return expect(none=True) if p and p[0] > ALL_START else None
    return expect([], [ds[-1]])


def i_trend(f, p, of):
    """First and latest day's top value."""
    recs, val = f.series(of, p)
    tops = top_per_day(recs, val) if of.startswith("lift:") else sorted(recs, key=lambda r: r.date)
    if len(tops) < 3:
        return None
    a, b = val(tops[0]), val(tops[-1])
    if of.startswith("lift:"):
        return expect([f.weight(a, tops[0]), f.weight(b, tops[-1])])
    return expect([fmt_num(a, 2), fmt_num(b, 2)], tol=0.051)


def i_fastest(f, p, km):
    """Fastest run of about `km` km: its time (m:ss or minutes) and date when unique."""
    runs = [r for r in f.sel("run", None, p) if abs(r.fields["distance_km"] - km) <= 0.05 * km
            and r.fields["duration_min"]]
    if not runs:
        return None
    m = min(r.fields["duration_min"] for r in runs)
    days = unique_day(runs, lambda r: r.fields["duration_min"], m)
    return expect([alts(clock_time(m), fmt_num(m, 1))], days, tol=0.051)


def i_pace(f, p, _):
    runs = [r for r in f.sel("run", None, p) if r.fields["duration_min"]]
    if not runs:
        return None
    p1 = sum(r.fields["duration_min"] / r.fields["distance_km"] for r in runs) / len(runs)
    p2 = sum(r.fields["duration_min"] for r in runs) / sum(r.fields["distance_km"] for r in runs)
    return expect([alts(mmss(p1), mmss(p2))])


def i_big3(f, p, _):
    bests, lasts = [], []
    for ex in BIG3:
        recs, val = f.series("lift:" + ex, p)
        if not recs or len({r.fields.get("unit") for r in recs}) > 1:
            return None
        bests.append(max(val(r) for r in recs))
        lasts.append(val(top_per_day(recs, val)[-1]))
    return expect([alts(fmt_num(sum(bests)), fmt_num(sum(lasts)))])


def i_reps(f, p, name):
    """Bodyweight reps: sum of sets x reps."""
    recs = f.sel("lift", name, p)
    if not recs:
        return expect(none=True)
    return expect([str(sum(r.fields["sets"] * r.fields["reps"] for r in recs))])


def i_sets(f, p, name):
    recs = f.sel("lift", name, p)
    if not recs:
        return expect(none=True)
    return expect([str(sum(r.fields["sets"] for r in recs))])


def i_volume(f, p, name):
    recs = [r for r in f.sel("lift", name, p) if r.fields["weight"]]
    if not recs:
        return expect(none=True)
    v = sum(r.fields["weight"] * r.fields["sets"] * r.fields["reps"] for r in recs)
    return expect([fmt_num(v, 1)], tol=max(1.0, v * 0.005))


def i_compare(f, p, of):
    """This month vs last month: both numbers."""
    a = period_range("this_month", f.today)
    b = period_range("last_month", f.today)
    out = []
    for rng_ in (a, b):
        if of in ("gym", "train"):
            n = len(f.days(of, rng_))
            out.append(str(n))
        else:
            recs, val = f.series(of, rng_)
            tot = sum(val(r) for r in recs)
            out.append(f.dist(tot) if of == "run" else fmt_num(tot, 2))
    if "0" in out:
        return None
    return expect(out, tol=0.051)


def i_day(f, p, _):
    """What I did on a day: the run distances and work-set weights written that day."""
    d = p[0]
    nums = []
    for r in f.recs:
        if r.date != d or r.hints.get("warmup"):
            continue
        if r.kind == "run":
            nums.append(f.dist(r.fields["distance_km"]))
        elif r.kind == "lift" and r.fields["weight"]:
            nums.append(fmt_num(r.fields["weight"]))
    if f.info.get("decimal_comma"):  # a quoted `7,8 km` can't be read back by the scorer
        nums = [n for n in nums if "." not in n.split("|")[0]]
    nums = list(dict.fromkeys(nums))[:3]
    return expect(nums) if nums else None


def i_eat(f, p, _):
    foods = f.info.get("meals", {}).get(p[0])
    return expect(texts=sorted(set(foods))) if foods else None


def i_tasks(f, p, proj):
    return expect(texts=f.info["tasks"][proj])


def i_summary(f, p, _):
    runs = f.sel("run", None, p)
    if runs:
        return expect([f.dist(sum(r.fields["distance_km"] for r in runs))], tol=0.051)
    lifts = [r for r in f.sel("lift", None, p) if r.fields["weight"]]
    if not lifts:
        return None
    top = max(lifts, key=lambda r: r.fields["weight"])
    return expect([fmt_num(top.fields["weight"])])


NONE_OF = {"swim": "act:swim", "bike": "act:ride", "run": "run", "hike": "act:hike", "yoga": "act:yoga"}


def i_none(f, p, what):
    """Something the person did not do in the period (swimming, cycling...)."""
    of = NONE_OF.get(what)
    if of and f.series(of, p)[0]:
        return None
    return expect(none=True)


def i_counter(f, p, label):
    """The latest numbered session (PT 14회차 -> 14)."""
    n = f.info.get("counters", {}).get(label)
    return expect([str(n)]) if n else None


def i_streak(f, p, of):
    """Consecutive Monday weeks with a training day, back from this week (or from last week)."""
    weeks = {monday(d) for d in f.days(of)}
    out = []
    for start in (monday(f.today), monday(f.today) - D(days=7)):
        n, w = 0, start
        while w in weeks:
            n, w = n + 1, w - D(days=7)
        out.append(str(n))
    if out == ["0", "0"]:
        return None
    return expect([alts(*[x for x in out if x != "0"])])


def i_weekly_avg(f, p, _):
    """Weekly km over the last 4 weeks: the last 28 days / 4, or the 4 whole weeks before this one."""
    t = f.today
    r1 = (t - D(days=27), t)
    m = monday(t)
    r2 = (m - D(days=28), m - D(days=1))
    vals = [sum(r.fields["distance_km"] for r in f.sel("run", None, r_)) / 4 for r_ in (r1, r2)]
    if not any(vals):
        return None
    return expect([alts(*[f.dist(v).split("|")[0] for v in vals])], tol=0.051)


INTENTS = {
    # key: (kind, function, series/arg needs)
    "total": ("total", i_total), "count": ("count", i_count), "avg": ("average", i_avg),
    "best": ("best", i_best), "least": ("best", i_least), "last": ("last", i_last), "when": ("last", i_when),
    "trend": ("trend", i_trend), "fastest": ("best", i_fastest), "pace": ("average", i_pace),
    "big3": ("best", i_big3), "reps": ("total", i_reps), "sets": ("total", i_sets), "volume": ("total", i_volume),
    "compare": ("compare", i_compare), "day": ("list", i_day), "eat": ("list", i_eat), "tasks": ("tasks", i_tasks),
    "summary": ("summary", i_summary), "none": ("none", i_none), "counter": ("last", i_counter),
    "streak": ("count", i_streak), "weekly_avg": ("average", i_weekly_avg),
}


def answer(intent, facts, prange, arg):
    kind, fn = INTENTS[intent]
    # the category kind is kept for training days (lift or run days), as vaultgen named it
    if intent == "count" and arg == "train":
        kind = "category"
    exp = jin(facts, arg, fn(facts, prange, arg))
    if exp is not None and exp.get("expect_none"):
        kind = "none" if intent == "none" else kind
    return kind, exp
