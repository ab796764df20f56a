#!/usr/bin/env python3
"""holdout11: gym-goers and runners in Chinese, German, French, English (app pastes) and
Korean (Instagram captions, a PT diary), written without reading the reader.

    python3 tools/holdout11/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Writes DIR/<person>/ vaults with .truth/records.jsonl, questions.jsonl and meta.json in the
format tools/vaultgen/score.py scores. Python 3 standard library only; deterministic by seed.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import KM_PER_MI, Rec, daterange, fmt_num, hmmss, mmss, period_range, prev_month_start, run_people  # noqa: E402
from questions import expect  # noqa: E402

D = dt.timedelta
AMOUNTS = {"coffee", "glass", "protein", "kcal", "drink"}

# --------------------------------------------------------------------------- records


def r_lift(name, w, unit, sets, reps, warm=False):
    """A lift. `unit` None = written without a unit (`unit_missing`); the number still counts."""
    f = {"weight": float(w), "unit": unit, "sets": sets, "reps": reps}
    if unit is None:
        f["unit_missing"] = True
    r = Rec(None, "lift", name, f)
    if warm:
        r.hints["warmup"] = True
    return r


def r_run(km, mins):
    return Rec(None, "run", "run", {"distance_km": round(km, 3), "duration_min": None if mins is None else round(mins, 3)})


def r_sleep(h):
    return Rec(None, "sleep", "sleep", {"hours": round(h, 3)})


def r_q(name, value, unit, what=None):
    """An amount or measure, named the way score.py names a stored one: a known name (steps,
    coffee, protein, kcal) or else its unit (kg = body weight)."""
    f = {"value": value, "unit": unit}
    if what:
        f["what"] = what
    return Rec(None, "amount" if name in AMOUNTS else "measure", name, f)


def r_bw(w):
    return r_q("kg", w, "kg", "weight")


class Day:
    """Lines of one day; every record is bound to the exact line (or block) it was written in."""

    def __init__(self, d, src, recs):
        self.d, self.src, self.recs, self.lines = d, src, recs, []
        self.info = set()

    def add(self, text, *rs):
        self.lines.append(text)
        self.bind(text, *rs)

    def bind(self, text, *rs):
        flat = []
        for r in rs:
            flat += r if isinstance(r, list) else [r]
        for r in flat:
            r.date, r.text, r.source = self.d, text.strip(), self.src
            self.recs.append(r)

    def note(self, text):
        self.lines.append(text)

    def has(self, kind):
        return any(r.date == self.d and r.kind == kind and r.source == self.src for r in self.recs)


def dec(x, comma=False, nd=2):
    s = fmt_num(x, nd)
    return s.replace(".", ",") if comma else s


def thou(n, sep=","):
    return f"{n:,}".replace(",", sep)


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


def span_start(rng, today, lo=60, hi=120):
    return today - D(rng.randint(lo, hi) - 1)


def frontmatter_broken():
    return "---\ntags: [log, \ntype: daily: note\n---\n"


def r25(x):
    return round(x / 2.5) * 2.5


class Prog:
    """A lift's working weight: small steps up, a stall now and then, a deload after a bad week."""

    def __init__(self, rng, w0, step, p_up=0.55, p_deload=0.05):
        self.rng, self.w, self.step, self.p_up, self.p_deload = rng, float(w0), step, p_up, p_deload

    def next(self):
        x = self.rng.random()
        if x < self.p_deload:
            q = self.step if self.step in (1, 2, 5, 10) else 2.5
            self.w = max(self.step, round(self.w * 0.9 / q) * q)
        elif x < self.p_deload + self.p_up:
            self.w += self.step
        return self.w


def agg_sets(seq):
    """[(w, reps), ...] (a warm-up flag optional as third item) -> [(w, reps, count, warm)] in order."""
    out = []
    for item in seq:
        w, r = item[0], item[1]
        warm = item[2] if len(item) > 2 else False
        for o in out:
            if o[0] == w and o[1] == r and o[3] == warm:
                o[2] += 1
                break
        else:
            out.append([w, r, 1, warm])
    return [tuple(o) for o in out]


def sleep_minutes(rng, lo=330, hi=510):
    return rng.randrange(lo, hi + 1, 10)


def run_secs(km, lo, hi, rng):
    return int(km * rng.uniform(lo, hi))


# --------------------------------------------------------------------------- zh-gym
# One note a month `训练日志/2026年11月.md`, days under `## 11月3日 周二` (or `（周二）`,
# `11月3号 星期二`); the month's list style (plain / bullets / numbered) changes by month.

ZH_WD = ["一", "二", "三", "四", "五", "六", "日"]
ZH_WORDS = {"squat": ["深蹲", "深蹲", "杠铃深蹲"], "bench press": ["卧推", "卧推", "平板卧推"],
            "deadlift": ["硬拉", "硬拉", "传统硬拉"], "overhead press": ["推举", "站姿推举"],
            "row": ["杠铃划船", "划船"], "lat pulldown": ["高位下拉"], "leg press": ["腿举", "倒蹬"]}
ZH_CMT = ["", "", "", "", " 💪", "（有点累）", " 状态不错", " PR!", "（腰有点酸）", " 😤", "，最后一组很吃力"]


def zh_lift(rng, name, w, sets, reps, main):
    """One Chinese lift line and its records."""
    word = pick(rng, ZH_WORDS[name])
    if name == "bench press" and rng.random() < 0.06:
        word = "卧堆"  # typo (pinyin input picked the wrong character)
    W = fmt_num(w)
    cm = pick(rng, ZH_CMT)
    if sets == 1:
        t = pick(rng, [f"{word} {W}kg×{reps}", f"{word} {W}公斤 1组{reps}次", f"{word} {W}kg x{reps}"])
        return t + cm, [r_lift(name, w, "kg", 1, reps)]
    f = rng.random()
    if main and f < 0.16:
        wu = r25(w * 0.6)
        t = f"{word}：热身{fmt_num(wu)}kg×8，正式组{W}kg {sets}组×{reps}次"
        return t + cm, [r_lift(name, wu, "kg", 1, 8, warm=True), r_lift(name, w, "kg", sets, reps)]
    if main and reps == 5 and f < 0.3:
        a, b = r25(w * 0.6), r25(w * 0.8)
        t = f"{word} {fmt_num(a)}×8，{fmt_num(b)}×5，" + "，".join([f"{W}×5"] * sets)
        return t + cm, [r_lift(name, a, None, 1, 8, warm=True), r_lift(name, b, None, 1, 5, warm=True),
                        r_lift(name, w, None, sets, 5)]
    if f < 0.48:
        t = f"{word} {W}kg {sets}组x{reps}次"
    elif f < 0.64:
        t = f"{word} {W}公斤 {sets}×{reps}"
    elif f < 0.78:
        t = f"{word} {W}kg {reps}次×{sets}组"
    elif f < 0.9:
        t = f"{word}：{W}公斤，{sets}组，每组{reps}个"
    else:
        t = f"{word} {W}kg {sets}组 每组{reps}次"
    return t + cm, [r_lift(name, w, "kg", sets, reps)]


def zh_hm(mins):
    h, m = divmod(int(round(mins)), 60)
    return f"{h}小时{m}分" if h else f"{m}分钟"


def zh_run(rng, km, secs, long=False):
    mins = secs / 60
    K = fmt_num(km, 1)
    if long:
        m = round(mins)
        return pick(rng, [f"长距离 {K}公里 {zh_hm(m)}", f"LSD {K}公里，用时{zh_hm(m)}"]), r_run(km, m)
    f = rng.randrange(6)
    if f == 0:
        m = round(mins)
        return f"跑步 {K}公里 {m}分钟", r_run(km, m)
    if f == 1:
        m = pick(rng, [25, 30, 30, 35, 40])
        km = round(m / rng.uniform(6.2, 7.4), 1)
        return f"跑步机 {m}分钟 {fmt_num(km, 1)}公里", r_run(km, m)
    if f == 2:
        mm, ss = divmod(secs, 60)
        return f"夜跑 {K}km，用时{mm}分{ss}秒", r_run(km, secs / 60)
    if f == 3:
        p = secs / km
        return f"晨跑 {K}公里 {mmss(mins)} 配速{int(p // 60)}'{int(p % 60):02d}\"", r_run(km, secs / 60)
    if f == 4:
        m = round(mins)
        return f"跑了{K}公里，用时{m}分钟 🏃", r_run(km, m)
    m = round(mins)
    return f"慢跑{K}km {m}min", r_run(km, m)


def zh_sleep(rng):
    mins = sleep_minutes(rng, 330, 510)
    h, m = divmod(mins, 60)
    f = rng.randrange(5)
    if m == 0 and f != 2:
        return pick(rng, [f"睡了{h}个小时", f"睡了{h}个小时", f"睡眠 {h}小时"]), mins
    if m == 30 and f < 3:
        return f"睡了{h}个半小时", mins
    if f in (0, 3):
        return f"睡眠 {h}小时{m}分", mins
    if f in (1, 4):
        return f"睡了{h}小时{m}分钟", mins
    wake = pick(rng, [6 * 60 + 30, 7 * 60, 7 * 60 + 30, 8 * 60])
    bed = wake - mins
    bh, bm = divmod(bed % (24 * 60), 60)
    wh, wm = divmod(wake, 60)
    if bed < 0:
        return f"{bh}:{bm:02d}睡 {wh}:{wm:02d}起", mins
    return (f"凌晨{bh}点睡，{wh}点起" if bm == 0 and wm == 0 else f"凌晨{bh}:{bm:02d}睡 {wh}:{wm:02d}起"), mins


def p_zh_gym(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [80, 90, 100]), 2.5, 0.22), "bench press": Prog(rng, pick(rng, [60, 65, 70]), 2.5, 0.25),
         "deadlift": Prog(rng, pick(rng, [110, 120, 130]), 5, 0.25), "overhead press": Prog(rng, pick(rng, [40, 42.5, 45]), 2.5, 0.15),
         "row": Prog(rng, pick(rng, [50, 55, 60]), 2.5, 0.2), "lat pulldown": Prog(rng, pick(rng, [45, 50, 55]), 2.5, 0.15),
         "leg press": Prog(rng, pick(rng, [100, 120, 140]), 10, 0.2)}
    months = {}
    month_keys = sorted({(d.year, d.month) for d in daterange(start, today)})
    broken_month = month_keys[-2] if len(month_keys) > 2 else month_keys[0]
    style = {k: pick(rng, ["plain", "plain", "bullet", "numbered"]) for k in month_keys}
    bw = rng.uniform(70, 78)
    ab = 0
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.09:
            continue
        key = (d.year, d.month)
        src = f"训练日志/{d.year}年{d.month}月.md"
        day = Day(d, src, recs)
        hf = rng.random()
        head = (f"## {d.month}月{d.day}日 周{ZH_WD[wd]}" if hf < 0.6 else
                f"## {d.month}月{d.day}日（周{ZH_WD[wd]}）" if hf < 0.85 else f"## {d.month}月{d.day}号 星期{ZH_WD[wd]}")
        if rng.random() < 0.03 and d != today:
            months.setdefault(key, []).append((head, []))  # a heading with nothing under it
            continue
        if wd in (0, 3) and rng.random() < 0.6:
            bw += rng.uniform(-0.45, 0.3)
            w = round(bw, 1)
            day.add(pick(rng, [f"体重 {fmt_num(w, 1)}公斤", f"早上体重{fmt_num(w, 1)}kg", f"空腹体重 {fmt_num(w, 1)}kg"]), r_bw(w))
        if rng.random() < 0.72:
            t, mins = zh_sleep(rng)
            day.add(t, r_sleep(mins / 60))
        gym = wd in (0, 2, 4) and rng.random() < 0.85
        if gym:
            A = ab % 2 == 0
            ab += 1
            if A:
                plan = [("squat", 5, 5, True), ("bench press", pick(rng, [5, 3]), pick(rng, [5, 8]), True), ("row", 4, pick(rng, [8, 10]), False)]
                if rng.random() < 0.4:
                    plan.append(("lat pulldown", 4, 12, False))
            else:
                plan = [("squat", 5, 5, True), ("overhead press", 5, 5, False), ("deadlift", pick(rng, [1, 1, 3]), 5, True)]
                if rng.random() < 0.4:
                    plan.append(("leg press", 4, 12, False))
            if rng.random() < 0.35:
                day.note(pick(rng, ["今天练腿+肩", "力量训练 A", "健身房 🏋️", "训练日"]) if not A else pick(rng, ["今天练胸背", "力量训练 B", "健身房"]))
            for name, s, r, main in plan:
                w = P[name].next()
                t, rs = zh_lift(rng, name, w, s, r, main)
                day.add(t, rs)
            if rng.random() < 0.07:
                day.note(pick(rng, [f"下周计划：深蹲 {fmt_num(P['squat'].w + 5)}kg 5×5，卧推 {fmt_num(P['bench press'].w + 2.5)}kg 5×5",
                                    f"下次硬拉冲{fmt_num(P['deadlift'].w + 10)}kg"]))
        run = (wd in (1, 5) and rng.random() < 0.7) or (wd == 3 and rng.random() < 0.3)
        if run and not gym:
            long = wd == 5 and rng.random() < 0.45
            km = round(rng.uniform(10, 16) if long else rng.uniform(4, 8), 1)
            if rng.random() < 0.15 and not long:
                km = 5.0
            t, r = zh_run(rng, km, run_secs(km, 320, 390, rng), long)
            day.add(t + pick(rng, ["", "", "", " 🏃", "（很热）", " 配速还行"]), r)
        if rng.random() < 0.4:
            n = rng.randint(4200, 15800)
            day.add(pick(rng, [f"步数 {n}", f"今天走了{thou(n)}步", f"步数：{thou(n)}"]), r_q("steps", n, "step"))
        if rng.random() < 0.45:
            n = pick(rng, [1, 1, 2, 2, 3])
            day.add(pick(rng, [f"咖啡 {n}杯", f"美式×{n}", f"☕×{n}"]), r_q("coffee", n, "cup"))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["朋友卧推100kg，太强了", "教练硬拉200kg×3 🤯", "室友跑了半马，1小时50分", "老婆今天跑了5公里",
                                "小王深蹲140kg 5次"]))
        elif x < 0.12:
            day.note(pick(rng, ["明天跑10公里", "目标：年底卧推100公斤", "下周计划：跑步3次，每次8公里"]))
        elif x < 0.25:
            day.note(pick(rng, ["加班，累", "下雨", "膝盖有点不舒服", "和朋友吃火锅 🍲", "休息日"]))
        if not day.lines:
            day.note(pick(rng, ["休息", "休息日", "没练"]))
        months.setdefault(key, []).append((head, day.lines))
    for key, days in months.items():
        y, m = key
        st = style[key]
        fm = frontmatter_broken() if key == broken_month else "---\ntags: [训练, 月记录]\n---\n"
        out = [fm + f"# {y}年{m}月 训练日志", ""]
        for head, lines in days:
            out.append(head)
            for i, ln in enumerate(lines):
                out.append(f"- {ln}" if st == "bullet" else f"{i + 1}. {ln}" if st == "numbered" else ln)
            out.append("")
        files[f"训练日志/{y}年{m}月.md"] = "\n".join(out)
    # the records' text is the line without the list marker; fine (the marker is not content)
    sq, be, dl = P["squat"].w, P["bench press"].w, P["deadlift"].w
    files["计划/5×5 计划.md"] = (f"# 5×5 计划\n\nA：深蹲 5×5 {fmt_num(sq + 10)}kg，卧推 5×5 {fmt_num(be + 5)}kg，划船 4×8 60kg\n"
                               f"B：深蹲 5×5 {fmt_num(sq + 10)}kg，推举 5×5 50kg，硬拉 1×5 {fmt_num(dl + 20)}kg\n\n每次加2.5公斤，失败三次减重10%。\n")
    files["目标.md"] = "# 2026 目标\n\n- 卧推 100kg\n- 深蹲 150kg × 1\n- 全马 4小时以内\n- 体重 70公斤\n"
    files["训练日志/草稿.md"] = ""
    return files, recs, {}


# --------------------------------------------------------------------------- de-hybrid
# Daily notes `Logbuch/DD.MM.YYYY.md`, `# Dienstag, 3. November 2026`; lifts with German gym
# shorthand (KB = Kniebeugen, BD = Bankdrücken, KH = Kreuzheben), decimal commas, runs
# `Lauf 10,5 km in 55:20`, `Schlaf 7 Std. 20 Min.`, weekly plan notes `Wochenplan/KW 47.md`.

DE_WD = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
DE_MON = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()
DE_WORDS = {"squat": ["Kniebeugen", "Kniebeugen", "Kniebeuge", "KB"], "bench press": ["Bankdrücken", "Bankdrücken", "BD", "Bankdrucken"],
            "deadlift": ["Kreuzheben", "Kreuzheben", "KH"], "overhead press": ["Schulterdrücken", "Überkopfdrücken", "Military Press"],
            "row": ["Rudern vorgebeugt", "LH-Rudern"], "lat pulldown": ["Latzug", "Latziehen"]}
DE_CMT = ["", "", "", "", " – lief gut", " (schwer!)", " 💪", " – neue PB!", ", Rücken etwas zwickt", " 😅"]


def de_lift(rng, name, w, sets, reps, main):
    word = pick(rng, DE_WORDS[name])
    W = dec(w, True)
    cm = pick(rng, DE_CMT)
    f = rng.random()
    if main and f < 0.18 and reps == 5:
        a, b = r25(w * 0.6), r25(w * 0.8)
        parts = [f"{dec(a, True)} × 5", f"{dec(b, True)} × 3"] + [f"{W} × 5"] * sets
        return f"{word}: " + " / ".join(parts) + cm, [r_lift(name, a, None, 1, 5, warm=True), r_lift(name, b, None, 1, 3, warm=True),
                                                       r_lift(name, w, None, sets, 5)]
    if f < 0.38:
        return f"{word} {sets}x{reps} mit {W} kg" + cm, [r_lift(name, w, "kg", sets, reps)]
    if f < 0.56:
        return f"{word} {W}kg {sets}x{reps}" + cm, [r_lift(name, w, "kg", sets, reps)]
    if f < 0.7:
        return f"{word} {sets}x{reps} {W}kg" + cm, [r_lift(name, w, "kg", sets, reps)]
    if f < 0.84:
        return f"{word} {sets} Sätze à {reps} Wdh. mit {W} kg" + cm, [r_lift(name, w, "kg", sets, reps)]
    return f"{word} {sets}x{reps} @ {W}" + cm, [r_lift(name, w, None, sets, reps)]


def de_run(rng, kind, today_d):
    """kind: easy | intervals | long | race | double"""
    if kind == "race":
        secs = int(10 * rng.uniform(280, 300))
        return f"Wettkampf: Stadtlauf 10 km in {mmss(secs / 60)} 🏅", r_run(10, secs / 60)
    if kind == "double":
        km = pick(rng, [5, 5, 6])
        secs = run_secs(km, 330, 370, rng)
        return f"morgens {km} km locker ({mmss(secs / 60)})", r_run(km, secs / 60)
    if kind == "intervals":
        km = round(rng.uniform(7, 10), 1)
        secs = run_secs(km, 290, 320, rng)
        return pick(rng, [f"Intervalle 8x400m – insgesamt {dec(km, True, 1)} km in {mmss(secs / 60)}",
                          f"Intervalle 5x1000m (gesamt {dec(km, True, 1)} km, {mmss(secs / 60)})"]), r_run(km, secs / 60)
    if kind == "long":
        km = round(rng.uniform(14, 22), 1)
        secs = run_secs(km, 330, 370, rng)
        if rng.random() < 0.5:
            return f"Langer Lauf: {dec(km, True, 1)} km in {hmmss(secs / 60)} h", r_run(km, secs / 60)
        m = round(secs / 60)
        return f"LaLa {dec(km, True, 1)} km in {m // 60} Std. {m % 60} Min.", r_run(km, m)
    km = round(rng.uniform(6, 12), 1)
    secs = run_secs(km, 315, 355, rng)
    f = rng.randrange(5)
    K = dec(km, True, 1)
    if f == 0:
        return f"Lauf {K} km in {mmss(secs / 60)}", r_run(km, secs / 60)
    if f == 1:
        m = round(secs / 60)
        return f"Dauerlauf {K} km, {m} Min.", r_run(km, m)
    if f == 2:
        return f"lockerer Lauf {K} km ({mmss(secs / 60)})", r_run(km, secs / 60)
    if f == 3:
        m = pick(rng, [30, 35, 40])
        km = round(m / rng.uniform(5.4, 6.2), 1)
        return f"Laufband {dec(km, True, 1)} km {m} Min.", r_run(km, m)
    return f"Lauf {K} km in {mmss(secs / 60)} min", r_run(km, secs / 60)


def de_sleep(rng):
    mins = sleep_minutes(rng, 340, 500)
    h, m = divmod(mins, 60)
    f = rng.randrange(5)
    if f == 0:
        return (f"Schlaf {h} Std. {m} Min." if m else f"Schlaf: {h} Std."), mins
    if f == 1 and m in (0, 30):
        return (f"Schlaf {dec(mins / 60, True, 1)} Std."), mins
    if f == 2 and m == 0:
        return f"{h}h Schlaf", mins
    if f == 3:
        wake = pick(rng, [6 * 60 + 15, 6 * 60 + 45, 7 * 60])
        bed = (wake - mins) % (24 * 60)
        return f"geschlafen von {bed // 60}:{bed % 60:02d} bis {wake // 60}:{wake % 60:02d}", mins
    return (f"Schlaf {h} Std. {m} Min." if m else f"{h} Std. geschlafen"), mins


def p_de_hybrid(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [95, 100, 105]), 2.5, 0.3), "bench press": Prog(rng, pick(rng, [72.5, 77.5, 80]), 2.5, 0.25),
         "deadlift": Prog(rng, pick(rng, [130, 140]), 5, 0.3), "overhead press": Prog(rng, pick(rng, [45, 47.5, 50]), 2.5, 0.2),
         "row": Prog(rng, pick(rng, [60, 65]), 2.5, 0.25), "lat pulldown": Prog(rng, pick(rng, [50, 55]), 2.5, 0.2)}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(79, 84)
    race_day = today - D(rng.randint(12, 40))
    while race_day.weekday() != 6:
        race_day -= D(1)
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.09:
            continue
        src = f"Logbuch/{d:%d.%m.%Y}.md"
        day = Day(d, src, recs)
        head = f"# {DE_WD[wd]}, {d.day}. {DE_MON[d.month - 1]} {d.year}\n\n"
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = ""
            continue
        if rng.random() < 0.7:
            t, mins = de_sleep(rng)
            day.add(t, r_sleep(mins / 60))
        if wd in (0, 4) and rng.random() < 0.7:
            bw += rng.uniform(-0.4, 0.3)
            w = round(bw, 1)
            day.add(pick(rng, [f"Gewicht {dec(w, True, 1)} kg", f"Waage: {dec(w, True, 1)} kg", f"Gewicht: {dec(w, True, 1)}kg"]), r_bw(w))
        train = []
        if d == race_day:
            t, r = de_run(rng, "race", d)
            train.append((t, [r]))
        elif wd in (0, 2, 4) and rng.random() < 0.85:
            if wd == 4 and rng.random() < 0.35:
                t, r = de_run(rng, "double", d)
                train.append((t, [r]))
            plan = ([("squat", 3, 5, True), ("bench press", 5, 5, True), ("row", 4, 10, False)] if wd == 0 else
                    [("deadlift", 1, 5, True), ("overhead press", 4, 8, False), ("lat pulldown", 3, 12, False)] if wd == 2 else
                    [("squat", 3, 5, True), ("bench press", 5, 5, True)])
            if train:
                train.append(("abends Gym:", []))
            for name, s, r, main in plan:
                w = P[name].next()
                t, rs = de_lift(rng, name, w, s, r, main)
                train.append((t, rs))
        elif wd == 1 and rng.random() < 0.8:
            t, r = de_run(rng, "easy", d)
            train.append((t, [r]))
        elif wd == 3 and rng.random() < 0.7:
            t, r = de_run(rng, "intervals", d)
            train.append((t, [r]))
        elif wd == 5 and rng.random() < 0.8:
            t, r = de_run(rng, "long", d)
            train.append((t, [r]))
        elif wd == 6 and rng.random() < 0.25:
            t, r = de_run(rng, "easy", d)
            train.append((t, [r]))
        if train:
            day.note("")
            day.note("## Training")
            for t, rs in train:
                day.add(f"- {t}" if rs or not t.endswith(":") else t, rs)
        extra = []
        if rng.random() < 0.4:
            n = rng.randint(5200, 17800)
            extra.append((pick(rng, [f"Schritte: {thou(n, '.')}", f"{thou(n, '.')} Schritte"]), [r_q("steps", n, "step")]))
        if rng.random() < 0.5:
            n = pick(rng, [1, 2, 2, 3, 4])
            extra.append((pick(rng, [f"Kaffee: {n}", f"{n} Tassen Kaffee" if n > 1 else "1 Tasse Kaffee", f"☕ x{n}"]), [r_q("coffee", n, "cup")]))
        x = rng.random()
        if x < 0.07:
            extra.append((pick(rng, ["Markus ist 21,1 km in 1:45 gelaufen", "Lisa drückt jetzt 60 kg auf der Bank",
                                     "mein Bruder ist heute 30 km gelaufen (!)", "Trainer hat 200 kg Kreuzheben gezogen"]), []))
        elif x < 0.13:
            extra.append((pick(rng, ["Morgen: 12 km locker", f"Nächste Woche: Kniebeugen 3x5 mit {dec(P['squat'].w + 2.5, True)} kg",
                                     "Ziel: Halbmarathon unter 1:45", "Samstag langer Lauf 20 km geplant"]), []))
        elif x < 0.25:
            extra.append((pick(rng, ["viel Arbeit heute", "Regen 🌧", "Knie ok", "Ruhetag", "Abends Pizza mit Jana"]), []))
        if extra:
            day.note("")
            day.note("## Sonstiges")
            for t, rs in extra:
                day.add(f"- {t}", rs)
        if not day.lines:
            day.note("Ruhetag.")
        fm = frontmatter_broken() if d == broken else ("---\ntags: [tagebuch]\n---\n" if rng.random() < 0.4 else "")
        files[src] = fm + head + "\n".join(day.lines).strip("\n") + "\n"
    mon = today - D(today.weekday())
    for k in (-2, 0, 1):
        a = mon + D(7 * k)
        kw = a.isocalendar()[1]
        sq, be = P["squat"].w + 2.5 * (k + 1), P["bench press"].w + 2.5 * (k + 1)
        files[f"Wochenplan/KW {kw}.md"] = (f"# Wochenplan KW {kw}\n\n- Mo: Kniebeugen 3x5 mit {dec(sq, True)} kg, Bankdrücken 5x5 mit {dec(be, True)} kg\n"
                                           "- Di: Lauf 10 km locker\n- Mi: Kreuzheben 1x5 mit "
                                           f"{dec(P['deadlift'].w + 5 * (k + 1), True)} kg\n- Do: Intervalle 6x800m\n"
                                           f"- Sa: Langer Lauf 20 km in ca. 1:55\n- Ziel Gewicht: {dec(round(bw - 1, 1), True, 1)} kg\n")
    files["Vorlagen/Tagesnotiz.md"] = "# {{date}}\n\n- Schlaf: __ Std.\n- Gewicht: __ kg\n\n## Training\n- \n"
    return files, recs, {}


# --------------------------------------------------------------------------- fr-mix
# Daily notes `Journal/2026/11/mar. 3 nov. 2026.md` (a French locale's short date), `# Mardi 3
# novembre`; muscu with French gym shorthand (DC = développé couché, SDT = soulevé de terre,
# DM = développé militaire), `course 8 km en 45 min`, `CàP 8,2 km en 44'30`, `sommeil 7h30`,
# `pas : 10 432` (a narrow no-break space as the thousands separator), `poids 68,2 kg`, `café x3`.

FR_WD = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
FR_WD_AB = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."]
FR_MON = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
FR_MON_AB = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
FR_WORDS = {"squat": ["squat", "squat", "Squat", "squats"], "bench press": ["développé couché", "DC", "DC", "dév. couché"],
            "deadlift": ["soulevé de terre", "SDT", "SDT"], "overhead press": ["développé militaire", "DM"],
            "row": ["rowing barre"], "lat pulldown": ["tirage vertical"], "leg press": ["presse à cuisses", "presse"]}
FR_CMT = ["", "", "", "", " (dur !)", " 😅", " RAS", " — bonne séance", " nouveau record !", " 💪"]


def fr_lift(rng, name, w, sets, reps):
    word = pick(rng, FR_WORDS[name])
    W = dec(w, True)
    cm = pick(rng, FR_CMT)
    f = rng.random()
    if f < 0.32:
        t, u = f"{word} {sets}x{reps} à {W} kg", "kg"
    elif f < 0.55:
        t, u = f"{word} {W}kg {sets}x{reps}", "kg"
    elif f < 0.68:
        t, u = f"{word} : {sets} séries de {reps} à {W} kg", "kg"
    elif f < 0.84:
        t, u = f"{word} {W} kg, {sets}x{reps}", "kg"
    else:
        t, u = f"{word} {sets}×{reps} @ {W}kg", "kg"
    return t + cm, [r_lift(name, w, u, sets, reps)]


def fr_run(rng, kind):
    if kind == "long":
        km = round(rng.uniform(13, 21), 1)
        m = round(run_secs(km, 330, 370, rng) / 60)
        return f"sortie longue {dec(km, True, 1)} km en {m // 60}h{m % 60:02d}", r_run(km, m)
    if kind == "frac":
        km = round(rng.uniform(6.5, 9), 1)
        m = round(run_secs(km, 300, 330, rng) / 60)
        return f"fractionné 10x400 m, {dec(km, True, 1)} km au total en {m}'", r_run(km, m)
    km = round(rng.uniform(5, 11), 1)
    if rng.random() < 0.12:
        km = 5.0
    secs = run_secs(km, 310, 360, rng)
    K = dec(km, True, 1)
    f = rng.randrange(5)
    if f == 0:
        m = round(secs / 60)
        return f"course {K} km en {m} min", r_run(km, m)
    if f == 1:
        m = round(secs / 60)
        return f"footing {K} km en {m} min", r_run(km, m)
    if f == 2:
        return f"CàP {K} km en {secs // 60}'{secs % 60:02d}", r_run(km, secs / 60)
    if f == 3:
        return f"course : {K} km / {secs // 60}'{secs % 60:02d}\"", r_run(km, secs / 60)
    return f"run {K} km {mmss(secs / 60)}", r_run(km, secs / 60)


def fr_sleep(rng):
    mins = sleep_minutes(rng, 340, 520)
    h, m = divmod(mins, 60)
    f = rng.randrange(4)
    hm = f"{h}h{m:02d}" if m else f"{h}h"
    return [f"sommeil {hm}", f"dodo {hm} 😴", f"sommeil : {hm}", f"nuit : {hm}"][f], mins


def p_fr_mix(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [70, 75, 80]), 2.5, 0.35), "bench press": Prog(rng, pick(rng, [50, 55, 60]), 2.5, 0.3),
         "deadlift": Prog(rng, pick(rng, [90, 100]), 5, 0.3), "overhead press": Prog(rng, pick(rng, [32.5, 35]), 2.5, 0.2),
         "row": Prog(rng, pick(rng, [45, 50]), 2.5, 0.25), "lat pulldown": Prog(rng, pick(rng, [40, 45]), 2.5, 0.2),
         "leg press": Prog(rng, pick(rng, [120, 140]), 10, 0.3)}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(65, 70)
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.1:
            continue
        src = f"Journal/{d.year}/{d.month:02d}/{FR_WD_AB[wd]} {d.day} {FR_MON_AB[d.month - 1]} {d.year}.md"
        day = Day(d, src, recs)
        head = f"# {FR_WD[wd].capitalize()} {d.day} {FR_MON[d.month - 1]}\n\n"
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = head
            continue
        if rng.random() < 0.7:
            t, mins = fr_sleep(rng)
            day.add(f"- {t}", r_sleep(mins / 60))
        if rng.random() < 0.3:
            bw += rng.uniform(-0.35, 0.3)
            w = round(bw, 1)
            day.add(pick(rng, [f"- poids {dec(w, True, 1)} kg", f"- pesée : {dec(w, True, 1)} kg", f"- poids : {dec(w, True, 1)}kg"]), r_bw(w))
        if wd in (0, 3) and rng.random() < 0.85 or (wd == 5 and rng.random() < 0.35):
            day.note(pick(rng, ["- muscu 🏋️", "- salle :", "- séance muscu", "- Muscu"]))
            plan = ([("squat", 5, 5), ("bench press", 3, 10), ("row", 4, 10)] if wd == 0 else
                    [("deadlift", 3, 5), ("overhead press", 4, 8), ("lat pulldown", 3, 12)] if wd == 3 else
                    [("squat", 5, 5), ("leg press", 3, 12), ("bench press", 3, 10)])
            for name, s, r in plan:
                t, rs = fr_lift(rng, name, P[name].next(), s, r)
                day.add(f"    - {t}", rs)
        elif wd in (1, 6) and rng.random() < 0.75:
            t, r = fr_run(rng, "long" if wd == 6 and rng.random() < 0.6 else "easy")
            day.add(f"- {t}" + pick(rng, ["", "", " 🏃‍♀️", " (chaud)", " — jambes lourdes"]), r)
        elif wd == 2 and rng.random() < 0.5:
            t, r = fr_run(rng, "frac")
            day.add(f"- {t}", r)
        if rng.random() < 0.45:
            n = rng.randint(4800, 16500)
            sep = pick(rng, ["\u202f", " ", " "])
            day.add(pick(rng, [f"- pas : {thou(n, sep)}", f"- pas: {thou(n, sep)}", f"- {thou(n, sep)} pas"]), r_q("steps", n, "step"))
        if rng.random() < 0.55:
            n = pick(rng, [1, 2, 2, 3, 3, 4])
            day.add(pick(rng, [f"- café x{n}", f"- ☕ x{n}", f"- cafés : {n}"]), r_q("coffee", n, "cup"))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- Julien a couru un semi en 1h42", "- ma coloc fait 60 kg au DC", "- mon frère a fait 12 km ce matin",
                                "- le coach tire 180 kg au SDT 😳"]))
        elif x < 0.13:
            day.note(pick(rng, ["- objectif : squat 100 kg d'ici décembre", "- demain : sortie longue 18 km",
                                f"- semaine prochaine : DC {dec(P['bench press'].w + 2.5, True)} kg 3x10"]))
        elif x < 0.25:
            day.note(pick(rng, ["- journée chargée", "- pluie", "- repos", "- apéro avec les collègues 🍷", "- mal au genou"]))
        if not day.lines:
            day.note("- repos")
        fm = frontmatter_broken() if d == broken else ("---\ntags: journal\n---\n" if rng.random() < 0.3 else "")
        files[src] = fm + head + "\n".join(day.lines) + "\n"
    files["Programme/Programme muscu.md"] = ("# Programme muscu (8 semaines)\n\n| séance | exercice | séries x reps | charge |\n|---|---|---|---|\n"
                                             f"| A | squat | 5x5 | {dec(P['squat'].w + 10, True)} kg |\n| A | DC | 3x10 | {dec(P['bench press'].w + 5, True)} kg |\n"
                                             f"| B | SDT | 3x5 | {dec(P['deadlift'].w + 10, True)} kg |\n| B | DM | 4x8 | 40 kg |\n")
    files["Objectifs 2026.md"] = "# Objectifs 2026\n\n- semi-marathon en moins de 1h50\n- squat 100 kg\n- poids de forme : 66 kg\n- 10 000 pas par jour\n"
    return files, recs, {}


# --------------------------------------------------------------------------- en-strong
# Daily notes `Training/2026-11-03.md`: Strong / Hevy exports pasted whole (warm-up sets marked
# `W` or `[Warm-up]`, `@ RPE 8`), hand-typed set lists `W  60kg x 10` / `1  140kg x 5`, one-liners
# with RPE (`Squat 140kg 3x3 @8`), dumbbells per hand (`DB bench 2x30kg 3x10`), kettlebell
# swings, hotel-gym machines in lb, Saturday CrossFit (a strength part, then a WOD whose
# movement list is no log), and Strava / Garmin run pastes.

EN_APP = {"squat": "Squat (Barbell)", "bench press": "Bench Press (Barbell)", "deadlift": "Deadlift (Barbell)",
          "overhead press": "Overhead Press (Barbell)", "row": "Bent Over Row (Barbell)",
          "lat pulldown": "Lat Pulldown (Cable)", "leg press": "Leg Press (Machine)"}
EN_SHORT = {"squat": ["Squat", "squat", "Back squat"], "bench press": ["Bench", "bench", "Bench press"],
            "deadlift": ["Deadlift", "DL", "deadlift"], "overhead press": ["OHP", "Overhead press"]}


def strong_block(rng, name, work, sets, reps, unit="kg", hevy=False, warm=True, rpe=False):
    """An app export block: warm-up sets, work sets, maybe a short last set."""
    U = " " + unit if unit else ""
    seq = []
    if warm:
        wus = [r25(work * 0.5), r25(work * 0.75)] if work >= 80 else [r25(work * 0.6)]
        seq += [(w, pick(rng, [8, 5]) if i == 0 else 3, True) for i, w in enumerate(wus)]
        # warm-ups must differ from each other
        seq = [s for i, s in enumerate(seq) if s[0] < work and all(s[0] != o[0] for o in seq[:i])]
    seq += [(work, reps, False)] * sets
    if sets >= 3 and rng.random() < 0.25:
        seq[-1] = (work, reps - pick(rng, [1, 2]), False)
    lines = [f"**{EN_APP[name]}**" if hevy and rng.random() < 0.5 else EN_APP[name]]
    n = 0
    wstyle = rng.randrange(2)
    for w, r, wu in seq:
        x = "x" if hevy else pick(rng, ["×", "×", "x"])
        if wu:
            lines.append((f"W: {fmt_num(w)}{U} {x} {r}" if wstyle == 0 else f"Set {n + 1}: {fmt_num(w)}{U} {x} {r} [Warm-up]") if not hevy
                         else f"Set {n + 1} (W): {fmt_num(w)}{U} x {r}")
            if "Set" in lines[-1]:
                n += 1
        else:
            n += 1
            s = f"Set {n}: {fmt_num(w)}{U} {x} {r}"
            if rpe and rng.random() < 0.4:
                s += f" @ RPE {pick(rng, [7, 7.5, 8, 8.5, 9])}"
            lines.append(s)
    recs = [r_lift(name, w, unit, c, r, warm=wu) for w, r, c, wu in agg_sets(seq)]
    return lines, recs


def typed_block(rng, name, work, sets, reps):
    """A hand-typed list: exercise in bold, then `W  60kg x 10` / `1  140kg x 5` lines."""
    lines = [f"**{pick(rng, EN_SHORT[name])}**"]
    seq = [(r25(work * 0.5), 8, True), (r25(work * 0.7), 5, True)] + [(work, reps, False)] * sets
    n = 0
    for w, r, wu in seq:
        if wu:
            lines.append(f"W  {fmt_num(w)}kg x {r}")
        else:
            n += 1
            lines.append(f"{n}  {fmt_num(w)}kg x {r}")
    return lines, [r_lift(name, w, "kg", c, r, warm=wu) for w, r, c, wu in agg_sets(seq)]


def en_run(rng, kind):
    if kind == "long":
        km = round(rng.uniform(14, 21), 2)
        secs = run_secs(km, 320, 350, rng)
        return f"Long Run · {km:.2f} km · {hmmss(secs / 60)} · {mmss(secs / km / 60)} /km", r_run(km, secs / 60)
    km = round(rng.uniform(5, 10.5), 2)
    if rng.random() < 0.12:
        km = 5.0
    secs = run_secs(km, 300, 340, rng)
    f = rng.randrange(6)
    label = pick(rng, ["Morning Run", "Evening Run", "Lunch Run"])
    if f == 0:
        return f"{label} · {km:.2f} km · {mmss(secs / 60)} · {mmss(secs / km / 60)} /km", r_run(km, secs / 60)
    if f == 1:
        return (f"{label}\nDistance {km:.2f} km\nMoving Time {mmss(secs / 60)}\nPace {mmss(secs / km / 60)} /km\n"
                f"Elevation {rng.randint(12, 90)} m"), r_run(km, secs / 60)
    if f == 2:
        return (f"Garmin: Running {km:.2f} km, {mmss(secs / 60)}, avg pace {mmss(secs / km / 60)}/km, avg HR {rng.randint(138, 162)}",
                r_run(km, secs / 60))
    if f == 3:
        mi = round(km / KM_PER_MI, 2)
        secs = run_secs(mi, 500, 550, rng)
        return f"{label} · {mi:.2f} mi · {mmss(secs / 60)} · {mmss(secs / mi / 60)} /mi", r_run(mi * KM_PER_MI, secs / 60)
    if f == 4:
        return f"Strava: \"Recovery jog\" {km:.2f} km in {secs // 60}m {secs % 60}s", r_run(km, secs / 60)
    m = pick(rng, [30, 35, 40])
    km = round(m * 60 / rng.uniform(310, 350), 2)
    return f"Treadmill Run · {m}:00 · {km:.2f} km", r_run(km, m)


def p_en_strong(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [130, 140]), 2.5, 0.4), "bench press": Prog(rng, pick(rng, [95, 100]), 2.5, 0.35),
         "deadlift": Prog(rng, pick(rng, [170, 180]), 5, 0.35), "overhead press": Prog(rng, pick(rng, [60, 62.5]), 2.5, 0.25),
         "row": Prog(rng, pick(rng, [80, 85]), 2.5, 0.3), "front squat": Prog(rng, pick(rng, [90, 95]), 2.5, 0.3),
         "power clean": Prog(rng, pick(rng, [80, 85]), 2.5, 0.3)}
    db = {"dumbbell bench press": Prog(rng, pick(rng, [30, 32]), 2, 0.2), "dumbbell shoulder press": Prog(rng, pick(rng, [20, 22]), 2, 0.2)}
    broken = start + D(rng.randint(10, 40))
    travel = set()
    t0 = start + D(rng.randint(20, 45))
    for i in range(6):
        travel.add(t0 + D(i))
    bw = rng.uniform(84, 90)
    info = {"wod": set(), "kb": []}
    ab = 0
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.08:
            continue
        src = f"Training/{d.isoformat()}.md"
        day = Day(d, src, recs)
        head = f"# {d.strftime('%a %-d %b')}\n\n"
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = ""
            continue
        if rng.random() < 0.75:
            mins = sleep_minutes(rng, 340, 500)
            h, m = divmod(mins, 60)
            t = pick(rng, [f"💤 {h}:{m:02d}", (f"Sleep {h}h {m}m" if m else f"Sleep {h}h") + f" (Whoop {rng.randint(40, 95)}%)", f"slept {dec(mins / 60, False, 2)} hrs",
                           f"Sleep: {h}:{m:02d} (Whoop)"])
            if "hrs" in t and mins % 15:
                t = f"Sleep {h}h {m}m" if m else f"Sleep {h}h"
            day.add(t, r_sleep(mins / 60))
        if rng.random() < 0.3:
            bw += rng.uniform(-0.4, 0.35)
            w = round(bw, 1)
            day.add(pick(rng, [f"BW {fmt_num(w, 1)}kg", f"Bodyweight: {fmt_num(w, 1)} kg", f"BW: {fmt_num(w, 1)} kg"]), r_bw(w))
        if rng.random() < 0.35:
            g = rng.randrange(160, 231, 5)
            k = rng.randrange(2300, 3300, 10)
            day.add(pick(rng, [f"Protein: {g}g · {thou(k)} kcal", f"MFP: {thou(k)} kcal, protein {g} g"]),
                    r_q("protein", g, "g"), r_q("kcal", k, "kcal"))
        if d in travel:
            if wd in (0, 2, 4):
                day.note("")
                day.note("Hotel gym, everything in lb 🙄")
                lines, rs = strong_block(rng, "leg press", rng.randrange(320, 410, 10), 3, 10, "lb", warm=False)
                day.add("\n".join(lines), rs)
                lines, rs = strong_block(rng, "lat pulldown", rng.randrange(120, 165, 5), 3, 12, "lb", warm=False)
                day.add("\n".join(lines), rs)
                c = pick(rng, [25, 30, 35])
                day.add(f"DB curls 2x{c}lb 3x12", r_lift("dumbbell curl", c, "lb", 3, 12))
        elif wd in (0, 2, 4) and rng.random() < 0.85:
            A = ab % 2 == 0
            ab += 1
            style = pick(rng, ["strong", "strong", "hevy", "typed", "oneliner"])
            day.note("")
            if style in ("strong", "hevy"):
                day.note(pick(rng, ["Evening Workout", "Push Day 💪", "Lower A", "Upper B"]) if style == "strong" else pick(rng, ["Leg day", "Heavy day", "Workout"]))
                day.note(f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}, {d.year} at {pick(rng, ['6:12 AM', '5:48 PM', '7:05 PM'])}"
                         if style == "strong" else f"@liftsbyjoe · {pick(rng, ['6:02pm', '7:15am'])}")
                day.note("")
            main = ["squat", "bench press"] if A else ["deadlift", "overhead press"]
            for name in main:
                w = P[name].next()
                sets, reps = (1, 5) if name == "deadlift" else (3, pick(rng, [5, 3])) if A else (3, 8)
                if style in ("strong", "hevy"):
                    lines, rs = strong_block(rng, name, w, sets, reps, hevy=style == "hevy", rpe=True)
                    day.add("\n".join(lines), rs)
                    day.note("")
                elif style == "typed":
                    lines, rs = typed_block(rng, name, w, sets, reps)
                    day.add("\n".join(lines), rs)
                    day.note("")
                else:
                    word = pick(rng, EN_SHORT[name])
                    if name == "bench press" and rng.random() < 0.5:
                        bo = r25(w * 0.88)
                        day.add(f"{word} {fmt_num(w)}kg x {reps} RPE {pick(rng, [8, 8.5, 9])}, then 3x8 @ {fmt_num(bo)}kg",
                                r_lift(name, w, "kg", 1, reps), r_lift(name, bo, "kg", 3, 8))
                    else:
                        day.add(f"{word} {fmt_num(w)}kg {sets}x{reps} @{pick(rng, [7, 7.5, 8, 8.5, 9])}", r_lift(name, w, "kg", sets, reps))
            if style in ("strong", "hevy"):
                day.note(pick(rng, [f"Volume: {thou(rng.randrange(6000, 14000, 5))} kg", f"Duration: 1h {rng.randint(5, 40)}min",
                                    "https://strong.app.link/" + "".join(pick(rng, "abcdefghjk23456789") for _ in range(10))]))
            acc = []
            if A:
                n = "dumbbell bench press"
                w = db[n].next()
                acc.append((pick(rng, [f"DB bench 2x{fmt_num(w)}kg 3x10", f"DB bench press 2x{fmt_num(w)}kg 3x10", f"Dumbbell bench 2 × {fmt_num(w)} kg, 3x10"]),
                            r_lift(n, w, "kg", 3, 10)))
            else:
                n = "dumbbell shoulder press"
                w = db[n].next()
                acc.append((pick(rng, [f"DB shoulder press 2x{fmt_num(w)}kg 3x10", f"Seated DB press 2×{fmt_num(w)}kg 3×10 (per hand)"]),
                            r_lift(n, w, "kg", 3, 10)))
                if rng.random() < 0.5:
                    w = P["row"].next()
                    acc.append((f"Rows {fmt_num(w)}kg 4x8", r_lift("row", w, "kg", 4, 8)))
            if rng.random() < 0.5:
                k = pick(rng, [24, 24, 28, 32])
                s, r = pick(rng, [(5, 20), (10, 10), (4, 15)])
                acc.append((pick(rng, [f"KB swings {k}kg {s}x{r}", f"Kettlebell swings {k}kg {s}x{r}"]), r_lift("kettlebell swing", k, "kg", s, r)))
                info["kb"].append(d)
            day.note("Accessories:")
            for t, r in acc:
                day.add(f"- {t}", r)
        elif wd == 5 and rng.random() < 0.8:
            info["wod"].add(d)
            day.note("")
            day.note("## CrossFit")
            sname = pick(rng, ["front squat", "power clean", "squat"])
            w = P[sname].next() if sname != "squat" else r25(P["squat"].w * 0.85)
            s, r = (5, 3) if sname == "front squat" else (5, 2) if sname == "power clean" else (5, 5)
            word = {"front squat": "Front squat", "power clean": "Power clean", "squat": "Back squat"}[sname]
            day.add(f"Strength: {word} {s}x{r} @ {fmt_num(w)}kg", r_lift(sname, w, "kg", s, r))
            f = rng.randrange(3)
            if f == 0:
                day.note("WOD — AMRAP 12:")
                day.note(f"- 10 KB swings ({pick(rng, [24, 32])}kg)\n- 10 box jumps\n- 10 burpees")
                day.note(f"Score: {rng.randint(5, 7)} rds + {rng.randint(1, 29)}")
            elif f == 1:
                day.note(f"WOD \"Fran\": 21-15-9 thrusters (43 kg) + pull-ups — {rng.randint(5, 8)}:{rng.randint(0, 59):02d} Rx")
            else:
                day.note("For time: 5 RFT")
                day.note(f"- 400m run\n- 15 OHS @ 40kg\n- 15 toes-to-bar\nTime: {rng.randint(16, 22)}:{rng.randint(0, 59):02d}")
        if (wd in (1, 3) and rng.random() < 0.8) or (wd == 6 and rng.random() < 0.7):
            t, r = en_run(rng, "long" if wd == 6 else "easy")
            day.note("")
            day.add(t, r)
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["Coach hit a 220kg deadlift today 🤯", "Sam benched 120 kg for a single", "Partner ran 10k in 48:30",
                                "Mike squatted 180kg x 3, animal"]))
        elif x < 0.13:
            day.note(pick(rng, [f"Next week: Squat {fmt_num(P['squat'].w + 5)}kg 3x3 @8", "Plan: long run 20 km Sunday",
                                f"Goal: {fmt_num(P['deadlift'].w + 20)}kg pull by Christmas"]))
        elif x < 0.22:
            day.note(pick(rng, ["rest day", "knees sore", "work trip prep", "great session", "deload-ish"]))
        if not day.lines:
            day.note("rest")
        fm = frontmatter_broken() if d == broken else ("---\ntype: training\n---\n" if rng.random() < 0.5 else "")
        files[src] = fm + head + "\n".join(day.lines).strip("\n") + "\n"
    files["Programs/Block 3 - strength.md"] = (f"# Block 3 (strength)\n\n| day | lift | sets x reps | load |\n|---|---|---|---|\n"
                                               f"| Mon | Squat | 5x3 | {fmt_num(P['squat'].w + 7.5)}kg @8 |\n| Mon | Bench | 4x5 | {fmt_num(P['bench press'].w + 5)}kg |\n"
                                               f"| Wed | Deadlift | 1x5 | {fmt_num(P['deadlift'].w + 10)}kg |\n| Wed | OHP | 3x8 | 62.5kg |\n\n"
                                               "KB swings 32kg 10x10 on off days.\n")
    files["Templates/Workout.md"] = "# {{date}}\n\nSleep: \nBW: __ kg\n\nSquat (Barbell)\nSet 1: __ kg × __\n"
    return files, recs, info


# --------------------------------------------------------------------------- ko-insta
# Instagram captions kept as notes `인스타/261103.md` (YYMMDD): `오운완 🔥 하체 데이`, lifts as
# `스쿼트 80키로 10개 4셋` / `레그프레스 160 12x4` (weight, reps x sets), `런닝머신 30분 4.2km`,
# hashtags, emoji, `꿀잠 8시간 😴`, `몸무게 54.2` (no unit).

KO_WD = "월화수목금토일"
KI_WORDS = {"squat": ["스쿼트", "스쿼트", "스쾃"], "leg press": ["레그프레스", "레그 프레스"], "leg extension": ["레그익스텐션"],
            "lat pulldown": ["랫풀", "랫풀다운"], "seated row": ["시티드로우", "시티드 로우"], "deadlift": ["데드", "데드리프트"],
            "bench press": ["벤치", "벤치프레스"], "incline dumbbell press": ["인클라인 덤벨프레스", "인클라인 덤벨"],
            "pec deck": ["펙덱", "펙덱 플라이"], "overhead press": ["밀프", "오버헤드프레스"], "lateral raise": ["사레레", "사이드 레터럴 레이즈"]}
KI_DAYS = {"하체": [("squat", 2.5), ("leg press", 10), ("leg extension", 5)],
           "등": [("deadlift", 5), ("lat pulldown", 2.5), ("seated row", 2.5)],
           "가슴": [("bench press", 2.5), ("incline dumbbell press", 1), ("pec deck", 5)],
           "어깨": [("overhead press", 2.5), ("lateral raise", 1)]}
KI_TAGS = ["#오운완", "#헬스타그램", "#운동하는여자", "#운동기록", "#헬린이", "#바디프로필준비", "#오늘도해냈다"]


def ki_lift(rng, name, w, reps, sets):
    word = pick(rng, KI_WORDS[name])
    W = fmt_num(w)
    f = rng.random()
    if name in ("leg press", "seated row", "pec deck") and f < 0.55:
        return f"{word} {W} {reps}x{sets}", r_lift(name, w, None, sets, reps)
    if f < 0.45:
        return f"{word} {W}키로 {reps}개 {sets}셋", r_lift(name, w, "kg", sets, reps)
    if f < 0.65:
        return f"{word} {W}kg {reps}개 {sets}세트", r_lift(name, w, "kg", sets, reps)
    if f < 0.85:
        return f"{word} {W}키로 {reps}회 x {sets}셋", r_lift(name, w, "kg", sets, reps)
    return f"{word} {W} {reps}x{sets}", r_lift(name, w, None, sets, reps)


def p_ko_insta(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    W0 = {"squat": pick(rng, [50, 55, 60]), "leg press": pick(rng, [120, 140]), "leg extension": 30, "deadlift": pick(rng, [55, 60, 65]),
          "lat pulldown": pick(rng, [30, 35]), "seated row": 30, "bench press": pick(rng, [30, 32.5, 35]),
          "incline dumbbell press": pick(rng, [8, 10]), "pec deck": 25, "overhead press": pick(rng, [20, 22.5]), "lateral raise": 4}
    P = {k: Prog(rng, w, step, 0.25 if k in ("squat", "leg press", "deadlift") else 0.12, 0.04)
         for part in KI_DAYS.values() for k, step in part for w in [W0[k]]}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(53, 58)
    order = ["하체", "등", "가슴", "어깨"]
    oi = rng.randrange(4)
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.12:
            continue
        src = f"인스타/{d:%y%m%d}.md"
        day = Day(d, src, recs)
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = ""
            continue
        part = None
        if wd < 5 and rng.random() < 0.75:
            part = order[oi % 4]
            oi += 1
        elif wd == 5 and rng.random() < 0.5:
            part = "유산소"
        body = []
        if part and part != "유산소":
            day.note(pick(rng, [f"오운완 🔥 {part} 데이", f"오운완 ✅ {part}", f"{d.month}.{d.day:02d} ({KO_WD[wd]}) 오운완 💪 {part}",
                                f"오늘은 {part} 🔥 #오운완"]))
            day.note("")
            for name, _step in KI_DAYS[part]:
                w = P[name].next()
                reps = 10 if name in ("squat", "deadlift", "bench press", "overhead press") else pick(rng, [12, 15])
                sets = pick(rng, [4, 4, 5, 3])
                t, r = ki_lift(rng, name, w, reps, sets)
                day.add(t, r)
            if rng.random() < 0.3:
                day.note(pick(rng, ["천국의계단 20분 🥵", "걷기 30분", "사이클 15분"]))
        if part == "유산소" or (part and rng.random() < 0.35):
            if part == "유산소":
                day.note(pick(rng, ["오늘은 유산소만 🏃‍♀️", "유산소 데이", "오운완 🔥 유산소"]))
                day.note("")
            if rng.random() < 0.6:
                m = pick(rng, [20, 25, 30, 30, 40])
                km = round(m / rng.uniform(6.5, 8.2), 1)
                day.add(pick(rng, [f"런닝머신 {m}분 {fmt_num(km, 1)}km", f"런닝머신 {fmt_num(km, 1)}km {m}분", f"트레드밀 {m}분 {fmt_num(km, 1)}키로"]),
                        r_run(km, m))
            else:
                km = round(rng.uniform(3, 7), 1)
                if rng.random() < 0.15:
                    km = 5.0
                m = round(km * rng.uniform(6.0, 7.2))
                day.add(pick(rng, [f"야외 러닝 {fmt_num(km, 1)}km {m}분 🏃‍♀️", f"한강 런 {fmt_num(km, 1)}키로 {m}분", f"러닝 {fmt_num(km, 1)}k {m}분"]),
                        r_run(km, m))
        if rng.random() < 0.55:
            mins = sleep_minutes(rng, 300, 540)
            h, m = divmod(mins, 60)
            hm = f"{h}시간 {m}분" if m else f"{h}시간"
            t = (f"꿀잠 {hm} 😴" if mins >= 450 else f"잠 {hm}밖에 못잠 ㅠ" if mins <= 360 else pick(rng, [f"수면 {hm}", f"{h}h {m}m 잠" if m else f"{h}h 잠"]))
            body.append((t, [r_sleep(mins / 60)]))
        if wd in (0, 3) and rng.random() < 0.55:
            bw += rng.uniform(-0.35, 0.25)
            w = round(bw, 1)
            body.append((pick(rng, [f"몸무게 {fmt_num(w, 1)}", f"공체 {fmt_num(w, 1)}kg", f"눈바디 체크 📸 체중 {fmt_num(w, 1)}"]), [r_bw(w)]))
        x = rng.random()
        if x < 0.07:
            body.append((pick(rng, ["친구는 스쿼트 100 친대 ㄷㄷ", "PT쌤 데드 180 🔥 넘사벽", "언니는 하프 2시간에 뛰었대"]), []))
        elif x < 0.13:
            body.append((pick(rng, [f"다음주 목표 스쿼트 {fmt_num(P['squat'].w + 5)}키로!", "내일은 등 데이", "이번 달 목표 오운완 20번 🔥"]), []))
        elif x < 0.2 and part:
            body.append((pick(rng, ["3대 합 찍어봄 🎉", "하체 털림 🥲", "오늘 컨디션 최고"]), []))
        if body:
            day.note("")
            for t, rs in body:
                day.add(t, rs)
        if part:
            day.note("")
            day.note(" ".join(rng.sample(KI_TAGS, rng.randint(3, 5))) + (f" #{part}운동" if part != "유산소" else " #러닝"))
        if not day.lines:
            day.note(pick(rng, ["쉬는 날 🛌", "오늘은 휴식", "운동 쉼 (야근 😵)"]))
        fm = frontmatter_broken() if d == broken else ""
        files[src] = fm + "\n".join(day.lines).strip("\n") + "\n"
    files["인스타/루틴 메모.md"] = ("# 분할 루틴\n\n하체: 스쿼트 60키로 10개 5셋 / 레그프레스 160 12x4 / 레그익스텐션 35 15x3\n"
                                "등: 데드 70키로 10개 4셋 / 랫풀 40 12x4\n가슴: 벤치 40키로 10개 5셋\n어깨: 밀프 25키로 10개 4셋\n")
    files["목표.md"] = "# 바프 목표 🔥\n\n- 몸무게 52kg\n- 스쿼트 80키로\n- 데드 100\n- 매일 만보\n"
    return files, recs, {}


# --------------------------------------------------------------------------- ko-pt
# A PT diary `PT다이어리/2026/11/03.md` (year and month only in the folders): `# PT 23회차`,
# `벤치 60 x 10 x 3` (weight x reps x sets, no unit), corrections (`(수정: 8회였음)`,
# `~~데드 80 x 8 x 3~~ → 85 x 8 x 3`, a later `(수정) 아까 레그프레스 140 아니고 120이었음`),
# trainer notes, self workouts, a meal log with `단백질 140g / 1,650kcal`, `공복 체중 58.3kg`.

KP_WORDS = {"squat": ["스쿼트", "바벨 스쿼트"], "bench press": ["벤치", "벤치프레스"], "deadlift": ["데드", "데드리프트"],
            "leg press": ["레그프레스"], "lat pulldown": ["랫풀다운"], "seated row": ["시티드로우"], "overhead press": ["OHP", "오버헤드프레스"],
            "romanian deadlift": ["루마니안 데드", "RDL"]}
KP_FOOD = {"아침": ["닭가슴살 200g", "고구마 150g", "삶은 계란 2개", "오트밀 40g", "그릭요거트"],
           "점심": ["현미밥 반공기", "연어 샐러드", "닭가슴살 샐러드", "회사 구내식당", "포케"],
           "저녁": ["소고기 150g", "브로콜리", "두부 반모", "닭가슴살 스테이크", "고구마 100g"],
           "간식": ["프로틴 쉐이크", "바나나", "아몬드 한줌"]}


def food_name(item):
    """The food itself: `닭가슴살 200g` -> `닭가슴살`."""
    import re
    return re.sub(r"\s*(\d+(\.\d+)?\s*(g|개|스쿱)|반공기|반모|한줌)$", "", item).strip()


def p_ko_pt(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [40, 45, 50]), 2.5, 0.45), "bench press": Prog(rng, pick(rng, [25, 30]), 2.5, 0.35),
         "deadlift": Prog(rng, pick(rng, [50, 55, 60]), 5, 0.4), "leg press": Prog(rng, pick(rng, [80, 100]), 10, 0.35),
         "lat pulldown": Prog(rng, pick(rng, [25, 30]), 2.5, 0.3), "seated row": Prog(rng, 25, 2.5, 0.3),
         "overhead press": Prog(rng, 20, 2.5, 0.25), "romanian deadlift": Prog(rng, pick(rng, [40, 45]), 5, 0.3)}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(58, 64)
    n_pt = rng.randint(3, 15)
    info = {"pt": {}, "meals": {}}
    lower = True
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.1:
            continue
        src = f"PT다이어리/{d.year}/{d.month:02d}/{d.day:02d}.md"
        day = Day(d, src, recs)
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = ""
            continue
        pt = wd in (1, 4) and rng.random() < 0.9
        self_day = not pt and wd == 5 and rng.random() < 0.55
        if pt:
            n_pt += 1
            info["pt"][d] = n_pt
            part = "하체" if lower else "상체"
            lower = not lower
            day.note(pick(rng, [f"# PT {n_pt}회차 ({part})", f"# PT {n_pt}회차 🏋️‍♀️", f"# {n_pt}회차 PT - {part}"]))
            day.note(f"트레이너: {pick(rng, ['민쌤', '김쌤'])}")
            day.note("")
            names = ["squat", "leg press", "romanian deadlift"] if part == "하체" else ["bench press", "lat pulldown", "seated row"]
            if part == "하체" and rng.random() < 0.5:
                names[2] = "deadlift"
            if part == "상체" and rng.random() < 0.4:
                names.append("overhead press")
            fixed = None
            for name in names:
                w = P[name].next()
                reps = pick(rng, [10, 10, 12, 8]) if name not in ("leg press", "lat pulldown", "seated row") else pick(rng, [12, 15])
                sets = pick(rng, [3, 3, 4])
                word = pick(rng, KP_WORDS[name])
                U = pick(rng, ["", "", "", "kg"])
                c = rng.random()
                if c < 0.08:
                    wrong = reps + pick(rng, [2, -2])
                    t = f"- {word} {fmt_num(w)}{U} x {wrong} x {sets} (수정: {reps}회였음)"
                elif c < 0.14:
                    wrong = w - pick(rng, [5, 10]) if w > 20 else w + 5
                    t = f"- ~~{word} {fmt_num(wrong)} x {reps} x {sets}~~ → {fmt_num(w)} x {reps} x {sets}"
                    U = ""
                elif c < 0.19 and fixed is None:
                    wrong = w + pick(rng, [10, 20]) if name == "leg press" else w + 5
                    t = f"- {word} {fmt_num(wrong)}{U} x {reps} x {sets}"
                    fixed = (word, wrong, w)
                else:
                    t = f"- {word} {fmt_num(w)}{U} x {reps} x {sets}" + pick(rng, ["", "", "", " 👍", " (자세 교정)", " 마지막 세트 보조받음"])
                day.add(t, r_lift(name, w, "kg" if U else None, sets, reps))
            if rng.random() < 0.4:
                m = pick(rng, [15, 20])
                km = round(m / rng.uniform(6.5, 8), 1)
                day.add(f"- 런닝머신 {m}분 {fmt_num(km, 1)}km (마무리 유산소)", r_run(km, m))
            if fixed:
                day.note(f"(수정) 아까 {fixed[0]} {fmt_num(fixed[1])} 아니고 {fmt_num(fixed[2])}kg으로 했음")
            day.note("")
            day.note(pick(rng, [f"> 쌤 피드백: 무릎 안으로 모이지 않게! 다음 시간에 스쿼트 {fmt_num(P['squat'].w + 5)} 도전",
                                "> 쌤: 벤치 할 때 견갑 고정, 허리 너무 뜨지 않게", "> 쌤 시범 데드 140 ㄷㄷ",
                                f"> 다음 목표: 데드 {fmt_num(P['deadlift'].w + 10)}kg", "> 오늘 폼 좋았다고 칭찬받음 😊"]))
        elif self_day:
            day.note("# 개인운동 (복습)")
            day.note("")
            for name in pick(rng, [["squat", "lat pulldown"], ["bench press", "leg press"], ["deadlift", "seated row"]]):
                w = P[name].w - pick(rng, [0, P[name].step])
                reps, sets = pick(rng, [10, 12]), 3
                word = pick(rng, KP_WORDS[name])
                day.add(f"- {word} {fmt_num(w)}kg {reps}회 {sets}세트", r_lift(name, w, "kg", sets, reps))
            if rng.random() < 0.6:
                m = pick(rng, [20, 25, 30])
                km = round(m / rng.uniform(6.5, 8), 1)
                day.add(f"- 런닝머신 {m}분 {fmt_num(km, 1)}km", r_run(km, m))
        else:
            day.note(pick(rng, ["# 식단 기록", "# 오늘 기록", f"# {d.month}/{d.day} ({KO_WD[wd]})"]))
        # body
        day.note("")
        if rng.random() < 0.5:
            bw += rng.uniform(-0.3, 0.22)
            w = round(bw, 1)
            day.add(pick(rng, [f"공복 체중 {fmt_num(w, 1)}kg", f"체중 {fmt_num(w, 1)}", f"아침 몸무게 {fmt_num(w, 1)}kg"]), r_bw(w))
        if rng.random() < 0.6:
            mins = sleep_minutes(rng, 330, 480)
            h, m = divmod(mins, 60)
            t = pick(rng, [f"{h}시간 {m}분 잠" if m else f"{h}시간 잠", f"수면 {h}시간 {m}분" if m else f"수면 {h}시간",
                           f"잠 {dec(mins / 60, False, 2)}h" if mins % 30 == 0 else f"수면 {h}시간 {m}분"])
            day.add(t, r_sleep(mins / 60))
        if rng.random() < 0.8:
            day.note("")
            day.note("## 식단")
            meals = []
            for meal in ("아침", "점심", "저녁", "간식"):
                if meal == "간식" and rng.random() < 0.5:
                    continue
                items = rng.sample(KP_FOOD[meal], 2 if meal != "간식" else 1)
                day.note(f"{meal}: {', '.join(items)}")
                meals += [(meal, food_name(i)) for i in items]
            info["meals"][d] = meals
            g = rng.randrange(95, 150, 5)
            k = rng.randrange(1350, 1900, 10)
            f = rng.random()
            if f < 0.45:
                day.add(f"단백질 {g}g / {thou(k)}kcal", r_q("protein", g, "g"), r_q("kcal", k, "kcal"))
            elif f < 0.75:
                day.add(f"오늘 총 단백질 {g}g 채움 ✅", r_q("protein", g, "g"))
            else:
                day.add(f"총 {thou(k)}kcal, 단백질 {g}g", r_q("kcal", k, "kcal"), r_q("protein", g, "g"))
        x = rng.random()
        if x < 0.06:
            day.note(pick(rng, ["같이 PT 받는 언니는 스쿼트 80 한대", "남친은 벤치 100 친다고 자랑함"]))
        elif x < 0.12:
            day.note(pick(rng, ["다음 주 목표: 단백질 매일 130g", f"다음 PT 때 스쿼트 {fmt_num(P['squat'].w + 5)} 도전!", "내일 하체 PT 예약"]))
        fm = frontmatter_broken() if d == broken else ("---\ntags: [PT, 다이어트]\n---\n" if rng.random() < 0.3 else "")
        files[src] = fm + "\n".join(day.lines).strip("\n") + "\n"
    files["PT다이어리/PT 계약.md"] = (f"# PT 계약\n\n- 30회 등록 (1회 7만원)\n- 목표: 체중 {fmt_num(round(bw - 3))}kg, 스쿼트 60kg 10회\n"
                                   "- 주 2회 (화/금)\n")
    files["PT다이어리/식단 가이드.md"] = "# 쌤이 준 식단 가이드\n\n- 단백질 하루 120g 이상\n- 1,500kcal 유지\n- 아침: 닭가슴살 100g, 고구마 100g\n"
    return files, recs, info


PEOPLE = {"zh-gym": p_zh_gym, "de-hybrid": p_de_hybrid, "fr-mix": p_fr_mix, "en-strong": p_en_strong,
          "ko-insta": p_ko_insta, "ko-pt": p_ko_pt}
LANG = {"zh-gym": "zh", "de-hybrid": "de", "fr-mix": "fr", "en-strong": "en", "ko-insta": "ko", "ko-pt": "ko"}

# --------------------------------------------------------------------------- questions

PERIODS = {
    "en": {"today": ["today"], "yesterday": ["yesterday"], "this_week": ["this week"], "last_week": ["last week"],
           "this_month": ["this month"], "last_month": ["last month"],
           "past_days": ["in the last {n} days", "over the past {n} days"], "in_month": ["in {month}"], "all": ["", "ever"]},
    "zh": {"today": ["今天"], "yesterday": ["昨天"], "this_week": ["这周", "本周"], "last_week": ["上周", "上个星期"],
           "this_month": ["这个月", "本月"], "last_month": ["上个月"], "past_days": ["过去{n}天", "最近{n}天"],
           "in_month": ["{m}月"], "all": ["", "到目前为止"]},
    "de": {"today": ["heute"], "yesterday": ["gestern"], "this_week": ["diese Woche"], "last_week": ["letzte Woche", "vergangene Woche"],
           "this_month": ["diesen Monat"], "last_month": ["letzten Monat"], "past_days": ["in den letzten {n} Tagen"],
           "in_month": ["im {month}"], "all": ["", "bisher"]},
    "fr": {"today": ["aujourd'hui"], "yesterday": ["hier"], "this_week": ["cette semaine"], "last_week": ["la semaine dernière"],
           "this_month": ["ce mois-ci"], "last_month": ["le mois dernier"], "past_days": ["ces {n} derniers jours", "sur les {n} derniers jours"],
           "in_month": ["en {month}"], "all": ["", "depuis le début"]},
    "ko": {"today": ["오늘"], "yesterday": ["어제"], "this_week": ["이번 주", "이번주"], "last_week": ["지난주", "저번 주"],
           "this_month": ["이번 달", "이번달"], "last_month": ["지난달", "저번 달"], "past_days": ["최근 {n}일", "지난 {n}일 동안"],
           "in_month": ["{m}월에", "{m}월"], "all": ["지금까지", ""]},
}
MONTH_NAMES = {"en": "January February March April May June July August September October November December".split(),
               "de": DE_MON, "fr": FR_MON}

T = {
    "run_km": {"zh": ["{p}跑了多少公里？", "{p}一共跑了几公里", "{p}跑步总距离是多少？"],
               "de": ["Wie viele km bin ich {p} gelaufen?", "Laufkilometer {p}?", "Wie weit bin ich {p} insgesamt gelaufen?"],
               "fr": ["Combien de km ai-je couru {p} ?", "kilomètres courus {p} ?", "distance totale de course {p} ?"],
               "ko": ["{p} 몇 km 뛰었어?", "{p} 러닝 총 거리", "{p} 달린 거리 합계는?"],
               "en": ["how many km did I run {p}", "total running distance {p}?", "how far did I run {p}"]},
    "run_count": {"zh": ["{p}跑了几次步？", "{p}跑了几次？"], "de": ["Wie oft bin ich {p} gelaufen?", "Wie viele Läufe {p}?"],
                  "fr": ["Combien de fois ai-je couru {p} ?", "combien de sorties course {p} ?"],
                  "ko": ["{p} 러닝 몇 번 했어?", "{p} 몇 번 뛰었지?"], "en": ["how many runs {p}", "how many times did I run {p}"]},
    "gym_count": {"zh": ["{p}去了几次健身房？", "{p}练了几次力量？", "{p}撸铁几次？"],
                  "de": ["Wie oft war ich {p} im Gym?", "Wie viele Krafttrainings {p}?"],
                  "fr": ["Combien de séances de muscu {p} ?", "combien de fois à la salle {p} ?"],
                  "ko": ["{p} 헬스 몇 번 했어?", "{p} 웨이트 몇 번 했지?"],
                  "en": ["how many gym sessions {p}", "how many times did I lift {p}", "how many days did I lift weights {p}"]},
    "train_days": {"zh": ["{p}训练了几天？", "{p}有几天运动了？"],
                   "de": ["An wie vielen Tagen habe ich {p} trainiert?", "Trainingstage {p}?"],
                   "fr": ["Combien de jours d'entraînement {p} ?", "combien de jours ai-je fait du sport {p} ?"],
                   "ko": ["{p} 운동한 날 며칠이야?", "{p} 며칠 운동했어?"],
                   "en": ["how many days did I train {p}", "on how many days did I work out {p}"]},
    "sleep_avg": {"zh": ["{p}平均每晚睡多久？", "{p}平均睡眠时间是多少？"],
                  "de": ["Wie viel habe ich {p} im Schnitt geschlafen?", "Durchschnittlicher Schlaf {p}?"],
                  "fr": ["Combien d'heures de sommeil en moyenne {p} ?", "sommeil moyen {p} ?"],
                  "ko": ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?"],
                  "en": ["average sleep {p}", "how much did I sleep on average {p}"]},
    "lift_best": {"zh": ["{p}{ex}最大重量是多少？", "{p}{ex}最重做了多少公斤？"],
                  "de": ["Höchstes Gewicht beim {ex} {p}?", "Max {ex} {p}?"],
                  "fr": ["Quelle est ma charge max au {ex} {p} ?", "mon record au {ex} {p} ?"],
                  "ko": ["{p} {ex} 최고 중량은?", "{p} {ex} 제일 무겁게 든 거 몇 kg?"],
                  "en": ["heaviest {ex} {p}", "what's my best {ex} {p}", "max {ex} weight {p}"]},
    "lift_last": {"zh": ["上次{ex}做了多少公斤？", "最近一次{ex}用的什么重量？"],
                  "de": ["Mit wie viel Gewicht habe ich zuletzt {ex} gemacht?", "Letztes Gewicht beim {ex}?"],
                  "fr": ["Quelle charge au {ex} la dernière fois ?", "combien j'ai mis au {ex} la dernière fois ?"],
                  "ko": ["마지막으로 {ex} 몇 kg 했어?", "지난번 {ex} 무게는?"],
                  "en": ["last {ex} weight?", "what weight did I use for {ex} last time", "what was my most recent {ex} weight"]},
    "lift_trend": {"zh": ["我的{ex}有进步吗？", "{ex}重量的变化趋势怎么样？"],
                   "de": ["Wie entwickelt sich mein {ex}?", "Werde ich beim {ex} stärker?"],
                   "fr": ["Est-ce que je progresse au {ex} ?", "évolution de mon {ex} ?"],
                   "ko": ["{ex} 늘고 있어?", "{ex} 중량 추세 어때?"],
                   "en": ["am I getting stronger on {ex}", "how is my {ex} progressing", "{ex} trend"]},
    "run_longest": {"zh": ["{p}跑得最远的一次是多少公里？", "{p}最长的一次跑步多远？"],
                    "de": ["Längster Lauf {p}?", "Was war mein längster Lauf {p}?"],
                    "fr": ["Ma plus longue course {p} ?", "quelle a été ma sortie la plus longue {p} ?"],
                    "ko": ["{p} 가장 길게 달린 거리는?", "{p} 최장 러닝 거리?"],
                    "en": ["longest run {p}", "what was my longest run {p}"]},
    "run_last": {"zh": ["我上次跑步是什么时候？", "最近一次跑步是哪天？"], "de": ["Wann bin ich zuletzt gelaufen?", "Wann war mein letzter Lauf?"],
                 "fr": ["Quand ai-je couru pour la dernière fois ?", "c'était quand ma dernière course ?"],
                 "ko": ["마지막으로 달린 게 언제야?", "마지막 러닝 언제였어?"], "en": ["when did I last run", "when was my last run"]},
    "fastest_5k": {"zh": ["5公里最快多少时间？"], "de": ["Schnellste 5 km?", "Beste 5-km-Zeit?"], "fr": ["Meilleur temps sur 5 km ?"],
                   "ko": ["5km 최고 기록은?"], "en": ["fastest 5k", "what's my best 5k time"]},
    "weight_last": {"zh": ["我最近的体重是多少？", "最新体重多少公斤？"], "de": ["Was wiege ich aktuell?", "Letztes Gewicht auf der Waage?"],
                    "fr": ["Quel est mon dernier poids ?", "combien je pèse en ce moment ?"],
                    "ko": ["최근 몸무게 몇이야?", "마지막으로 잰 체중은?"], "en": ["what's my latest bodyweight", "what did I weigh last time"]},
    "weight_avg": {"zh": ["{p}平均体重是多少？"], "de": ["Durchschnittsgewicht {p}?"], "fr": ["poids moyen {p} ?"],
                   "ko": ["{p} 평균 체중은?"], "en": ["average bodyweight {p}"]},
    "weight_trend": {"zh": ["体重变化趋势怎么样？", "我的体重有下降吗？"], "de": ["Wie hat sich mein Gewicht entwickelt?", "Nehme ich ab?"],
                     "fr": ["évolution de mon poids ?", "est-ce que je perds du poids ?"], "ko": ["체중 변화 어때?", "몸무게 추세 알려줘"],
                     "en": ["weight trend", "is my bodyweight going down", "how has my bodyweight changed"]},
    "steps_avg": {"zh": ["{p}平均每天走多少步？"], "de": ["Durchschnittliche Schritte pro Tag {p}?"],
                  "fr": ["Combien de pas par jour en moyenne {p} ?"], "ko": ["{p} 하루 평균 걸음수는?"], "en": ["average steps per day {p}"]},
    "coffee_total": {"zh": ["{p}喝了几杯咖啡？"], "de": ["Wie viele Kaffee hatte ich {p}?", "Tassen Kaffee {p}?"],
                     "fr": ["Combien de cafés {p} ?"], "ko": ["{p} 커피 몇 잔 마셨어?"], "en": ["how many coffees did I have {p}"]},
    "protein_avg": {"ko": ["{p} 하루 평균 단백질 몇 g 먹었어?", "{p} 평균 단백질 섭취량"],
                    "en": ["average protein per day {p}", "how much protein a day {p} on average"]},
    "kcal_avg": {"ko": ["{p} 하루 평균 칼로리는?", "{p} 평균 몇 kcal 먹었지"], "en": ["average calories per day {p}"]},
    "cmp_run": {"zh": ["这个月和上个月跑步距离比较一下", "这个月跑的比上个月多吗？"],
                "de": ["Bin ich diesen Monat mehr gelaufen als letzten Monat?", "Laufkilometer diesen Monat vs. letzten Monat"],
                "fr": ["J'ai couru plus ce mois-ci que le mois dernier ?", "km de course ce mois-ci vs le mois dernier"],
                "ko": ["이번 달이랑 지난달 러닝 거리 비교해줘", "지난달보다 이번 달 더 많이 뛰었어?"],
                "en": ["did I run more this month than last month", "running km this month vs last month"]},
    "cmp_gym": {"zh": ["这个月和上个月相比，去健身房的次数多了还是少了？"], "de": ["Mehr Krafttrainings diesen Monat als letzten Monat?"],
                "fr": ["plus de séances de muscu ce mois-ci que le mois dernier ?"], "ko": ["이번 달이랑 지난달 헬스 횟수 비교"],
                "en": ["gym sessions this month vs last month", "did I lift more often this month than last month"]},
    "none_swim": {"zh": ["{p}游了多少米？", "{p}游泳几次？"], "de": ["Wie viele Meter bin ich {p} geschwommen?"],
                  "fr": ["Combien de fois ai-je nagé {p} ?"], "ko": ["{p} 수영 몇 번 했어?"], "en": ["how far did I swim {p}", "how many swims {p}"]},
    "none_bike": {"zh": ["{p}骑了多少公里自行车？"], "de": ["Wie viele km bin ich {p} Rad gefahren?"], "fr": ["Combien de km de vélo {p} ?"],
                  "ko": ["{p} 자전거 몇 km 탔어?"], "en": ["how many km did I cycle {p}"]},
    "day_list": {"zh": ["{d}做了什么训练？", "{d}练了什么？"], "de": ["Was habe ich {d} trainiert?"], "fr": ["Qu'est-ce que j'ai fait {d} ?"],
                 "ko": ["{d} 무슨 운동 했어?", "{d} 운동 기록 보여줘"], "en": ["what did I do {d}", "what did I log {d}"]},
    "eat_list": {"ko": ["{d} 뭐 먹었어?", "{d} 식단 알려줘"], "en": ["what did I eat {d}"]},
    "pt_count": {"ko": ["{p} PT 몇 번 받았어?", "{p} PT 몇 회 했지?"], "en": ["how many PT sessions {p}"]},
    "pt_num": {"ko": ["PT 몇 회차까지 받았어?", "지금 PT 몇 회차야?"], "en": ["which PT session number am I at"]},
    "wod_count": {"en": ["how many CrossFit classes {p}", "how many WODs did I do {p}"]},
    "kb_best": {"en": ["heaviest kettlebell swing {p}", "what's the heaviest KB I swung {p}"]},
    "db_last": {"en": ["what dumbbells did I use for DB bench last time", "last DB bench weight?"]},
    "insta_days": {"ko": ["{p} 오운완 몇 번 했어?", "{p} 오운완 며칠이야?"], "en": ["how many workout days {p}"]},
}

LW = {"zh": {"squat": ["深蹲"], "bench press": ["卧推"], "deadlift": ["硬拉"], "overhead press": ["推举"]},
      "de": {"squat": ["Kniebeugen"], "bench press": ["Bankdrücken"], "deadlift": ["Kreuzheben"]},
      "fr": {"squat": ["squat"], "bench press": ["développé couché", "DC"], "deadlift": ["soulevé de terre", "SDT"]},
      "ko": {"squat": ["스쿼트"], "bench press": ["벤치", "벤치프레스"], "deadlift": ["데드", "데드리프트"], "leg press": ["레그프레스"]},
      "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"], "leg press": ["leg press"],
             "front squat": ["front squat"], "overhead press": ["overhead press", "OHP"]}}
MAIN_LIFTS = {"zh-gym": ["squat", "bench press", "deadlift"], "de-hybrid": ["squat", "bench press", "deadlift"],
              "fr-mix": ["squat", "bench press", "deadlift"], "en-strong": ["squat", "bench press", "deadlift"],
              "ko-insta": ["squat", "deadlift", "bench press", "leg press"], "ko-pt": ["squat", "bench press", "deadlift", "leg press"]}


def day_phrase(lang, d, today):
    if d == today - D(1):
        return {"zh": "昨天", "de": "gestern", "fr": "hier", "ko": "어제", "en": "yesterday"}[lang]
    if lang == "zh":
        return f"{d.month}月{d.day}日"
    if lang == "ko":
        return f"{d.month}월 {d.day}일"
    if lang == "de":
        return f"am {d.day}. {DE_MON[d.month - 1]}"
    if lang == "fr":
        return f"le {d.day} {FR_MON[d.month - 1]}"
    return f"on {d.strftime('%b')} {d.day}"


class QB:
    def __init__(self, person, recs, today, rng, info):
        self.person, self.main, self.recs, self.today, self.rng, self.info = person, LANG[person], recs, today, rng, info
        self.out = []
        self.prev = prev_month_start(today)
        self.prev2 = prev_month_start(self.prev)
        first = min(r.date for r in recs)
        self.named = self.prev2 if first <= self.prev2 + D(14) else self.prev
        old = self.prev
        for _ in range(4):
            old = prev_month_start(old)
        self.old = old

    def rng_of(self, pk, arg=None):
        if pk == "in_month":
            return period_range("in_month", self.today, arg or self.named)
        if pk == "past_days":
            return period_range("past_days", self.today, arg)
        return period_range(pk, self.today)

    def phrase(self, lang, pk, arg):
        w = self.rng.choice(PERIODS[lang][pk])
        if pk == "in_month":
            m = arg or self.named
            return w.format(month=MONTH_NAMES.get(lang, MONTH_NAMES["en"])[m.month - 1], m=m.month)
        if pk == "past_days":
            return w.format(n=arg)
        return w

    def lang(self, key):
        langs = [l for l in (self.main, "en") if l in T[key]]
        if self.main == "en" or len(langs) == 1:
            return langs[0]
        return self.main if self.rng.random() < 0.62 else "en"

    def add(self, key, kind, exp, pk=None, arg=None, ex=None, d=None):
        if exp is None:
            return
        lang = self.lang(key)
        t = self.rng.choice(T[key][lang])
        p = self.phrase(lang, pk, arg) if pk else ""
        exw = self.rng.choice(LW[lang][ex]) if ex else ""
        dp = day_phrase(lang, d, self.today) if d else ""
        text = " ".join(t.format(p=p, ex=exw, d=dp).split())
        text = text.replace(" ?", "?" if lang != "fr" else " ?").replace("  ", " ").strip()
        if lang == "en" and self.rng.random() < 0.5:
            text = text[0].lower() + text[1:]
        if lang == "fr" and not text.endswith("?") and "?" not in text and self.rng.random() < 0.5:
            text += " ?"
        q = {"q": text, "kind": kind, "key": key, "lang": lang}
        if pk:
            a, b = self.rng_of(pk, arg)
            q["period"] = [a.isoformat(), b.isoformat()]
        if d:
            q["day"] = d.isoformat()
        q.update(exp)
        self.out.append(q)

    def sel(self, pred, pk=None, arg=None):
        a, b = self.rng_of(pk, arg) if pk else (dt.date(1900, 1, 1), self.today)
        return [r for r in self.recs if pred(r) and a <= r.date <= b]

    def past_n(self):
        for n in self.rng.sample([7, 10, 14, 21, 30], 5):
            e1, e2 = self.today - D(n), self.today - D(n - 1)
            if not any(r.date in (e1, e2) for r in self.recs):
                return n
        return None


is_run = lambda r: r.kind == "run"  # noqa: E731
is_lift = lambda r: r.kind == "lift"  # noqa: E731
is_sleep = lambda r: r.kind == "sleep"  # noqa: E731


def named(n):
    return lambda r: r.name == n


def lift_of(n):
    return lambda r: r.kind == "lift" and r.name == n


def e_count(n):
    return expect([str(n)]) if n else expect(none=True)


def e_km(rs):
    if not rs:
        return expect(none=True)
    return expect([fmt_num(sum(r.fields["distance_km"] for r in rs), 2)], tol=0.051)


def hours_alts(h):
    hh, mm = divmod(int(round(h * 60)), 60)
    return f"{fmt_num(h, 2)}|{hh}:{mm:02d}"


def e_sleep(rs):
    if not rs:
        return expect(none=True)
    return expect([hours_alts(sum(r.fields["hours"] for r in rs) / len(rs))], tol=0.051)


def top_by_day(rs):
    best = {}
    for r in rs:
        if r.date not in best or r.fields["weight"] > best[r.date]:
            best[r.date] = r.fields["weight"]
    return sorted(best.items())


def e_lift_best(rs):
    if not rs:
        return expect(none=True)
    w = max(r.fields["weight"] for r in rs)
    dates = sorted({r.date for r in rs if r.fields["weight"] == w})
    return expect([fmt_num(w)], dates if len(dates) == 1 else [])


def e_lift_last(rs, per_hand=False):
    tops = top_by_day(rs)
    if not tops:
        return None
    d, w = tops[-1]
    return expect([f"{fmt_num(w)}|{fmt_num(2 * w)}" if per_hand else fmt_num(w)], [d])


def e_lift_trend(rs):
    tops = top_by_day(rs)
    if len(tops) < 3 or tops[0][1] == tops[-1][1]:
        return None
    return expect([fmt_num(tops[0][1]), fmt_num(tops[-1][1])])


def e_longest(rs):
    if not rs:
        return expect(none=True)
    km = max(r.fields["distance_km"] for r in rs)
    dates = sorted({r.date for r in rs if r.fields["distance_km"] == km})
    return expect([fmt_num(km, 2)], dates if len(dates) == 1 else [], tol=0.051)


def e_last_date(rs):
    return expect([], [max(r.date for r in rs)]) if rs else None


def e_fastest_5k(rs):
    rs = [r for r in rs if 4.9 <= r.fields["distance_km"] <= 5.1 and r.fields["duration_min"]]
    if not rs:
        return None
    b = min(rs, key=lambda r: r.fields["duration_min"])
    m = b.fields["duration_min"]
    dates = sorted({r.date for r in rs if abs(r.fields["duration_min"] - m) < 1e-6})
    return expect([f"{mmss(m)}|{fmt_num(m, 1)}"], dates if len(dates) == 1 else [], tol=0.051)


def e_last_val(rs):
    if not rs:
        return None
    last = max(rs, key=lambda r: r.date)
    return expect([fmt_num(last.fields["value"], 1)], [last.date])


def e_avg_day(rs):
    if not rs:
        return expect(none=True)
    by = {}
    for r in rs:
        by[r.date] = by.get(r.date, 0) + r.fields["value"]
    a = sum(by.values()) / len(by)
    return expect([fmt_num(a, 0)], tol=1.01) if a >= 100 else expect([fmt_num(a, 2)], tol=0.051)


def e_sum(rs):
    return expect([fmt_num(sum(r.fields["value"] for r in rs))]) if rs else expect(none=True)


def e_val_trend(rs):
    if len({r.date for r in rs}) < 3:
        return None
    rs = sorted(rs, key=lambda r: r.date)
    return expect([fmt_num(rs[0].fields["value"], 1), fmt_num(rs[-1].fields["value"], 1)])


def e_pair(a, b):
    if a is None or b is None or a.get("expect_none") or b.get("expect_none"):
        return None
    q = expect(a["expect_numbers"] + b["expect_numbers"])
    tols = [x.get("tol") for x in (a, b) if x.get("tol") is not None]
    if tols:
        q["tol"] = max(tols)
    return q


def e_day(recs, d, ints_only=False):
    """What was done on a day: its run distances and lift weights (not warm-ups), up to three.
    With `ints_only` (notes with decimal commas) only whole numbers: an answer that quotes the
    note's `7,8 km` is right, but score.py can't read a decimal comma as 7.8."""
    nums = []
    for r in recs:
        if r.date != d:
            continue
        if r.kind == "run":
            nums.append(fmt_num(r.fields["distance_km"], 2))
        elif r.kind == "lift" and not r.hints.get("warmup"):
            nums.append(fmt_num(r.fields["weight"]))
    if ints_only:
        nums = [n for n in nums if "." not in n]
    nums = list(dict.fromkeys(nums))[:3]
    return expect(nums) if nums else None


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"h11q-{seed}-{person}")
    B = QB(person, recs, today, rng, info)
    A = B.add
    n = B.past_n() or 14
    train = lambda r: r.kind in ("lift", "run")  # noqa: E731
    for pk in ("this_month", "last_month", "last_week", "this_week", "in_month", "yesterday"):
        A("run_km", "total", e_km(B.sel(is_run, pk)), pk)
    A("run_km", "total", e_km(B.sel(is_run, "past_days", n)), "past_days", n)
    for pk in ("this_month", "last_week", "in_month"):
        A("run_count", "count", e_count(len(B.sel(is_run, pk))), pk)
    for pk in ("this_month", "last_week", "in_month"):
        A("gym_count", "count", e_count(len({r.date for r in B.sel(is_lift, pk)})), pk)
    for pk in ("last_week", "this_month"):
        A("train_days", "category", e_count(len({r.date for r in B.sel(train, pk)})), pk)
    for pk in ("last_week", "this_month"):
        A("sleep_avg", "average", e_sleep(B.sel(is_sleep, pk)), pk)
    A("sleep_avg", "average", e_sleep(B.sel(is_sleep, "past_days", n)), "past_days", n)
    lifts = MAIN_LIFTS[person]
    for i, ex in enumerate(lifts):
        A("lift_best", "best", e_lift_best(B.sel(lift_of(ex), "all")), "all", ex=ex)
        pk = ("this_month", "last_month")[i % 2]
        A("lift_best", "best", e_lift_best(B.sel(lift_of(ex), pk)), pk, ex=ex)
        A("lift_last", "last", e_lift_last(B.sel(lift_of(ex))), ex=ex)
    for ex in lifts[:2]:
        A("lift_trend", "trend", e_lift_trend(B.sel(lift_of(ex))), ex=ex)
    A("lift_best", "none", e_lift_best(B.sel(lift_of(lifts[-1]), "in_month", B.old)), "in_month", B.old, ex=lifts[-1])
    for pk in ("all", "last_month"):
        A("run_longest", "best", e_longest(B.sel(is_run, pk)), pk)
    A("run_last", "last", e_last_date(B.sel(is_run)))
    A("fastest_5k", "best", e_fastest_5k(B.sel(is_run)))
    kg = named("kg")
    A("weight_last", "last", e_last_val(B.sel(kg)))
    A("weight_avg", "average", e_avg_day(B.sel(kg, "last_month")), "last_month")
    A("weight_trend", "trend", e_val_trend(B.sel(kg, "all")), "all")
    A("cmp_run", "compare", e_pair(e_km(B.sel(is_run, "this_month")), e_km(B.sel(is_run, "last_month"))))
    A("cmp_gym", "compare", e_pair(e_count(len({r.date for r in B.sel(is_lift, "this_month")})),
                                   e_count(len({r.date for r in B.sel(is_lift, "last_month")}))))
    A("none_swim", "none", expect(none=True), "last_month")
    A("none_bike", "none", expect(none=True), "this_month")
    ints = LANG[person] in ("de", "fr")
    days = [d for d in sorted({r.date for r in recs if train(r) and r.date < today}) if e_day(recs, d, ints)]
    for d in rng.sample(days[-40:], min(2, len(days))):
        A("day_list", "list", e_day(recs, d, ints), d=d)
    if any(r.name == "steps" for r in recs):
        A("steps_avg", "average", e_avg_day(B.sel(named("steps"), "this_month")), "this_month")
        A("steps_avg", "average", e_avg_day(B.sel(named("steps"), "last_week")), "last_week")
    if any(r.name == "coffee" for r in recs):
        A("coffee_total", "total", e_sum(B.sel(named("coffee"), "this_week")), "this_week")
        A("coffee_total", "total", e_sum(B.sel(named("coffee"), "last_month")), "last_month")
    if any(r.name == "protein" for r in recs):
        A("protein_avg", "average", e_avg_day(B.sel(named("protein"), "this_month")), "this_month")
        A("protein_avg", "average", e_avg_day(B.sel(named("protein"), "last_week")), "last_week")
        A("kcal_avg", "average", e_avg_day(B.sel(named("kcal"), "last_month")), "last_month")
    if person == "ko-pt":
        pt = info["pt"]
        for pk in ("this_month", "last_month"):
            a, b = B.rng_of(pk)
            A("pt_count", "count", e_count(sum(1 for d in pt if a <= d <= b)), pk)
        last = max(pt)
        A("pt_num", "last", expect([str(pt[last])]))
        meal_days = sorted(d for d in info["meals"] if d < today)
        if meal_days:
            d = today - D(1) if today - D(1) in meal_days else meal_days[-1]
            A("eat_list", "list", expect(texts=sorted({f for _, f in info["meals"][d]})), d=d)
    if person == "en-strong":
        wod = info["wod"]
        for pk in ("this_month", "last_month"):
            a, b = B.rng_of(pk)
            A("wod_count", "count", e_count(sum(1 for d in wod if a <= d <= b)), pk)
        A("kb_best", "best", e_lift_best(B.sel(lift_of("kettlebell swing"), "all")), "all")
        A("db_last", "last", e_lift_last(B.sel(lift_of("dumbbell bench press")), per_hand=True))
        A("lift_best", "best", e_lift_best(B.sel(lift_of("front squat"), "all")), "all", ex="front squat")
    if person == "ko-insta":
        for pk in ("last_month", "last_week"):
            A("insta_days", "category", e_count(len({r.date for r in B.sel(train, pk)})), pk)
    return B.out


def main(argv=None):
    run_people(__doc__, "holdout11", "h11-", 120, PEOPLE, build_questions, argv)


if __name__ == "__main__":
    main()
