#!/usr/bin/env python3
"""The one generator: a persona (tools/eval/personas/NAME.yaml) and a seed make a vault.

    python3 tools/eval/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--persona all|NAME,...]

Writes DIR/<persona>/: the notes, plus .truth/records.jsonl, questions.jsonl and meta.json
(ignored by vault-agent, read by score.py). Same persona and seed, same files.

A persona is data: layout (where days go and how they are headed), date formats, language,
phrase templates per kind of fact, typo/comment/unit-drop rates, what the person does and
tracks, lines that hold numbers but are no records (plans, other people), and extra notes.
The simulation draws what happened; a template's slots decide what its line states (a run
template without a time slot logs no time, a lift template without a unit slot drops the
unit), and the truth is the set of records each line states.
"""
from __future__ import annotations

import argparse
import datetime as dt
import glob
import json
import os
import random
import re
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import truth  # noqa: E402
from truth import D, KM_PER_MI, Rec, fmt_num, hmmss, mmss, qty  # noqa: E402
from yamlmini import load_yaml  # noqa: E402

UNIT_LITERAL = re.compile(r"\{w\}\s?(kg|lbs?|kgs|KG|키로|킬로|kilos?|公斤|キロ|#|파운드|斤)")
SLOT = re.compile(r"\{(\w+)(?::([^{}]*))?\}")
QTY_UNITS = {"coffee": "cup", "glass": "glass", "protein": "g", "kcal": "kcal", "steps": "step", "page": "page",
             "minute": "minute", "kg": "kg", "lb": "lb", "percent": "percent", "l": "l", "mood": "mood", "drink": "drink"}


# --------------------------------------------------------------------------- data files

def lang_data(code, _cache={}):
    if code not in _cache:
        _cache[code] = load_yaml(os.path.join(HERE, "lang", f"{code}.yaml"))
    return _cache[code]


def persona_files():
    return sorted(glob.glob(os.path.join(HERE, "personas", "*.yaml")))


def load_persona(name):
    p = load_yaml(os.path.join(HERE, "personas", f"{name}.yaml"))
    p.setdefault("name", name)
    return p


# --------------------------------------------------------------------------- templates

def slots(t):
    return {m.group(1) for m in SLOT.finditer(t)}


def fill(t, vals, rng):
    """{slot} from vals; {N:lo:hi} a random int, {F:lo:hi} a random one-decimal number,
    {pick:a|b|c} a random choice; missing slots stay visible (a persona bug shows in the note)."""
    def sub(m):
        k, arg = m.group(1), m.group(2)
        if k == "N":
            lo, hi = arg.split(":")
            return str(rng.randint(int(lo), int(hi)))
        if k == "F":
            lo, hi = arg.split(":")
            return fmt_num(rng.uniform(float(lo), float(hi)), 1)
        if k == "pick":
            return rng.choice(arg.split("|"))
        v = vals.get(k if arg is None else f"{k}:{arg}")
        if v is None:
            v = vals.get(k)
        return m.group(0) if v is None else str(v)
    return SLOT.sub(sub, t)


def pick(rng, xs):
    return xs[rng.randrange(len(xs))] if xs else None


def as_list(x):
    return [] if x is None else (x if isinstance(x, list) else [x])


def thousands(v, sep):
    return f"{int(v):,}".replace(",", sep)


def number_word(lang, v):
    words = lang_data(lang).get("numbers") or []
    return words[int(v)] if float(v).is_integer() and 0 <= v < len(words) else None


# --------------------------------------------------------------------------- dates

def date_fmt(pattern, d, lang):
    """moment.js-like tokens; [text] is literal. Language from the persona's lang file."""
    L = lang_data(lang)
    iso = d.isocalendar()
    thu = d + D(days=3 - d.weekday())
    toks = [("YYYY", lambda: f"{d.year:04d}"), ("YY", lambda: f"{d.year % 100:02d}"),
            ("MMMM", lambda: L["months"][d.month - 1]), ("MMM", lambda: L["months_short"][d.month - 1]),
            ("MM", lambda: f"{d.month:02d}"), ("M", lambda: str(d.month)),
            ("dddd", lambda: L["weekdays"][d.weekday()]), ("ddd", lambda: L["weekdays_short"][d.weekday()]),
            ("DD", lambda: f"{d.day:02d}"), ("Do", lambda: ordinal(d.day)), ("D", lambda: str(d.day)),
            ("ww", lambda: f"{iso[1]:02d}"), ("GGGG", lambda: str(iso[0])),
            ("TW", lambda: str((thu.day - 1) // 7 + 1)), ("TM", lambda: str(thu.month)), ("TY", lambda: str(thu.year))]
    out, i = [], 0
    while i < len(pattern):
        if pattern[i] == "[":
            j = pattern.index("]", i)
            out.append(pattern[i + 1:j])
            i = j + 1
            continue
        for tok, fn in toks:
            if pattern.startswith(tok, i):
                out.append(fn())
                i += len(tok)
                break
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# --------------------------------------------------------------------------- typos

JAMO_V = {"ㅔ": "ㅐ", "ㅐ": "ㅔ", "ㅓ": "ㅗ", "ㅗ": "ㅓ"}
JAMO_L = {"ㄷ": "ㅌ", "ㅌ": "ㄷ", "ㅂ": "ㅍ", "ㅍ": "ㅂ", "ㄹ": "ㄴ"}
CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
JUNG = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"


def typo(word, rng):
    """One slip of the fingers: Latin words swap, drop or double a letter inside the word;
    Hangul changes one vowel or initial consonant (벤치프레스 -> 벤치프래스, 스쿼트 -> 스쿼드)."""
    hangul = [i for i, c in enumerate(word) if "가" <= c <= "힣"]
    if hangul:
        for _ in range(8):
            i = rng.choice(hangul)
            code = ord(word[i]) - 0xAC00
            cho, jung, jong = code // 588, (code % 588) // 28, code % 28
            if CHO[cho] in JAMO_L and rng.random() < 0.5:
                cho = CHO.index(JAMO_L[CHO[cho]])
            elif JUNG[jung] in JAMO_V:
                jung = JUNG.index(JAMO_V[JUNG[jung]])
            else:
                continue
            return word[:i] + chr(0xAC00 + cho * 588 + jung * 28 + jong) + word[i + 1:]
        return word
    letters = [i for i, c in enumerate(word) if c.isalpha() and c.isascii()]
    if len(letters) < 5:
        return word
    i = rng.choice(letters[1:-1])
    op = rng.randrange(3)
    if op == 0 and word[i + 1:i + 2].isalpha():
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if op == 1:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


# --------------------------------------------------------------------------- the person


class Person:
    def __init__(self, p, seed, today):
        self.p, self.seed, self.today = p, seed, today
        self.rng = random.Random(f"{seed}-{p['name']}")
        self.lang = p.get("lang", "en")
        self.ph = p.get("phrases", {})
        self.words = p.get("words", {})
        self.unit = p.get("units", {}).get("weight", "kg")
        self.dunit = p.get("units", {}).get("distance", "km")
        rates = p.get("rates", {})
        self.rate = lambda k, default=0.0: float(rates.get(k, default))
        span = p.get("span", [60, 120])
        n = span if isinstance(span, int) else self.rng.randint(*span)
        self.start = today - D(days=n - 1)
        self.labels, self.counters, self.meals = {}, {}, {}
        self.weights = {}
        self.bodies = {}
        self.session_i = self.rng.randrange(50)
        self.counter = int(p.get("program", {}).get("counter_start", 0)) + self.rng.randint(0, 5)

    def r(self):
        return self.rng.random()

    def phr(self, key):
        return as_list(self.ph.get(key))

    # ----------------------------------------------------------------- numbers as written
    def num(self, x, nd=2):
        s = fmt_num(x, nd)
        if "." in s and self.r() < self.rate("decimal_comma"):
            s = s.replace(".", ",")
        return s

    def name_word(self, canon):
        ws = as_list(self.words.get("lift", {}).get(canon)) or [canon]
        w = pick(self.rng, ws)
        if self.r() < self.rate("typo"):
            w = typo(w, self.rng)
        return w

    def unit_word(self, unit):
        return pick(self.rng, as_list(self.words.get("unit", {}).get(unit)) or [unit])

    def comment(self, text):
        if self.r() < self.rate("comment") and "\n" not in text and not text.startswith("fm:"):
            c = pick(self.rng, self.phr("comment"))
            if c:
                return f"{text} {c}"
        return text

    # ----------------------------------------------------------------- lifts
    def program(self):
        prog = self.p.get("program") or {}
        out = []
        for s in as_list(prog.get("sessions")):
            label = s.get("label") if isinstance(s, dict) else None
            lifts = s.get("lifts") if isinstance(s, dict) else s
            out.append((label, [self.parse_lift(x) for x in lifts]))
        return out

    def parse_lift(self, spec):
        """'bench press 70 2.5 5x5' (name, start weight, step, sets x reps); 'push-up bw 3x20'."""
        parts = spec.split()
        sr = parts[-1].split("x")
        if parts[-2] == "bw":
            return {"name": " ".join(parts[:-2]), "bw": True, "sets": int(sr[0]), "reps": int(sr[1])}
        name = " ".join(parts[:-3])
        key = (name, float(parts[-3]))
        if key not in self.weights:
            step = float(parts[-2])
            w0 = round(float(parts[-3]) * self.rng.uniform(0.88, 1.12) / step) * step
            self.weights[key] = [w0, step]
        return {"name": name, "key": key, "sets": int(sr[0]), "reps": int(sr[1])}

    def next_weight(self, lift):
        w, step = self.weights[lift["key"]]
        x = self.r()
        if x < 0.04:
            w = max(step, round(w * 0.9 / step) * step)
        elif x < 0.04 + float(self.p.get("program", {}).get("progress", 0.35)):
            w += step
        self.weights[lift["key"]][0] = w
        return w

    def lift_sets(self, lift):
        """The sets done: [(weight, reps), ...] and the index where work sets start."""
        s, r = lift["sets"], lift["reps"]
        if lift.get("bw"):
            return [(None, r)] * s, 0, "straight"
        w = self.next_weight(lift)
        shapes = self.p.get("shapes", {"straight": 1})
        shape = self.rng.choices(list(shapes), weights=list(shapes.values()))[0]
        step = self.weights[lift["key"]][1]
        if shape == "short" and s >= 2 and r >= 3:
            return [(w, r)] * (s - 1) + [(w, r - self.rng.choice([1, 2]))], 0, shape
        if shape == "warmup":
            ww = max(step, round(w * 0.5 / step) * step)
            return [(ww, self.rng.choice([8, 10, 12]))] + [(w, r)] * s, 1, shape
        if shape == "pyramid":
            ws = [max(step, round(w * f / step) * step) for f in (0.7, 0.8, 0.9)] + [w]
            rs = [r + 6, r + 4, r + 2, r]
            pairs = list(dict.fromkeys(zip(ws, rs)))
            return pairs, 0, shape
        if shape == "single" and self.ph.get("lift_single") and lift["name"] in truth.BIG3:  # a 1RM test
            return [(round(w * 1.15 / step) * step, 1)], 0, shape
        if shape == "ramp":
            ws = [max(step, round(w * f / step) * step) for f in (0.7, 0.8, 0.9)] + [w]
            return [(x, r) for x in dict.fromkeys(ws)], 0, shape
        if shape == "topset" and s >= 2:
            back = max(step, round(w * 0.85 / step) * step)
            return [(w, r)] + [(back, r + 3)] * (s - 1), 0, shape
        return [(w, r)] * s, 0, "straight"

    def lift_recs(self, name, sets, warm_n, unit_missing):
        """One record per run of equal sets; warm-up sets are records flagged in hints."""
        out = []
        for i, (w, r) in enumerate(sets):
            if out and out[-1].fields["weight"] == w and out[-1].fields["reps"] == r and (i >= warm_n) == (not out[-1].hints.get("warmup")):
                out[-1].fields["sets"] += 1
                continue
            f = {"weight": None if w is None else float(w), "unit": None if w is None else self.unit, "sets": 1, "reps": r}
            if unit_missing and w is not None:
                f["unit_missing"] = True
            rec = Rec(None, "lift", name, f)
            if i < warm_n:
                rec.hints["warmup"] = True
            out.append(rec)
        return out

    def lift_text(self, lift, sets, warm_n, shape):
        """(text, recs) for one lift, in a template that fits the shape of its sets."""
        name = lift["name"]
        n = self.name_word(name)
        work = sets[warm_n:]
        w, r = work[0]
        s = len(work)
        vals = {"n": n, "w": None if w is None else self.num(w), "r": r, "s": s, "U": self.unit, "u": self.unit_word(self.unit),
                "sw": number_word(self.lang, s)}
        blockable = self.phr("lift_block") and self.r() < self.rate("block")
        listable = self.ph.get("lift_list") and self.r() < self.rate("list")
        if w is None:
            t = self.sets_template(self.phr("lift_bw"), s) or "{n} {s}x{r}"
            return self.comment(fill(t, vals, self.rng)), self.lift_recs(name, sets, warm_n, False)
        if shape == "single":
            t = pick(self.rng, self.phr("lift_single"))
            return fill(t, vals, self.rng), self.lift_recs(name, sets, 0, not self.has_unit(t))
        if shape == "straight" and not blockable and not listable:
            t = self.sets_template(self.phr("lift1") if s == 1 and self.ph.get("lift1") else self.phr("lift"), s)
            return self.comment(fill(t, vals, self.rng)), self.lift_recs(name, sets, 0, not self.has_unit(t))
        if shape == "short" and self.ph.get("lift_short") and not blockable and not listable:
            t = pick(self.rng, self.phr("lift_short"))
            vals.update(s=s - 1, r2=work[-1][1])
            return self.comment(fill(t, vals, self.rng)), self.lift_recs(name, sets, 0, not self.has_unit(t))
        if shape == "warmup" and self.ph.get("lift_warm") and not blockable and not listable:
            t = pick(self.rng, self.phr("lift_warm"))
            vals.update(ww=self.num(sets[0][0]), wr=sets[0][1], s=len(work))
            return self.comment(fill(t, vals, self.rng)), self.lift_recs(name, sets, warm_n, not self.has_unit(t))
        if self.ph.get("lift_list") and len(sets) > 1 and (listable or not self.phr("lift_block") or self.r() < 0.5):
            L = pick(self.rng, as_list(self.ph["lift_list"]))
            if ("{w}" in L["item"] or len({x[0] for x in sets}) == 1) and ("{r}" in L["item"] or len({x[1] for x in sets}) == 1):
                items = [fill(L["item"], dict(vals, w=self.num(a), r=b, i=i + 1), self.rng) for i, (a, b) in enumerate(sets)]
                text = fill(L.get("head", "{n} "), vals, self.rng) + L.get("sep", ", ").join(items) + fill(L.get("tail", ""), vals, self.rng)
                return self.comment(text), self.lift_recs(name, sets, warm_n, not self.has_unit(L.get("head", "") + L["item"]))
        if self.phr("lift_block"):
            B = pick(self.rng, self.phr("lift_block"))
            lines = [fill(B.get("head", "{n}"), vals, self.rng)]
            lines += [fill(B["item"], dict(vals, w=self.num(a), r=b, i=i + 1, tag="W" if i < warm_n else i + 1 - warm_n),
                           self.rng) for i, (a, b) in enumerate(sets)]
            return "\n".join(lines), self.lift_recs(name, sets, warm_n, not self.has_unit(B["item"]))
        t = pick(self.rng, self.phr("lift"))  # the shape can't be written: write the work sets plainly
        vals["s"] = len(work)
        recs = self.lift_recs(name, [(w, r)] * len(work), 0, not self.has_unit(t))
        return self.comment(fill(t, vals, self.rng)), recs

    def sets_template(self, ts, s):
        """A template that states the set count (one without it says one set)."""
        ok = [t for t in ts if slots(t) & {"s", "sw"}] if s > 1 else ts
        ok = [t for t in ok if "sw" not in slots(t) or number_word(self.lang, s)]
        return pick(self.rng, ok)

    @staticmethod
    def has_unit(t):
        return "{u}" in t or "{U}" in t or bool(UNIT_LITERAL.search(t))

    # ----------------------------------------------------------------- runs and activities
    def duration_vals(self, minutes):
        whole = round(minutes)
        sec = round(minutes * 60)
        return {"t": mmss(minutes) if minutes < 60 else hmmss(minutes), "hms": hmmss(minutes), "m": whole,
                "H": whole // 60, "M": whole % 60, "mi": sec // 60, "sec": sec % 60, "MS": f"{sec // 60}'{sec % 60:02d}",
                "hsec": (sec // 3600), "msec": (sec % 3600) // 60, "ssec": sec % 60}

    @staticmethod
    def duration_truth(t, minutes):
        s = slots(t)
        if s & {"t", "hms", "sec", "MS", "ssec"}:
            return round(round(minutes * 60) / 60, 3)
        if s & {"m", "H", "M"}:
            return float(round(minutes))
        return None

    def timed_template(self, key, minutes, need_time=True):
        """A template that can state this duration ({H} needs an hour, {M} a minute part)."""
        fits = lambda t: ("H" not in slots(t) or minutes >= 60) and ("M" not in slots(t) or round(minutes) % 60)
        if not any(fits(t) for t in self.phr(key)) and key.startswith("run_"):
            key = "run"
        opts = [t for t in self.phr(key) if ("H" not in slots(t) or minutes >= 60) and ("M" not in slots(t) or round(minutes) % 60)]
        if need_time is not None:
            opts = [t for t in opts if (self.duration_truth(t, 1) is not None) == need_time] or opts
        return pick(self.rng, opts)

    def run_item(self, kind, spec):
        lo, hi = spec.get("dist", [5, 10])
        dist = round(self.rng.uniform(lo, hi), spec.get("decimals", 1)) if lo != hi else float(lo)
        km = dist * KM_PER_MI if self.dunit == "mi" else dist
        pace = self.rng.uniform(*spec.get("pace", [5.2, 6.3]))
        minutes = round(km * pace * 60) / 60
        key = f"run_{kind}" if self.ph.get(f"run_{kind}") else "run"
        no_time = self.r() < self.rate("no_time") and self.ph.get("run_notime") and kind in ("easy", "run")
        t = pick(self.rng, self.phr("run_notime")) if no_time else self.timed_template(key, minutes)
        vals = dict(self.duration_vals(minutes), d=self.num(dist), km=self.num(km), pace=mmss(minutes / dist),
                    pacek="%d'%02d\"" % divmod(round(minutes * 60 / dist), 60), kcal=int(km * 65), hr=self.rng.randint(135, 160))
        rec = Rec(None, "run", "run", {"distance_km": round(km, 3), "duration_min": self.duration_truth(t, minutes)})
        if kind not in ("easy", "run"):
            rec.hints["run_kind"] = kind
        return self.comment(fill(t, vals, self.rng)), [rec]

    def act_item(self, what, spec):
        unit = spec.get("unit", "km")
        recs, vals = [], {}
        if "dist" in spec:
            lo, hi = spec["dist"]
            dist = round(self.rng.uniform(lo, hi), spec.get("decimals", 1))
            if unit == "m":
                dist = round(dist / 50) * 50
            minutes = round(dist * self.rng.uniform(*spec.get("pace", [2, 3])) * (0.001 if unit == "m" else 1) * 60) / 60
            vals["d"] = self.num(dist)
        else:
            dist, minutes = None, float(self.rng.randrange(*spec.get("minutes", [20, 90, 5])))
        t = self.timed_template(f"act_{what}", minutes, None)
        vals.update(self.duration_vals(minutes))
        if dist is not None:
            recs.append(qty(unit, dist, unit, what))
        dur = self.duration_truth(t, minutes)
        if dur is not None:
            r = qty("minute", dur, "minute", what)
            if dist is not None:
                r.fields["part"] = "duration"
            recs.append(r)
        return self.comment(fill(t, vals, self.rng)), recs

    # ----------------------------------------------------------------- sleep and quantities
    def sleep_item(self):
        h = self.rng.choice([5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 9])
        m = self.rng.choice([0, 0, 0, 10, 15, 20, 30, 30, 30, 40, 45, 50])
        if h == 9:
            m = 0
        hours = h + m / 60
        bed = self.rng.choice([22 * 60, 22 * 60 + 30, 23 * 60, 23 * 60 + 10, 23 * 60 + 30, 23 * 60 + 40, 24 * 60, 24 * 60 + 30, 25 * 60])
        up = bed + h * 60 + m
        def clock(x, sep=":"):
            return f"{(x // 60) % 24:02d}{sep}{x % 60:02d}"
        def c12(x):
            hh, mm = divmod(x % (24 * 60), 60)
            return f"{hh % 12 or 12}" + (f":{mm:02d}" if mm else "") + ("am" if hh < 12 else "pm")
        def ko(x):
            hh, mm = divmod(x % (24 * 60), 60)
            return f"{hh % 12 or 12}시" + (" 반" if mm == 30 else f" {mm}분" if mm else "")
        def zh(x):
            hh, mm = divmod(x % (24 * 60), 60)
            return f"{hh % 12 or 12}点" + ("半" if mm == 30 else f"{mm}分" if mm else "")
        vals = {"x": self.num(hours, 2), "h": h, "m": m, "m2": f"{m:02d}", "bed": clock(bed), "up": clock(up),
                "bed12": c12(bed), "up12": c12(up), "bedh": clock(bed, "h"), "uph": clock(up, "h"),
                "bedko": ko(bed), "upko": ko(up), "bedzh": zh(bed), "upzh": zh(up), "score": self.rng.randint(60, 95),
                "hw": number_word(self.lang, h)}
        ok = []
        for t in self.phr("sleep"):
            s = slots(t)
            if s & {"bed", "up", "bed12", "bedko", "bedzh", "bedh"} or "x" in s and m % 15 == 0:
                ok.append(t)
            elif "half" in t and m == 30:
                ok.append(t)
            elif "m" in s or "m2" in s:
                if m and "half" not in t:
                    ok.append(t)
            elif "h" in s and not m and "half" not in t:
                ok.append(t)
        t = pick(self.rng, ok) or "sleep {x}h"
        return fill(t.replace("{half}", ""), vals, self.rng), [Rec(None, "sleep", "sleep", {"hours": round(hours, 3)})]

    def qty_item(self, name, spec):
        nd = spec.get("decimals", 0)
        if spec.get("walk"):
            v = self.bodies.get(name, self.rng.uniform(*spec["start"]))
            v = v + self.rng.uniform(-spec["walk"], spec["walk"] * 0.8)
            self.bodies[name] = v
            v = round(v, nd)
        else:
            lo, hi = spec["range"]
            step = spec.get("step", 1)
            v = round(self.rng.randrange(int(lo / step), int(hi / step) + 1) * step, nd)
        if nd == 0:
            v = int(v)
        word = number_word(self.lang, v)
        opts = [t for t in self.phr(spec.get("phrases", name))
                if ("vw" not in slots(t) or word) and ("vk" not in slots(t) or (v >= 1000 and v % 100 == 0))
                and ("rep" not in slots(t) or v <= 4)]
        t = pick(self.rng, opts)
        vals = {"v": self.num(v, max(nd, 0) or 0) if nd else str(v), "vc": thousands(v, ","), "vd": thousands(v, "."),
                "vs": thousands(v, "\u202f"), "vsp": thousands(v, " "), "vk": fmt_num(v / 1000, 1) + "k", "vw": word,
                "vdc": fmt_num(v, nd).replace(".", ","), "vj": fmt_num(v * 2, nd)}  # vj: the kg value written in 斤 (0.5 kg)
        if t and "rep" in slots(t):
            for m in SLOT.finditer(t):
                if m.group(1) == "rep":
                    vals[f"rep:{m.group(2)}"] = m.group(2) * int(v)
        unit = spec.get("unit") or QTY_UNITS.get(name, name)
        rec_name = spec.get("record", name)
        return fill(t, vals, self.rng), [qty(rec_name, v, unit, spec.get("what"))]

    # ----------------------------------------------------------------- one day
    def day(self, d, is_today):
        """A day's items [(category, text, recs)], or None (no note), or [] (blank)."""
        p, prog = self.p, self.p.get("program") or {}
        if not is_today and self.r() < self.rate("missing", 0.07):
            return None
        if not is_today and self.r() < self.rate("blank", 0.03):
            return []
        items = []
        if self.ph.get("sleep") and self.r() < self.rate("sleep", 0.75):
            items.append(("sleep",) + self.sleep_item())
        for name, spec in (p.get("track") or {}).items():
            if spec.get("morning") and self.r() < spec.get("p", 0.5):
                items.append(("morning",) + self.qty_item(name, spec))
        if is_today:
            return items
        wd = d.weekday()
        trained = self.r() >= self.rate("skip", 0.12)
        sessions = self.program()
        if sessions and wd in prog.get("days", []) and trained:
            label, lifts = sessions[self.session_i % len(sessions)]
            self.session_i += 1
            self.counter += 1
            if label:
                self.labels.setdefault(label, []).append(d)
                lt = pick(self.rng, self.phr("label"))
                if lt:
                    items.append(("label", fill(lt, {"label": label, "k": self.counter}, self.rng), []))
            self.counters["session"] = self.counter
            for lift in lifts:
                sets, warm_n, shape = self.lift_sets(lift)
                text, recs = self.lift_text(lift, sets, warm_n, shape)
                items.append(("lift", text, recs))
        runs = p.get("runs") or {}
        if runs and wd in runs.get("days", []) and trained and not any(c == "lift" for c, _, _ in items) or \
                runs and self.r() < runs.get("extra", 0):
            kinds = runs["kinds"]
            names = [k for k in kinds if wd in kinds[k].get("days", range(7))]
            if names:
                kind = self.rng.choices(names, weights=[kinds[k].get("p", 1) for k in names])[0]
                items.append(("run",) + self.run_item(kind, kinds[kind]))
        for what, spec in (p.get("activities") or {}).items():
            if wd in spec.get("days", range(7)) and self.r() < spec.get("p", 0.2):
                items.append(("act",) + self.act_item(what, spec))
        for name, spec in (p.get("track") or {}).items():
            if not spec.get("morning") and self.r() < spec.get("p", 0.5):
                items.append(("qty",) + self.qty_item(name, spec))
        meals = p.get("meals")
        if meals and self.r() < meals.get("p", 0.5):
            foods = []
            for meal in self.rng.sample(list(meals["words"]), self.rng.choice([1, 1, 2])):
                food = pick(self.rng, meals["foods"])
                foods.append(food)
                items.append(("meal", fill(meals["template"], {"meal": meals["words"][meal], "food": food}, self.rng), []))
            self.meals[d] = foods
        if any(c == "lift" for c, _, _ in items) and self.phr("noise_gym") and self.r() < 0.35:
            items.append(("noise", pick(self.rng, self.phr("noise_gym")), []))
        for key, rate in (("noise", "noise"), ("filler", "filler")):
            if self.r() < self.rate(rate, 0.1):
                t = pick(self.rng, self.phr(key))
                if t:
                    items.append((key, fill(t, self.plan_vals(), self.rng), []))
        return items

    def plan_vals(self):
        """Slots for plans and other people's numbers: {W:squat} next weight of a lift."""
        vals = {}
        for (name, _), (w, step) in self.weights.items():
            vals[f"W:{name}"] = fmt_num(w + step)
        return vals


# --------------------------------------------------------------------------- layout


def bind(recs, text, d, src):
    for r in recs:
        r.date, r.text, r.source = d, text.strip()[:300], src


def render_day(person, d, items, src):
    """The body of one day's entry: (frontmatter lines, body lines, records), every record
    bound to the text that states it. `sections` style puts the morning (sleep, weight) under
    a first timed heading and the rest under a later one."""
    L = person.p.get("layout", {})
    if L.get("style") != "sections":
        return render_items(person, d, items, src)
    times = as_list(L.get("times")) or ["07:10", "12:30", "21:00"]
    first = [x for x in items if x[0] in ("sleep", "morning")]
    second = [x for x in items if x[0] not in ("sleep", "morning")]
    fm, lines, recs = [], [], []
    for heading, part in ((times[0], first), (pick(person.rng, times[1:]), second)):
        if part:
            f, ls, rs = render_items(person, d, part, src)
            fm, recs = fm + f, recs + rs
            lines += [f"## {heading}"] + ls + [""]
    return fm, lines, recs


def render_items(person, d, items, src):
    p, rng = person.p, person.rng
    L = p.get("layout", {})
    style = L.get("style", "bullets")
    bullets = as_list(L.get("bullet", {"bullets": "- ", "lines": "", "prose": ""}.get(style, "- ")))
    recs, fm, lines = [], [], []

    def emit(text, rs):
        bind(rs, text, d, src)
        recs.extend(rs)

    plain = []
    for cat, text, rs in items:
        if text.startswith("fm:"):
            fm.append(text[3:])
            emit(text[3:], rs)
        else:
            plain.append((cat, text, rs))
    lifts = [x for x in plain if x[0] == "lift"]
    labels = [x for x in plain if x[0] == "label"]
    rest = [x for x in plain if x[0] not in ("lift", "label")]
    if L.get("shuffle", True):
        head = [x for x in rest if x[0] in ("sleep", "morning")]
        tail = [x for x in rest if x[0] not in ("sleep", "morning")]
        rng.shuffle(tail)
        rest = head + tail

    tracker = L.get("tracker")
    if tracker and rng.random() < tracker.get("p", 1.0):  # one line of small facts: 😴 7.5h · 💧 6 · ☕☕
        small = [x for x in rest if x[0] in ("sleep", "morning", "qty") and not x[1].startswith(("|", "fm:"))]
        if len(small) > 1:
            rest = [("sleep", tracker.get("sep", " · ").join(t for _, t, _ in small), [r for _, _, rs in small for r in rs])] + \
                [x for x in rest if x not in small]
    blocks = []  # (kind, [(text, recs)])
    if L.get("morning_first", True):
        for x in [x for x in rest if x[0] in ("sleep", "morning")]:
            blocks.append(("qtable" if x[1].startswith("|") else "item", [x[1:]]))
        rest = [x for x in rest if x[0] not in ("sleep", "morning")]
    for _, text, rs in labels:
        blocks.append(("raw", [(text, rs)]))
    if lifts:
        grp = pick(rng, as_list(L.get("lifts", "items")))
        multi = any("\n" in t for _, t, _ in lifts)
        if grp == "line" and not multi:
            prefix = pick(rng, as_list(L.get("lift_prefix", ""))) or ""
            sep = L.get("lift_sep", ", ")
            blocks.append(("item", [(prefix + sep.join(t for _, t, _ in lifts), [r for _, _, rs in lifts for r in rs])]))
        elif grp == "table" and p.get("tables"):
            T = pick(rng, p["tables"])
            if T.get("title"):
                blocks.append(("raw", [(pick(rng, as_list(T["title"])), [])]))
            blocks.append(("table", [(T["header"], []), (T["rule"], [])] + [table_row(person, T, it) for it in lifts]))
        else:
            if grp == "nested":
                blocks.append(("item", [(pick(rng, as_list(L.get("lift_parent"))), [])]))
            elif grp == "heading":
                blocks.append(("raw", [(pick(rng, as_list(L.get("lift_heading"))), [])]))
            for _, t, rs in lifts:
                blocks.append(("nested" if grp == "nested" and "\n" not in t else "item", [(t, rs)]))
    for cat, text, rs in rest:
        if text.startswith("|"):
            if blocks and blocks[-1][0] == "qtable":
                blocks[-1][1].append((text, rs))
            else:
                blocks.append(("qtable", [(h, []) for h in as_list(L.get("table_header"))] + [(text, rs)]))
        else:
            blocks.append(("item", [(text, rs)]))

    if style == "prose":
        sentences = []
        for kind, entries in blocks:
            for text, rs in entries:
                if kind in ("table", "qtable") or "\n" in text or text.startswith("#"):
                    lines += text.split("\n") + [""]
                    emit(text, rs)
                    continue
                s = text if text[-1:] in ".!?。" else text + L.get("prose_end", ".")
                sentences.append((s[0].upper() + s[1:] if s[:1].isalpha() else s, rs))
        while sentences:
            k = min(len(sentences), rng.choice([1, 2, 3]))
            chunk, sentences = sentences[:k], sentences[k:]
            text = L.get("prose_join", " ").join(t for t, _ in chunk)
            for _, rs in chunk:
                emit(text, rs)
            lines += [text, ""]
        return fm, lines, recs

    for kind, entries in blocks:
        if kind in ("table", "qtable") and lines and lines[-1] != "":
            lines.append("")
        for text, rs in entries:
            if kind == "item" and "\n" in text:
                sub = text.split("\n")
                if L.get("block_bullets", True):
                    block = [pick(rng, bullets) + sub[0]] + [L.get("block_indent", "    - ") + x for x in sub[1:]]
                else:
                    block = sub
                lines += block
                emit(" / ".join(x.strip() for x in block), rs)
            elif kind == "item":
                lines.append(pick(rng, bullets) + text)
                emit(text, rs)
            elif kind == "nested":
                lines.append(L.get("nest_indent", "    ") + "- " + text)
                emit(text, rs)
            else:
                lines.append(text)
                emit(text, rs)
        if kind in ("table", "qtable", "raw"):
            if kind != "raw" or (entries and entries[0][0].startswith("#")):
                lines.append("")
    return fm, lines, recs


def table_row(person, T, item):
    _, text, rs = item
    r0 = rs[0].fields
    if len(rs) > 1 and T.get("row_list"):
        ws = "/".join(person.num(r.fields["weight"]) for r in rs for _ in range(r.fields["sets"]))
        reps = "/".join(str(r.fields["reps"]) for r in rs for _ in range(r.fields["sets"]))
        vals = {"n": person.name_word(rs[0].name), "ws": ws, "rs": reps, "s": sum(r.fields["sets"] for r in rs),
                "u": person.unit_word(person.unit), "U": person.unit}
        row = fill(T["row_list"], vals, person.rng)
    else:
        rs = [next((r for r in rs if not r.hints.get("warmup")), rs[0])]  # a row holds one set scheme: the work sets
        r0 = rs[0].fields
        w = r0["weight"]
        vals = {"n": person.name_word(rs[0].name), "s": r0["sets"], "r": r0["reps"], "U": person.unit,
                "w": T.get("bw_word", "") if w is None else person.num(w), "u": "" if w is None else person.unit_word(person.unit),
                "c": pick(person.rng, person.phr("comment")) if person.r() < person.rate("comment") else ""}
        row = fill(T["row"], vals, person.rng)
        if w is not None:
            r0.pop("unit_missing", None)
            if not (T.get("unit_in_header") or Person.has_unit(T["row"])):
                r0["unit_missing"] = True
    return row, rs


def note_text(fm, title, lines):
    out = ""
    if fm:
        out += "---\n" + "\n".join(fm) + "\n---\n"
    if title:
        out += title + "\n\n"
    while lines and lines[-1] == "":
        lines.pop()
    return out + "\n".join(lines) + ("\n" if lines else "")


def write_file(path, text, mtime_date):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    t = time.mktime(dt.datetime.combine(mtime_date, dt.time(22, 0)).timetuple())
    os.utime(path, (t, t))


def build(persona, seed, today):
    """(files {path: text}, records, info) for one persona and seed."""
    P = Person(persona, seed, today)
    rng, L, lang = P.rng, persona.get("layout", {}), P.lang
    kind = L.get("kind", "daily")
    files, recs, groups = {}, [], {}
    days = []
    d = P.start
    while d <= today:
        items = P.day(d, d == today)
        if items is not None:
            days.append((d, items))
        d += D(days=1)
    broken = None
    if L.get("broken", True):
        normal = [d for d, it in days if it and d != today]
        broken = pick(rng, normal) if normal else None
    fm_date = L.get("fm_date", 0.0)
    for d, items in days:
        if kind == "daily":
            src = date_fmt(L["path"], d, lang) + ".md"
            fm, lines, rs = render_day(P, d, items, src)
            if d == broken:
                fm = [pick(rng, as_list(L.get("broken_fm")) or ["tags: [daily, "])] + fm
            elif rng.random() < fm_date:
                fm = [f"date: {d.isoformat()}"] + pick(rng, [[], as_list(L.get("fm_extra"))]) + fm
            title = date_fmt(pick(rng, as_list(L.get("title"))) or "", d, lang) if items else pick(rng, ["", f"# {d.isoformat()}"])
            files[src] = note_text(fm, title, lines if items else [])
            recs += rs
        else:
            key = date_fmt(L["path"], d, lang) + ".md"
            groups.setdefault(key, []).append((d, items))
    for src, entries in groups.items():
        style_i = rng.randrange(len(as_list(L["day_heading"])))
        parts, fm_all = [], []
        pre = pick(rng, as_list(L.get("preamble")))
        if pre and rng.random() < L.get("p_preamble", 0.6):
            parts.append(fill(pre, P.plan_vals(), rng) + "\n")
        ordered = sorted(entries, key=lambda e: e[0], reverse=L.get("order") == "newest")
        month = None
        file_recs = []
        for d, items in ordered:
            if not items:
                continue
            fm, lines, rs = render_day(P, d, items, src)
            fm_all += fm
            file_recs += rs
            if L.get("month_heading") and (d.year, d.month) != month:
                month = (d.year, d.month)
                parts.append(date_fmt(L["month_heading"], d, lang) + "\n")
            heading = date_fmt(as_list(L["day_heading"])[style_i if L.get("one_style", True) else rng.randrange(len(as_list(L["day_heading"])))], d, lang)
            indent = L.get("day_indent", "")
            parts.append(heading + "\n" + "\n".join(indent + x if x else x for x in lines) + "\n")
        post = pick(rng, as_list(L.get("postamble")))
        if post and rng.random() < L.get("p_postamble", 0.5) and file_recs:
            vals = dict(P.plan_vals(), km=fmt_num(sum(r.fields["distance_km"] for r in file_recs if r.kind == "run"), 1),
                        gym=len({r.date for r in file_recs if r.kind == "lift"}))
            parts.append(fill(post, vals, rng) + "\n")
        body = "\n".join(parts)
        if L.get("fence"):
            body = "```\n" + body + "```\n"
        fm_text = ""
        if any(d == broken for d, _ in entries):
            fm_text = "---\n" + (pick(rng, as_list(L.get("broken_fm"))) or "tags: [log, ") + "\n---\n"
        title = fill(pick(rng, as_list(L.get("title"))) or "", {}, rng)
        files[src] = fm_text + (title + "\n\n" if title else "") + body
        recs += file_recs
    if L.get("obsidian_daily"):
        files[".obsidian/daily-notes.json"] = json.dumps({"folder": L.get("folder", ""), "format": L["obsidian_daily"]}, ensure_ascii=False) + "\n"
    tasks = {}
    for extra in as_list(persona.get("extras")):
        text = fill(extra["text"], P.plan_vals(), rng)
        files[extra["path"]] = text
        open_tasks = re.findall(r"^- \[ \] (.+)$", text, re.M)
        if open_tasks and extra.get("tasks"):
            tasks[extra["tasks"]] = open_tasks
    info = {"labels": P.labels, "counters": P.counters, "meals": P.meals, "tasks": tasks, "distance": P.dunit,
            "weight": P.unit, "decimal_comma": P.rate("decimal_comma") > 0, "accept_kg": P.unit == "lb", "start": P.start,
            "body_jin": persona.get("units", {}).get("body") == "jin"}
    return files, recs, info


# --------------------------------------------------------------------------- questions


def questions(persona, recs, info, today, seed):
    rng = random.Random(f"q-{seed}-{persona['name']}")
    f = truth.Facts(recs, today, info)
    langs = persona.get("ask_langs") or {persona.get("lang", "en"): 1}
    asks = default_asks(f, persona) if persona.get("ask_default", True) else []
    asks += [a.split() for a in as_list(persona.get("ask"))]
    out, seen = [], set()
    for a in asks:
        intent, of, pk = (a + [None, None])[:3]
        lang = rng.choices(list(langs), weights=list(langs.values()))[0]
        q = make_question(f, rng, lang, intent, of, pk, persona)
        if q is None and lang != "en":
            q = make_question(f, rng, "en", intent, of, pk, persona)
        if q and q["q"] not in seen:
            seen.add(q["q"])
            out.append(q)
    return out


def past_days_n(f, rng):
    """An N where 'past N days' means the same whether or not the far end day counts."""
    for n in rng.sample([7, 10, 14, 21, 30], 5):
        edge = {f.today - D(days=n), f.today - D(days=n - 1)}
        if not any(r.date in edge for r in f.recs):
            return n
    return None


def make_question(f, rng, lang, intent, of, pk, persona):
    L = lang_data(lang)
    today = f.today
    arg = of
    phr_key = intent if of in (None, "-") else f"{intent}:{of.split(':')[0] if of.startswith('lift:') else of}"
    pool = as_list(L.get("q", {}).get(phr_key)) + as_list((persona.get("q", {}).get(lang) or {}).get(phr_key))
    if pk not in (None, "all"):
        pool = [t for t in pool if "{p}" in t or "{d}" in t]
    if not pool:
        return None
    words = {}
    if of and of.startswith("lift:"):
        ex = L.get("lifts", {}).get(of[5:])
        if not ex:
            return None
        words["ex"] = pick(rng, as_list(ex))
    if of and of.startswith("label:"):
        words["label"] = of[6:]
    parg = None
    if pk == "in_month" or pk == "old_month":
        parg = truth.prev_month(today)
        if pk == "old_month":
            for _ in range(4):
                parg = truth.prev_month(parg)
    elif pk == "past_days":
        parg = past_days_n(f, rng)
        if parg is None:
            return None
    elif pk == "since":
        parg = today - D(days=13)
    elif pk == "on_day":
        cands = sorted({r.date for r in f.recs if r.kind in ("lift", "run") and r.date < today}) if intent == "day" \
            else sorted(d for d in f.info.get("meals", {}) if d < today)
        if not cands:
            return None
        parg = cands[-1] if (today - D(days=1)) not in cands else today - D(days=1)
        if intent == "day":
            parg = rng.choice(cands[-20:])
    prange = truth.period_range(pk, today, parg) if pk else None
    if pk:
        pw = as_list(L["periods"].get("in_month" if pk == "old_month" else pk))
        if not pw:
            return None
        words["p"] = fill(pick(rng, pw), {"month": L["months"][parg.month - 1] if pk in ("in_month", "old_month") else "",
                                           "m": parg.month if hasattr(parg, "month") else "", "n": parg if pk == "past_days" else "",
                                           "date": date_fmt(L.get("date_words", "MMM D"), parg, lang) if hasattr(parg, "day") else ""}, rng)
        words["d"] = words["p"]
    if intent == "tasks":
        if not f.info["tasks"]:
            return None
        arg = words["proj"] = next(iter(f.info["tasks"]))
    if intent in ("fastest",):
        arg = float(of)
    if intent in ("reps", "sets", "volume"):
        arg = of[5:] if of.startswith("lift:") else of
    if intent == "counter":
        arg = of
    kind, exp = truth.answer(intent, f, prange, arg)
    if exp is None:
        return None
    text = " ".join(fill(pick(rng, pool), words, rng).split())
    if "{" in text:
        return None
    row = {"q": text, "kind": kind, "key": phr_key, "lang": lang}
    if prange:
        row["period"] = [prange[0].isoformat(), prange[1].isoformat()]
    row.update(exp)
    return row


def default_asks(f, persona):
    """The questions any log of these records can answer: computed from what was logged."""
    A = []
    has = lambda k: any(r.kind == k for r in f.recs)
    lifts = [x for x in truth.BIG3 + ("overhead press", "leg press") if any(r.name == x and r.fields.get("weight") for r in f.sel("lift"))]
    if has("run"):
        A += [["total", "run", p] for p in ("this_month", "last_month", "last_week", "this_week", "past_days")]
        A += [["count", "run", p] for p in ("last_week", "this_month", "in_month")]
        A += [["best", "run", "all"], ["best", "run", "last_month"], ["when", "run"], ["fastest", "5"], ["compare", "run"]]
    if has("lift"):
        A += [["count", "gym", p] for p in ("in_month", "last_week", "this_month")]
        A += [["compare", "gym"]]
    if has("lift") or has("run"):
        A += [["count", "train", p] for p in ("in_month", "last_week")]
    for i, ex in enumerate(lifts[:4]):
        A += [["last", f"lift:{ex}"], ["best", f"lift:{ex}", ("all", "this_month", "last_month")[i % 3]]]
        if i < 2:
            A += [["trend", f"lift:{ex}"]]
    if lifts:
        A += [["best", f"lift:{lifts[-1]}", "old_month"], ["big3", "-", "all"]]
    if has("sleep"):
        A += [["avg", "sleep", p] for p in ("last_week", "this_month", "past_days")]
    for name in sorted({r.name for r in f.recs if r.kind in ("amount", "measure") and not r.fields.get("what")
                        or r.kind == "measure" and r.fields.get("what") == "weight"}):
        q = f"q:{name}"
        if name in ("coffee", "page", "minute"):
            A += [["total", q, "this_week"], ["total", q, "last_month"]]
        elif name in ("kg", "lb"):
            A += [["last", q], ["avg", q, "last_month"], ["trend", q]]
        else:
            A += [["avg", q, "this_month"], ["avg", q, "last_week"]]
    for what in sorted({r.fields["what"] for r in f.recs if r.kind == "measure" and r.fields.get("what") not in (None, "weight")}):
        A += [["total", f"act:{what}", "this_month"], ["count", f"act:{what}", "last_month"], ["best", f"act:{what}", "all"]]
    A += [["day", "-", "on_day"], ["day", "-", "on_day"], ["eat", "-", "on_day"], ["tasks"],
          ["summary", "-", "this_week"], ["summary", "-", "last_week"], ["none", "swim", "last_month"]]
    return A


# --------------------------------------------------------------------------- driver


def generate(name, out_dir, seed, today):
    persona = load_persona(name)
    files, recs, info = build(persona, seed, today)
    root = os.path.join(out_dir, name)
    if os.path.exists(root):
        shutil.rmtree(root)
    for rel, text in sorted(files.items()):
        write_file(os.path.join(root, rel), text, today)
    recs.sort(key=lambda r: (r.date, r.source, r.kind, r.name))
    qs = questions(persona, recs, info, today, seed)
    meta = {"persona": name, "style": name, "seed": seed, "today": today.isoformat(), "start": info["start"].isoformat(),
            "records": len(recs), "questions": len(qs), "notes": sum(1 for p in files if p.endswith(".md"))}
    tdir = os.path.join(root, ".truth")
    os.makedirs(tdir)
    with open(os.path.join(tdir, "records.jsonl"), "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in recs)
    with open(os.path.join(tdir, "questions.jsonl"), "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(q, ensure_ascii=False) + "\n" for q in qs)
    with open(os.path.join(tdir, "meta.json"), "w", encoding="utf-8") as fh:
        json.dump(meta, fh, indent=2, ensure_ascii=False)
    return meta


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--today", default=None, help="YYYY-MM-DD (default: the real date; relative questions need it)")
    ap.add_argument("--persona", default="all", help="all, or a comma list of persona names")
    a = ap.parse_args(argv)
    today = dt.date.fromisoformat(a.today) if a.today else dt.date.today()
    names = [os.path.basename(p)[:-5] for p in persona_files()] if a.persona == "all" else a.persona.split(",")
    for n in names:
        m = generate(n, a.out, a.seed, today)
        print(f"{n:16s} {m['notes']:4d} notes {m['records']:5d} records {m['questions']:3d} questions")


if __name__ == "__main__":
    main()
