#!/usr/bin/env python3
"""holdout10: everyday multi-activity trackers (cycling, swimming, hiking, yoga, walking,
reading, habit fields), written without reading the reader.

    python3 tools/holdout10/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Writes DIR/<person>/ vaults with .truth/records.jsonl, questions.jsonl and meta.json in the
format tools/vaultgen/score.py scores. Python 3 standard library only; deterministic by seed.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import Rec, daterange, fmt_num, hmmss, mmss, month_start, period_range, prev_month_start, run_people  # noqa: E402
from questions import expect  # noqa: E402

D = dt.timedelta
AMOUNTS = {"coffee", "glass", "protein", "kcal", "drink"}

# --------------------------------------------------------------------------- records


def r_run(km, mins):
    return Rec(None, "run", "run", {"distance_km": round(km, 3), "duration_min": None if mins is None else round(mins, 3)})


def r_sleep(h):
    return Rec(None, "sleep", "sleep", {"hours": round(h, 3)})


def r_q(name, value, unit, what=None, **extra):
    """An amount or measure. The name is what score.py calls a stored measure: a known name
    (steps, page, minute, glass, coffee) or else its unit (km, m, kg, l)."""
    f = {"value": value, "unit": unit}
    if what:
        f["what"] = what
    f.update({k: v for k, v in extra.items()})
    return Rec(None, "amount" if name in AMOUNTS else "measure", name, f)


def r_act(what, dist, unit, mins):
    """A ride, swim, hike or walk: a measure named by its distance unit (the duration kept in
    its fields for the questions) and, when a time was logged, a second measure in minutes
    (`part: duration`) for the time itself. Questions count sessions by the distance record."""
    recs = [r_q(unit.lower(), dist, unit, what, duration_min=None if mins is None else round(mins, 3))]
    if mins is not None:
        recs.append(r_q("minute", round(mins, 3), "min", what, part="duration"))
    return recs


def r_dur(what, mins):
    """A timed session with no distance (yoga, climbing, a hike without km): minutes."""
    return r_q("minute", mins, "min", what)


class Day:
    """Lines of one day; every record is bound to the exact line it was written in."""

    def __init__(self, d, src, recs):
        self.d, self.src, self.recs, self.lines = d, src, recs, []

    def add(self, text, *rs):
        self.lines.append(text)
        flat = []
        for r in rs:
            flat += r if isinstance(r, list) else [r]
        for r in flat:
            r.date, r.text, r.source = self.d, text.strip(), self.src
            self.recs.append(r)

    def note(self, text):
        self.lines.append(text)


def dec(x, comma=False, nd=1):
    s = fmt_num(x, nd)
    return s.replace(".", ",") if comma else s


def thou(n, sep=","):
    return f"{n:,}".replace(",", sep)


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


def span_start(rng, today, lo=65, hi=118):
    return today - D(rng.randint(lo, hi) - 1)


def frontmatter_broken():
    return "---\ntags: [daily, \nmood: ok: fine\n---\n"


# --------------------------------------------------------------------------- en-cycle

EN_CMT = ["", "", "", " — legs dead", " (headwind all the way back)", " 👍", ", felt strong", " 😅 knee a bit sore",
          " PB!", " — lovely morning"]


def hm_en(mins):
    h, m = divmod(int(round(mins)), 60)
    return f"{h}h {m:02d}m" if h else f"{m} min"


def p_en_cycle(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    weight = rng.uniform(68, 79)
    broken = start + D(rng.randint(10, 40))
    worlds = ["Watopia", "London", "Makuri", "Richmond"]
    for d in daterange(start, today):
        if d != today and rng.random() < 0.07:
            continue
        src = f"Daily/{d.isoformat()}.md"
        day = Day(d, src, recs)
        wd = d.weekday()
        if rng.random() < 0.04 and d not in (today, broken):
            files[src] = f"# {d.strftime('%a %-d %b')}\n\n"
            continue
        if wd == 0 and rng.random() < 0.75:
            weight += rng.uniform(-0.5, 0.35)
            w = round(weight, 1)
            day.add(pick(rng, [f"- weight {w}kg", f"- ⚖️ {w}", f"- weighed in at {w} kg"]), r_q("kg", w, "kg", "weight"))
        # swim
        if (wd in (0, 2) and rng.random() < 0.75) or (wd == 4 and rng.random() < 0.3):
            fmt = rng.randrange(5)
            if fmt == 0:
                m = pick(rng, [1200, 1500, 1500, 1800, 2000]); mins = round(m / 100 * rng.uniform(1.9, 2.4))
                day.add(f"- swim {m}m in {mins} min{pick(rng, EN_CMT)}", r_act("swim", m, "m", mins))
            elif fmt == 1:
                n = pick(rng, [32, 40, 40, 48, 60, 64])
                day.add(f"- pool: {n} lengths (25m)", r_act("swim", n * 25, "m", None))
            elif fmt == 2:
                km = pick(rng, [1.2, 1.5, 1.6, 2.0]); mins = round(km * 10 * rng.uniform(1.9, 2.4))
                day.add(f"- swam {dec(km)}km, {mins} min", r_act("swim", km, "km", mins))
            elif fmt == 3:
                m = pick(rng, [1000, 1500, 2000])
                day.add(f"- 🏊 {m}m", r_act("swim", m, "m", None))
            else:
                m = pick(rng, [1500, 1750, 2000]); mins = round(m / 100 * rng.uniform(1.9, 2.4))
                t = pick(rng, ["swmi", "Swim:"])
                day.add(f"- {t} {m} m, {mins}min 🏊‍♂️{pick(rng, EN_CMT)}", r_act("swim", m, "m", mins))
        # rides
        ride = None
        if wd in (1, 3) and rng.random() < 0.8:
            ride = "zwift" if (wd == 1 or rng.random() < 0.5) else "out"
        elif wd == 5 and rng.random() < 0.85:
            ride = "long"
        elif wd == 6 and rng.random() < 0.2:
            ride = "brick"
        if ride == "zwift":
            mins = pick(rng, [30, 40, 45, 45, 50, 60, 75]); km = round(mins / 60 * rng.uniform(27, 33), 1)
            fmt = rng.randrange(3)
            if fmt == 0:
                day.add(f"- Zwift {mins} min {dec(km)}km{pick(rng, EN_CMT)}", r_act("ride", km, "km", mins))
            elif fmt == 1:
                day.add(f"- Zwift - {hm_en(mins)}, {dec(km)} km ({pick(rng, worlds)})", r_act("ride", km, "km", mins))
            else:
                day.add(f"- zwfit {dec(km)}km {mins}min", r_act("ride", km, "km", mins))
        elif ride in ("out", "long"):
            km = round(rng.uniform(30, 62) if ride == "out" else rng.uniform(60, 118), 1)
            secs = int(km / rng.uniform(24, 30.5) * 3600)
            fmt = rng.randrange(5)
            if fmt == 0:
                spd = round(km / (secs / 3600), 1)
                day.add(f"- Ride {dec(km)} km, {hmmss(secs / 60)}, avg {dec(spd)} km/h{pick(rng, EN_CMT)}",
                        r_act("ride", km, "km", secs / 60))
            elif fmt == 1:
                day.add(f"- 🚴 {dec(km)} km in {hmmss(secs / 60)}", r_act("ride", km, "km", secs / 60))
            elif fmt == 2:
                mins = round(secs / 60)
                day.add(f"- rode {dec(km)}km with the club, {hm_en(mins)}", r_act("ride", km, "km", mins))
            elif fmt == 3:
                day.add(f"- Long ride: {dec(km)}km / {hmmss(secs / 60)} — cafe stop at the lake",
                        r_act("ride", km, "km", secs / 60))
            else:
                day.add(f"- rdie {dec(km)} km {hmmss(secs / 60)}", r_act("ride", km, "km", secs / 60))
        elif ride == "brick":
            km1, km2 = round(rng.uniform(25, 40)), pick(rng, [4, 5, 5, 6])
            day.add(f"- brick: ride {km1} km then run {km2} km", r_act("ride", km1, "km", None), r_run(km2, None))
        # runs
        if (wd == 2 and rng.random() < 0.45) or (wd == 4 and rng.random() < 0.35) or (wd == 6 and ride != "brick" and rng.random() < 0.6):
            km = round(rng.uniform(5, 9) if wd != 6 else rng.uniform(7, 14), 1)
            secs = int(km * rng.uniform(290, 345))
            fmt = rng.randrange(3)
            if fmt == 0:
                day.add(f"- run {dec(km)}k {mmss(secs / 60)}", r_run(km, secs / 60))
            elif fmt == 1:
                mins = round(secs / 60)
                day.add(f"- Easy run {dec(km)} km in {mins} min{pick(rng, EN_CMT)}", r_run(km, mins))
            else:
                day.add(f"- ran {dec(km)}km {mmss(secs / 60) if secs < 3600 else hmmss(secs / 60)} 🏃", r_run(km, secs / 60))
        if wd == 5 and ride is None and rng.random() < 0.7:
            secs = int(5 * rng.uniform(285, 320))
            day.add(f"- parkrun 5k {mmss(secs / 60)}{pick(rng, EN_CMT)}", r_run(5, secs / 60))
        # mess
        x = rng.random()
        if x < 0.06:
            day.note(pick(rng, ["- my friend ran 10k in 45 min", f"- Tom did {rng.randint(110, 160)} km at the sportive 😮",
                                "- Sarah swam 3km in the lake, legend", "- Dave's Zwift race: 42 km in 1:05:00 (he's a machine)"]))
        elif x < 0.11:
            day.note(pick(rng, ["- Tomorrow: long ride 90 km if it's dry", "- Plan for next week: 3 swims, 250 km on the bike",
                                "- goal: swim 2km nonstop before Xmas", "- next Sat maybe 120 km with the club?"]))
        elif x < 0.25:
            day.note(pick(rng, ["- busy day at work", "- rest day", "- coffee with Ana after", "- legs sore 😩",
                                "- new tyres fitted", "- rain all day, stayed in"]))
        if not day.lines:
            day.note("- rest day")
        head = f"# {d.strftime('%a %-d %b')}\n\n"
        fm = frontmatter_broken() if d == broken else ("---\ntags: daily\n---\n" if rng.random() < 0.5 else "")
        files[src] = fm + head + "\n".join(day.lines) + "\n"
    # weekly reviews of the last two whole weeks (summaries: no records)
    mon = today - D(today.weekday())
    for k in (1, 2):
        a = mon - D(7 * k)
        b = a + D(6)
        rides = [r for r in recs if r.fields.get("what") == "ride" and r.fields.get("part") is None and a <= r.date <= b]
        swims = [r for r in recs if r.fields.get("what") == "swim" and r.fields.get("part") is None and a <= r.date <= b]
        runs = [r for r in recs if r.kind == "run" and a <= r.date <= b]
        sw = sum(r.fields["value"] * (1000 if r.name == "km" else 1) for r in swims)
        files[f"Reviews/{a.isocalendar()[0]}-W{a.isocalendar()[1]:02d} review.md"] = (
            f"# Week {a.isocalendar()[1]} review\n\n- Bike total: {dec(sum(r.fields['value'] for r in rides))} km "
            f"({len(rides)} rides)\n- Swim: {int(sw)} m\n- Run: {dec(sum(r.fields['distance_km'] for r in runs))} km\n"
            "- Next week: more easy spins, one long swim\n")
    files["Plans/Winter plan.md"] = ("# Winter plan\n\n- Mon: swim 2000m technique\n- Tue: Zwift 60 min 30km\n"
                                     "- Thu: ride 50 km tempo\n- Sat: long ride 100 km\n- Sun: run 10 km easy\n\n"
                                     "Goal: 5000 km on the bike this year, swim 1500m in under 30 min.\n")
    return files, recs, {}


# --------------------------------------------------------------------------- ko-hike

MOUNTAINS = ["북한산", "관악산", "도봉산", "청계산", "수락산", "아차산", "불암산"]
KO_DAYS = "월화수목금토일"


def hm_ko(mins, half=True):
    h, m = divmod(int(mins), 60)
    if h and m == 30 and half:
        return f"{h}시간 반"
    if h and m:
        return f"{h}시간 {m}분"
    return f"{h}시간" if h else f"{m}분"


def p_ko_hike(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    broken = start + D(rng.randint(8, 40))
    for d in daterange(start, today):
        if d != today and rng.random() < 0.08:
            continue
        src = f"일기/{d.year}년 {d.month}월 {d.day}일.md"
        day = Day(d, src, recs)
        wd = d.weekday()
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = f"# {d.month}월 {d.day}일 ({KO_DAYS[wd]})\n\n"
            continue
        if wd in (0, 2, 4) and rng.random() < 0.7:
            mins = pick(rng, [30, 40, 45, 50, 60, 60, 60, 75])
            fmt = rng.randrange(5)
            t = [f"요가 {mins}분", f"아침 요가 {mins}분 🧘", f"요가했음 ({mins}분)", f"요가 {mins}분 했다, 개운함",
                 "요가 1시간" if mins == 60 else f"요가 {mins}분"][fmt]
            day.add(f"- {t}", r_dur("yoga", mins))
        if wd == 5 and rng.random() < 0.55:
            mins = pick(rng, [50, 50, 55])
            day.add(f"- {pick(rng, ['필라테스', '필라테스 기구', '필라'])} {mins}분", r_dur("pilates", mins))
        if wd in (1, 3) and rng.random() < 0.65:
            mins = pick(rng, [60, 90, 90, 120, 120, 150])
            g = rng.randint(2, 5)
            fmt = rng.randrange(4)
            t = [f"클라이밍 {hm_ko(mins, False)} V{g} 완등", f"볼더링 {hm_ko(mins)} 💪 V{g} {rng.randint(2, 4)}개",
                 f"클라이밍 {mins}분", f"퇴근하고 클라이밍장 {hm_ko(mins)} (V{g} 두 개 풂)"][fmt]
            day.add(f"- {t}", r_dur("climbing", mins))
        if wd in (5, 6) and rng.random() < (0.55 if wd == 5 else 0.3) and not any(r.date == d - D(1) and r.fields.get("what") == "hike" for r in recs):
            mt = pick(rng, MOUNTAINS)
            mins = pick(rng, [150, 180, 195, 210, 240, 270, 300, 310])
            km = round(mins / 60 * rng.uniform(2.4, 3.1), 1)
            fmt = rng.randrange(5)
            if fmt == 0:
                day.add(f"- {mt} 등산 {hm_ko(mins, False)} {dec(km)}km", r_act("hike", km, "km", mins))
            elif fmt == 1:
                day.add(f"- {mt} 다녀옴! {hm_ko(mins, False)}, {dec(km)}km 🥾", r_act("hike", km, "km", mins))
            elif fmt == 2:
                day.add(f"- {mt} 등산 ({hm_ko(mins)}, {dec(km)}km)", r_act("hike", km, "km", mins))
            elif fmt == 3:
                day.add(f"- {mt} 등산 {dec(km)}km / {hm_ko(mins, False)} 걸림", r_act("hike", km, "km", mins))
            else:
                mins = pick(rng, [90, 110, 120, 150])
                day.add(f"- {pick(rng, ['인왕산', '아차산'])} 가볍게 등산 {hm_ko(mins)}", r_dur("hike", mins))
        if rng.random() < 0.82:
            hiked = any(r.date == d and r.fields.get("what") == "hike" for r in recs)
            n = rng.randint(18000, 28000) if hiked else rng.randint(4500, 14500)
            fmt = rng.randrange(5)
            t = [f"걸음수 {thou(n)}보", f"걸음 수 {n}보", f"오늘 걸음수: {thou(n)}", f"👣 {thou(n)}보",
                 f"만보 달성! {thou(n)}보" if n >= 10000 else f"걸음수 {thou(n)}보"][fmt]
            day.add(f"- {t}", r_q("steps", n, "step"))
        if rng.random() < 0.6:
            l = pick(rng, [1.0, 1.2, 1.5, 1.5, 1.8, 2.0])
            fmt = rng.randrange(3)
            t = [f"물 {dec(l)}L", f"물 {dec(l)}리터", f"물 {dec(l)} L 마심"][fmt]
            day.add(f"- {t}", r_q("l", l, "L", "water"))
        if rng.random() < 0.35:
            mins = rng.choice([6, 6.5, 7, 7, 7.5, 8]) * 60 + pick(rng, [0, 0, 10, 20, 40])
            h = mins / 60
            t = pick(rng, [f"수면 {hm_ko(mins, False)}", f"{hm_ko(mins)} 잤음"])
            day.add(f"- {t}", r_sleep(h))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- 친구는 북한산 3시간 만에 올랐대 ㄷㄷ", "- 언니는 요가 매일 90분 한다고 함",
                                "- 남편은 오늘 2만보 걸었다고 자랑함", "- 동기는 V7 깼다고 함 부럽"]))
        elif x < 0.12:
            day.note(pick(rng, ["- 다음 주 토요일 설악산 가기로 함 (15km 예정)", "- 내일 요가 60분 예약함",
                                "- 목표: 이번 달 요가 12번!"]))
        elif x < 0.3:
            day.note(pick(rng, ["- 회사 일 많았음 😮‍💨", "- 날씨 좋았다", "- 친구랑 저녁", "- 피곤해서 일찍 잠",
                                "- 다리 알 배김"]))
        if not day.lines:
            day.note("- 쉬는 날")
        head = f"# {d.month}월 {d.day}일 ({KO_DAYS[wd]}) {pick(rng, ['☀️', '☁️', '🌧', ''])}".rstrip() + "\n\n"
        fm = frontmatter_broken() if d == broken else ""
        files[src] = fm + head + "\n".join(day.lines) + "\n"
    files["계획/12월 산행 계획.md"] = ("# 12월 산행 계획\n\n- 12/6 지리산 등산 25km 10시간 예상\n- 12/20 설악산 대청봉 16km\n"
                                   "- 요가 주 3회 60분\n- 목표: 하루 평균 10,000보\n")
    files["목표.md"] = "# 올해 목표\n\n- 100대 명산 10개\n- 클라이밍 V5 완등\n- 물 하루 2L\n"
    return files, recs, {}


# --------------------------------------------------------------------------- es-run

ES_DAYS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
ES_MONTHS = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
BOOKS = ["Cien años de soledad", "La sombra del viento", "Project Hail Mary", "Patria", "El infinito en un junco"]


def p_es_run(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    broken = start + D(rng.randint(8, 40))
    for d in daterange(start, today):
        if d != today and rng.random() < 0.08:
            continue
        src = f"Diario/{d.strftime('%d-%m-%Y')}.md"
        day = Day(d, src, recs)
        wd = d.weekday()
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = f"# {ES_DAYS[wd]} {d.day} de {ES_MONTHS[d.month - 1]}\n\n"
            continue
        if rng.random() < 0.5:
            mins = rng.choice([6, 6.5, 7, 7, 7.5, 8]) * 60 + pick(rng, [0, 0, 10, 20, 40])
            h, m = divmod(int(mins), 60)
            if m == 30 and rng.random() < 0.5:
                t = f"dormí {h} horas y media"
            elif m == 0 or rng.random() < 0.5:
                t = f"sueño {dec(mins / 60, True, 2)} h" if m in (0, 30) else f"dormí {h}h {m}m"
            else:
                t = f"dormí {h}h {m}m"
            day.add(f"- {t}", r_sleep(mins / 60))
        run = wd in (1, 3) and rng.random() < 0.75 or wd == 6 and rng.random() < 0.8 or wd == 5 and rng.random() < 0.35
        if run:
            comma = rng.random() < 0.6
            if wd == 6:
                km = round(rng.uniform(12, 21), 1)
                secs = int(km * rng.uniform(310, 350))
                t = pick(rng, [f"tirada larga {dec(km, comma)} km {hmmss(secs / 60)}", f"long run {dec(km)}k {hmmss(secs / 60)}"])
                day.add(f"- {t}", r_run(km, secs / 60))
            elif wd == 5:
                secs = int(5 * rng.uniform(280, 310))
                day.add(f"- parkrun 5k {mmss(secs / 60)} 🏃‍♀️", r_run(5, secs / 60))
            else:
                fmt = rng.randrange(6)
                km = round(rng.uniform(5, 10), 1)
                secs = int(km * rng.uniform(300, 340))
                if fmt == 0:
                    day.add(f"- corrí {dec(km, comma)} km en {mmss(secs / 60)}{pick(rng, ['', ', buenas sensaciones', ' 🥵'])}",
                            r_run(km, secs / 60))
                elif fmt == 1:
                    mins = round(secs / 60)
                    day.add(f"- rodaje suave {dec(km, comma)} km {mins} min", r_run(km, mins))
                elif fmt == 2:
                    n = pick(rng, [6, 8, 10]); km = round(rng.uniform(6.5, 8.5), 1); secs = int(km * rng.uniform(290, 320))
                    day.add(f"- series {n}x400m (total {dec(km, comma)} km, {mmss(secs / 60)})", r_run(km, secs / 60))
                elif fmt == 3:
                    day.add(f"- easy run {dec(km)}k {mmss(secs / 60)}", r_run(km, secs / 60))
                elif fmt == 4:
                    mins = pick(rng, [30, 35, 40]); km = round(mins * 60 / rng.uniform(320, 350), 1)
                    day.add(f"- cinta {mins} min {dec(km, comma)} km", r_run(km, mins))
                else:
                    day.add(f"- corri {dec(km, comma)}km en {mmss(secs / 60)} (sin tilde, prisa)", r_run(km, secs / 60))
        if rng.random() < 0.7:
            n = pick(rng, [10, 15, 20, 20, 25, 30, 35, 40, 50, 60])
            fmt = rng.randrange(5)
            t = [f"leí {n} páginas", f"leí {n} pág. de \"{pick(rng, BOOKS)}\"", f"read {n} pages", f"📖 {n} páginas",
                 f"lectura: {n} págs"][fmt]
            day.add(f"- {t}", r_q("page", n, "page", "reading"))
        if rng.random() < 0.5:
            n = pick(rng, [5, 10, 10, 10, 15, 20])
            t = pick(rng, [f"meditación {n} min", f"medité {n} minutos", f"meditation {n} min"])
            day.add(f"- {t}", r_q("minute", n, "min", "meditation"))
        if rng.random() < 0.75:
            n = pick(rng, [1, 2, 2, 2, 3, 3, 4])
            t = pick(rng, [f"café x{n}", f"{n} cafés" if n > 1 else "1 café", f"☕ x{n}", f"cafés: {n}"])
            day.add(f"- {t}", r_q("coffee", n, "cup"))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- mi amigo corrió 10k en 45 min", "- Laura hizo la media en 1:45:00 🤯",
                                "- mi hermana leyó 300 páginas este finde", "- Pablo corrió 21 km el domingo"]))
        elif x < 0.12:
            day.note(pick(rng, ["- mañana: 12 km suaves", "- objetivo: 40 km esta semana", "- plan: tirada larga de 24 km el domingo"]))
        elif x < 0.3:
            day.note(pick(rng, ["- mucho trabajo hoy", "- cena con Marta", "- día de descanso", "- me duele un poco la rodilla"]))
        if not day.lines:
            day.note("- descanso")
        head = f"# {ES_DAYS[wd]} {d.day} de {ES_MONTHS[d.month - 1]}\n\n"
        fm = frontmatter_broken() if d == broken else ""
        files[src] = fm + head + "\n".join(day.lines) + "\n"
    files["Plan/Plan maratón Valencia.md"] = ("# Plan maratón Valencia\n\n- semana 8: tirada larga 28 km\n- semana 9: series 10x1000\n"
                                              "- semana 10: 32 km en 2:50:00\n- objetivo: 3:30:00\n")
    files["Lecturas/Lista 2026.md"] = ("# Lecturas 2026\n\n- Cien años de soledad — 471 páginas\n- Patria — 648 páginas\n"
                                       "- Project Hail Mary — 496 pages\n")
    return files, recs, {}


# --------------------------------------------------------------------------- ja-walk

JA_DAYS = "月火水木金土日"


def p_ja_walk(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    weight = rng.uniform(60, 68)
    weeks = {}
    for d in daterange(start, today):
        iy, iw, _ = d.isocalendar()
        weeks.setdefault((iy, iw), []).append(d)
    for (iy, iw), days in weeks.items():
        src = f"週記/{iy}-W{iw:02d}.md"
        hstyle = rng.randrange(3)
        parts = [f"# {iy}年 第{iw}週\n"]
        if rng.random() < 0.3:
            parts.append(f"今週の目標：歩数 {pick(rng, ['70,000', '60,000'])}歩、体重 {dec(weight - 0.5)}kg\n")
        for d in days:
            wd = d.weekday()
            if d != today and rng.random() < 0.07:
                continue
            head = [f"## {d.month}月{d.day}日（{JA_DAYS[wd]}）", f"## {d.month}/{d.day}（{JA_DAYS[wd]}）",
                    f"## {d.isoformat()} {JA_DAYS[wd]}"][hstyle]
            if rng.random() < 0.04 and d != today:
                parts.append(head + "\n（記録なし）\n")
                continue
            day = Day(d, src, recs)
            if rng.random() < 0.85:
                weight += rng.uniform(-0.3, 0.22)
                w = round(weight, 1)
                t = pick(rng, [f"体重 {w}kg", f"体重：{w} kg", f"朝体重 {w}", f"⚖️ {w}kg"])
                day.add(f"- {t}", r_q("kg", w, "kg", "weight"))
            if rng.random() < 0.75:
                mins = rng.choice([5.5, 6, 6, 6.5, 6.5, 7, 7.5]) * 60 + pick(rng, [0, 0, 0, 15, 45])
                h, m = divmod(int(mins), 60)
                fmt = rng.randrange(4)
                if m == 30 and fmt == 0:
                    t = f"睡眠 {h}時間半"
                elif fmt == 1 and m:
                    t = f"睡眠 {h}時間{m}分"
                elif fmt == 2 and m in (0, 30, 15, 45):
                    t = f"睡眠：{fmt_num(mins / 60, 2)}h"
                elif fmt == 3:
                    wake = dt.datetime(2026, 1, 2, pick(rng, [6, 6, 7]), pick(rng, [0, 15, 30]))
                    bed = wake - D(minutes=mins)
                    t = f"{bed.strftime('%-H:%M')}就寝 {wake.strftime('%-H:%M')}起床"
                else:
                    t = f"睡眠 {h}時間" + (f"{m}分" if m else "")
                day.add(f"- {t}", r_sleep(mins / 60))
            walked = False
            if rng.random() < 0.55:
                walked = True
                mins = pick(rng, [30, 40, 45, 50, 58, 60, 70, 75])
                km = round(mins / 60 * rng.uniform(4.6, 5.6), 1)
                fmt = rng.randrange(4)
                if fmt == 0:
                    day.add(f"- ウォーキング {dec(km)}km {mins}分", r_act("walk", km, "km", mins))
                elif fmt == 1:
                    day.add(f"- 散歩 {dec(km)}km {mins}分 🚶‍♀️", r_act("walk", km, "km", mins))
                elif fmt == 2:
                    h, m = divmod(mins, 60)
                    dur = f"{h}時間{m}分" if h and m else (f"{h}時間" if h else f"{m}分")
                    day.add(f"- ウォーキング {dur} {dec(km)}km", r_act("walk", km, "km", mins))
                else:
                    day.add(f"- 夕方ウォーキング {dec(km)}キロ", r_act("walk", km, "km", None))
            if rng.random() < 0.85:
                n = rng.randint(9000, 15000) if walked else rng.randint(3500, 9500)
                t = pick(rng, [f"歩数 {thou(n)}歩", f"歩数：{n}", f"{thou(n)}歩", f"今日は{thou(n)}歩"])
                day.add(f"- {t}", r_q("steps", n, "step"))
            if rng.random() < 0.45:
                n = pick(rng, [1, 2, 2, 3])
                day.add(f"- コーヒー {n}杯", r_q("coffee", n, "cup"))
            x = rng.random()
            if x < 0.07:
                day.note(pick(rng, ["- 夫は10km走ったらしい", "- 友達は体重55kgまで落としたって", "- 母は毎日12,000歩歩いてるらしい"]))
            elif x < 0.12:
                day.note(pick(rng, ["- 明日は8km歩く予定", "- 目標体重 58kg！", "- 来週は毎日1万歩"]))
            elif x < 0.25:
                day.note(pick(rng, ["- 雨で散歩なし", "- 仕事が忙しい", "- 甘いもの食べすぎた😇"]))
            parts.append(head + "\n" + "\n".join(day.lines) + "\n")
        files[src] = "\n".join(parts)
    files["目標/ダイエット目標.md"] = "# ダイエット目標\n\n- 目標体重 58kg（12月末）\n- 毎日10,000歩\n- ウォーキング 週5回 5km\n"
    return files, recs, {}


# --------------------------------------------------------------------------- en-habits

MON3 = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def p_en_habits(rng, _s, today):
    start = span_start(rng, today, 70, 118)
    recs, files = [], {}
    weight = rng.uniform(76, 88)
    monthly_end = (month_start(start) + D(32)).replace(day=1) - D(1)  # first (partial) month: one monthly note
    switch = month_start(today)  # this month: inline fields in the body; before: frontmatter properties
    broken = switch + D(rng.randint(2, 8)) if switch + D(8) < today else today - D(3)
    monthly = [f"# {start.strftime('%B %Y')}\n\nHabit log for the month. Fields: sleep (h), water (glasses), pages, mood (1-5), weight (kg).\n"]
    for d in daterange(start, today):
        if d != today and rng.random() < 0.06:
            continue
        wd = d.weekday()
        src = f"Journal/{start.strftime('%Y-%m')}.md" if d <= monthly_end else f"Journal/{d.year}/{d.month:02d}/{d.isoformat()}.md"
        day = Day(d, src, recs)
        vals = []  # (key, text value, rec)
        sleep = rng.choice([5.5, 6, 6.25, 6.5, 6.75, 7, 7, 7.25, 7.5, 7.75, 8]) + (rng.choice([0.5, 1, 1.25]) if wd >= 5 else 0)
        if rng.random() < 0.92:
            sv = fmt_num(sleep, 2)
            if rng.random() < 0.12:
                h, m = divmod(int(round(sleep * 60)), 60)
                sv = f"{h}h {m}m" if m else f"{h}h"
            vals.append(("sleep", sv, r_sleep(sleep)))
        if rng.random() < 0.85:
            n = rng.randint(3, 9)
            vals.append(("water", str(n), r_q("glass", n, "glass", "water")))
        if rng.random() < 0.7:
            n = pick(rng, [10, 15, 20, 25, 30, 30, 40, 50])
            vals.append(("pages", str(n), r_q("page", n, "page", "reading")))
        elif rng.random() < 0.3:
            vals.append(("pages", "", None))
        if rng.random() < 0.9:
            n = rng.randint(2, 5)
            vals.append(("mood", str(n), r_q("mood", n, None, "mood")))
        if rng.random() < 0.65:
            weight += rng.uniform(-0.35, 0.25)
            w = round(weight, 1)
            vals.append(("weight", fmt_num(w, 1), r_q("kg", w, "kg", "weight")))
        if rng.random() < 0.4:
            n = pick(rng, [1, 2, 2, 3])
            vals.append(("coffee", str(n), r_q("coffee", n, "cup")))
        extras = []
        x = rng.random()
        if x < 0.06:
            extras.append(pick(rng, ["Partner slept 9 hours, jealous.", "Mum says she weighs 62 kg now.",
                                     "Jo read 120 pages on the train, show-off."]))
        elif x < 0.1:
            extras.append(pick(rng, ["Tomorrow: aim for 8 glasses.", "Target: 30 pages a day this week.",
                                     "Want to get under 80 kg by Christmas."]))
        elif x < 0.3:
            extras.append(pick(rng, ["Busy day.", "Went for a walk with the dog.", "Headache in the afternoon 🤕",
                                     "Nice dinner out."]))
        if d <= monthly_end:
            body = [f"## {d.isoformat()} {d.strftime('%a')}" if rng.random() < 0.5 else f"## {MON3[d.month - 1]} {d.day} ({d.strftime('%a')})"]
            for k, v, r in vals:
                if r is None:
                    body.append(f"{k}:: {v}".rstrip())
                    continue
                day.add(f"{k}:: {v}", r)
            body += day.lines + extras
            monthly.append("\n".join(body) + "\n")
            continue
        if d < switch and d != broken:
            fm = ["---", f"date: {d.isoformat()}"]
            for k, v, r in vals:
                if r is None:
                    fm.append(f"{k}:")
                else:
                    day.add(f"{k}: {v}", r)
            fm += day.lines + ["tags: [daily]", "---"]
            text = "\n".join(fm) + f"\n# {d.strftime('%A %-d %B')}\n\n" + ("\n".join(extras) + "\n" if extras else "")
        else:
            body = []
            for k, v, r in vals:
                if r is None:
                    body.append(f"{k}:: ")
                    continue
                style = rng.random()
                if style < 0.65:
                    day.add(f"{k}:: {v}", r)
                elif style < 0.85:
                    day.add(f"- [{k}:: {v}]", r)
                else:
                    day.add(f"Logged ({k}:: {v}) today", r)
            fm = frontmatter_broken() if d == broken else f"---\ndate: {d.isoformat()}\ntags: [daily]\n---\n"
            text = fm + f"# {d.strftime('%A %-d %B')}\n\n" + "\n".join(day.lines) + "\n" + ("\n" + "\n".join(extras) + "\n" if extras else "")
        files[src] = text
    files[f"Journal/{start.strftime('%Y-%m')}.md"] = "\n".join(monthly)
    files["Templates/Daily template.md"] = "---\ndate: {{date}}\nsleep: \nwater: \npages: \nmood: \nweight: \n---\n# {{title}}\n\nsleep:: \nwater:: \n"
    files["Goals.md"] = "# Goals\n\nsleep:: 8\nwater:: 8\npages:: 30\nweight:: 78\n\nTargets, not logs.\n"
    files["Habits dashboard.md"] = ("# Habits\n\n```dataview\nTABLE sleep, water, pages, mood, weight\nFROM \"Journal\"\n"
                                    "SORT file.name DESC\n```\n")
    return files, recs, {}


# --------------------------------------------------------------------------- ko-tri


def p_ko_tri(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    broken = start + D(rng.randint(8, 40))
    for d in daterange(start, today):
        if d != today and rng.random() < 0.08:
            continue
        src = f"러닝일지/{d.strftime('%Y.%m.%d')}.md"
        day = Day(d, src, recs)
        wd = d.weekday()
        if rng.random() < 0.03 and d not in (today, broken):
            files[src] = "## 오늘 운동\n\n"
            continue
        if wd in (1, 3, 6) and rng.random() < 0.8 or wd == 5 and rng.random() < 0.3:
            fmt = rng.randrange(6) if wd != 6 else 4
            km = round(rng.uniform(5, 10.5), 1)
            secs = int(km * rng.uniform(300, 350))
            mins = round(secs / 60)
            if fmt == 0:
                day.add(f"- 러닝 {dec(km)}km {mins}분", r_run(km, mins))
            elif fmt == 1:
                day.add(f"- 아침 러닝 {dec(km)}km {mmss(secs / 60)}", r_run(km, secs / 60))
            elif fmt == 2:
                day.add(f"- 한강 러닝 {dec(km)}키로 {mins}분", r_run(km, mins))
            elif fmt == 3:
                n = pick(rng, [6, 8, 10]); km = round(rng.uniform(5.5, 7.5), 1); mins = round(km * rng.uniform(5, 5.6))
                day.add(f"- 인터벌 400m x {n} (총 {dec(km)}km {mins}분)", r_run(km, mins))
            elif fmt == 4:
                km = round(rng.uniform(12, 21), 1); mins = round(km * rng.uniform(5.6, 6.2))
                day.add(f"- LSD {dec(km)}km {hm_ko(mins, False)}", r_run(km, mins))
            else:
                day.add(f"- 조깅 {dec(km)}km {mmss(secs / 60)} 😮‍💨", r_run(km, secs / 60))
        if wd in (0, 2, 4) and rng.random() < 0.45:
            fmt = rng.randrange(4)
            if fmt == 0:
                km = pick(rng, [6, 7, 8, 8.5])
                day.add(f"- 따릉이 자전거 {dec(km)}km", r_act("ride", km, "km", None))
            elif fmt == 1:
                km = pick(rng, [11, 12, 12.5]); mins = pick(rng, [40, 45, 50])
                day.add(f"- 자전거 출퇴근 {dec(km)}km {mins}분", r_act("ride", km, "km", mins))
            elif fmt == 2:
                km = round(rng.uniform(25, 45), 1); mins = round(km / rng.uniform(18, 23) * 60)
                day.add(f"- 한강 라이딩 {dec(km)}km {hm_ko(mins, False)}", r_act("ride", km, "km", mins))
            else:
                km = round(rng.uniform(8, 20), 1)
                day.add(f"- 자전거 {dec(km)}km 🚲", r_act("ride", km, "km", None))
        if wd in (0, 2, 4) and rng.random() < 0.45:
            fmt = rng.randrange(4)
            if fmt == 0:
                m = pick(rng, [800, 1000, 1000, 1200])
                day.add(f"- 수영 {m}m", r_act("swim", m, "m", None))
            elif fmt == 1:
                km = pick(rng, [1.0, 1.2, 1.5]); mins = round(km * rng.uniform(26, 32))
                day.add(f"- 수영 {dec(km)}km {mins}분", r_act("swim", km, "km", mins))
            elif fmt == 2:
                m = pick(rng, [1000, 1200, 1500]); mins = round(m / 100 * rng.uniform(2.5, 3.0))
                day.add(f"- 자유형 {m}m {mins}분", r_act("swim", m, "m", mins))
            else:
                m = pick(rng, [1000, 1200, 1300])
                day.add(f"- 수영 강습 50분 ({m}m)", r_act("swim", m, "m", 50))
        if rng.random() < 0.45:
            mins = rng.choice([5.5, 6, 6.5, 7, 7, 7.5]) * 60 + pick(rng, [0, 0, 20, 40])
            day.add(f"- 수면 {hm_ko(mins, False)}", r_sleep(mins / 60))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- 친구는 하프 1시간 40분에 뛰었대", "- 동생은 자전거로 100km 탔다고 함",
                                "- 크루 형은 풀코스 3시간 20분 ㄷㄷ"]))
        elif x < 0.12:
            day.note(pick(rng, ["- 다음 주: 장거리 20km", "- 목표: 이번 달 러닝 150km", "- 내일 수영 1500m 할 예정"]))
        elif x < 0.28:
            day.note(pick(rng, ["- 비 와서 쉼", "- 다리 무거움", "- 야근 🥲"]))
        if not day.lines:
            day.note("- 휴식")
        fm = frontmatter_broken() if d == broken else ""
        files[src] = fm + "## 오늘 운동\n\n" + "\n".join(day.lines) + "\n"
    files["대회/2026 대회 일정.md"] = ("# 대회 일정\n\n- 12/6 하프 마라톤 21.1km (목표 1:50:00)\n- 내년 3월 서울마라톤 42.195km\n"
                                   "- 트라이애슬론 올림픽 코스: 수영 1.5km / 자전거 40km / 러닝 10km\n")
    return files, recs, {}


PEOPLE = {"en-cycle": p_en_cycle, "ko-hike": p_ko_hike, "es-run": p_es_run, "ja-walk": p_ja_walk,
          "en-habits": p_en_habits, "ko-tri": p_ko_tri}
LANG = {"en-cycle": "en", "ko-hike": "ko", "es-run": "es", "ja-walk": "ja", "en-habits": "en", "ko-tri": "ko"}

# --------------------------------------------------------------------------- questions

PERIODS = {
    "en": {"today": ["today"], "yesterday": ["yesterday"], "this_week": ["this week", "this wk"],
           "last_week": ["last week"], "this_month": ["this month"], "last_month": ["last month"],
           "past_days": ["in the last {n} days", "over the past {n} days", "last {n} days"],
           "in_month": ["in {month}"], "all": ["", "ever", "so far"]},
    "ko": {"today": ["오늘"], "yesterday": ["어제"], "this_week": ["이번 주", "이번주"], "last_week": ["지난주", "지난 주", "저번 주"],
           "this_month": ["이번 달", "이번달"], "last_month": ["지난달", "지난 달", "저번 달"],
           "past_days": ["최근 {n}일", "최근 {n}일간", "지난 {n}일 동안"], "in_month": ["{m}월에", "{m}월"],
           "all": ["지금까지", ""]},
    "es": {"today": ["hoy"], "yesterday": ["ayer"], "this_week": ["esta semana"], "last_week": ["la semana pasada"],
           "this_month": ["este mes"], "last_month": ["el mes pasado"],
           "past_days": ["en los últimos {n} días", "los últimos {n} días"], "in_month": ["en {month}"],
           "all": ["", "en total"]},
    "ja": {"today": ["今日"], "yesterday": ["昨日"], "this_week": ["今週"], "last_week": ["先週"], "this_month": ["今月"],
           "last_month": ["先月"], "past_days": ["過去{n}日間", "この{n}日間"], "in_month": ["{m}月"], "all": ["今まで", ""]},
}
MONTH_NAMES = {"en": "January February March April May June July August September October November December".split(),
               "es": ES_MONTHS}


class QB:
    def __init__(self, person, lang, recs, today, rng):
        self.person, self.lang, self.recs, self.today, self.rng = person, lang, recs, today, rng
        self.out = []
        self.prev = prev_month_start(today)
        self.prev2 = prev_month_start(self.prev)
        first = min(r.date for r in recs)
        # a named month: two back when the notes cover part of it, else last month
        self.named = self.prev2 if first <= self.prev2 + D(14) else self.prev

    def rng_of(self, pk, arg=None):
        if pk == "in_month":
            return period_range("in_month", self.today, arg or self.named)
        if pk == "past_days":
            return period_range("past_days", self.today, arg)
        return period_range(pk, self.today)

    def phrase(self, pk, arg):
        w = self.rng.choice(PERIODS[self.lang][pk])
        if pk == "in_month":
            m = arg or self.named
            return w.format(month=MONTH_NAMES.get(self.lang, MONTH_NAMES["en"])[m.month - 1], m=m.month)
        if pk == "past_days":
            return w.format(n=arg)
        return w

    def past_n(self, pred):
        for n in self.rng.sample([7, 10, 14, 21, 30], 5):
            e1, e2 = self.today - D(n), self.today - D(n - 1)
            if not any(pred(r) and r.date in (e1, e2) for r in self.recs):
                return n
        return None

    def add(self, key, kind, tmpls, exp, pk=None, arg=None, **words):
        if exp is None:
            return
        t = self.rng.choice(tmpls)
        p = self.phrase(pk, arg) if pk else ""
        text = " ".join(t.format(p=p, **words).split())
        text = text.replace(" ?", "?").replace("( ", "(")
        if self.lang == "ko":
            for a, b in (("몇 번", "몇번"), ("몇 보", "몇보"), ("몇 분", "몇분"), ("몇 시간", "몇시간"), ("몇 km", "몇km"),
                         ("몇 키로", "몇키로"), ("언제 야", "언제야")):
                if a in text and self.rng.random() < 0.4:
                    text = text.replace(a, b)
        if text.endswith("?") and self.rng.random() < 0.3:
            text = text[:-1]
        text = text[0].lower() + text[1:] if self.lang == "en" and self.rng.random() < 0.5 else text
        q = {"q": text, "kind": kind, "key": key, "lang": self.lang}
        if pk:
            a, b = self.rng_of(pk, arg)
            q["period"] = [a.isoformat(), b.isoformat()]
        q.update(exp)
        self.out.append(q)

    # selections
    def sel(self, pred, pk=None, arg=None, days=None):
        a, b = self.rng_of(pk, arg) if pk else (dt.date(1900, 1, 1), self.today)
        return [r for r in self.recs if pred(r) and a <= r.date <= b and (days is None or days(r.date))]


def is_what(w):
    """The sessions of an activity (not the separate duration records of timed ones)."""
    return lambda r: r.fields.get("what") == w and r.fields.get("part") != "duration"


def is_run(r):
    return r.kind == "run"


def km_of(r):
    if r.kind == "run":
        return r.fields["distance_km"]
    if r.name == "km":
        return r.fields["value"]
    if r.name == "m":
        return r.fields["value"] / 1000
    return None


def dur_of(r):
    if r.kind == "run":
        return r.fields["duration_min"]
    if r.name == "minute":
        return r.fields["value"]
    return r.fields.get("duration_min")


def val(r):
    return r.fields["hours"] if r.kind == "sleep" else r.fields["value"]


def e_count(rs):
    return expect([str(len(rs))]) if rs else expect(none=True)


def e_days(rs):
    n = len({r.date for r in rs})
    return expect([str(n)]) if n else expect(none=True)


def e_km(rs, swim=False):
    ks = [km_of(r) for r in rs if km_of(r) is not None]
    if not ks:
        return expect(none=True)
    s = sum(ks)
    return expect([f"{fmt_num(s * 1000, 0)}|{fmt_num(s, 2)}" if swim else fmt_num(s, 2)], tol=0.051)


def e_sum(rs, tol=None):
    if not rs:
        return expect(none=True)
    return expect([fmt_num(sum(val(r) for r in rs), 2)], tol=tol)


def e_avg_per_day(rs, big=False):
    if not rs:
        return expect(none=True)
    by = {}
    for r in rs:
        by[r.date] = by.get(r.date, 0) + val(r)
    a = sum(by.values()) / len(by)
    return expect([fmt_num(a, 0)], tol=1.01) if big else expect([fmt_num(a, 2)], tol=0.051)


def e_minutes(rs):
    ms = [dur_of(r) for r in rs]
    if not rs:
        return expect(none=True)
    if any(m is None for m in ms):
        return None
    s = sum(ms)
    h, m = divmod(int(round(s)), 60)
    return expect([f"{fmt_num(s, 0)}|{fmt_num(s / 60, 2)}|{h}:{m:02d}"], tol=0.051)


def e_hours(rs):
    ms = [dur_of(r) for r in rs]
    if not rs:
        return expect(none=True)
    if any(m is None for m in ms):
        return None
    s = sum(ms)
    h, m = divmod(int(round(s)), 60)
    return expect([f"{fmt_num(s / 60, 2)}|{h}:{m:02d}|{fmt_num(s, 0)}"], tol=0.051)


def e_best_dist(rs, swim=False, unit_alts=True):
    if not rs:
        return expect(none=True)
    best = max(km_of(r) for r in rs)
    dates = sorted({r.date for r in rs if km_of(r) == best})
    num = f"{fmt_num(best * 1000, 0)}|{fmt_num(best, 2)}" if swim else fmt_num(best, 2)
    return expect([num], dates if len(dates) == 1 else [], tol=0.051)


def e_last_date(rs):
    if not rs:
        return expect(none=True)
    return expect([], [max(r.date for r in rs)])


def e_last_val(rs, nd=2, swim=False, date=True):
    if not rs:
        return expect(none=True)
    last = max(rs, key=lambda r: (r.date, r.fields.get("value", 0)))
    v = km_of(last) if swim or last.kind == "run" or last.name in ("km", "m") else val(last)
    num = f"{fmt_num(v * 1000, 0)}|{fmt_num(v, 2)}" if swim else fmt_num(v, nd)
    return expect([num], [last.date] if date else [], tol=0.051 if "." in fmt_num(v, 2) else None)


def e_trend(rs):
    if len({r.date for r in rs}) < 3:
        return None
    rs = sorted(rs, key=lambda r: r.date)
    return expect([fmt_num(val(rs[0]), 2), fmt_num(val(rs[-1]), 2)])


def e_min(rs):
    if not rs:
        return expect(none=True)
    v = min(val(r) for r in rs)
    dates = sorted({r.date for r in rs if val(r) == v})
    return expect([fmt_num(v, 2)], dates if len(dates) == 1 else [])


def e_max(rs, nd=2, big=False):
    if not rs:
        return expect(none=True)
    v = max(val(r) for r in rs)
    dates = sorted({r.date for r in rs if val(r) == v})
    return expect([fmt_num(v, nd)], dates if len(dates) == 1 else [])


def e_pair(a, b):
    """compare: both sides as numbers (none when either side has nothing: not asked)."""
    if a is None or b is None or a.get("expect_none") or b.get("expect_none"):
        return None
    q = expect(a["expect_numbers"] + b["expect_numbers"])
    tols = [x.get("tol") for x in (a, b) if x.get("tol") is not None]
    if tols:
        q["tol"] = max(tols)
    return q


def fastest_5k(rs):
    rs = [r for r in rs if r.kind == "run" and 4.9 <= r.fields["distance_km"] <= 5.1 and r.fields["duration_min"]]
    if not rs:
        return None
    b = min(rs, key=lambda r: r.fields["duration_min"])
    m = b.fields["duration_min"]
    return expect([f"{mmss(m)}|{fmt_num(m, 1)}"], [b.date], tol=0.051)


WEEKEND = lambda d: d.weekday() >= 5  # noqa: E731
WEEKDAY = lambda d: d.weekday() < 5  # noqa: E731


# ---- per person


def q_en_cycle(B):
    ride, swim = is_what("ride"), is_what("swim")
    n = B.past_n(lambda r: ride(r) or swim(r) or is_run(r)) or 14
    A = B.add
    T_RKM = ["total km ridden {p}", "how many km did I ride {p}", "how far did I cycle {p}", "bike km {p}?",
             "how much did i ride {p}", "km on the bike {p}"]
    for pk in ("this_month", "last_month", "last_week", "this_week", "in_month"):
        A("ride_km", "total", T_RKM, e_km(B.sel(ride, pk)), pk)
    A("ride_km", "total", T_RKM, e_km(B.sel(ride, "past_days", n)), "past_days", n)
    T_RN = ["how many rides {p}", "how many times did I ride {p}", "number of bike rides {p}", "how mnay rides {p}"]
    for pk in ("this_month", "last_week", "in_month", "last_month"):
        A("ride_count", "count", T_RN, e_count(B.sel(ride, pk)), pk)
    T_RL = ["longest ride {p}", "what was my longest ride {p}", "biggest ride {p}?"]
    for pk in ("all", "this_month", "last_month"):
        A("ride_longest", "best", T_RL, e_best_dist(B.sel(ride, pk)), pk)
    A("ride_last", "last", ["when was my last ride", "last ride?", "when did I last go for a ride"], e_last_date(B.sel(ride)))
    A("ride_last_km", "last", ["how far was my last ride", "last ride distance"], e_last_val(B.sel(ride), date=False))
    A("ride_hours", "total", ["how many hours did I ride {p}", "total time on the bike {p}"], e_hours(B.sel(ride, "last_month")), "last_month")
    A("ride_hours", "total", ["how many hours did I ride {p}", "total time on the bike {p}"], e_hours(B.sel(ride, "last_week")), "last_week")
    rs = B.sel(ride, "this_month")
    A("ride_avg", "average", ["average ride distance {p}", "how long are my rides on average {p}"],
      expect([fmt_num(sum(km_of(r) for r in rs) / len(rs), 2)], tol=0.051) if rs else expect(none=True), "this_month")
    A("zwift_count", "count", ["how many zwift sessions {p}", "how many times on zwift {p}"],
      e_count(B.sel(lambda r: ride(r) and "zw" in r.text.lower(), "last_month")), "last_month")
    T_SN = ["how many swims {p}", "how many times did I swim {p}", "swim sessions {p}?", "how often did i swim {p}"]
    for pk in ("this_week", "last_week", "this_month", "last_month"):
        A("swim_count", "count", T_SN, e_count(B.sel(swim, pk)), pk)
    T_SD = ["total swim distance {p}", "how far did I swim {p}", "how many meters did I swim {p}", "swim distance {p}"]
    for pk in ("last_month", "this_month", "last_week"):
        A("swim_total", "total", T_SD, e_km(B.sel(swim, pk), swim=True), pk)
    A("swim_total", "total", T_SD, e_km(B.sel(swim, "past_days", n), swim=True), "past_days", n)
    A("swim_longest", "best", ["longest swim {p}", "what's my longest swim {p}"], e_best_dist(B.sel(swim, "all"), swim=True), "all")
    A("swim_last", "last", ["when did I last swim", "last swim?"], e_last_date(B.sel(swim)))
    T_RUN = ["how far did I run {p}", "how many km did I run {p}", "running km {p}", "total running distance {p}"]
    for pk in ("this_month", "last_month", "last_week"):
        A("run_km", "total", T_RUN, e_km(B.sel(is_run, pk)), pk)
    for pk in ("this_month", "last_month"):
        A("run_count", "count", ["how many runs {p}", "how many times did I run {p}"], e_count(B.sel(is_run, pk)), pk)
    A("run_longest", "best", ["longest run {p}", "what was my longest run {p}"], e_best_dist(B.sel(is_run, "all")), "all")
    A("run_last", "last", ["when did I last run", "when was my last run"], e_last_date(B.sel(is_run)))
    A("run_5k", "best", ["fastest 5k", "best parkrun time", "what's my best 5k time"], fastest_5k(B.recs))
    A("ride_cmp", "compare", ["did I ride more this month than last month", "compare my riding this month vs last month",
                              "bike km this month vs last month"],
      e_pair(e_km(B.sel(ride, "this_month")), e_km(B.sel(ride, "last_month"))))
    A("swim_cmp", "compare", ["swim distance this month vs last month", "did I swim more this month or last month"],
      e_pair(e_km(B.sel(swim, "this_month"), True), e_km(B.sel(swim, "last_month"), True)))
    kg = lambda r: r.name == "kg"  # noqa: E731
    A("weight_last", "last", ["what did I weigh last", "latest weight?", "what's my current weight"], e_last_val(B.sel(kg), 1))
    A("weight_trend", "trend", ["is my weight going down", "weight trend {p}", "how has my weight changed {p}"],
      e_trend(B.sel(kg, "all")), "all")
    A("ride_day", "total", ["how far did I ride {p}", "ride distance {p}?"], e_km(B.sel(ride, "yesterday")), "yesterday")
    A("swim_day", "total", ["how far did I swim {p}", "did I swim {p}, how far"], e_km(B.sel(swim, "today"), True), "today")
    A("ride_count", "count", T_RN, e_count(B.sel(ride, "this_week")), "this_week")
    A("ride_longest", "best", T_RL, e_best_dist(B.sel(ride, "in_month")), "in_month")
    A("swim_count", "count", T_SN, e_count(B.sel(swim, "in_month")), "in_month")
    A("run_km", "total", T_RUN, e_km(B.sel(is_run, "past_days", n)), "past_days", n)
    A("run_count", "count", ["how many runs {p}", "how many times did I run {p}"], e_count(B.sel(is_run, "last_week")), "last_week")
    rs = B.sel(swim, "last_month")
    A("swim_avg", "average", ["average swim distance {p}", "how long were my swims on average {p}"],
      expect([f"{fmt_num(sum(km_of(r) for r in rs) / len(rs) * 1000, 0)}|{fmt_num(sum(km_of(r) for r in rs) / len(rs), 2)}"], tol=0.051)
      if rs else expect(none=True), "last_month")
    A("weight_avg", "average", ["average weight {p}", "what did I weigh on average {p}"], e_avg_per_day(B.sel(kg, "last_month")), "last_month")
    A("none_steps", "none", ["how many steps {p}", "average steps per day {p}"], expect(none=True), "last_week")
    A("none_hike", "none", ["how far did I hike {p}", "how many hikes {p}"], expect(none=True), "last_month")
    A("none_bench", "none", ["how much did I bench {p}", "heaviest deadlift {p}"], expect(none=True), "all")
    A("none_pages", "none", ["how many pages did I read {p}"], expect(none=True), "this_month")
    A("none_yoga", "none", ["how many yoga sessions {p}", "minutes of yoga {p}"], expect(none=True), "this_month")


def q_ko_hike(B):
    yoga, pil, clim, hike = is_what("yoga"), is_what("pilates"), is_what("climbing"), is_what("hike")
    steps, water, sleep = (lambda r: r.name == "steps"), is_what("water"), (lambda r: r.kind == "sleep")
    n = B.past_n(lambda r: True) or 14
    A = B.add
    T_YN = ["{p} 요가 몇 번 했어?", "{p} 요가 몇 번 했어요?", "{p} 요가 몇번 갔지", "{p} 요가 횟수"]
    for pk in ("this_month", "last_month", "last_week", "this_week"):
        A("yoga_count", "count", T_YN, e_count(B.sel(yoga, pk)), pk)
    T_YM = ["{p} 요가 총 몇 분 했어?", "{p} 요가 한 시간 합계", "{p} 요가 총 몇 시간 했어요?"]
    for pk in ("this_month", "last_month"):
        A("yoga_min", "total", T_YM, e_minutes(B.sel(yoga, pk)), pk)
    A("pil_count", "count", ["{p} 필라테스 몇 번 갔어?", "{p} 필라테스 몇 번 했지"], e_count(B.sel(pil, "last_month")), "last_month")
    A("pil_count", "count", ["{p} 필라테스 몇 번 갔어?", "{p} 필라테스 몇 번 했지"], e_count(B.sel(pil, "in_month")), "in_month")
    T_CN = ["{p} 클라이밍 몇 번 갔어?", "{p} 클라이밍 몇 번 했어요", "{p} 암장 몇 번 갔지?"]
    for pk in ("last_month", "this_month", "last_week"):
        A("climb_count", "count", T_CN, e_count(B.sel(clim, pk)), pk)
    A("climb_hours", "total", ["{p} 클라이밍 총 몇 시간 했어?", "{p} 클라이밍 시간 합계"], e_hours(B.sel(clim, "last_month")), "last_month")
    A("climb_last", "last", ["마지막 클라이밍 언제였지?", "클라이밍 마지막으로 간 날"], e_last_date(B.sel(clim)))
    A("hike_last", "last", ["마지막 등산 언제야", "마지막으로 등산 간 게 언제예요?", "최근 등산 언제 갔지"], e_last_date(B.sel(hike)))
    T_HK = ["{p} 등산 총 몇 km 걸었어?", "{p} 등산 거리 합계", "{p} 산에서 몇 키로 걸었지"]
    for pk in ("this_month", "last_month", "in_month"):
        A("hike_km", "total", T_HK, e_km(B.sel(hike, pk)), pk)
    for pk in ("last_month", "this_month", "in_month"):
        A("hike_count", "count", ["{p} 등산 몇 번 갔어?", "{p} 산에 몇 번 갔지", "{p} 등산 몇 번 했어요?"], e_count(B.sel(hike, pk)), pk)
    A("hike_best", "best", ["{p} 가장 길었던 등산은?", "{p} 제일 멀리 걸은 등산 몇 km야", "{p} 최장 등산 거리"],
      e_best_dist([r for r in B.sel(hike, "all") if km_of(r) is not None]), "all")
    A("hike_hours", "total", ["{p} 등산 총 몇 시간 했어?", "{p} 등산한 시간 합계는?"], e_hours(B.sel(hike, "in_month")), "in_month")
    A("hike_last_km", "last", ["지난번 등산 몇 km였지?", "마지막 등산 거리"],
      e_last_val([r for r in B.sel(hike) if km_of(r) is not None], date=False))
    T_ST = ["{p} 총 몇 보 걸었지", "{p} 걸음수 합계", "{p} 총 걸음 수 알려줘"]
    for pk in ("last_week", "this_week"):
        A("steps_total", "total", T_ST, e_sum(B.sel(steps, pk)), pk)
    T_SA = ["{p} 하루 평균 걸음수는?", "{p} 평균 몇 보 걸었어?", "{p} 평균 걸음수"]
    for pk in ("this_month", "last_month"):
        A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, pk), big=True), pk)
    A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, "past_days", n), big=True), "past_days", n)
    A("steps_day", "total", ["{p} 몇 보 걸었어?", "{p} 걸음수"], e_sum(B.sel(steps, "yesterday")), "yesterday")
    A("steps_max", "best", ["{p} 제일 많이 걸은 날은?", "{p} 최고 걸음수"], e_max(B.sel(steps, "last_month"), 0), "last_month")
    T_WA = ["{p} 물 하루 평균 몇 리터 마셨어?", "{p} 평균 물 섭취량", "{p} 하루에 물 평균 얼마나 마셨지"]
    for pk in ("last_week", "this_month"):
        A("water_avg", "average", T_WA, e_avg_per_day(B.sel(water, pk)), pk)
    A("water_total", "total", ["{p} 물 총 몇 리터 마셨어?"], e_sum(B.sel(water, "last_week"), 0.051), "last_week")
    A("sleep_avg", "average", ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?"], e_avg_per_day(B.sel(sleep, "last_month")), "last_month")
    A("yoga_cmp", "compare", ["이번 달이랑 지난달 요가 횟수 비교해줘", "요가 이번 달 vs 지난달 몇 번씩?"],
      e_pair(e_count(B.sel(yoga, "this_month")), e_count(B.sel(yoga, "last_month"))))
    A("steps_cmp", "compare", ["이번 주랑 지난주 걸음수 합계 비교", "지난주보다 이번 주 더 많이 걸었어?"],
      e_pair(e_sum(B.sel(steps, "this_week")), e_sum(B.sel(steps, "last_week"))))
    A("none_run", "none", ["{p} 러닝 몇 km 뛰었어?", "{p} 달리기 몇 번 했어?"], expect(none=True), "this_month")
    A("none_swim", "none", ["{p} 수영 몇 번 했어?", "{p} 수영 몇 m 했지"], expect(none=True), "last_month")
    A("none_weight", "none", ["{p} 체중 얼마야?", "{p} 몸무게 변화"], expect(none=True), "this_month")
    A("none_bike", "none", ["{p} 자전거 몇 km 탔어?"], expect(none=True), "last_week")
    A("yoga_count", "count", T_YN, e_count(B.sel(yoga, "in_month")), "in_month")
    A("yoga_min", "total", T_YM, e_minutes(B.sel(yoga, "last_week")), "last_week")
    A("climb_count", "count", T_CN, e_count(B.sel(clim, "in_month")), "in_month")
    A("pil_count", "count", ["{p} 필라테스 몇 번 갔어?", "{p} 필라테스 몇 번 했지"], e_count(B.sel(pil, "this_month")), "this_month")
    A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, "last_week"), big=True), "last_week")
    A("steps_total", "total", T_ST, e_sum(B.sel(steps, "past_days", n)), "past_days", n)
    A("water_avg", "average", T_WA, e_avg_per_day(B.sel(water, "last_month")), "last_month")
    A("sleep_avg", "average", ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?"], e_avg_per_day(B.sel(sleep, "this_month")), "this_month")
    A("hike_best", "best", ["{p} 가장 길었던 등산은?", "{p} 최장 등산 거리"],
      e_best_dist([r for r in B.sel(hike, "last_month") if km_of(r) is not None]), "last_month")
    A("hike_hours", "total", ["{p} 등산 총 몇 시간 했어?", "{p} 등산한 시간 합계는?"], e_hours(B.sel(hike, "last_month")), "last_month")


def q_es_run(B):
    page, med, cof, sleep = (lambda r: r.name == "page"), is_what("meditation"), (lambda r: r.name == "coffee"), (lambda r: r.kind == "sleep")
    n = B.past_n(lambda r: is_run(r) or r.name == "page") or 14
    A = B.add
    T_KM = ["¿cuántos km corrí {p}?", "km corridos {p}", "¿cuánto corrí {p}?", "cuantos kilometros corri {p}"]
    for pk in ("this_month", "last_month", "last_week", "this_week", "in_month"):
        A("run_km", "total", T_KM, e_km(B.sel(is_run, pk)), pk)
    A("run_km", "total", T_KM, e_km(B.sel(is_run, "past_days", n)), "past_days", n)
    T_RN = ["¿cuántas veces corrí {p}?", "¿cuántas carreras {p}?", "cuantas veces sali a correr {p}"]
    for pk in ("this_month", "last_month", "last_week"):
        A("run_count", "count", T_RN, e_count(B.sel(is_run, pk)), pk)
    A("run_longest", "best", ["¿cuál fue mi carrera más larga {p}?", "tirada más larga {p}"], e_best_dist(B.sel(is_run, "all")), "all")
    A("run_longest", "best", ["¿cuál fue mi carrera más larga {p}?", "tirada más larga {p}"], e_best_dist(B.sel(is_run, "last_month")), "last_month")
    A("run_last", "last", ["¿cuándo corrí por última vez?", "última carrera?"], e_last_date(B.sel(is_run)))
    A("run_5k", "best", ["¿mejor tiempo en 5k?", "mi mejor parkrun"], fastest_5k(B.recs))
    A("run_hours", "total", ["¿cuántas horas corrí {p}?", "tiempo total corriendo {p}"], e_hours(B.sel(is_run, "last_month")), "last_month")
    T_PG = ["¿cuántas páginas leí {p}?", "páginas leídas {p}", "cuantas paginas lei {p}"]
    for pk in ("this_month", "last_month", "last_week", "in_month"):
        A("pages", "total", T_PG, e_sum(B.sel(page, pk)), pk)
    A("pages", "total", T_PG, e_sum(B.sel(page, "past_days", n)), "past_days", n)
    A("pages_days", "count", ["¿cuántos días leí {p}?", "días de lectura {p}"], e_days(B.sel(page, "this_month")), "this_month")
    A("pages_avg", "average", ["¿cuántas páginas leí de media al día {p}?", "media de páginas por día {p}"],
      e_avg_per_day(B.sel(page, "last_month")), "last_month")
    T_MD = ["¿cuántos minutos medité {p}?", "minutos de meditación {p}", "¿cuánto medité {p}?"]
    for pk in ("this_month", "last_week"):
        A("med_min", "total", T_MD, e_sum(B.sel(med, pk)), pk)
    A("med_count", "count", ["¿cuántas veces medité {p}?"], e_count(B.sel(med, "last_month")), "last_month")
    T_CF = ["¿cuántos cafés tomé {p}?", "cafés {p}?", "cuantos cafes {p}"]
    for pk in ("this_week", "last_week", "yesterday"):
        A("coffee", "total", T_CF, e_sum(B.sel(cof, pk)), pk)
    A("coffee_avg", "average", ["¿cuántos cafés al día de media {p}?"], e_avg_per_day(B.sel(cof, "this_month")), "this_month")
    T_SL = ["¿cuánto dormí de media {p}?", "media de sueño {p}", "¿cuántas horas dormí de media {p}?"]
    for pk in ("last_week", "this_month"):
        A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, pk)), pk)
    A("run_cmp", "compare", ["¿corrí más este mes que el mes pasado?", "km este mes vs el mes pasado"],
      e_pair(e_km(B.sel(is_run, "this_month")), e_km(B.sel(is_run, "last_month"))))
    A("pages_cmp", "compare", ["¿leí más esta semana o la semana pasada?", "páginas esta semana vs la semana pasada"],
      e_pair(e_sum(B.sel(page, "this_week")), e_sum(B.sel(page, "last_week"))))
    A("none_swim", "none", ["¿cuántos km nadé {p}?", "¿cuántas veces nadé {p}?"], expect(none=True), "last_month")
    A("none_bike", "none", ["¿cuántos km en bici {p}?"], expect(none=True), "this_month")
    A("none_weight", "none", ["¿cuánto peso {p}?", "mi peso {p}"], expect(none=True), "this_month")
    A("none_yoga", "none", ["¿cuántas clases de yoga {p}?"], expect(none=True), "last_month")
    A("run_count", "count", T_RN, e_count(B.sel(is_run, "in_month")), "in_month")
    A("run_count", "count", T_RN, e_count(B.sel(is_run, "this_week")), "this_week")
    A("run_longest", "best", ["¿cuál fue mi carrera más larga {p}?", "tirada más larga {p}"], e_best_dist(B.sel(is_run, "this_month")), "this_month")
    A("pages", "total", T_PG, e_sum(B.sel(page, "yesterday")), "yesterday")
    A("pages", "total", T_PG, e_sum(B.sel(page, "this_week")), "this_week")
    A("med_min", "total", T_MD, e_sum(B.sel(med, "last_month")), "last_month")
    A("coffee", "total", T_CF, e_sum(B.sel(cof, "this_month")), "this_month")
    A("coffee", "total", T_CF, e_sum(B.sel(cof, "in_month")), "in_month")
    A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, "last_month")), "last_month")
    rs = B.sel(is_run, "last_month")
    A("run_avg", "average", ["¿distancia media por carrera {p}?", "¿cuántos km de media por salida {p}?"],
      expect([fmt_num(sum(km_of(r) for r in rs) / len(rs), 2)], tol=0.051) if rs else expect(none=True), "last_month")
    A("run_day", "total", ["¿cuánto corrí {p}?", "km {p}"], e_km(B.sel(is_run, "yesterday")), "yesterday")


def q_ja_walk(B):
    kg, steps, walk, sleep, cof = (lambda r: r.name == "kg"), (lambda r: r.name == "steps"), is_what("walk"), (lambda r: r.kind == "sleep"), (lambda r: r.name == "coffee")
    n = B.past_n(lambda r: True) or 14
    A = B.add
    A("weight_last", "last", ["最新の体重は？", "今の体重は？", "最後に測った体重"], e_last_val(B.sel(kg), 1))
    T_WA = ["{p}の平均体重は？", "{p}の体重の平均", "{p} 平均体重"]
    for pk in ("this_week", "last_week", "last_month"):
        A("weight_avg", "average", T_WA, e_avg_per_day(B.sel(kg, pk)), pk)
    A("weight_trend", "trend", ["{p}の体重の推移は？", "{p}体重は減ってる？", "{p}の体重の変化"], e_trend(B.sel(kg, "last_month")), "last_month")
    A("weight_trend", "trend", ["{p}の体重の推移は？", "{p}体重は減ってる？"], e_trend(B.sel(kg, "all")), "all")
    A("weight_min", "best", ["{p}の最低体重は？", "{p}一番軽かった体重"], e_min(B.sel(kg, "last_month")), "last_month")
    A("weight_day", "last", ["{p}の体重は？"], e_last_val(B.sel(kg, "today"), 1, date=False) if B.sel(kg, "today") else None, "today")
    T_ST = ["{p}の歩数の合計は？", "{p}合計何歩歩いた？", "{p} 歩数合計"]
    for pk in ("last_week", "this_week"):
        A("steps_total", "total", T_ST, e_sum(B.sel(steps, pk)), pk)
    T_SA = ["{p}の1日平均歩数は？", "{p}平均何歩？", "{p}の平均歩数"]
    for pk in ("this_month", "last_month"):
        A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, pk), big=True), pk)
    A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, "past_days", n), big=True), "past_days", n)
    A("steps_day", "total", ["{p}は何歩歩いた？", "{p}の歩数"], e_sum(B.sel(steps, "yesterday")), "yesterday")
    A("steps_max", "best", ["{p}一番歩いた日は？", "{p}の最高歩数"], e_max(B.sel(steps, "this_month"), 0), "this_month")
    T_SL = ["{p}の平均睡眠時間は？", "{p}平均何時間寝た？", "{p} 睡眠の平均"]
    for pk in ("last_week", "this_month"):
        A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, pk)), pk)
    T_WK = ["{p}何km歩いた？", "{p}のウォーキングの距離の合計", "{p}ウォーキングで何キロ歩いた？"]
    for pk in ("this_month", "last_week", "in_month"):
        A("walk_km", "total", T_WK, e_km(B.sel(walk, pk)), pk)
    T_WN = ["{p}何回ウォーキングした？", "{p}のウォーキング回数", "{p}散歩何回行った？"]
    for pk in ("this_month", "last_month", "this_week"):
        A("walk_count", "count", T_WN, e_count(B.sel(walk, pk)), pk)
    A("walk_last", "last", ["最後にウォーキングしたのはいつ？", "前回のウォーキングはいつ？"], e_last_date(B.sel(walk)))
    A("walk_best", "best", ["{p}一番長く歩いたのは何km？", "{p}最長ウォーキング"], e_best_dist(B.sel(walk, "last_month")), "last_month")
    A("coffee", "total", ["{p}コーヒー何杯飲んだ？"], e_sum(B.sel(cof, "last_week")), "last_week")
    A("weight_cmp", "compare", ["今週と先週の平均体重を比べて", "先週と今週の体重の平均は？"],
      e_pair(e_avg_per_day(B.sel(kg, "this_week")), e_avg_per_day(B.sel(kg, "last_week"))))
    A("steps_cmp", "compare", ["今月と先月の平均歩数を比較", "先月と比べて今月は歩いてる？平均歩数で"],
      e_pair(e_avg_per_day(B.sel(steps, "this_month"), True), e_avg_per_day(B.sel(steps, "last_month"), True)))
    A("none_run", "none", ["{p}何km走った？", "{p}何回走った？"], expect(none=True), "this_month")
    A("none_swim", "none", ["{p}何km泳いだ？"], expect(none=True), "last_month")
    A("none_bike", "none", ["{p}自転車何km？"], expect(none=True), "this_month")
    A("none_yoga", "none", ["{p}ヨガ何回した？"], expect(none=True), "last_week")
    A("weight_avg", "average", T_WA, e_avg_per_day(B.sel(kg, "past_days", n)), "past_days", n)
    A("steps_avg", "average", T_SA, e_avg_per_day(B.sel(steps, "last_week"), big=True), "last_week")
    A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, "last_month")), "last_month")
    A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, "past_days", n)), "past_days", n)
    A("walk_km", "total", T_WK, e_km(B.sel(walk, "last_month")), "last_month")
    A("walk_count", "count", T_WN, e_count(B.sel(walk, "last_week")), "last_week")
    A("coffee", "total", ["{p}コーヒー何杯飲んだ？", "{p}のコーヒーの杯数"], e_sum(B.sel(cof, "this_month")), "this_month")
    A("weight_max", "best", ["{p}の最高体重は？", "{p}一番重かった体重"], e_max(B.sel(kg, "this_month")), "this_month")
    A("steps_min", "best", ["{p}一番歩かなかった日は？", "{p}の最低歩数"], e_min(B.sel(steps, "last_week")), "last_week")


def q_en_habits(B):
    sleep, water, page, mood, kg, cof = ((lambda r: r.kind == "sleep"), (lambda r: r.name == "glass"), (lambda r: r.name == "page"),
                                         (lambda r: r.name == "mood"), (lambda r: r.name == "kg"), (lambda r: r.name == "coffee"))
    A = B.add
    T_SL = ["average sleep {p}", "how much did I sleep on average {p}", "avg sleep {p}?", "hours of sleep per night {p}"]
    for pk in ("this_week", "last_week", "last_month", "in_month"):
        A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, pk)), pk)
    A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, "past_days", 7)), "past_days", 7)
    A("sleep_wkend", "average", ["average sleep on weekends {p}", "how much do I sleep on weekends {p}"],
      e_avg_per_day(B.sel(sleep, "last_month", days=WEEKEND)), "last_month")
    A("sleep_cmp", "compare", ["do I sleep more on weekends than weekdays {p}", "sleep weekdays vs weekends {p}"],
      e_pair(e_avg_per_day(B.sel(sleep, "last_month", days=WEEKDAY)), e_avg_per_day(B.sel(sleep, "last_month", days=WEEKEND))),
      "last_month")
    A("sleep_night", "last", ["how much did I sleep last night", "sleep last night?"],
      expect([fmt_num(val(B.sel(sleep, "today")[0]), 2)], tol=0.051) if B.sel(sleep, "today") else None)
    A("sleep_min", "best", ["worst night of sleep {p}", "least sleep {p}"], e_min(B.sel(sleep, "this_month")), "this_month")
    T_WA = ["average water per day {p}", "how many glasses of water a day {p}", "water intake avg {p}"]
    for pk in ("this_week", "last_month", "in_month"):
        A("water_avg", "average", T_WA, e_avg_per_day(B.sel(water, pk)), pk)
    A("water_avg", "average", T_WA, e_avg_per_day(B.sel(water, "past_days", 14)), "past_days", 14)
    A("water_total", "total", ["how many glasses of water {p}", "total water {p}"], e_sum(B.sel(water, "last_week")), "last_week")
    T_PG = ["how many pages did I read {p}", "pages read {p}?", "total pages {p}"]
    for pk in ("this_month", "last_month", "in_month", "last_week", "yesterday"):
        A("pages", "total", T_PG, e_sum(B.sel(page, pk)), pk)
    A("pages", "total", T_PG, e_sum(B.sel(page, "past_days", 7)), "past_days", 7)
    A("pages_days", "count", ["how many days did I read {p}", "reading days {p}"], e_days(B.sel(page, "this_month")), "this_month")
    A("pages_avg", "average", ["average pages per day {p}", "how many pages a day on average {p}"],
      e_avg_per_day(B.sel(page, "last_month")), "last_month")
    T_MD = ["average mood {p}", "how was my mood on average {p}", "mood avg {p}"]
    for pk in ("last_week", "this_month", "last_month"):
        A("mood_avg", "average", T_MD, e_avg_per_day(B.sel(mood, pk)), pk)
    A("mood_wkend", "average", ["average mood on weekends {p}"], e_avg_per_day(B.sel(mood, "in_month", days=WEEKEND)), "in_month")
    A("weight_last", "last", ["what's my weight", "latest weight", "what did I weigh last time"], e_last_val(B.sel(kg), 1))
    A("weight_avg", "average", ["average weight {p}", "mean weight {p}"], e_avg_per_day(B.sel(kg, "past_days", 7)), "past_days", 7)
    A("weight_avg", "average", ["average weight {p}", "mean weight {p}"], e_avg_per_day(B.sel(kg, "last_month")), "last_month")
    A("weight_trend", "trend", ["weight trend {p}", "is my weight going down {p}", "how has my weight changed {p}"],
      e_trend(B.sel(kg, "this_month")), "this_month")
    A("weight_trend", "trend", ["weight trend {p}", "how much weight have I lost {p}"], e_trend(B.sel(kg, "all")), "all")
    A("weight_min", "best", ["lowest weight {p}", "what was my lightest weight {p}"], e_min(B.sel(kg, "last_month")), "last_month")
    A("coffee", "total", ["how many coffees {p}", "coffee count {p}"], e_sum(B.sel(cof, "this_week")), "this_week")
    A("coffee", "total", ["how many coffees {p}", "coffee count {p}"], e_sum(B.sel(cof, "last_month")), "last_month")
    A("none_run", "none", ["how far did I run {p}", "how many runs {p}"], expect(none=True), "last_week")
    A("none_ride", "none", ["how many km did I ride {p}"], expect(none=True), "this_month")
    A("none_med", "none", ["how many minutes did I meditate {p}"], expect(none=True), "last_month")
    A("none_steps", "none", ["average steps {p}", "how many steps {p}"], expect(none=True), "this_week")
    A("sleep_avg", "average", T_SL, e_avg_per_day(B.sel(sleep, "this_month")), "this_month")
    A("water_avg", "average", T_WA, e_avg_per_day(B.sel(water, "last_week")), "last_week")
    A("pages", "total", T_PG, e_sum(B.sel(page, "this_week")), "this_week")
    A("mood_avg", "average", T_MD, e_avg_per_day(B.sel(mood, "this_week")), "this_week")
    A("mood_avg", "average", T_MD, e_avg_per_day(B.sel(mood, "past_days", 14)), "past_days", 14)
    A("weight_avg", "average", ["average weight {p}", "mean weight {p}"], e_avg_per_day(B.sel(kg, "this_month")), "this_month")
    A("weight_avg", "average", ["average weight {p}", "mean weight {p}"], e_avg_per_day(B.sel(kg, "in_month")), "in_month")
    A("coffee", "total", ["how many coffees {p}", "coffee count {p}"], e_sum(B.sel(cof, "last_week")), "last_week")
    A("water_total", "total", ["how many glasses of water {p}", "total water {p}"], e_sum(B.sel(water, "this_month")), "this_month")
    A("pages_cmp", "compare", ["did I read more this month than last month", "pages this month vs last month"],
      e_pair(e_sum(B.sel(page, "this_month")), e_sum(B.sel(page, "last_month"))))


def q_ko_tri(B):
    ride, swim, sleep = is_what("ride"), is_what("swim"), (lambda r: r.kind == "sleep")
    n = B.past_n(lambda r: is_run(r) or ride(r) or swim(r)) or 14
    A = B.add
    T_KM = ["{p} 러닝 몇 km 뛰었어?", "{p} 몇 키로 뛰었지", "{p} 달린 거리 합계", "{p} 러닝 총 거리는?"]
    for pk in ("this_month", "last_month", "last_week", "this_week", "in_month"):
        A("run_km", "total", T_KM, e_km(B.sel(is_run, pk)), pk)
    A("run_km", "total", T_KM, e_km(B.sel(is_run, "past_days", n)), "past_days", n)
    T_RN = ["{p} 몇 번 뛰었어?", "{p} 러닝 몇 번 했어요?", "{p} 달리기 몇번"]
    for pk in ("this_month", "last_week", "last_month"):
        A("run_count", "count", T_RN, e_count(B.sel(is_run, pk)), pk)
    A("run_longest", "best", ["{p} 제일 멀리 뛴 거리는?", "{p} 최장 러닝 거리", "{p} 가장 길게 달린 건?"], e_best_dist(B.sel(is_run, "all")), "all")
    A("run_longest", "best", ["{p} 제일 멀리 뛴 거리는?", "{p} 최장 러닝"], e_best_dist(B.sel(is_run, "this_month")), "this_month")
    A("run_last", "last", ["마지막 러닝 언제야?", "마지막으로 뛴 게 언제였지", "최근 러닝 언제 했어요?"], e_last_date(B.sel(is_run)))
    A("run_hours", "total", ["{p} 러닝 총 몇 시간 뛰었어?"], e_hours(B.sel(is_run, "last_month")), "last_month")
    T_BK = ["{p} 자전거 총 몇 km 탔어?", "{p} 자전거 거리 합계", "{p} 라이딩 몇 키로 했지"]
    for pk in ("this_month", "last_month", "last_week"):
        A("ride_km", "total", T_BK, e_km(B.sel(ride, pk)), pk)
    A("ride_count", "count", ["{p} 자전거 몇 번 탔어?", "{p} 자전거 탄 횟수"], e_count(B.sel(ride, "this_month")), "this_month")
    A("ride_count", "count", ["{p} 자전거 몇 번 탔어?", "{p} 자전거 탄 횟수"], e_count(B.sel(ride, "last_month")), "last_month")
    A("ride_longest", "best", ["{p} 자전거 제일 멀리 탄 거리는?"], e_best_dist(B.sel(ride, "all")), "all")
    T_SN = ["{p} 수영 몇 번 했어?", "{p} 수영 몇 번 갔어요?", "{p} 수영 횟수"]
    for pk in ("this_month", "last_week", "last_month"):
        A("swim_count", "count", T_SN, e_count(B.sel(swim, pk)), pk)
    T_SD = ["{p} 수영 총 몇 m 했어?", "{p} 수영 거리 합계", "{p} 수영 총 거리는?"]
    for pk in ("last_month", "this_month"):
        A("swim_total", "total", T_SD, e_km(B.sel(swim, pk), swim=True), pk)
    A("swim_total", "total", T_SD, e_km(B.sel(swim, "past_days", n), swim=True), "past_days", n)
    A("swim_last", "last", ["마지막 수영 언제야?", "수영 마지막으로 간 날"], e_last_date(B.sel(swim)))
    A("sleep_avg", "average", ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?"], e_avg_per_day(B.sel(sleep, "last_month")), "last_month")
    A("sleep_avg", "average", ["{p} 평균 수면 시간은?", "{p} 평균 몇 시간 잤지"], e_avg_per_day(B.sel(sleep, "this_month")), "this_month")
    A("run_ride_cmp", "compare", ["이번 달 러닝이랑 자전거 각각 몇 km야?", "이번 달 뛴 거리랑 자전거 탄 거리 비교해줘"],
      e_pair(e_km(B.sel(is_run, "this_month")), e_km(B.sel(ride, "this_month"))))
    A("run_cmp", "compare", ["이번 달 러닝 지난달보다 많이 뛰었어?", "지난달 대비 이번 달 러닝 거리"],
      e_pair(e_km(B.sel(is_run, "this_month")), e_km(B.sel(is_run, "last_month"))))
    A("none_yoga", "none", ["{p} 요가 몇 번 했어?"], expect(none=True), "this_month")
    A("none_hike", "none", ["{p} 등산 몇 번 갔어?"], expect(none=True), "last_month")
    A("none_weight", "none", ["{p} 체중 얼마였어?", "{p} 몸무게 기록"], expect(none=True), "last_week")
    A("none_steps", "none", ["{p} 평균 걸음수는?"], expect(none=True), "this_month")
    A("run_count", "count", T_RN, e_count(B.sel(is_run, "in_month")), "in_month")
    A("swim_count", "count", T_SN, e_count(B.sel(swim, "this_week")), "this_week")
    A("ride_km", "total", T_BK, e_km(B.sel(ride, "in_month")), "in_month")
    A("ride_km", "total", T_BK, e_km(B.sel(ride, "this_week")), "this_week")
    A("swim_total", "total", T_SD, e_km(B.sel(swim, "last_week"), swim=True), "last_week")
    rs = B.sel(is_run, "last_month")
    A("run_avg", "average", ["{p} 러닝 평균 거리는?", "{p} 한 번에 평균 몇 km 뛰었어?"],
      expect([fmt_num(sum(km_of(r) for r in rs) / len(rs), 2)], tol=0.051) if rs else expect(none=True), "last_month")
    A("swim_longest", "best", ["{p} 수영 제일 많이 한 날 몇 m야?", "{p} 최장 수영 거리"], e_best_dist(B.sel(swim, "all"), swim=True), "all")
    A("ride_last", "last", ["마지막으로 자전거 탄 날은?", "자전거 마지막으로 언제 탔지"], e_last_date(B.sel(ride)))
    A("sleep_avg", "average", ["{p} 평균 수면 시간은?", "{p} 평균 몇 시간 잤지"], e_avg_per_day(B.sel(sleep, "last_week")), "last_week")
    A("run_day", "total", ["{p} 몇 km 뛰었어?", "{p} 러닝 거리"], e_km(B.sel(is_run, "yesterday")), "yesterday")


QFUN = {"en-cycle": q_en_cycle, "ko-hike": q_ko_hike, "es-run": q_es_run, "ja-walk": q_ja_walk,
        "en-habits": q_en_habits, "ko-tri": q_ko_tri}


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"h10q-{seed}-{person}")
    B = QB(person, LANG[person], recs, today, rng)
    QFUN[person](B)
    return B.out


def main(argv=None):
    run_people(__doc__, "holdout10", "h10-", 120, PEOPLE, build_questions, argv)


if __name__ == "__main__":
    main()
