#!/usr/bin/env python3
"""holdout6: a seventh held-out generator about QUESTION PHRASINGS. Four people with plain,
readable daily logs over ten weeks, and for each of them about 100 questions asking the same
underlying things in many ways (반말/존댓말, no spaces, slang, typos, terse English, Spanish),
with answers computed from the truth.

    python3 tools/holdout6/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 80
"""
from __future__ import annotations

import datetime as dt
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import Rec, fmt_num, mmss, hmmss, monday, run_people  # noqa: E402

SPAN_DAYS = 70
D = dt.timedelta
KO_WD = "월화수목금토일"
ES_MON = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
EN_MON = "January February March April May June July August September October November December".split()


def gap_days(today):
    """The week before last: everyone was away (no notes at all)."""
    s = monday(today) - D(days=14)
    return s, s + D(days=6)


def in_gap(d, today):
    a, b = gap_days(today)
    return a <= d <= b


def clock(minutes):
    return hmmss(minutes) if minutes >= 60 else mmss(minutes)


def make_run(rng, dist, pace_lo, pace_hi):
    secs = round(dist * rng.uniform(pace_lo, pace_hi) * 60)
    return dist, round(secs / 60, 4)


# --------------------------------------------------------------------------- people


def ko_lift(rng, start, today):
    """Korean lifter: Daily/YYYY-MM-DD.md, `벤치프레스 60kg 10회 3세트`, sleep, coffee."""
    files, recs = {}, []
    w = {"bench press": 50.0, "overhead press": 30.0, "squat": 70.0, "deadlift": 90.0}
    step = {"bench press": 2.5, "overhead press": 2.5, "squat": 5.0, "deadlift": 5.0}
    ko = {"bench press": "벤치프레스", "overhead press": "오버헤드프레스", "squat": "스쿼트", "deadlift": "데드리프트"}
    sr = {"bench press": (10, 3), "overhead press": (10, 3), "squat": (8, 4), "deadlift": (5, 3)}
    days = [start + D(days=i) for i in range(SPAN_DAYS)]
    gym_days = [d for d in days if d.weekday() in (0, 2, 4) and not in_gap(d, today)
                and (d == today or rng.random() > 0.12)]
    last_bench = max(d for d in gym_days if d.weekday() in (0, 4))
    for d in days:
        if in_gap(d, today):
            continue
        rel = f"Daily/{d.isoformat()}.md"
        lines = [f"# {d.isoformat()} ({KO_WD[d.weekday()]})", ""]
        if d in gym_days:
            lines.append("## 운동")
            exs = ["bench press", "overhead press"] if d.weekday() in (0, 4) else ["squat", "deadlift"]
            for ex in exs:
                if rng.random() < (0.3 if ex in ("bench press", "overhead press") else 0.5):
                    w[ex] += step[ex]
                weight = w[ex]
                if ex == "bench press" and d == last_bench:
                    weight = w[ex] - 10  # a deload: the last bench is not the best one
                reps, sets = sr[ex]
                line = f"{ko[ex]} {fmt_num(weight)}kg {reps}회 {sets}세트"
                lines.append("- " + line)
                recs.append(Rec(d, "lift", ex, {"weight": weight, "unit": "kg", "sets": sets, "reps": reps}, line, rel))
            lines.append("")
        h = rng.choice([5.5, 6, 6.5, 7, 7, 7.5, 8])
        sl = f"수면 {int(h)}시간" + (" 30분" if h % 1 else "")
        recs.append(Rec(d, "sleep", "sleep", {"hours": h}, sl, rel))
        cups = rng.choice([1, 2, 2, 3])
        cl = f"커피 {cups}잔"
        recs.append(Rec(d, "amount", "coffee", {"value": cups, "unit": "cup"}, cl, rel))
        lines += ["## 기록", "- " + sl, "- " + cl, ""]
        files[rel] = "\n".join(lines)
    return files, recs, {"lifts": ["bench press", "overhead press", "squat", "deadlift"]}


def ko_run(rng, start, today):
    """Korean runner: Daily/YYYY-MM-DD.md, `러닝 5.2km 28:30`, sleep."""
    files, recs = {}, []
    for i in range(SPAN_DAYS):
        d = start + D(days=i)
        if in_gap(d, today):
            continue
        rel = f"Daily/{d.isoformat()}.md"
        lines = [f"# {d.month}월 {d.day}일 {KO_WD[d.weekday()]}요일", ""]
        run = None
        wd = d.weekday()
        if wd in (1, 3) and rng.random() > 0.15:
            run = make_run(rng, round(rng.uniform(4.8, 7.5), 1), 5.2, 6.2)
        elif wd == 5:
            run = make_run(rng, round(rng.uniform(10, 16), 1), 5.6, 6.4)
        elif wd == 6 and rng.random() < 0.4:
            run = make_run(rng, round(rng.uniform(3.0, 5.0), 1), 6.0, 6.8)
        if run:
            dist, mins = run
            line = f"러닝 {fmt_num(dist)}km {clock(mins)}"
            lines.append(line)
            recs.append(Rec(d, "run", "run", {"distance_km": dist, "duration_min": mins}, line, rel))
        h = rng.choice([6, 6.5, 6.5, 7, 7.5, 8])
        sl = f"수면 {int(h)}시간" + (" 30분" if h % 1 else "")
        lines.append(sl)
        recs.append(Rec(d, "sleep", "sleep", {"hours": h}, sl, rel))
        files[rel] = "\n".join(lines) + "\n"
    return files, recs, {}


def en_all(rng, start, today):
    """English: journal/YYYY-MM-DD.md with lifts, runs, sleep, coffee, steps, pages."""
    files, recs = {}, []
    w = {"squat": 80.0, "bench press": 60.0, "deadlift": 110.0}
    en = {"squat": "Squat", "bench press": "Bench", "deadlift": "Deadlift"}
    rot = 0
    for i in range(SPAN_DAYS):
        d = start + D(days=i)
        if in_gap(d, today):
            continue
        rel = f"journal/{d.isoformat()}.md"
        lines = []
        wd = d.weekday()
        if wd in (0, 2, 4) and (d == today or rng.random() > 0.1):
            exs = [["squat", "bench press"], ["squat", "deadlift"]][rot % 2]
            rot += 1
            for ex in exs:
                if rng.random() < 0.5:
                    w[ex] += 2.5 if ex == "bench press" else 5
                line = f"{en[ex]} {fmt_num(w[ex])}kg 5x5"
                lines.append("- " + line)
                recs.append(Rec(d, "lift", ex, {"weight": w[ex], "unit": "kg", "sets": 5, "reps": 5}, line, rel))
        if wd in (1, 5) and rng.random() > 0.1:
            dist, mins = make_run(rng, round(rng.uniform(4, 9), 1), 5.4, 6.3)
            line = f"Ran {fmt_num(dist)} km in {clock(mins)}"
            lines.append("- " + line)
            recs.append(Rec(d, "run", "run", {"distance_km": dist, "duration_min": mins}, line, rel))
        h = rng.choice([6, 6.5, 7, 7.25, 7.5, 8])
        sl = f"Slept {fmt_num(h)}h"
        cups = rng.choice([1, 2, 2, 3])
        cl = f"Coffee x{cups}"
        steps = rng.randrange(4000, 13000)
        stl = f"{steps} steps"
        lines += ["- " + sl, "- " + cl, "- " + stl]
        recs.append(Rec(d, "sleep", "sleep", {"hours": h}, sl, rel))
        recs.append(Rec(d, "amount", "coffee", {"value": cups, "unit": "cup"}, cl, rel))
        recs.append(Rec(d, "measure", "steps", {"value": steps, "unit": "step"}, stl, rel))
        if rng.random() < 0.7:
            pages = rng.randrange(10, 60)
            pl = f"Read {pages} pages"
            lines.append("- " + pl)
            recs.append(Rec(d, "measure", "page", {"value": pages, "unit": "page"}, pl, rel))
        files[rel] = "\n".join(lines) + "\n"
    return files, recs, {"lifts": ["squat", "bench press", "deadlift"]}


def es_mix(rng, start, today):
    """Spanish: Diario/YYYY-MM-DD.md, `Sentadilla 70 kg 5x5`, `Corrí 6 km en 33:20`, sleep, coffee."""
    files, recs = {}, []
    w = {"squat": 60.0, "bench press": 40.0, "deadlift": 80.0}
    es = {"squat": "Sentadilla", "bench press": "Press banca", "deadlift": "Peso muerto"}
    for i in range(SPAN_DAYS):
        d = start + D(days=i)
        if in_gap(d, today):
            continue
        rel = f"Diario/{d.isoformat()}.md"
        lines = []
        wd = d.weekday()
        if wd in (1, 3) and rng.random() > 0.1:
            for ex in ("squat", "bench press", "deadlift"):
                if rng.random() < 0.5:
                    w[ex] += 2.5
                sets, reps = (3, 8) if ex == "bench press" else (5, 5) if ex == "squat" else (3, 5)
                line = f"{es[ex]} {fmt_num(w[ex])} kg {sets}x{reps}"
                lines.append("- " + line)
                recs.append(Rec(d, "lift", ex, {"weight": w[ex], "unit": "kg", "sets": sets, "reps": reps}, line, rel))
        if wd in (0, 5) and rng.random() > 0.1:
            dist, mins = make_run(rng, round(rng.uniform(5, 12), 1), 5.5, 6.5)
            line = f"Corrí {fmt_num(dist)} km en {clock(mins)}"
            lines.append("- " + line)
            recs.append(Rec(d, "run", "run", {"distance_km": dist, "duration_min": mins}, line, rel))
        h = rng.choice([6, 6.5, 7, 7.5, 8, 8.5])
        sl = f"Dormí {int(h)} h" + (" 30 min" if h % 1 else "")
        cups = rng.choice([1, 2, 3])
        cl = f"{cups} café" + ("s" if cups > 1 else "")
        lines += ["- " + sl, "- " + cl]
        recs.append(Rec(d, "sleep", "sleep", {"hours": h}, sl, rel))
        recs.append(Rec(d, "amount", "coffee", {"value": cups, "unit": "cup"}, cl, rel))
        files[rel] = "\n".join(lines) + "\n"
    return files, recs, {"lifts": ["squat", "bench press", "deadlift"]}


PEOPLE = {"ko-lift": ko_lift, "ko-run": ko_run, "en-all": en_all, "es-mix": es_mix}

# --------------------------------------------------------------------------- periods


def periods(today):
    lw = monday(today) - D(days=7)
    lm_end = today.replace(day=1) - D(days=1)
    since = today - D(days=13)
    return {
        "today": (today, today), "yesterday": (today - D(days=1), today - D(days=1)),
        "tw": (monday(today), today), "lw": (lw, lw + D(days=6)),
        "wbl": gap_days(today),  # the week before last
        "tm": (today.replace(day=1), today), "lm": (lm_end.replace(day=1), lm_end),
        "p7": (today - D(days=6), today), "p14": (today - D(days=13), today), "p30": (today - D(days=29), today),
        "since": (since, today), "all": (dt.date(1900, 1, 1), today),
        "lwe": (monday(today) - D(days=2), monday(today) - D(days=1)),  # last Saturday and Sunday
    }


VAGUE = ["p7", "p14", "p30"]  # 요즘 / lately / últimamente: any of these windows is a fair reading


def render(text, today):
    lm = (today.replace(day=1) - D(days=1))
    since = today - D(days=13)
    return text.format(lm_num=lm.month, lm_en=EN_MON[lm.month - 1], lm_en3=EN_MON[lm.month - 1][:3].lower(), lm_es=ES_MON[lm.month - 1],
                       since_ko=f"{since.month}월 {since.day}일", since_en=f"{EN_MON[since.month - 1][:3]} {since.day}",
                       since_es=f"{since.day} de {ES_MON[since.month - 1]}", since_iso=since.isoformat())


# --------------------------------------------------------------------------- answers


def sel(recs, kind, name, rng_, weekend=False):
    a, b = rng_
    return [r for r in recs if r.kind == kind and (name is None or r.name == name) and a <= r.date <= b
            and (not weekend or r.date.weekday() >= 5)]


def days_in(a, b, first):
    a = max(a, first)
    return (b - a).days + 1


def answer(intent, arg, recs, rng_, ctx):
    """(numbers, dates, none, tol) for one intent over one period, or None if not exactly
    answerable."""
    wk = ctx.get("weekend", False)
    if intent == "lift_best":
        rs = sel(recs, "lift", arg, rng_, wk)
        if not rs:
            return [], [], True, None
        m = max(r.fields["weight"] for r in rs)
        ds = sorted({r.date for r in rs if r.fields["weight"] == m})
        return [fmt_num(m)], [ds[0].isoformat()] if len(ds) == 1 else [], False, None
    if intent == "lift_last":
        rs = sel(recs, "lift", arg, rng_)
        if not rs:
            return [], [], True, None
        r = max(rs, key=lambda r: r.date)
        return [fmt_num(r.fields["weight"])], [r.date.isoformat()], False, None
    if intent == "lift_when":
        rs = sel(recs, "lift", arg, rng_)
        if not rs:
            return [], [], True, None
        return [], [max(r.date for r in rs).isoformat()], False, None
    if intent == "lift_trend":
        rs = sorted(sel(recs, "lift", arg, rng_), key=lambda r: r.date)
        if len(rs) < 2:
            return None
        best = max(r.fields["weight"] for r in rs)
        last = rs[-1].fields["weight"]
        alts = [fmt_num(last)] + ([fmt_num(best)] if best != last else [])
        return [fmt_num(rs[0].fields["weight"]), "|".join(alts)], [], False, None
    if intent == "lift_sessions":  # days with that lift (or any lift)
        n = len({r.date for r in sel(recs, "lift", arg, rng_, wk)})
        return ([str(n)], [], False, None) if n else ([], [], True, None)
    if intent == "train_days":
        n = len({r.date for r in sel(recs, "lift", None, rng_, wk) + sel(recs, "run", None, rng_, wk)})
        return ([str(n)], [], False, None) if n else ([], [], True, None)
    if intent == "big3":
        bests = []
        lasts = []
        for ex in ("squat", "bench press", "deadlift"):
            rs = sel(recs, "lift", ex, rng_)
            if not rs:
                return None
            bests.append(max(r.fields["weight"] for r in rs))
            lasts.append(max(rs, key=lambda r: r.date).fields["weight"])
        alts = [fmt_num(sum(bests))] + ([fmt_num(sum(lasts))] if sum(lasts) != sum(bests) else [])
        return ["|".join(alts)], [], False, None
    if intent == "run_count":
        n = len(sel(recs, "run", None, rng_, wk))
        return ([str(n)], [], False, None) if n else ([], [], True, None)
    if intent == "run_km":
        rs = sel(recs, "run", None, rng_, wk)
        if not rs:
            return [], [], True, None
        return [fmt_num(sum(r.fields["distance_km"] for r in rs))], [], False, 0.051
    if intent == "run_longest":
        rs = sel(recs, "run", None, rng_, wk)
        if not rs:
            return [], [], True, None
        m = max(r.fields["distance_km"] for r in rs)
        ds = sorted({r.date for r in rs if r.fields["distance_km"] == m})
        return [fmt_num(m)], [ds[0].isoformat()] if len(ds) == 1 else [], False, None
    if intent == "run_last":
        rs = sel(recs, "run", None, rng_)
        if not rs:
            return [], [], True, None
        r = max(rs, key=lambda r: r.date)
        return [fmt_num(r.fields["distance_km"])], [r.date.isoformat()], False, None
    if intent == "run_when":
        rs = sel(recs, "run", None, rng_)
        if not rs:
            return [], [], True, None
        return [], [max(r.date for r in rs).isoformat()], False, None
    if intent == "run_pace":  # mean of paces, or total time / total distance
        rs = sel(recs, "run", None, rng_, wk)
        if not rs:
            return [], [], True, None
        p1 = sum(r.fields["duration_min"] / r.fields["distance_km"] for r in rs) / len(rs)
        p2 = sum(r.fields["duration_min"] for r in rs) / sum(r.fields["distance_km"] for r in rs)
        alts = sorted({mmss(p1), mmss(p2)})
        return ["|".join(alts)], [], False, None
    if intent == "run_avg_km":
        rs = sel(recs, "run", None, rng_, wk)
        if not rs:
            return [], [], True, None
        return [fmt_num(sum(r.fields["distance_km"] for r in rs) / len(rs))], [], False, 0.051
    if intent in ("sleep_avg", "qty_avg"):
        kind, name = ("sleep", "sleep") if intent == "sleep_avg" else arg
        key = "hours" if kind == "sleep" else "value"
        rs = sel(recs, kind, name, rng_, wk)
        if not rs:
            return [], [], True, None
        tot = sum(r.fields[key] for r in rs)
        alts = [fmt_num(tot / len({r.date for r in rs}))]
        if kind != "sleep":  # per calendar day as well, where days went unlogged
            first = min(r.date for r in recs)
            cal = fmt_num(tot / days_in(rng_[0], rng_[1], first))
            if cal != alts[0]:
                alts.append(cal)
        return ["|".join(alts)], [], False, 0.051
    if intent == "qty_total":
        rs = sel(recs, arg[0], arg[1], rng_, wk)
        if not rs:
            return [], [], True, None
        return [fmt_num(sum(r.fields["value"] for r in rs))], [], False, None
    if intent == "sleep_last":
        rs = sel(recs, "sleep", None, rng_)
        if not rs:
            return [], [], True, None
        r = max(rs, key=lambda r: r.date)
        return [fmt_num(r.fields["hours"])], [], False, None
    if intent == "sleep_on":  # the sleep logged in that day's note
        rs = sel(recs, "sleep", None, rng_)
        if len(rs) != 1:
            return None if rs else ([], [], True, None)
        return [fmt_num(rs[0].fields["hours"])], [], False, None
    if intent in ("sleep_min", "sleep_max"):
        rs = sel(recs, "sleep", None, rng_)
        if not rs:
            return [], [], True, None
        m = (min if intent == "sleep_min" else max)(r.fields["hours"] for r in rs)
        ds = sorted({r.date for r in rs if r.fields["hours"] == m})
        return [fmt_num(m)], [ds[0].isoformat()] if len(ds) == 1 else [], False, None
    if intent == "none":
        return [], [], True, None
    raise ValueError(intent)


KIND = {"lift_best": "best", "lift_last": "last", "lift_when": "last", "lift_trend": "trend",
        "lift_sessions": "count", "train_days": "category", "big3": "best", "run_count": "count",
        "run_km": "total", "run_longest": "best", "run_last": "last", "run_when": "last", "run_pace": "average",
        "run_avg_km": "average", "sleep_avg": "average", "qty_avg": "average", "qty_total": "total",
        "sleep_last": "last", "sleep_on": "last", "sleep_min": "best", "sleep_max": "best", "none": "none"}


def make_q(text, lang, intent, arg, per, recs, today):
    """One truth line, or None where the right answer cannot be stated exactly."""
    ps = periods(today)
    if per == "weekend":  # all weekends, or last weekend: either reading is fair
        readings = [(ps["all"], {"weekend": True}), (ps["lwe"], {})]
    elif per == "vague":
        readings = [(ps[k], {}) for k in VAGUE]
    else:
        readings = [(ps[per], {})]
    outs = [answer(intent, arg, recs, r, c) for r, c in readings]
    if any(o is None for o in outs):
        return None
    if len({o[2] for o in outs}) > 1:
        return None  # nothing in one reading, something in another: ambiguous
    nums, dates, none, tol = outs[0]
    if len(outs) > 1 and not none:
        nums = ["|".join(sorted({alt for o in outs for alt in o[0][i].split("|")})) for i in range(len(nums))]
        dates = dates if all(o[1] == dates for o in outs) else []
    rng_ = readings[-1][0] if per != "weekend" else readings[0][0]
    q = {"q": render(text, today), "kind": "none" if intent == "none" else KIND[intent], "key": intent,
         "lang": lang, "period": [rng_[0].isoformat(), rng_[1].isoformat()], "phrasing": per,
         "expect_numbers": [] if none else nums, "expect_dates": [] if none else dates, "expect_none": none}
    if tol is not None and not none:
        q["tol"] = tol
    return q


# --------------------------------------------------------------------------- phrasings
# (text, lang, intent, arg, period). period: a key of periods(), "vague" (lately), "weekend".

COFFEE = ("amount", "coffee")
STEPS = ("measure", "steps")
PAGES = ("measure", "page")

Q_KO_LIFT = [
    # best
    ("벤치 최고기록 몇이야?", "ko", "lift_best", "bench press", "all"),
    ("벤치최고기록", "ko", "lift_best", "bench press", "all"),
    ("벤치프레스 최고 중량이 어떻게 되나요?", "ko", "lift_best", "bench press", "all"),
    ("내 벤치 PR 얼마였지", "ko", "lift_best", "bench press", "all"),
    ("벤치 제일 무겁게 든 거", "ko", "lift_best", "bench press", "all"),
    ("데드 최고 몇키로", "ko", "lift_best", "deadlift", "all"),
    ("데드리프트 최고 기록 알려주세요", "ko", "lift_best", "deadlift", "all"),
    ("데드맥스", "ko", "lift_best", "deadlift", "all"),
    ("스쿼트 최고무게는?", "ko", "lift_best", "squat", "all"),
    ("스쿼트 젤 많이 친 거 몇 kg임", "ko", "lift_best", "squat", "all"),
    ("스쿼트 최고 기록이 몇 킬로예요?", "ko", "lift_best", "squat", "all"),
    ("오버헤드프레스 최고 무게", "ko", "lift_best", "overhead press", "all"),
    ("밀프 최고 몇이지", "ko", "lift_best", "overhead press", "all"),
    ("{lm_num}월에 벤치 최고 몇 쳤어?", "ko", "lift_best", "bench press", "lm"),
    ("지난달 스쿼트 최고 무게", "ko", "lift_best", "squat", "lm"),
    ("이번 달 데드 최고", "ko", "lift_best", "deadlift", "tm"),
    ("이번달 벤치 최고기록은요?", "ko", "lift_best", "bench press", "tm"),
    ("최근 2주 스쿼트 최고 중량", "ko", "lift_best", "squat", "p14"),
    ("3대 몇 쳐?", "ko", "big3", None, "all"),
    ("내 3대 중량 합계 알려줘", "ko", "big3", None, "all"),
    ("삼대 몇임", "ko", "big3", None, "all"),
    # last
    ("벤치 마지막으로 몇 kg 했지?", "ko", "lift_last", "bench press", "all"),
    ("저번 벤치 무게 몇이었더라", "ko", "lift_last", "bench press", "all"),
    ("지난번에 스쿼트 몇 키로로 했어?", "ko", "lift_last", "squat", "all"),
    ("최근 데드리프트 무게가 얼마였나요?", "ko", "lift_last", "deadlift", "all"),
    ("데드 마지막 중량", "ko", "lift_last", "deadlift", "all"),
    ("스쿼트 언제 마지막으로 했지", "ko", "lift_when", "squat", "all"),
    ("데드 마지막으로 한 게 언제야?", "ko", "lift_when", "deadlift", "all"),
    ("벤치 언제했더라", "ko", "lift_when", "bench press", "all"),
    ("오버헤드프레스 마지막으로 한 날짜 알려주세요", "ko", "lift_when", "overhead press", "all"),
    # trend
    ("스쿼트 늘었어?", "ko", "lift_trend", "squat", "all"),
    ("벤치 좀 늘었나", "ko", "lift_trend", "bench press", "all"),
    ("데드리프트 중량 변화 보여줘", "ko", "lift_trend", "deadlift", "all"),
    ("스쿼트 무게 어떻게 변했어요?", "ko", "lift_trend", "squat", "all"),
    ("데드 많이 늘었냐", "ko", "lift_trend", "deadlift", "all"),
    # counts
    ("이번 주 운동 몇 번 했어?", "ko", "train_days", None, "tw"),
    ("이번주운동몇번", "ko", "train_days", None, "tw"),
    ("지난주 운동 몇 번 갔어", "ko", "train_days", None, "lw"),
    ("저번 주에 헬스 몇 번 했지?", "ko", "train_days", None, "lw"),
    ("지난주에 운동 며칠 했나요?", "ko", "train_days", None, "lw"),
    ("최근 일주일 동안 운동 몇 번 했어", "ko", "train_days", None, "p7"),
    ("이번 달 운동 몇 번 했냐", "ko", "train_days", None, "tm"),
    ("이번달 헬스장 몇번 감?", "ko", "train_days", None, "tm"),
    ("{lm_num}월에 운동 몇 번 했어?", "ko", "train_days", None, "lm"),
    ("지난달에 몇 번 운동했는지 알려주세요", "ko", "train_days", None, "lm"),
    ("지난 30일 동안 운동한 날 수", "ko", "train_days", None, "p30"),
    ("{since_ko}부터 운동 몇 번 했지", "ko", "train_days", None, "since"),
    ("지금까지 운동 총 몇 번 했어?", "ko", "train_days", None, "all"),
    ("지난주 벤치 몇 번 했어", "ko", "lift_sessions", "bench press", "lw"),
    ("이번 달에 스쿼트 몇 번 했니?", "ko", "lift_sessions", "squat", "tm"),
    ("데드 몇번했는지 알려줘 지난달", "ko", "lift_sessions", "deadlift", "lm"),
    ("지지난주 운동 몇 번 했어?", "ko", "train_days", None, "wbl"),
    ("오늘 운동했나?", "ko", "train_days", None, "today"),
    ("어제 운동 했어?", "ko", "train_days", None, "yesterday"),
    # sleep
    ("잠 몇 시간 잤지", "ko", "sleep_last", None, "all"),
    ("어젯밤에 몇 시간 잤어?", "ko", "sleep_last", None, "all"),
    ("이번 주 평균 수면 시간", "ko", "sleep_avg", None, "tw"),
    ("지난주 평균 몇 시간 잤어?", "ko", "sleep_avg", None, "lw"),
    ("저번주 수면 평균은요?", "ko", "sleep_avg", None, "lw"),
    ("최근 일주일 평균 수면", "ko", "sleep_avg", None, "p7"),
    ("이번 달 평균 수면시간이 어떻게 돼요?", "ko", "sleep_avg", None, "tm"),
    ("지난 30일 평균 몇 시간 잤음", "ko", "sleep_avg", None, "p30"),
    ("{lm_num}월 평균 수면", "ko", "sleep_avg", None, "lm"),
    ("요즘 잠 잘 자고 있나?", "ko", "sleep_avg", None, "vague"),
    ("요새 평균 몇 시간 자?", "ko", "sleep_avg", None, "vague"),
    ("이번 달에 제일 적게 잔 날은?", "ko", "sleep_min", None, "tm"),
    ("지난달 가장 오래 잔 날 몇 시간이었어", "ko", "sleep_max", None, "lm"),
    ("주말에 평균 몇 시간 자?", "ko", "sleep_avg", None, "weekend"),
    # coffee
    ("커피 몇 잔 마셨더라", "ko", "qty_total", COFFEE, "today"),
    ("오늘 커피 몇 잔?", "ko", "qty_total", COFFEE, "today"),
    ("어제 커피 몇잔 마셨어", "ko", "qty_total", COFFEE, "yesterday"),
    ("이번 주 커피 몇 잔 마셨어?", "ko", "qty_total", COFFEE, "tw"),
    ("지난주에 커피 총 몇 잔 마셨나요", "ko", "qty_total", COFFEE, "lw"),
    ("이번달커피몇잔", "ko", "qty_total", COFFEE, "tm"),
    ("{lm_num}월에 커피 몇 잔 마셨음?", "ko", "qty_total", COFFEE, "lm"),
    ("하루에 커피 평균 몇 잔 마셔?", "ko", "qty_avg", COFFEE, "all"),
    ("지난주 하루 평균 커피", "ko", "qty_avg", COFFEE, "lw"),
    ("요즘 커피 하루에 몇 잔 정도 마시지?", "ko", "qty_avg", COFFEE, "vague"),
    ("최근 30일 커피 총량", "ko", "qty_total", COFFEE, "p30"),
    # none
    ("이번 달 몇 키로 뛰었어?", "ko", "none", None, "tm"),
    ("지난주에 러닝 몇 번 했지?", "ko", "none", None, "lw"),
    ("수영 몇 번 갔어 이번 달에", "ko", "none", None, "tm"),
    ("요가 언제 했었지?", "ko", "none", None, "all"),
    ("지지난주 커피 몇 잔 마셨어", "ko", "qty_total", COFFEE, "wbl"),
    ("지지난주 평균 수면", "ko", "sleep_avg", None, "wbl"),
    # English from the same person
    ("bench pr?", "en", "lift_best", "bench press", "all"),
    ("best deadlift last month", "en", "lift_best", "deadlift", "lm"),
    ("how many times did I train last week", "en", "train_days", None, "lw"),
    ("avg sleep last 2 weeks", "en", "sleep_avg", None, "p14"),
    ("when did I last squat?", "en", "lift_when", "squat", "all"),
    ("how's my bench going", "en", "lift_trend", "bench press", "all"),
    ("coffee per day this month", "en", "qty_avg", COFFEE, "tm"),
]

Q_KO_RUN = [
    ("오늘 몇 키로 뛰었냐", "ko", "run_km", None, "today"),
    ("오늘 러닝 했어?", "ko", "run_count", None, "today"),
    ("어제 몇 km 달렸어?", "ko", "run_km", None, "yesterday"),
    ("어제 뛴 거리", "ko", "run_km", None, "yesterday"),
    ("이번 주 몇 km 뛰었어?", "ko", "run_km", None, "tw"),
    ("이번주 러닝 거리", "ko", "run_km", None, "tw"),
    ("지난주 총 몇 킬로 뛰었지", "ko", "run_km", None, "lw"),
    ("저번 주에 몇 키로 달렸어요?", "ko", "run_km", None, "lw"),
    ("지난주달린거리", "ko", "run_km", None, "lw"),
    ("최근 일주일 러닝 거리 합계", "ko", "run_km", None, "p7"),
    ("이번 달 총 거리 알려줘", "ko", "run_km", None, "tm"),
    ("이번달 누적 km", "ko", "run_km", None, "tm"),
    ("{lm_num}월에 몇 km 뛰었어?", "ko", "run_km", None, "lm"),
    ("지난달 러닝 총거리는 얼마인가요?", "ko", "run_km", None, "lm"),
    ("지난 30일 동안 뛴 거리", "ko", "run_km", None, "p30"),
    ("최근 2주 동안 몇 키로 뛰었니", "ko", "run_km", None, "p14"),
    ("{since_ko}부터 지금까지 달린 거리", "ko", "run_km", None, "since"),
    ("지금까지 총 몇 km 달렸어", "ko", "run_km", None, "all"),
    ("주말에 뛴 거리 합계", "ko", "run_km", None, "weekend"),
    ("지난 주말에 몇 키로 뛰었어?", "ko", "run_km", None, "lwe"),
    # counts
    ("이번 주 몇 번 뛰었어?", "ko", "run_count", None, "tw"),
    ("지난주 러닝 몇 번 했지?", "ko", "run_count", None, "lw"),
    ("저번주에 몇번 달렸냐", "ko", "run_count", None, "lw"),
    ("최근 일주일 러닝 횟수", "ko", "run_count", None, "p7"),
    ("이번 달 몇 번 뛰었나요?", "ko", "run_count", None, "tm"),
    ("이번달러닝몇번", "ko", "run_count", None, "tm"),
    ("{lm_num}월에 러닝 몇 회 했어", "ko", "run_count", None, "lm"),
    ("지난 30일 동안 몇 번 뛰었음?", "ko", "run_count", None, "p30"),
    ("지금까지 러닝 총 몇 번 했어요?", "ko", "run_count", None, "all"),
    ("주말에 몇 번 뛰었어?", "ko", "run_count", None, "weekend"),
    ("지지난주에 몇 번 뛰었지", "ko", "run_count", None, "wbl"),
    ("지지난주 몇 km 뛰었어", "ko", "run_km", None, "wbl"),
    # longest / last
    ("제일 길게 뛴 게 몇 km야?", "ko", "run_longest", None, "all"),
    ("최장거리 러닝 언제였어?", "ko", "run_longest", None, "all"),
    ("가장 멀리 달린 거리는 얼마예요?", "ko", "run_longest", None, "all"),
    ("이번 달 가장 긴 러닝", "ko", "run_longest", None, "tm"),
    ("{lm_num}월 최장 거리", "ko", "run_longest", None, "lm"),
    ("지난주에 제일 길게 뛴 거", "ko", "run_longest", None, "lw"),
    ("마지막 러닝 몇 키로였지", "ko", "run_last", None, "all"),
    ("최근에 뛴 거 거리 얼마였어?", "ko", "run_last", None, "all"),
    ("마지막으로 달린 게 언제야", "ko", "run_when", None, "all"),
    ("언제 마지막으로 뛰었더라", "ko", "run_when", None, "all"),
    ("가장 최근 러닝은 언제였나요?", "ko", "run_when", None, "all"),
    # averages
    ("평균 페이스", "ko", "run_pace", None, "all"),
    ("내 평균 페이스 얼마야?", "ko", "run_pace", None, "all"),
    ("이번 달 평균 페이스는요?", "ko", "run_pace", None, "tm"),
    ("지난달 평균 페이스 알려줘", "ko", "run_pace", None, "lm"),
    ("지난주 평균페이스", "ko", "run_pace", None, "lw"),
    ("한 번 뛸 때 평균 몇 km 뛰어?", "ko", "run_avg_km", None, "all"),
    ("이번 달 러닝 평균 거리", "ko", "run_avg_km", None, "tm"),
    ("요즘 몇 키로씩 뛰어?", "ko", "run_avg_km", None, "vague"),
    ("요즘 얼마나 뛰었어", "ko", "run_km", None, "vague"),
    # sleep
    ("잠 몇 시간 잤지", "ko", "sleep_last", None, "all"),
    ("어젯밤 수면 시간", "ko", "sleep_last", None, "all"),
    ("이번 주 평균 수면", "ko", "sleep_avg", None, "tw"),
    ("지난주에 평균 몇 시간 잤어?", "ko", "sleep_avg", None, "lw"),
    ("저번 주 평균 수면 시간이 어떻게 되나요", "ko", "sleep_avg", None, "lw"),
    ("최근 일주일 평균 몇 시간 잤니", "ko", "sleep_avg", None, "p7"),
    ("이번달평균수면", "ko", "sleep_avg", None, "tm"),
    ("{lm_num}월에 평균 몇 시간 잤어", "ko", "sleep_avg", None, "lm"),
    ("지난 30일 수면 평균", "ko", "sleep_avg", None, "p30"),
    ("요즘 잠 잘 자고 있나?", "ko", "sleep_avg", None, "vague"),
    ("요새 몇 시간씩 자?", "ko", "sleep_avg", None, "vague"),
    ("이번 달 가장 적게 잔 날", "ko", "sleep_min", None, "tm"),
    ("지난달 제일 많이 잔 날은?", "ko", "sleep_max", None, "lm"),
    ("주말엔 평균 몇 시간 자요?", "ko", "sleep_avg", None, "weekend"),
    ("지지난주 평균 수면", "ko", "sleep_avg", None, "wbl"),
    # counts of training days
    ("이번 달 운동 몇 번 했어?", "ko", "train_days", None, "tm"),
    ("지난주 운동한 날 며칠이야", "ko", "train_days", None, "lw"),
    # none
    ("벤치 최고 기록 몇이야?", "ko", "none", None, "all"),
    ("이번 달 스쿼트 몇 번 했어", "ko", "none", None, "tm"),
    ("자전거 몇 km 탔어?", "ko", "none", None, "all"),
    ("수영 몇 번 했지 지난달에", "ko", "none", None, "lm"),
    ("커피 몇 잔 마셨더라", "ko", "none", None, "today"),
    # English / mixed
    ("km this wk", "en", "run_km", None, "tw"),
    ("km last wk", "en", "run_km", None, "lw"),
    ("how many runs in {lm_en}?", "en", "run_count", None, "lm"),
    ("longest run?", "en", "run_longest", None, "all"),
    ("avg pace last month", "en", "run_pace", None, "lm"),
    ("when did I last run", "en", "run_when", None, "all"),
    ("total km the past fortnight", "en", "run_km", None, "p14"),
    ("avg sleep last 2 weeks", "en", "sleep_avg", None, "p14"),
    ("러닝 거리 the past 30 days", "ko", "run_km", None, "p30"),
]

Q_EN = [
    # lifts best
    ("bench pr?", "en", "lift_best", "bench press", "all"),
    ("what's my best bench press?", "en", "lift_best", "bench press", "all"),
    ("benhc max", "en", "lift_best", "bench press", "all"),
    ("heaviest sqaut ever", "en", "lift_best", "squat", "all"),
    ("What is the heaviest squat I have ever logged?", "en", "lift_best", "squat", "all"),
    ("top deadlift weight", "en", "lift_best", "deadlift", "all"),
    ("deadlift pr", "en", "lift_best", "deadlift", "all"),
    ("best squat in {lm_en}", "en", "lift_best", "squat", "lm"),
    ("heaviest bench last month?", "en", "lift_best", "bench press", "lm"),
    ("max deadlift this month", "en", "lift_best", "deadlift", "tm"),
    ("best squat the past fortnight", "en", "lift_best", "squat", "p14"),
    ("squat bench dead total", "en", "big3", None, "all"),
    ("what's my big 3 total?", "en", "big3", None, "all"),
    # last / when
    ("how much did I squat last time?", "en", "lift_last", "squat", "all"),
    ("last bench weight", "en", "lift_last", "bench press", "all"),
    ("what weight did I use for deadlifts most recently?", "en", "lift_last", "deadlift", "all"),
    ("when did I last deadlift", "en", "lift_when", "deadlift", "all"),
    ("last time i benched?", "en", "lift_when", "bench press", "all"),
    ("When was my most recent squat session?", "en", "lift_when", "squat", "all"),
    # trend
    ("how'm I doing on squats", "en", "lift_trend", "squat", "all"),
    ("is my bench going up?", "en", "lift_trend", "bench press", "all"),
    ("deadlift progress", "en", "lift_trend", "deadlift", "all"),
    ("Could you show me how my squat has progressed over time?", "en", "lift_trend", "squat", "all"),
    # sessions
    ("how many gym sessions this week", "en", "lift_sessions", None, "tw"),
    ("gym days last wk", "en", "lift_sessions", None, "lw"),
    ("how often did I squat last month?", "en", "lift_sessions", "squat", "lm"),
    ("how many times did I deadlift in {lm_en}", "en", "lift_sessions", "deadlift", "lm"),
    ("workouts this month", "en", "train_days", None, "tm"),
    ("how many days did I exercise in the last 7 days?", "en", "train_days", None, "p7"),
    ("training days since {since_en}", "en", "train_days", None, "since"),
    ("how many times did I work out the week before last?", "en", "train_days", None, "wbl"),
    ("did I train today", "en", "train_days", None, "today"),
    # runs
    ("km this wk", "en", "run_km", None, "tw"),
    ("how far did I run last week", "en", "run_km", None, "lw"),
    ("total distance run in {lm_en}", "en", "run_km", None, "lm"),
    ("kms run this month?", "en", "run_km", None, "tm"),
    ("how many kilometres have I run in the past 30 days?", "en", "run_km", None, "p30"),
    ("distance ran the past fortnight", "en", "run_km", None, "p14"),
    ("how many km did I run yesterday", "en", "run_km", None, "yesterday"),
    ("runs last month", "en", "run_count", None, "lm"),
    ("how many runs this month?", "en", "run_count", None, "tm"),
    ("how many times did I go running on weekends?", "en", "run_count", None, "weekend"),
    ("# of runs last 30 days", "en", "run_count", None, "p30"),
    ("longest run ever", "en", "run_longest", None, "all"),
    ("what was my longest run last month?", "en", "run_longest", None, "lm"),
    ("when did I last go for a run?", "en", "run_when", None, "all"),
    ("how far was my last run", "en", "run_last", None, "all"),
    ("avg pace this month", "en", "run_pace", None, "tm"),
    ("what's my average running pace?", "en", "run_pace", None, "all"),
    ("average run distance", "en", "run_avg_km", None, "all"),
    # sleep
    ("avg sleep last 2 weeks", "en", "sleep_avg", None, "p14"),
    ("how much did I sleep last night", "en", "sleep_last", None, "all"),
    ("hrs of sleep last night?", "en", "sleep_last", None, "all"),
    ("average sleep this week", "en", "sleep_avg", None, "tw"),
    ("how many hours did I sleep per night last week?", "en", "sleep_avg", None, "lw"),
    ("avg sleep in {lm_en}", "en", "sleep_avg", None, "lm"),
    ("sleep average past 30 days", "en", "sleep_avg", None, "p30"),
    ("how have I been sleeping lately?", "en", "sleep_avg", None, "vague"),
    ("Would you mind telling me my average hours of sleep this month?", "en", "sleep_avg", None, "tm"),
    ("worst night of sleep this month", "en", "sleep_min", None, "tm"),
    ("longest sleep last month", "en", "sleep_max", None, "lm"),
    ("avg sleep on weekends", "en", "sleep_avg", None, "weekend"),
    # coffee
    ("coffee per day lately", "en", "qty_avg", COFFEE, "vague"),
    ("how many coffees today", "en", "qty_total", COFFEE, "today"),
    ("coffees yesterday?", "en", "qty_total", COFFEE, "yesterday"),
    ("how many cups of coffee did I have this week", "en", "qty_total", COFFEE, "tw"),
    ("total coffee last week", "en", "qty_total", COFFEE, "lw"),
    ("coffee count in {lm_en}", "en", "qty_total", COFFEE, "lm"),
    ("average coffee per day last week", "en", "qty_avg", COFFEE, "lw"),
    ("cofee per day this month", "en", "qty_avg", COFFEE, "tm"),
    # steps
    ("steps today", "en", "qty_total", STEPS, "today"),
    ("how many steps yesterday?", "en", "qty_total", STEPS, "yesterday"),
    ("total steps last week", "en", "qty_total", STEPS, "lw"),
    ("avg steps per day this month", "en", "qty_avg", STEPS, "tm"),
    ("average daily steps in {lm_en}", "en", "qty_avg", STEPS, "lm"),
    ("step count the past 7 days", "en", "qty_total", STEPS, "p7"),
    ("how many steps have I been doing lately", "en", "qty_avg", STEPS, "vague"),
    # pages
    ("total pages read in {lm_en3}", "en", "qty_total", PAGES, "lm"),
    ("pages read this week", "en", "qty_total", PAGES, "tw"),
    ("how many pages did I read last week?", "en", "qty_total", PAGES, "lw"),
    ("pages this month", "en", "qty_total", PAGES, "tm"),
    ("how many pages did I read yesterday", "en", "qty_total", PAGES, "yesterday"),
    ("pages read since {since_en}", "en", "qty_total", PAGES, "since"),
    # none
    ("how far did I swim this month?", "en", "none", None, "tm"),
    ("how many km did I cycle last week", "en", "none", None, "lw"),
    ("how many runs the week before last?", "en", "run_count", None, "wbl"),
    ("avg sleep the week before last", "en", "sleep_avg", None, "wbl"),
    ("best overhead press?", "en", "none", None, "all"),
    ("how much protein did I eat yesterday", "en", "none", None, "yesterday"),
    ("when did I last do yoga", "en", "none", None, "all"),
]

Q_ES = [
    ("¿Cuál es mi récord en press banca?", "es", "lift_best", "bench press", "all"),
    ("máximo en sentadilla", "es", "lift_best", "squat", "all"),
    ("mi mejor peso muerto", "es", "lift_best", "deadlift", "all"),
    ("¿cuánto es lo máximo que he levantado en sentadilla?", "es", "lift_best", "squat", "all"),
    ("mejor press banca en {lm_es}", "es", "lift_best", "bench press", "lm"),
    ("peso muerto máximo este mes", "es", "lift_best", "deadlift", "tm"),
    ("sentadilla máxima el mes pasado", "es", "lift_best", "squat", "lm"),
    ("total de sentadilla, banca y peso muerto", "es", "big3", None, "all"),
    ("¿cuánto hice en banca la última vez?", "es", "lift_last", "bench press", "all"),
    ("último peso en sentadilla", "es", "lift_last", "squat", "all"),
    ("¿con cuánto hice peso muerto la última vez?", "es", "lift_last", "deadlift", "all"),
    ("¿cuándo hice sentadilla por última vez?", "es", "lift_when", "squat", "all"),
    ("cuando fue mi ultimo peso muerto", "es", "lift_when", "deadlift", "all"),
    ("¿he mejorado en sentadilla?", "es", "lift_trend", "squat", "all"),
    ("progreso en press banca", "es", "lift_trend", "bench press", "all"),
    ("¿cómo va mi peso muerto?", "es", "lift_trend", "deadlift", "all"),
    # training counts
    ("¿cuántas veces entrené esta semana?", "es", "train_days", None, "tw"),
    ("¿cuántos días entrené la semana pasada?", "es", "train_days", None, "lw"),
    ("entrenamientos este mes", "es", "train_days", None, "tm"),
    ("¿cuántas veces fui al gimnasio en {lm_es}?", "es", "lift_sessions", None, "lm"),
    ("sesiones de gimnasio la semana pasada", "es", "lift_sessions", None, "lw"),
    ("días de entrenamiento en los últimos 30 días", "es", "train_days", None, "p30"),
    ("¿cuántas veces hice sentadilla este mes?", "es", "lift_sessions", "squat", "tm"),
    ("¿entrené hoy?", "es", "train_days", None, "today"),
    ("¿entrené ayer?", "es", "train_days", None, "yesterday"),
    ("entrenamientos desde el {since_es}", "es", "train_days", None, "since"),
    # runs
    ("¿cuántos km corrí esta semana?", "es", "run_km", None, "tw"),
    ("km corridos la semana pasada", "es", "run_km", None, "lw"),
    ("¿cuántos kilómetros corrí el mes pasado?", "es", "run_km", None, "lm"),
    ("distancia total este mes", "es", "run_km", None, "tm"),
    ("¿cuánto corrí en {lm_es}?", "es", "run_km", None, "lm"),
    ("km en los últimos 7 días", "es", "run_km", None, "p7"),
    ("¿cuántos km he corrido en total?", "es", "run_km", None, "all"),
    ("¿cuánto corrí ayer?", "es", "run_km", None, "yesterday"),
    ("¿cuánto corrí hoy?", "es", "run_km", None, "today"),
    ("¿cuántas veces salí a correr este mes?", "es", "run_count", None, "tm"),
    ("carreras la semana pasada", "es", "run_count", None, "lw"),
    ("¿cuántas veces corrí en {lm_es}?", "es", "run_count", None, "lm"),
    ("número de carreras en las últimas dos semanas", "es", "run_count", None, "p14"),
    ("¿cuántas veces corrí los fines de semana?", "es", "run_count", None, "weekend"),
    ("¿cuál fue mi carrera más larga?", "es", "run_longest", None, "all"),
    ("carrera más larga del mes pasado", "es", "run_longest", None, "lm"),
    ("¿cuándo corrí por última vez?", "es", "run_when", None, "all"),
    ("¿cuánto corrí la última vez?", "es", "run_last", None, "all"),
    ("ritmo medio", "es", "run_pace", None, "all"),
    ("¿cuál es mi ritmo promedio este mes?", "es", "run_pace", None, "tm"),
    ("distancia media por carrera", "es", "run_avg_km", None, "all"),
    # sleep
    ("¿cuánto dormí anoche?", "es", "sleep_last", None, "all"),
    ("horas de sueño anoche", "es", "sleep_last", None, "all"),
    ("¿cuántas horas dormí de media esta semana?", "es", "sleep_avg", None, "tw"),
    ("promedio de sueño la semana pasada", "es", "sleep_avg", None, "lw"),
    ("¿cuánto dormí de promedio en {lm_es}?", "es", "sleep_avg", None, "lm"),
    ("media de sueño este mes", "es", "sleep_avg", None, "tm"),
    ("sueño promedio últimos 30 días", "es", "sleep_avg", None, "p30"),
    ("¿qué tal estoy durmiendo últimamente?", "es", "sleep_avg", None, "vague"),
    ("¿cuál fue la noche que menos dormí este mes?", "es", "sleep_min", None, "tm"),
    ("la noche que más dormí el mes pasado", "es", "sleep_max", None, "lm"),
    ("¿cuánto duermo los fines de semana?", "es", "sleep_avg", None, "weekend"),
    # coffee
    ("¿cuántos cafés tomé hoy?", "es", "qty_total", COFFEE, "today"),
    ("cafés ayer", "es", "qty_total", COFFEE, "yesterday"),
    ("¿cuántos cafés esta semana?", "es", "qty_total", COFFEE, "tw"),
    ("cafés la semana pasada", "es", "qty_total", COFFEE, "lw"),
    ("¿cuántos cafés me tomé en {lm_es}?", "es", "qty_total", COFFEE, "lm"),
    ("cafés por día este mes", "es", "qty_avg", COFFEE, "tm"),
    ("¿cuántos cafés tomo al día de media?", "es", "qty_avg", COFFEE, "all"),
    ("café diario últimamente", "es", "qty_avg", COFFEE, "vague"),
    # none
    ("¿cuántos km nadé este mes?", "es", "none", None, "tm"),
    ("¿cuándo fui en bici por última vez?", "es", "none", None, "all"),
    ("¿cuántas veces corrí hace dos semanas?", "es", "run_count", None, "wbl"),
    ("media de sueño la semana antepasada", "es", "sleep_avg", None, "wbl"),
    ("¿cuántos pasos di ayer?", "es", "none", None, "yesterday"),
    ("mejor press militar", "es", "none", None, "all"),
    # esta semana / este mes in other shapes, English from the same person
    ("corrí algo esta semana?", "es", "run_count", None, "tw"),
    ("entrenos en las ultimas 2 semanas", "es", "train_days", None, "p14"),
    ("squat pr?", "en", "lift_best", "squat", "all"),
    ("km run last month", "en", "run_km", None, "lm"),
    ("avg sleep this week", "en", "sleep_avg", None, "tw"),
    ("coffee per day lately", "en", "qty_avg", COFFEE, "vague"),
    ("¿Me podrías decir cuántos kilómetros corrí en los últimos treinta días?", "es", "run_km", None, "p30"),
    ("cuanto dormi anoche", "es", "sleep_last", None, "all"),
    ("sentadila maxima", "es", "lift_best", "squat", "all"),
    ("¿Cuál fue mi peso más alto en press de banca el mes pasado?", "es", "lift_best", "bench press", "lm"),
    ("km corridos desde el {since_es}", "es", "run_km", None, "since"),
]

QUESTIONS = {"ko-lift": Q_KO_LIFT, "ko-run": Q_KO_RUN, "en-all": Q_EN, "es-mix": Q_ES}


def build_questions(person, info, recs, today, seed):
    out, seen = [], set()
    for text, lang, intent, arg, per in QUESTIONS[person]:
        q = make_q(text, lang, intent, arg, per, recs, today)
        if q is None or q["q"] in seen:
            continue
        seen.add(q["q"])
        out.append(q)
    return out


if __name__ == "__main__":
    run_people(__doc__, "holdout6", "holdout6-", SPAN_DAYS, PEOPLE, build_questions)
