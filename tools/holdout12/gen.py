#!/usr/bin/env python3
"""holdout12: a Korean lifter who types conversational sentences into weekly notes, a Korean
running-crew member (YY.MM.DD daily notes, app pastes, races), a Japanese office worker who
logs in timed sections, a Spanish lifter with ONE yearly note under DD/MM/YYYY headings, an
American who writes one long paragraph a day in lb and miles, and a Brazilian who keeps a
table per day. Written without reading the reader.

    python3 tools/holdout12/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Writes DIR/<person>/ vaults with .truth/records.jsonl, questions.jsonl and meta.json in the
format tools/vaultgen/score.py scores. Python 3 standard library only; deterministic by seed.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import KG_PER_LB, KM_PER_MI, Rec, daterange, fmt_num, hmmss, mmss, period_range, prev_month_start, run_people  # noqa: E402
from questions import expect  # noqa: E402

D = dt.timedelta
AMOUNTS = {"coffee", "glass", "protein", "kcal", "drink"}

# --------------------------------------------------------------------------- records


def r_lift(name, w, unit, sets, reps, warm=False, missing=False):
    """A lift. `missing` = the line has no unit (the person's usual unit is `unit`)."""
    f = {"weight": float(w), "unit": unit, "sets": sets, "reps": reps}
    if missing:
        f["unit_missing"] = True
    r = Rec(None, "lift", name, f)
    if warm:
        r.hints["warmup"] = True
    return r


def r_run(km, mins, race=None):
    r = Rec(None, "run", "run", {"distance_km": round(km, 3), "duration_min": None if mins is None else round(mins, 3)})
    if race:
        r.hints["race"] = race
    return r


def r_sleep(h):
    return Rec(None, "sleep", "sleep", {"hours": round(h, 3)})


def r_q(name, value, unit, what=None):
    f = {"value": value, "unit": unit}
    if what:
        f["what"] = what
    return Rec(None, "amount" if name in AMOUNTS else "measure", name, f)


def r_bw(w, unit="kg"):
    return r_q(unit, w, unit, "weight")


class Day:
    """Lines of one day; every record is bound to the exact line (or block) it was written in."""

    def __init__(self, d, src, recs):
        self.d, self.src, self.recs, self.lines = d, src, recs, []

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

    def mine(self):
        return [r for r in self.recs if r.date == self.d and r.source == self.src]


def dec(x, comma=False, nd=2):
    s = fmt_num(x, nd)
    return s.replace(".", ",") if comma else s


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


def span_start(rng, today, lo=60, hi=120):
    return today - D(rng.randint(lo, hi) - 1)


def rnd(x, step):
    return round(x / step) * step


class Prog:
    """A lift's working weight: small steps up, a stall now and then, a deload after a bad week."""

    def __init__(self, rng, w0, step, p_up=0.4, p_deload=0.05):
        self.rng, self.w, self.step, self.p_up, self.p_deload = rng, float(w0), step, p_up, p_deload

    def next(self):
        x = self.rng.random()
        if x < self.p_deload:
            self.w = max(self.step, rnd(self.w * 0.9, self.step))
        elif x < self.p_deload + self.p_up:
            self.w += self.step
        return self.w


def obsidian_daily(folder, fmt):
    return {".obsidian/daily-notes.json": json.dumps({"folder": folder, "format": fmt}, indent=2, ensure_ascii=False) + "\n",
            ".obsidian/app.json": "{}\n"}


def secs_of(km, lo, hi, rng):
    """Seconds for `km` at a pace between lo and hi minutes per km."""
    return int(km * 60 * rng.uniform(lo, hi))


def pace_ko(secs, km):
    p = secs / km
    return f"{int(p // 60)}'{int(round(p % 60)) % 60:02d}\""


# --------------------------------------------------------------------------- ko-chat
# A Korean lifter who types sentences, the way people type into a KakaoTalk memo to self, into
# weekly notes `헬스일지/2026년 11월 2주차.md` (the month and week of the week's Thursday).
# Days are headings in one of three styles a week: `### 11/3 (화)`, `### 2026.11.03 화요일`,
# `### 11월 3일 (화)`. A 3-split (가슴/삼두, 등/이두, 하체/어깨), 1RM tests with `3대 합계`,
# `100개 채우기`, warm-up + 본세트, pyramids with arrows, treadmill finishers, InBody lines.

KO_WD = "월화수목금토일"
KC_WORDS = {"squat": ["스쿼트", "스쿼트", "바벨 스쿼트", "스쿼트"], "bench press": ["벤치", "벤치프레스", "벤치 프레스", "벤치"],
            "deadlift": ["데드", "데드리프트", "컨벤셔널 데드"], "lat pulldown": ["랫풀다운", "랫풀", "렛풀다운"],
            "row": ["바벨로우", "바벨 로우"], "leg press": ["레그프레스", "레그 프레스"],
            "overhead press": ["밀프", "밀리터리프레스", "오버헤드프레스"], "incline dumbbell press": ["인클라인 덤벨프레스", "인클라인 덤벨"]}
KC_SPLIT = [("가슴/삼두", [("bench press", 5, 5), ("incline dumbbell press", 4, 10)]),
            ("등/이두", [("deadlift", 3, 5), ("lat pulldown", 4, 12), ("row", 4, 10)]),
            ("하체/어깨", [("squat", 5, 5), ("leg press", 4, 12), ("overhead press", 5, 5)])]
KC_CMT = ["", "", "", "", " 힘들었다 ㅠㅠ", " 😤", " 자세 괜찮았음", " (허리 조심)", " 개운하다", " ㅎㅎ", " 🔥"]


def kc_unit(rng):
    return pick(rng, ["kg", "kg", "kg", "키로", "킬로"])


def kc_lift(rng, name, w, s, r):
    """One sentence for a lift; (text, [recs])."""
    n = pick(rng, KC_WORDS[name])
    W = dec(w)
    u = kc_unit(rng)
    v = rng.randrange(8)
    if v == 0:
        return f"{n} {W}{u} {s}세트 {r}회 했어요", [r_lift(name, w, "kg", s, r)]
    if v == 1:
        return f"{n} {W}{u}로 {r}개씩 {s}세트 했다", [r_lift(name, w, "kg", s, r)]
    if v == 2:
        return f"{n} {W}{u} {r}회 {s}세트 완료!", [r_lift(name, w, "kg", s, r)]
    if v == 3:
        return f"오늘 {n} {W}kg으로 {s}x{r} 함", [r_lift(name, w, "kg", s, r)]
    if v == 4:
        return f"{n} {W} {r}개 {s}세트", [r_lift(name, w, "kg", s, r, missing=True)]
    if v == 5:
        return f"{n}: {W}kg × {r}회 × {s}세트", [r_lift(name, w, "kg", s, r)]
    if v == 6 and name in ("squat", "bench press", "deadlift"):
        ww = rnd(w * 0.5, 2.5)
        return (f"{n} 웜업 {dec(ww)}kg 10회 하고 본세트 {W}kg {r}회 {s}세트",
                [r_lift(name, ww, "kg", 1, 10, warm=True), r_lift(name, w, "kg", s, r)])
    if v == 7 and name in ("bench press", "lat pulldown", "squat", "leg press"):
        steps = [rnd(w * f, 2.5 if name != "leg press" else 10) for f in (0.7, 0.8, 0.9)] + [w]
        reps = [12, 10, 8, 6]
        text = f"{n} " + " → ".join(f"{dec(a)}kg {b}회" for a, b in zip(steps, reps)) + " 했어요"
        return text, [r_lift(name, a, "kg", 1, b) for a, b in zip(steps, reps)]
    return f"{n} {W}{u} {s}세트 {r}회 했어요", [r_lift(name, w, "kg", s, r)]


def kc_sleep(rng):
    """(text, hours)."""
    v = rng.randrange(6)
    if v == 0:
        h = rng.randint(5, 8)
        return f"어젯밤 {h}시간 잤어요", h
    if v == 1:
        h = rng.randint(5, 7)
        return f"어젯밤 {h}시간 반 잤어요", h + 0.5
    if v == 2:
        h, m = rng.randint(5, 7), pick(rng, [10, 20, 40, 50])
        return f"{h}시간 {m}분 잤다", h + m / 60
    if v == 3:
        h = rng.randint(4, 5)
        return f"잠 {h}시간밖에 못 잤다 ㅠ", h
    if v == 4:
        bed = pick(rng, [("12시 반", 0.5), ("12시", 0.0), ("새벽 1시", 1.0)])
        wake = pick(rng, [("7시", 7.0), ("6시 반", 6.5), ("7시 반", 7.5)])
        return f"{bed[0]}에 자서 {wake[0]}에 일어남", wake[1] - bed[1]
    bed = pick(rng, [("11시", 23.0), ("11시 반", 23.5)])
    wake = pick(rng, [("6시 반", 6.5), ("7시", 7.0)])
    return f"{bed[0]}에 누워서 {wake[0]}에 일어났어요", wake[1] + 24 - bed[1]


def p_ko_chat(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"bench press": Prog(rng, pick(rng, [70, 75, 80]), 2.5, 0.3), "incline dumbbell press": Prog(rng, pick(rng, [20, 22, 24]), 2, 0.2),
         "deadlift": Prog(rng, pick(rng, [110, 120, 130]), 5, 0.3), "lat pulldown": Prog(rng, pick(rng, [50, 55]), 2.5, 0.25),
         "row": Prog(rng, pick(rng, [60, 65]), 2.5, 0.25), "squat": Prog(rng, pick(rng, [90, 100]), 2.5, 0.35),
         "leg press": Prog(rng, pick(rng, [160, 180, 200]), 10, 0.3), "overhead press": Prog(rng, pick(rng, [40, 45]), 2.5, 0.2)}
    onerm, last_test = {}, {}
    split_i = rng.randrange(3)
    bw = rng.uniform(74, 82)
    mondays = sorted({d - D(d.weekday()) for d in daterange(start, today)})
    broken_week = pick(rng, mondays[1:-1])
    info = {"onerm": [], "lastday": {}}
    for mon in mondays:
        thu = mon + D(3)
        k = (thu.day - 1) // 7 + 1
        src = f"헬스일지/{thu.year}년 {thu.month}월 {k}주차.md"
        style = rng.randrange(3)
        head_fm = ("---\ntags: [운동일지, \nweek: 2주차\n---\n" if mon == broken_week else
                   pick(rng, ["---\ntags: [운동일지]\n---\n", "", "---\ntype: weekly\n---\n"]))
        parts = [f"{head_fm}# {thu.month}월 {k}주차 운동일지\n"]
        if rng.random() < 0.5:
            parts.append(f"이번 주 목표: 운동 5번! 스쿼트 {dec(P['squat'].w + 5)}kg 5x5 성공하기\n")
        n_days = 0
        for i in range(7):
            d = mon + D(i)
            if d < start or d > today:
                continue
            wd = d.weekday()
            heading = [f"### {d.month}/{d.day} ({KO_WD[wd]})", f"### {d.year}.{d.month:02d}.{d.day:02d} {KO_WD[wd]}요일",
                       f"### {d.month}월 {d.day}일 ({KO_WD[wd]})"][style]
            day = Day(d, src, recs)
            gym = rng.random() < (0.15 if wd == 6 else 0.7)
            if not gym and rng.random() < 0.45 and d != today:
                continue  # nothing written that day
            if rng.random() < 0.4:
                t, h = kc_sleep(rng)
                day.add(t, r_sleep(h))
            if rng.random() < 0.3:
                bw += rng.uniform(-0.4, 0.3)
                w = round(bw, 1)
                if rng.random() < 0.15:
                    day.add(f"인바디 쟀어요: 체중 {dec(w, nd=1)}kg / 골격근량 {dec(rng.uniform(34, 37), nd=1)}kg / 체지방률 {dec(rng.uniform(15, 20), nd=1)}%",
                            r_bw(w))
                else:
                    day.add(pick(rng, [f"아침 몸무게 {dec(w, nd=1)}kg", f"체중 {dec(w, nd=1)} 찍힘", f"공복 체중 {dec(w, nd=1)}kg"]), r_bw(w))
            if gym:
                part, plan = KC_SPLIT[split_i % 3]
                split_i += 1
                day.note(pick(rng, [f"3분할 {split_i % 3 or 3}일차 {part}", f"오늘은 {part}", f"{part} 데이 💪", f"{part} 🔥"]))
                for name, s, r in plan:
                    w = P[name].next()
                    main = name in ("squat", "bench press", "deadlift")
                    due = main and (name not in last_test or (d - last_test[name]).days >= 24)
                    if due and rng.random() < 0.3:
                        x = rnd(w * 1.2, 5 if name == "deadlift" else 2.5)
                        x = max(x, onerm.get(name, 0))
                        onerm[name], last_test[name] = x, d
                        info["onerm"].append((d, name, x))
                        n = pick(rng, KC_WORDS[name])
                        day.add(pick(rng, [f"오늘 {n} 1RM 측정!! {dec(x)}kg 성공 🎉", f"{n} 1RM 도전 {dec(x)}키로 성공했어요!!",
                                           f"{n} 1RM {dec(x)} 찍음 ㄷㄷ"]), r_lift(name, x, "kg", 1, 1))
                        if len(onerm) == 3:
                            day.note(f"3대 합계 {dec(sum(onerm.values()))} 달성 ㅎㅎ")
                        continue
                    if name in ("bench press", "squat", "lat pulldown") and rng.random() < 0.07:
                        lw = rnd(w * 0.6, 2.5)
                        s2, r2 = pick(rng, [(10, 10), (5, 20), (4, 25)])
                        n = pick(rng, KC_WORDS[name])
                        day.add(pick(rng, [f"{n} {dec(lw)}kg 100개 채우기 성공 💯 ({r2}개씩 {s2}세트)",
                                           f"오늘 {n} {dec(lw)}키로로 100개 채우기 했어요 ({r2}개 x {s2}세트)"]),
                                r_lift(name, lw, "kg", s2, r2))
                        continue
                    t, rs = kc_lift(rng, name, w, s, r)
                    day.add(t + pick(rng, KC_CMT), rs)
                x = rng.random()
                if x < 0.3:
                    mins = pick(rng, [15, 20, 20, 25, 30])
                    km = round(mins * rng.uniform(0.11, 0.14), 1)
                    day.add(pick(rng, [f"런닝머신 {mins}분 ({dec(km)}km) 뛰고 마무리", f"유산소로 런닝머신 {mins}분 {dec(km)}km 뛰었어요",
                                       f"마무리로 트레드밀 {dec(km)}키로 {mins}분"]), r_run(km, mins))
                elif x < 0.45:
                    day.note(pick(rng, ["천국의계단 15분", "사이클 20분 타고 끝", "걷기 30분 (경사 12)"]))
            elif wd >= 5 and rng.random() < 0.35:
                km = round(rng.uniform(4, 8), 1)
                secs = secs_of(km, 5.6, 6.4, rng)
                day.add(pick(rng, [f"한강 러닝 {dec(km)}km {mmss(secs / 60)}", f"오랜만에 밖에서 {dec(km)}키로 뛰었어요 ({mmss(secs / 60)})"]),
                        r_run(km, secs / 60))
            else:
                day.note(pick(rng, ["오늘은 쉬는 날", "휴식 😴", "야근해서 운동 못 감 ㅠ", "회식… 운동 스킵"]))
            y = rng.random()
            if y < 0.06:
                day.note(pick(rng, ["옆 사람 스쿼트 200 치더라 ㄷㄷ", "형은 벤치 100 들었대", "친구는 오늘 데드 180 5개 했다고 함",
                                    "트레이너쌤 시범으로 스쿼트 140kg 5회 하심"]))
            elif y < 0.13:
                day.note(pick(rng, [f"내일은 하체! 스쿼트 {dec(P['squat'].w + 5)}kg 5x5 도전해야지",
                                    f"다음 주부터 벤치 {dec(P['bench press'].w + 2.5)} 5x5 목표", "내일 데드 1RM 재볼까 고민 중"]))
            if not day.lines:
                continue
            n_days += 1
            parts.append(heading + "\n" + "\n".join(day.lines) + "\n")
        if n_days and rng.random() < 0.5 and mon + D(6) <= today:
            lifted = len({r.date for r in recs if r.source == src and r.kind == "lift"})
            parts.append(f"## 주간 회고\n이번 주 {lifted}번 운동함. " + pick(rng, ["다음 주엔 5번 가자!", "식단 좀 신경 쓰자", "컨디션 괜찮았음"]) + "\n")
        files[src] = "\n".join(parts)
    files["헬스일지/루틴.md"] = ("# 3분할 루틴\n\n1일차 가슴/삼두: 벤치 5x5, 인클라인 덤벨 4x10\n"
                             "2일차 등/이두: 데드 3x5, 랫풀다운 4x12, 바벨로우 4x10\n"
                             "3일차 하체/어깨: 스쿼트 5x5, 레그프레스 4x12, 밀프 5x5\n")
    files["목표.md"] = "# 올해 목표\n- 3대 500\n- 스쿼트 160kg\n- 벤치 100kg 1RM\n- 체중 75kg 유지\n"
    return files, recs, info


# --------------------------------------------------------------------------- ko-crew
# A Korean running-crew member: daily notes `러닝/26.11.03.md` (Obsidian format YY.MM.DD),
# `키로`/`k`/`km`, pace `5'31"` (never a time), Nike Run Club and Garmin pastes, intervals with a
# total, LSD, crew runs, races (`대회`), weekly mileage sums and shoe mileage (no records).


def p_ko_crew(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    files.update(obsidian_daily("러닝", "YY.MM.DD"))
    sundays = [d for d in daterange(start + D(7), today - D(2)) if d.weekday() == 6]
    races = {}
    r10 = pick(rng, sundays)
    races[r10] = "10K"
    others = [d for d in sundays if abs((d - r10).days) >= 21]
    if others:
        races[pick(rng, others)] = pick(rng, ["하프", "하프", "풀"])
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(64, 70)
    info = {"races": races}
    wk_km = 0.0
    for d in daterange(start, today):
        wd = d.weekday()
        if wd == 0:
            wk_km = 0.0
        src = f"러닝/{d.year % 100:02d}.{d.month:02d}.{d.day:02d}.md"
        day = Day(d, src, recs)
        kind = None
        if d in races:
            kind = "race"
        elif wd == 1 and rng.random() < 0.8:
            kind = pick(rng, ["tempo", "interval"])
        elif wd == 3 and rng.random() < 0.75:
            kind = pick(rng, ["easy", "crew"])
        elif wd in (5, 6) and rng.random() < 0.6 and (d + D(1)) not in races and (d - D(1)) not in races:
            kind = "lsd" if wd == 6 or rng.random() < 0.3 else "easy"
        elif rng.random() < 0.25:
            kind = "easy"
        if kind is None and rng.random() < 0.4 and d != today:
            continue
        if rng.random() < 0.5:
            v = rng.randrange(4)
            h, m = rng.randint(5, 7), pick(rng, [0, 10, 20, 30, 40, 50])
            if v == 0:
                day.add(f"- 수면 {h}시간 {m}분" if m else f"- 수면 {h}시간", r_sleep(h + m / 60))
            elif v == 1:
                day.add(f"- {h}시간 잠", r_sleep(h))
            elif v == 2:
                x = pick(rng, [5.5, 6.5, 7.5, 6.0, 7.0])
                day.add(f"- 잠 {dec(x)}h", r_sleep(x))
            else:
                day.add(f"- 수면 점수 {rng.randint(62, 91)} ({h}시간 {m or 10}분)", r_sleep(h + (m or 10) / 60))
        if rng.random() < 0.25:
            bw += rng.uniform(-0.3, 0.25)
            w = round(bw, 1)
            day.add(pick(rng, [f"- 체중 {dec(w, nd=1)}", f"- 몸무게 {dec(w, nd=1)}kg", f"- 아침 체중 {dec(w, nd=1)}kg"]), r_bw(w))
        if rng.random() < 0.2:
            day.note(f"- 안정시 심박 {rng.randint(44, 55)}")
        if kind == "race":
            rk = races[d]
            if rk == "10K":
                secs = secs_of(10, 4.55, 4.85, rng)
                name = pick(rng, ["JTBC 서울마라톤", "손기정 평화마라톤", "스파이더런"])
                day.add(f"- 🏅 대회: 2026 {name} 10K {mmss(secs / 60)} PB!!", r_run(10.0, secs / 60, race="10K"))
            elif rk == "하프":
                secs = secs_of(21.1, 5.0, 5.3, rng)
                day.add(f"- 하프 대회 완주!! 21.1km {hmmss(secs / 60)} 🥇 (공식기록)", r_run(21.1, secs / 60, race="하프"))
            else:
                secs = secs_of(42.195, 5.45, 5.85, rng)
                h, rem = divmod(secs, 3600)
                m, s = divmod(rem, 60)
                day.add(f"- 풀코스 완주 🎉 42.195km {h}시간 {m}분 {s}초 (춘천마라톤)", r_run(42.195, secs / 60, race="풀"))
            day.note(pick(rng, ["- 크루원들 응원 덕분에 버팀 🙏", "- 후반에 다리 쥐날 뻔", "- 날씨 완벽했음"]))
        elif kind:
            km = round({"easy": rng.uniform(5, 10), "crew": rng.uniform(6, 10), "tempo": rng.uniform(6, 10),
                        "interval": rng.uniform(7, 10), "lsd": rng.uniform(14, 24)}[kind], 1)
            pace = {"easy": (5.8, 6.4), "crew": (5.8, 6.3), "tempo": (4.8, 5.2), "interval": (5.0, 5.6), "lsd": (5.9, 6.5)}[kind]
            secs = secs_of(km, pace[0], pace[1], rng)
            mins_i = round(secs / 60)
            pc = pace_ko(secs, km)
            if kind == "easy":
                v = rng.randrange(6)
                if v == 0:
                    day.add(f"- 조깅 {dec(km)}키로 {mins_i}분", r_run(km, mins_i))
                elif v == 1:
                    day.add(f"- 이지런 {dec(km)}km {mmss(secs / 60)}", r_run(km, secs / 60))
                elif v == 2:
                    day.add(f"- 회복주 {dec(km)}k 페이스 {pc}", r_run(km, None))
                elif v == 3:
                    day.add(f"- 오늘 {dec(km)}키로 뛰었다. {mins_i}분 걸림", r_run(km, mins_i))
                elif v == 4:
                    block = (f"\nNike Run Club\n거리 {km:.2f} km\n시간 {mmss(secs / 60)}\n평균 페이스 {pc}\n"
                             f"칼로리 {int(km * 65)} kcal\n")
                    day.add(block, r_run(km, secs / 60))
                else:
                    day.add(f"- 트레드밀 {dec(km)}km {mins_i}분", r_run(km, mins_i))
            elif kind == "crew":
                day.add(f"- 크루 정기런 {dec(km)}km {mins_i}분 👟 (같이 뛴 사람 {rng.randint(8, 20)}명)", r_run(km, mins_i))
            elif kind == "tempo":
                day.add(f"- 템포런 {dec(km)}km {mmss(secs / 60)} (페이스 {pc})", r_run(km, secs / 60))
            elif kind == "interval":
                if rng.random() < 0.5:
                    day.add(f"- 인터벌 1km x {rng.randint(5, 7)} (총 {dec(km)}km, {mins_i}분)", r_run(km, mins_i))
                else:
                    day.add(f"- 400m x 10 인터벌 - 워밍업/쿨다운 포함 총 {dec(km)}키로 {mins_i}분", r_run(km, mins_i))
            else:
                v = rng.randrange(3)
                h, m = divmod(mins_i, 60)
                if v == 0:
                    day.add(f"- LSD {dec(km)}키로 {h}시간 {m}분 페이스 {pc}", r_run(km, mins_i))
                elif v == 1:
                    day.add(f"- LSD {dec(km)}km {hmmss(secs / 60)}", r_run(km, secs / 60))
                else:
                    day.add(f"가민: 달리기 {km:.2f} km / {hmmss(secs / 60)} / 평균 심박 {rng.randint(138, 152)}", r_run(km, secs / 60))
            if rng.random() < 0.1:
                day.note(f"- 신발: 페가수스 41 (누적 {rng.randint(250, 600)}km)")
        else:
            day.note(pick(rng, ["- 휴식", "- 오늘은 쉼 😴", "- 스트레칭 20분", "- 폼롤러만 함"]))
        wk_km += sum(r.fields["distance_km"] for r in day.mine() if r.kind == "run")
        if wd == 6 and rng.random() < 0.6:
            day.note(f"- 이번 주 누적 {dec(wk_km, nd=1)}km / 목표 40km")
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- 크루 형은 오늘 30km 뛰었대 ㄷㄷ", "- 와이프 첫 5km 완주 (32분) 축하 🎉",
                                "- 민수님 풀코스 sub-3 달성했다고 함", "- 동생은 하프 1시간 48분"]))
        elif x < 0.16:
            day.note(pick(rng, ["- 일요일 LSD 20km 예정", "- 다음 주 목표 주간 마일리지 45km", "- 내일 인터벌 1km x 6",
                                "- 다음 대회: 12월 하프 (목표 1시간 50분)"]))
        if not day.lines:
            continue
        fm = ("---\ntags: [러닝, \nweather: 흐림\n---\n" if d == broken else
              (f"---\nweather: {pick(rng, ['맑음', '흐림', '비', '추움'])}\n---\n" if rng.random() < 0.25 else ""))
        head = pick(rng, [f"# {d.year % 100:02d}.{d.month:02d}.{d.day:02d} ({KO_WD[wd]})\n\n", "", f"# {d.month}/{d.day} 러닝일지\n\n"])
        files[src] = fm + head + "\n".join(day.lines) + "\n"
    # reference notes: stale personal bests (slower than this season's races), a plan
    best10 = min([r.fields["duration_min"] for r in recs if r.hints.get("race") == "10K"] or [50])
    files["기록/PB.md"] = ("# 개인 기록 (PB)\n\n| 종목 | 기록 | 날짜 | 대회 |\n|---|---|---|---|\n"
                          "| 5K | 23:48 | 2025.09.14 | 개인 |\n"
                          f"| 10K | {mmss(best10 + 1.5)} | 2025.10.19 | 춘천마라톤 10K |\n"
                          "| 하프 | 1:58:40 | 2025.04.06 | 서울 하프 |\n")
    files["훈련 계획/서브4 플랜.md"] = ("# 서브4 16주 플랜\n\n| 주 | 화 | 목 | 일 |\n|---|---|---|---|\n"
                                   "| 1주 | 인터벌 8km | 이지 10km | LSD 18km |\n| 2주 | 템포 10km | 이지 8km | LSD 22km |\n"
                                   "| 3주 | 인터벌 1km x 6 | 이지 10km | LSD 26km |\n")
    return files, recs, info


# --------------------------------------------------------------------------- ja-tweet
# A Japanese office worker: daily notes `Daily/2026-11-03.md` made of timed sections
# (`## 06:45`, `## 12:30`, `## 21:10`), tweet-length lines. `ベンチプレス 60kg×10回×3セット`
# (weight × reps × sets, also unmarked `100kg×5×3`), `{s}セット×{r}回` (markers decide),
# `アップ 40kg×10 → 60kg×8回×3セット`; runs with a pace in parentheses that is no time.

JA_WORDS = {"bench press": ["ベンチプレス", "ベンチ", "ベンチプレス"], "squat": ["スクワット", "スクワット", "バーベルスクワット"],
            "deadlift": ["デッドリフト", "デッド"], "lat pulldown": ["ラットプルダウン", "ラットプル"],
            "overhead press": ["ショルダープレス", "ショルダープレス"], "leg press": ["レッグプレス"]}
JA_SPLIT = [("胸", [("bench press", 3, 10), ("overhead press", 3, 10)]), ("脚", [("squat", 5, 5), ("leg press", 3, 12)]),
            ("背中", [("deadlift", 3, 5), ("lat pulldown", 3, 12)])]
JA_CMT = ["", "", "", " きつかった", " 💪", " フォーム意識", "（自己ベスト！）", " 😇", " 余裕あり"]


def ja_lift(rng, name, w, s, r):
    n = pick(rng, JA_WORDS[name])
    W = dec(w)
    v = rng.randrange(7)
    if v == 0:
        return f"{n} {W}kg×{r}回×{s}セット", [r_lift(name, w, "kg", s, r)]
    if v == 1:
        return f"{n} {W}kg {r}回×{s}セット", [r_lift(name, w, "kg", s, r)]
    if v == 2:
        return f"{n} {W}kg×{r}×{s}", [r_lift(name, w, "kg", s, r)]
    if v == 3:
        return f"{n} {W}kg {r}回 {s}set", [r_lift(name, w, "kg", s, r)]
    if v == 4:
        return f"{n} {W}キロ {r}レップ×{s}セット", [r_lift(name, w, "kg", s, r)]
    if v == 5:
        return f"{n} {W}kg {s}セット×{r}回", [r_lift(name, w, "kg", s, r)]
    ww = rnd(w * 0.6, 2.5)
    return f"{n} アップ {dec(ww)}kg×10 → {W}kg×{r}回×{s}セット", [r_lift(name, ww, "kg", 1, 10, warm=True), r_lift(name, w, "kg", s, r)]


def ja_run(rng, long):
    """(text, rec)."""
    if long:
        km = round(rng.uniform(12, 20), 1)
        secs = secs_of(km, 5.9, 6.5, rng)
        mi = round(secs / 60)
        h, m = divmod(mi, 60)
        if rng.random() < 0.5:
            return f"LSD {dec(km)}km {h}時間{m}分", r_run(km, mi)
        return f"ロング走 {dec(km)}km {hmmss(secs / 60)} 🏃‍♂️", r_run(km, secs / 60)
    v = rng.randrange(7)
    if v == 2:
        laps = pick(rng, [1, 2, 2, 3])
        km = 5.0 * laps
    else:
        km = round(rng.uniform(4, 9), 1)
    secs = secs_of(km, 5.3, 6.2, rng)
    mi = round(secs / 60)
    m, s = divmod(secs, 60)
    p = secs / km
    pace = f"（キロ{int(p // 60)}分{int(p % 60):02d}秒）"
    if v == 0:
        return f"朝ラン {dec(km)}km {mi}分", r_run(km, mi)
    if v == 1:
        return f"ジョグ {dec(km)}km {m}分{s}秒 {pace}", r_run(km, secs / 60)
    if v == 2:
        return f"皇居ラン {laps}周 {dec(km)}km {mi}分", r_run(km, mi)
    if v == 3:
        return f"ランニングマシン {mi}分 {dec(km)}km", r_run(km, mi)
    if v == 4:
        return f"ラン {dec(km)}キロ {mi}分", r_run(km, mi)
    if v == 5:
        return f"{dec(km)}kmラン {mmss(secs / 60)}", r_run(km, secs / 60)
    return f"朝ラン {dec(km)}km {mi}分 {pace}", r_run(km, mi)


def p_ja_tweet(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"bench press": Prog(rng, pick(rng, [55, 60, 62.5]), 2.5, 0.3), "overhead press": Prog(rng, pick(rng, [30, 32.5]), 2.5, 0.2),
         "squat": Prog(rng, pick(rng, [75, 80, 85]), 2.5, 0.35), "leg press": Prog(rng, pick(rng, [100, 120]), 10, 0.3),
         "deadlift": Prog(rng, pick(rng, [95, 100, 110]), 5, 0.3), "lat pulldown": Prog(rng, pick(rng, [40, 45]), 2.5, 0.25)}
    split_i = rng.randrange(3)
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(62, 68)
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.12:
            continue
        src = f"Daily/{d.isoformat()}.md"
        secs = []  # (time, Day-lines)
        morning = Day(d, src, recs)
        if rng.random() < 0.6:
            v = rng.randrange(5)
            h = rng.randint(5, 7)
            if v == 0:
                morning.add(f"睡眠 {h}時間", r_sleep(h))
            elif v == 1:
                morning.add(f"睡眠{h}時間半", r_sleep(h + 0.5))
            elif v == 2:
                h = rng.randint(4, 5)
                morning.add(f"昨夜は{h}時間しか寝てない…", r_sleep(h))
            elif v == 3:
                morning.add(f"{h}時間半睡眠 😴", r_sleep(h + 0.5))
            else:
                m = pick(rng, [10, 20, 40, 50])
                morning.add(f"睡眠 {h}時間{m}分", r_sleep(h + m / 60))
        if rng.random() < 0.35:
            bw += rng.uniform(-0.3, 0.25)
            w = round(bw, 1)
            morning.add(pick(rng, [f"体重 {dec(w, nd=1)}kg", f"体重{dec(w, nd=1)}", f"朝の体重 {dec(w, nd=1)}kg"]), r_bw(w))
        run_day = (wd in (1, 3) and rng.random() < 0.7) or (wd in (5, 6) and rng.random() < 0.55)
        if run_day and wd in (1, 3):
            t, r = ja_run(rng, False)
            morning.add(t, r)
        if morning.lines:
            secs.append((f"0{rng.randint(6, 7)}:{rng.randint(0, 59):02d}", morning))
        mid = Day(d, src, recs)
        x = rng.random()
        if x < 0.08:
            mid.note(pick(rng, ["後輩はベンチ100kg上がるらしい", "妻は今日10km走ったって", "同僚がフルマラソン3時間半で完走したらしい 🏃",
                                "ジムで隣の人がデッド200kg引いてた"]))
        elif x < 0.18:
            mid.note(pick(rng, [f"明日は脚の日 スクワット{dec(P['squat'].w + 2.5)}kg目標", "週末は15km走る予定",
                                f"来週からベンチ{dec(P['bench press'].w + 2.5)}kg×5×5"]))
        elif x < 0.3:
            mid.note(pick(rng, ["仕事忙しい", "雨☔", "ランチはカレー", "眠い"]))
        if mid.lines:
            secs.append((f"12:{rng.randint(0, 59):02d}", mid))
        eve = Day(d, src, recs)
        if wd in (0, 2, 4) and rng.random() < 0.8:
            part, plan = JA_SPLIT[split_i % 3]
            split_i += 1
            eve.note(pick(rng, [f"ジム💪 {part}の日", f"筋トレ {part}", f"{part}トレ"]))
            for name, s, r in plan:
                t, rs = ja_lift(rng, name, P[name].next(), s, r)
                eve.add(t + pick(rng, JA_CMT), rs)
        elif run_day and wd in (5, 6):
            t, r = ja_run(rng, wd == 6 and rng.random() < 0.7)
            eve.add(t, r)
        if eve.lines:
            secs.append((f"{rng.randint(19, 22)}:{rng.randint(0, 59):02d}", eve))
        if not secs:
            if rng.random() < 0.5:
                files[src] = f"# {d.month}月{d.day}日\n"
            continue
        fm = "---\ntags: [日記, \n---\n" if d == broken else ("---\ntags: daily\n---\n" if rng.random() < 0.3 else "")
        body = "\n".join(f"## {t}\n" + "\n".join(day.lines) + "\n" for t, day in secs)
        files[src] = fm + body
    files["メニュー/筋トレメニュー.md"] = (f"# 筋トレメニュー\n\n## 胸の日\n- ベンチプレス {dec(P['bench press'].w + 5)}kg×5回×5セット\n"
                                     f"- ショルダープレス 35kg×10回×3セット\n\n## 脚の日\n- スクワット {dec(P['squat'].w + 10)}kg×5×5\n")
    files["目標.md"] = "# 2026年の目標\n- 体重 62kg\n- フルマラソン サブ4\n- ベンチ 80kg\n"
    return files, recs, {}


# --------------------------------------------------------------------------- es-yearly
# A Spanish lifter who keeps ONE note a year, `Entrenos 2026.md`, days appended under
# `## 03/11/2026` (DD/MM/YYYY; also `## 3/11/2026`, `## Martes 03/11/2026`, one style a month),
# goals at the top before any date. `3x10x60kg` is sets x reps x weight.

ES_WD = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]
ES_MON = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
ES_WORDS = {"squat": ["Sentadilla", "sentadilla", "sentadillas"], "bench press": ["press banca", "Press de banca", "banca"],
            "deadlift": ["peso muerto", "Peso muerto"], "overhead press": ["press militar"], "row": ["remo con barra"],
            "lat pulldown": ["jalón al pecho"], "hip thrust": ["hip thrust"]}
ES_CMT = ["", "", "", " (costó)", " 💪", " fácil", " — récord!", " (molestia en el hombro)"]


def es_lift(rng, name, w, s, r):
    n = pick(rng, ES_WORDS[name])
    W = dec(w, True)
    v = rng.randrange(6)
    if v == 0:
        return f"{n} {s}x{r} {W}kg", [r_lift(name, w, "kg", s, r)]
    if v == 1:
        return f"{n}: {s} series de {r} con {W} kg", [r_lift(name, w, "kg", s, r)]
    if v == 2:
        return f"{n} {s}x{r} @ {W}", [r_lift(name, w, "kg", s, r, missing=True)]
    if v == 3:
        return f"{n} {W}kg {s}x{r}", [r_lift(name, w, "kg", s, r)]
    if v == 4:
        return f"{n} {s}x{r}x{W}kg", [r_lift(name, w, "kg", s, r)]
    if s == 1:
        return f"{n} {W} kg - 1 serie de {r}", [r_lift(name, w, "kg", s, r)]
    return f"{n} {W} kg - {s} series x {r} reps", [r_lift(name, w, "kg", s, r)]


def es_run(rng, long):
    km = round(rng.uniform(12, 18) if long else rng.uniform(5, 10), 1)
    secs = secs_of(km, 5.2, 6.0, rng)
    mi = round(secs / 60)
    K = dec(km, True)
    if long:
        h, m = divmod(mi, 60)
        return f"fondo {K} km en {h}h {m}min", r_run(km, mi)
    v = rng.randrange(5)
    if v == 0:
        return f"corrí {K} km en {mi} min", r_run(km, mi)
    if v == 1:
        return f"salí a correr {K} km ({mmss(secs / 60)})", r_run(km, secs / 60)
    if v == 2:
        return f"trote suave {K} km {mmss(secs / 60)}", r_run(km, secs / 60)
    if v == 3:
        return f"cinta {mi} min, {K} km", r_run(km, mi)
    p = secs / km
    return f"rodaje {K} km a {int(p // 60)}:{int(p % 60):02d}/km, {mmss(secs / 60)} en total", r_run(km, secs / 60)


def p_es_yearly(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    P = {"squat": Prog(rng, pick(rng, [90, 100]), 2.5, 0.35), "bench press": Prog(rng, pick(rng, [65, 70, 75]), 2.5, 0.3),
         "row": Prog(rng, pick(rng, [55, 60]), 2.5, 0.25), "deadlift": Prog(rng, pick(rng, [120, 130, 140]), 5, 0.3),
         "overhead press": Prog(rng, pick(rng, [40, 42.5]), 2.5, 0.2), "lat pulldown": Prog(rng, pick(rng, [45, 50]), 2.5, 0.2),
         "hip thrust": Prog(rng, pick(rng, [80, 100]), 10, 0.3)}
    bw = rng.uniform(78, 85)
    ab = rng.randrange(2)
    styles = {}
    parts = ["# Entrenos 2026\n", "## Objetivos\n- sentadilla 140 kg\n- press banca 100 kg\n- correr 10 km en menos de 50 min\n"
             "- bajar a 78 kg\n", "---\n"]
    for d in daterange(start, today):
        wd = d.weekday()
        st = styles.setdefault((d.year, d.month), rng.randrange(4))
        head = [f"## {d.day:02d}/{d.month:02d}/{d.year}", f"## {d.day}/{d.month}/{d.year}",
                f"## {ES_WD[wd]} {d.day:02d}/{d.month:02d}/{d.year}", f"## {ES_WD[wd][:3].lower()} {d.day:02d}/{d.month:02d}/{d.year}"][st]
        day = Day(d, "Entrenos 2026.md", recs)
        lift = wd in (0, 2, 4) and rng.random() < 0.8
        run = (wd == 1 and rng.random() < 0.7) or (wd == 5 and rng.random() < 0.6)
        if not lift and not run and rng.random() < 0.6 and d != today:
            continue
        if rng.random() < 0.5:
            v = rng.randrange(4)
            h = rng.randint(5, 8)
            if v == 0:
                day.add(f"- dormí {h} horas", r_sleep(h))
            elif v == 1:
                day.add(f"- dormí {h} h y media", r_sleep(h + 0.5))
            elif v == 2:
                h = rng.randint(4, 5)
                day.add(f"- dormí fatal, {h}h", r_sleep(h))
            else:
                m = pick(rng, [15, 30, 45])
                day.add(f"- sueño: {h}h{m}", r_sleep(h + m / 60))
        if rng.random() < 0.3:
            bw += rng.uniform(-0.35, 0.25)
            w = round(bw, 1)
            day.add(pick(rng, [f"- peso {dec(w, True, 1)} kg", f"- báscula: {dec(w, True, 1)}", f"- peso en ayunas {dec(w, True, 1)}kg"]), r_bw(w))
        if lift:
            ab += 1
            plan = ([("squat", 3, 5), ("bench press", 5, 5), ("row", 4, 10)] if ab % 2 else
                    [("deadlift", 1, 5), ("overhead press", 4, 8), ("lat pulldown", 3, 12), ("hip thrust", 4, 10)])
            day.note(pick(rng, ["- Gym (rutina A)" if ab % 2 else "- Gym (rutina B)", "- pesas:", "- Gimnasio 🏋️"]))
            for name, s, r in plan:
                if name == "hip thrust" and rng.random() < 0.5:
                    continue
                t, rs = es_lift(rng, name, P[name].next(), s, r)
                day.add(f"    - {t}" + pick(rng, ES_CMT), rs)
        if run:
            t, r = es_run(rng, wd == 5 and rng.random() < 0.5)
            day.add(f"- {t}" + pick(rng, ["", "", " 🏃", " (calor)", " piernas cargadas"]), r)
        if not lift and not run:
            day.note(pick(rng, ["- descanso", "- no entrené, viaje", "- día libre", "- (nada)"]))
        x = rng.random()
        if x < 0.07:
            day.note(pick(rng, ["- mi entrenador levantó 200 kg en peso muerto", "- Carlos corrió la media en 1:35",
                                "- mi novia hizo 10 km en 55 min", "- Javi sentadilla 180 kg x 3, una bestia"]))
        elif x < 0.15:
            day.note(pick(rng, [f"- Próxima semana: sentadilla 3x5 {dec(P['squat'].w + 5, True)}kg", "- mañana toca pierna",
                                "- el sábado quiero hacer 15 km"]))
        parts.append(head + "\n" + "\n".join(day.lines) + "\n")
    files["Entrenos 2026.md"] = "\n".join(parts)
    files["Rutinas/Rutina AB.md"] = ("# Rutina A/B\n\n**A**: sentadilla 3x5, press banca 5x5, remo con barra 4x10\n"
                                     f"**B**: peso muerto 1x5 {dec(P['deadlift'].w + 10, True)} kg, press militar 4x8, jalón al pecho 3x12\n")
    return files, recs, {}


# --------------------------------------------------------------------------- en-para
# An American who writes one long paragraph a day in `Journal/Nov 3, 2026.md` (Obsidian format
# `MMM D, YYYY`), lb and miles, `225#`, number words (`three coffees`), typos (`sqaut`,
# `deadlfit`, `rna`, `slpet`), random capitalisation, other people's lifts and plans in the
# same paragraph.

EN_WORDS = {"squat": ["squat", "Squat", "SQUAT", "squats", "sqaut"], "bench press": ["bench", "Bench", "bench press", "bnech"],
            "deadlift": ["deadlift", "Deadlift", "DL", "deadlfit"], "overhead press": ["OHP", "ohp", "overhead press"],
            "row": ["rows", "Barbell rows", "row"]}
NUMW = {1: "one", 2: "two", 3: "three", 4: "four"}


def en_lift(rng, name, w, s, r):
    n = pick(rng, EN_WORDS[name])
    W = fmt_num(w)
    u, miss = pick(rng, [("", True), ("", True), (" lbs", False), ("#", False), (" lb", False)])
    v = rng.randrange(6)
    if v == 0:
        return f"{n} {W}{u} {s}x{r}", r_lift(name, w, "lb", s, r, missing=miss)
    if v == 1:
        return f"{n} {W}{u} for {s} sets of {r}", r_lift(name, w, "lb", s, r, missing=miss)
    if v == 2 and name == "bench press":
        return f"benched {W}{u} {s}x{r}", r_lift(name, w, "lb", s, r, missing=miss)
    if v == 3:
        return f"{n} {s}x{r} @ {W}{u}", r_lift(name, w, "lb", s, r, missing=miss)
    if v == 4 and s == r:
        return f"{n} {W}x{s}x{r}", r_lift(name, w, "lb", s, r, missing=True)
    return f"{n} {s}x{r} at {W}{u}", r_lift(name, w, "lb", s, r, missing=miss)


def p_en_para(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    files.update(obsidian_daily("Journal", "MMM D, YYYY"))
    P = {"squat": Prog(rng, pick(rng, [205, 225]), 5, 0.35), "bench press": Prog(rng, pick(rng, [165, 185]), 5, 0.3),
         "deadlift": Prog(rng, pick(rng, [275, 315]), 10, 0.3), "overhead press": Prog(rng, pick(rng, [105, 115]), 5, 0.2),
         "row": Prog(rng, pick(rng, [135, 155]), 5, 0.25)}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(178, 190)
    info = {"coffee_days": []}
    for d in daterange(start, today):
        wd = d.weekday()
        if d != today and rng.random() < 0.15:
            continue
        src = f"Journal/{d.strftime('%b')} {d.day}, {d.year}.md"
        day = Day(d, src, recs)
        sents = []  # (sentence, recs)

        def S(text, *rs):
            sents.append((text, list(rs)))
        S(pick(rng, ["Up at 6.", "Long day.", "ok day", "Rainy.", "Kids had soccer at 9.", "Work was brutal.", "Good day overall.", ""]))
        if rng.random() < 0.6:
            v = rng.randrange(5)
            h = rng.randint(5, 8)
            if v == 0:
                S(f"slept like {h} hrs", r_sleep(h))
            elif v == 1:
                x = pick(rng, [5.5, 6.5, 7.5])
                S(f"only {fmt_num(x)} hours of sleep", r_sleep(x))
            elif v == 2:
                bed = pick(rng, [(23, 45), (23, 15), (0, 30), (22, 50)])
                wake = pick(rng, [(6, 30), (6, 0), (7, 10)])
                h = (wake[0] * 60 + wake[1] - ((bed[0] - 24) * 60 + bed[1] if bed[0] >= 12 else bed[0] * 60 + bed[1])) / 60
                S(f"slept {bed[0] % 12 or 12}:{bed[1]:02d}-{wake[0]}:{wake[1]:02d}", r_sleep(h))
            elif v == 3:
                h = rng.randint(5, 7)
                S(f"{pick(rng, ['slpet', 'slept'])} {h} and a half hours", r_sleep(h + 0.5))
            else:
                S(f"got {h} hours of sleep{pick(rng, ['!', '', ' finally'])}", r_sleep(h))
        if rng.random() < 0.3:
            bw += rng.uniform(-0.7, 0.5)
            w = round(bw, 1)
            S(pick(rng, [f"weighed {fmt_num(w)} this am", f"scale said {fmt_num(w)}", f"bw {fmt_num(w)} lbs"]), r_bw(w, "lb"))
        if wd in (0, 2, 4) and rng.random() < 0.8:
            plan = [("squat", 5, 5), ("bench press", 3, 8)] + [[("deadlift", 1, 5)], [("overhead press", 3, 5), ("row", 3, 10)]][wd == 2]
            lifts = []
            for name, s, r in plan:
                w = P[name].next()
                if name == "squat" and rng.random() < 0.06:
                    x = w + 30
                    lifts.append((pick(rng, [f"hit a squat PR {fmt_num(x)}x1!!", f"new squat PR: {fmt_num(x)} for a single"]),
                                  r_lift(name, x, "lb", 1, 1)))
                    continue
                if name == "deadlift" and rng.random() < 0.5:
                    lifts.append((pick(rng, [f"deadlift {fmt_num(w)} x 5", f"DL 1x5 @ {fmt_num(w)}", f"deadlfit {fmt_num(w)}x5"]),
                                  r_lift(name, w, "lb", 1, 5, missing=True)))
                    continue
                lifts.append(en_lift(rng, name, w, s, r))
            intro = pick(rng, ["Gym after work: ", "lifted - ", "Gym: ", "hit the gym. ", "Lifting: "])
            joined = ", ".join(t for t, _ in lifts)
            S(intro + joined + pick(rng, [" (felt heavy)", "", " - felt good", " ugh"]), *[r for _, r in lifts])
        if wd in (1, 3, 5) and rng.random() < 0.7 or (wd == 6 and rng.random() < 0.2):
            long = wd == 5 and rng.random() < 0.5
            mi = round(rng.uniform(5.5, 10) if long else rng.uniform(2, 5), 1)
            km = mi * KM_PER_MI
            secs = int(mi * 60 * rng.uniform(8.8, 10.5))
            mins = round(secs / 60)
            v = rng.randrange(6)
            if long:
                S(f"long run {fmt_num(mi)} miles {hmmss(secs / 60)}", r_run(km, secs / 60))
            elif v == 0:
                S(f"ran {fmt_num(mi)} mi in {mmss(secs / 60)}", r_run(km, secs / 60))
            elif v == 1:
                S(f"easy {fmt_num(mi)} miles, {mins} min", r_run(km, mins))
            elif v == 2:
                S(f"treadmill {fmt_num(mi)} mi {mins} min", r_run(km, mins))
            elif v == 3:
                secs5 = int(5 * 60 * rng.uniform(5.2, 6.0))
                S(f"did a 5k in {mmss(secs5 / 60)}", r_run(5.0, secs5 / 60))
            elif v == 4:
                S(f"rna {fmt_num(mi)} miles in {mins} min", r_run(km, mins))
            else:
                S(f"jogged {fmt_num(mi)} miles with the dog", r_run(km, None))
        if rng.random() < 0.55:
            n = pick(rng, [1, 2, 2, 3, 3, 4])
            S(pick(rng, [f"{n} coffee{'s' if n > 1 else ''}", f"{NUMW[n]} coffee{'s' if n > 1 else ''}" + (" (oops)" if n >= 3 else ""), f"coffee x{n}"]),
              r_q("coffee", n, "cup"))
        x = rng.random()
        if x < 0.08:
            S(pick(rng, ["Jake benched 275 today lol", "my wife ran a half in 1:58", "coach squatted 405 for a double",
                         "Mike's deadlift is 500 now, insane"]))
        elif x < 0.16:
            S(pick(rng, ["tomorrow: 5 mile run", f"next week going for {fmt_num(P['squat'].w + 10)} on squat",
                         "gonna try 4 miles tmrw", "plan is bench 3x8 @ 195 next time"]))
        sents = [(t, rs) for t, rs in sents if t]
        if not any(rs for _, rs in sents):
            if rng.random() < 0.5:
                continue
        out = []
        for t, rs in sents:
            t = t.rstrip(".")
            if rng.random() < 0.3:
                t = t[0].lower() + t[1:]
            elif rng.random() < 0.5:
                t = t[0].upper() + t[1:]
            out.append(t + pick(rng, [".", ".", ".", "!", " -", ","]))
        para = " ".join(out).rstrip(" -,")
        para = para if para.endswith((".", "!")) else para + "."
        for t, rs in sents:
            day.bind(para, *rs)
        fm = "---\ntags: [journal, \n---\n" if d == broken else (f"---\nmood: {rng.randint(2, 5)}\n---\n" if rng.random() < 0.25 else "")
        head = pick(rng, ["", f"# {d.strftime('%A')}\n\n", ""])
        files[src] = fm + head + para + "\n"
    files["Programs/5x5 plan.md"] = (f"# 5x5 plan\n\nMon: squat {fmt_num(P['squat'].w + 10)} 5x5, bench 3x8, deadlift 1x5\n"
                                     "Wed: squat 5x5, bench 3x8, OHP 3x5, rows 3x10\nGoal: 1000 lb total by spring\n")
    return files, recs, info


# --------------------------------------------------------------------------- pt-table
# A Brazilian: daily notes `Diário/03.11.26.md` (Obsidian format DD.MM.YY), `# Terça, 03/11`,
# one table per training day in one of three layouts (`Séries | Reps | Carga`,
# `Carga | Séries x Reps`, `Carga (kg) | Séries | Repetições` with bare numbers), pyramid rows
# `60/65/70 kg | 3 | 12/10/8`, cardio and sleep lines under the table.

PT_WD = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado", "Domingo"]
PT_MON = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split()
PT_WORDS = {"bench press": ["Supino reto", "Supino reto barra", "Supino"], "overhead press": ["Desenvolvimento", "Desenvolvimento barra"],
            "deadlift": ["Levantamento terra", "Terra"], "row": ["Remada curvada"], "lat pulldown": ["Puxada alta", "Puxada frente"],
            "barbell curl": ["Rosca direta"], "squat": ["Agachamento livre", "Agachamento"], "leg press": ["Leg press 45", "Leg press"],
            "leg extension": ["Cadeira extensora"]}
PT_ABC = [("A", "peito e ombro", [("bench press", 4, 10), ("overhead press", 3, 10)]),
          ("B", "costas e bíceps", [("deadlift", 3, 5), ("row", 4, 10), ("lat pulldown", 3, 12), ("barbell curl", 3, 12)]),
          ("C", "pernas", [("squat", 4, 8), ("leg press", 4, 12), ("leg extension", 3, 15)])]


def pt_table(rng, layout, rows):
    """rows: [(name, w, s, r)]; returns (table text, recs). Pyramids only in layout 0."""
    recs = []
    if layout == 0:
        lines = ["| Exercício | Séries | Reps | Carga |", "|---|---|---|---|"]
    elif layout == 1:
        lines = ["| Exercício | Carga | Séries x Reps |", "|---|---|---|"]
    else:
        lines = ["| Exercício | Carga (kg) | Séries | Repetições |", "|---|---|---|---|"]
    for name, w, s, r in rows:
        n = pick(rng, PT_WORDS[name])
        unit = pick(rng, ["kg", " kg", ""])
        miss = unit == ""
        if layout == 0 and name in ("bench press", "squat") and rng.random() < 0.25:
            ws = [rnd(w * 0.85, 2.5), rnd(w * 0.93, 2.5), w]
            rs = [12, 10, 8]
            lines.append(f"| {n} | 3 | {'/'.join(map(str, rs))} | {'/'.join(dec(x, True) for x in ws)} kg |")
            recs += [r_lift(name, a, "kg", 1, b) for a, b in zip(ws, rs)]
            continue
        if layout == 0:
            lines.append(f"| {n} | {s} | {r} | {dec(w, True)}{unit} |")
            recs.append(r_lift(name, w, "kg", s, r, missing=miss))
        elif layout == 1:
            lines.append(f"| {n} | {dec(w, True)}{unit} | {s}x{r} |")
            recs.append(r_lift(name, w, "kg", s, r, missing=miss))
        else:
            lines.append(f"| {n} | {dec(w, True)} | {s} | {r} |")
            recs.append(r_lift(name, w, "kg", s, r))
    return "\n".join(lines), recs


def p_pt_table(rng, _s, today):
    start = span_start(rng, today)
    recs, files = [], {}
    files.update(obsidian_daily("Diário", "DD.MM.YY"))
    P = {"bench press": Prog(rng, pick(rng, [50, 55, 60]), 2.5, 0.3), "overhead press": Prog(rng, pick(rng, [30, 35]), 2.5, 0.2),
         "deadlift": Prog(rng, pick(rng, [90, 100]), 5, 0.3), "row": Prog(rng, pick(rng, [45, 50]), 2.5, 0.25),
         "lat pulldown": Prog(rng, pick(rng, [45, 50]), 2.5, 0.2), "barbell curl": Prog(rng, pick(rng, [20, 25]), 2.5, 0.15),
         "squat": Prog(rng, pick(rng, [70, 80]), 2.5, 0.35), "leg press": Prog(rng, pick(rng, [140, 160, 180]), 10, 0.3),
         "leg extension": Prog(rng, pick(rng, [35, 40]), 5, 0.2)}
    abc = rng.randrange(3)
    layout_of = {}
    broken = start + D(rng.randint(10, 40))
    bw = rng.uniform(68, 74)
    for d in daterange(start, today):
        wd = d.weekday()
        src = f"Diário/{d.day:02d}.{d.month:02d}.{d.year % 100:02d}.md"
        day = Day(d, src, recs)
        gym = wd < 5 and rng.random() < 0.7
        run = (wd == 5 and rng.random() < 0.6) or (gym and rng.random() < 0.2)
        if not gym and not run and rng.random() < 0.55 and d != today:
            continue
        head = f"# {PT_WD[wd]}, {d.day:02d}/{d.month:02d}\n"
        if gym:
            letter, part, plan = PT_ABC[abc % 3]
            abc += 1
            rows = [(name, P[name].next(), s, r) for name, s, r in plan]
            layout = layout_of.setdefault(d - D(wd), rng.randrange(3))
            table, rs = pt_table(rng, layout, rows)
            day.note(f"## Treino {letter} — {part}")
            day.add(table, rs)
        if run:
            long = wd == 5 and rng.random() < 0.5
            km = round(rng.uniform(10, 14) if long else rng.uniform(4, 8), 1)
            secs = secs_of(km, 5.4, 6.3, rng)
            mi = round(secs / 60)
            K = dec(km, True)
            if long:
                h, m = divmod(mi, 60)
                day.add(f"Corrida longa {K} km em {h}h{m:02d}", r_run(km, mi))
            else:
                v = rng.randrange(4)
                if v == 0:
                    day.add(f"**Cardio:** esteira {mi} min {K} km", r_run(km, mi))
                elif v == 1:
                    day.add(f"Corrida: {K} km em {mi}min", r_run(km, mi))
                elif v == 2:
                    day.add(f"corri {K} km em {mmss(secs / 60)} 🏃‍♂️", r_run(km, secs / 60))
                else:
                    day.add(f"Corrida no parque — {K} km, {mi} min", r_run(km, mi))
        if rng.random() < 0.5:
            h, m = rng.randint(5, 8), pick(rng, [0, 10, 20, 30, 40, 50])
            v = rng.randrange(3)
            if v == 0:
                day.add(f"Sono: {h}h{m:02d}" if m else f"Sono: {h}h", r_sleep(h + m / 60))
            elif v == 1:
                day.add(f"dormi {h}h{m:02d}" if m else f"dormi {h} horas", r_sleep(h + m / 60))
            else:
                day.add(f"Sono {h}h", r_sleep(h))
        if rng.random() < 0.3:
            bw += rng.uniform(-0.3, 0.25)
            w = round(bw, 1)
            day.add(pick(rng, [f"Peso: {dec(w, True, 1)} kg", f"peso {dec(w, True, 1)}", f"Balança: {dec(w, True, 1)}kg"]), r_bw(w))
        x = rng.random()
        if x < 0.08:
            day.note(pick(rng, ["Obs: o personal fez supino com 120kg 😳", "minha namorada correu 10 km hoje",
                                "o Rafa agachou 180 kg, monstro"]))
        elif x < 0.16:
            day.note(pick(rng, ["Amanhã: treino C (pernas)", f"Próxima semana: supino {dec(P['bench press'].w + 2.5, True)} kg 4x10",
                                "sábado: corrida de 12 km"]))
        if not gym and not run and rng.random() < 0.5:
            day.note(pick(rng, ["Descanso.", "Folga 😴", "Sem treino hoje."]))
        if not day.lines:
            continue
        fm = "---\ntags: [treino, \n---\n" if d == broken else ("---\ntags: diario\n---\n" if rng.random() < 0.3 else "")
        files[src] = fm + head + "\n" + "\n\n".join(day.lines) + "\n"
    files["Planilha/Treino ABC.md"] = ("# Planilha — Treino ABC\n\n## A\n| Exercício | Séries | Reps | Carga |\n|---|---|---|---|\n"
                                       f"| Supino reto | 4 | 10 | {dec(P['bench press'].w + 5, True)}kg |\n| Desenvolvimento | 3 | 10 | 35kg |\n\n"
                                       "## C\n| Exercício | Carga | Séries x Reps |\n|---|---|---|\n"
                                       f"| Agachamento livre | {dec(P['squat'].w + 10, True)} kg | 4x8 |\n| Leg press 45 | 200 kg | 4x12 |\n")
    files["Metas.md"] = "# Metas 2026\n- supino 80 kg\n- agachamento 120 kg\n- correr 10 km abaixo de 55 min\n- peso 70 kg\n"
    return files, recs, {}


PEOPLE = {"ko-chat": p_ko_chat, "ko-crew": p_ko_crew, "ja-tweet": p_ja_tweet, "es-yearly": p_es_yearly,
          "en-para": p_en_para, "pt-table": p_pt_table}
LANG = {"ko-chat": "ko", "ko-crew": "ko", "ja-tweet": "ja", "es-yearly": "es", "en-para": "en", "pt-table": "pt"}

# --------------------------------------------------------------------------- questions

PERIODS = {
    "en": {"yesterday": ["yesterday"], "this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"], "past_days": ["in the last {n} days", "over the past {n} days"],
           "in_month": ["in {month}"], "all": ["", "ever"], "since": ["since {mon} {d}", "since {month} {d}"]},
    "ko": {"yesterday": ["어제"], "this_week": ["이번 주", "이번주"], "last_week": ["지난주", "저번 주"],
           "this_month": ["이번 달", "이번달"], "last_month": ["지난달", "저번 달"], "past_days": ["최근 {n}일", "지난 {n}일 동안"],
           "in_month": ["{m}월에", "{m}월"], "all": ["지금까지", ""], "since": ["{m}월 {d}일부터", "{m}월 {d}일부터 지금까지"]},
    "ja": {"yesterday": ["昨日"], "this_week": ["今週"], "last_week": ["先週"], "this_month": ["今月"], "last_month": ["先月"],
           "past_days": ["過去{n}日間", "この{n}日間"], "in_month": ["{m}月"], "all": ["今まで", ""], "since": ["{m}月{d}日から", "{m}月{d}日以降"]},
    "es": {"yesterday": ["ayer"], "this_week": ["esta semana"], "last_week": ["la semana pasada"], "this_month": ["este mes"],
           "last_month": ["el mes pasado"], "past_days": ["en los últimos {n} días"], "in_month": ["en {month}"],
           "all": ["", "desde que empecé"], "since": ["desde el {d} de {month}"]},
    "pt": {"yesterday": ["ontem"], "this_week": ["esta semana", "nessa semana"], "last_week": ["semana passada", "na semana passada"],
           "this_month": ["este mês", "nesse mês"], "last_month": ["mês passado", "no mês passado"],
           "past_days": ["nos últimos {n} dias"], "in_month": ["em {month}"], "all": ["", "até hoje"],
           "since": ["desde {d} de {month}", "desde o dia {d} de {month}"]},
}
MONTH_NAMES = {"en": "January February March April May June July August September October November December".split(),
               "es": ES_MON, "pt": PT_MON}

T = {
    "run_km": {"ko": ["{p} 총 몇 km 뛰었어?", "{p} 몇 키로 달렸지?", "{p} 러닝 거리 합계 알려줘", "{p} 뛴 거리 얼마나 돼?"],
               "ja": ["{p}は何km走った？", "{p}の走行距離は？", "{p}合計何キロ走った？"],
               "es": ["¿cuántos km corrí {p}?", "¿cuántos kilómetros he corrido {p}?", "distancia total corriendo {p}"],
               "pt": ["quantos km eu corri {p}?", "distância total de corrida {p}?", "quantos quilômetros corri {p}"],
               "en": ["how many km did I run {p}", "total running distance {p}?", "how far did I run {p}"]},
    "run_mi": {"en": ["how many miles did I run {p}", "total mileage {p}?", "how many miles {p}", "miles run {p}"]},
    "week_mileage": {"ko": ["지난주 주간 마일리지 몇 km야?", "지난주 주간 거리 몇 키로였어?"], "en": ["what was my weekly mileage last week"]},
    "run_count": {"ko": ["{p} 몇 번 뛰었어?", "{p} 러닝 몇 회 했지?"], "ja": ["{p}何回走った？", "{p}のラン回数は？"],
                  "es": ["¿cuántas veces salí a correr {p}?", "¿cuántas carreras hice {p}?"],
                  "pt": ["quantas vezes eu corri {p}?", "quantas corridas {p}?"],
                  "en": ["how many runs {p}", "how many times did I run {p}", "how often did i go running {p}"]},
    "gym_count": {"ko": ["{p}에 헬스장 몇 번 갔어?", "{p} 웨이트 몇 번 했어?", "{p} 헬스 몇 번 갔지?"],
                  "ja": ["{p}ジムに何回行った？", "{p}筋トレ何回した？"],
                  "es": ["¿cuántas veces fui al gym {p}?", "¿cuántos días entrené pesas {p}?"],
                  "pt": ["quantas vezes fui na academia {p}?", "quantos treinos de musculação {p}?"],
                  "en": ["how many gym sessions {p}", "how many times did i hit the gym {p}", "how many days did I lift {p}"]},
    "train_days": {"ko": ["{p}에 몇 번 운동했어?", "{p} 운동 며칠 했어?", "{p} 운동한 날 며칠이야?"],
                   "ja": ["{p}何日運動した？", "{p}トレーニングした日は何日？"],
                   "es": ["¿cuántos días entrené {p}?", "¿cuántos días hice ejercicio {p}?"],
                   "pt": ["quantos dias treinei {p}?", "quantos dias fiz exercício {p}?"],
                   "en": ["how many days did I work out {p}", "how many days did I train {p}"]},
    "sleep_avg": {"ko": ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?", "{p} 잠 평균 몇 시간 잤지?"],
                  "ja": ["{p}の平均睡眠時間は？", "{p}平均何時間寝た？"],
                  "es": ["¿cuánto dormí de media {p}?", "promedio de horas de sueño {p}"],
                  "pt": ["quanto dormi em média {p}?", "média de sono {p}?"],
                  "en": ["average sleep {p}", "how much have I been sleeping {p} on average", "avg hours of sleep {p}"]},
    "lift_best": {"ko": ["{p} {ex} 최고 무게는?", "{p} {ex} 최고 중량 몇이야?", "{p} {ex} 제일 무겁게 든 게 몇 kg이야?"],
                  "ja": ["{p}の{ex}の最高重量は？", "{p}{ex}で一番重かったのは？"],
                  "es": ["¿cuál es mi máximo en {ex} {p}?", "¿cuánto es lo máximo que he levantado en {ex} {p}?"],
                  "pt": ["qual minha carga máxima no {ex} {p}?", "maior carga no {ex} {p}?"],
                  "en": ["heaviest {ex} {p}", "what's my {ex} PR {p}", "max {ex} {p}?"]},
    "lift_last": {"ko": ["마지막으로 {ex} 몇 kg 했어?", "지난번 {ex} 몇 키로였지?", "최근 {ex} 무게 알려줘"],
                  "ja": ["前回の{ex}は何kg？", "最後に{ex}やった重量は？"],
                  "es": ["¿cuánto levanté en {ex} la última vez?", "¿con qué peso hice {ex} la última vez?"],
                  "pt": ["quanto peguei no {ex} da última vez?", "qual foi a última carga no {ex}?"],
                  "en": ["what did I {ex} last time", "last {ex} weight?", "how much did I {ex} most recently"]},
    "lift_when": {"ko": ["마지막으로 {ex} 한 게 언제야?", "{ex} 언제 마지막으로 했지?"], "ja": ["最後に{ex}やったのはいつ？"],
                  "es": ["¿cuándo fue la última vez que hice {ex}?"], "pt": ["quando foi a última vez que fiz {ex}?"],
                  "en": ["when did I last {ex}", "when was my last {ex} session"]},
    "lift_trend": {"ko": ["{ex} 중량 늘고 있어?", "{ex} 무게 추이 알려줘"], "ja": ["{ex}の重量は伸びてる？", "{ex}の推移を教えて"],
                   "es": ["¿estoy progresando en {ex}?", "¿cómo va mi {ex}?"], "pt": ["estou evoluindo no {ex}?", "como está minha evolução no {ex}?"],
                   "en": ["how's my {ex} trending", "am I getting stronger on {ex}", "is my {ex} going up"]},
    "run_longest": {"ko": ["{p} 제일 길게 뛴 거리는?", "{p} 최장 거리 몇 km야?"], "ja": ["{p}一番長く走った距離は？"],
                    "es": ["¿cuál fue mi carrera más larga {p}?"], "pt": ["qual foi minha corrida mais longa {p}?"],
                    "en": ["longest run {p}", "what was my longest run {p}"]},
    "run_last": {"ko": ["마지막으로 뛴 게 언제야?", "최근 러닝 언제 했어?"], "ja": ["最後に走ったのはいつ？"],
                 "es": ["¿cuándo corrí por última vez?"], "pt": ["quando foi minha última corrida?"],
                 "en": ["when did I last run", "when was my last run"]},
    "fastest_5k": {"ko": ["5km 최고 기록은?"], "ja": ["5kmの最速タイムは？"], "es": ["¿cuál es mi mejor tiempo en 5 km?"],
                   "pt": ["qual meu melhor tempo nos 5 km?"], "en": ["fastest 5k", "what's my best 5k time"]},
    "fastest_10k": {"ko": ["10km 최고 기록은?", "10K 기록 제일 좋은 거 몇이야?"], "en": ["what's my best 10k time"]},
    "race_count": {"ko": ["대회 몇 번 나갔어?", "지금까지 대회 몇 번 뛰었지?"], "en": ["how many races did I run"]},
    "race_time": {"ko": ["이번 {race} 대회 기록 몇이었어?", "지난 {race} 대회 몇 시간에 들어왔지?"], "en": ["what was my {race_en} time"]},
    "weight_last": {"ko": ["요즘 몸무게 몇이야?", "마지막으로 잰 체중은?"], "ja": ["最新の体重は？", "最後に測った体重は？"],
                    "es": ["¿cuánto pesé la última vez?", "¿cuál es mi peso más reciente?"], "pt": ["qual meu peso mais recente?"],
                    "en": ["what do I weigh now", "what was my last weigh-in"]},
    "weight_avg": {"ko": ["{p} 평균 체중은?"], "ja": ["{p}の平均体重は？"], "es": ["¿peso medio {p}?"], "pt": ["peso médio {p}?"],
                   "en": ["average bodyweight {p}"]},
    "weight_trend": {"ko": ["체중 변화 추이 알려줘", "몸무게 어떻게 변했어?"], "ja": ["体重の推移を教えて", "体重は減ってる？"],
                     "es": ["¿cómo ha evolucionado mi peso?"], "pt": ["como está a evolução do meu peso?"],
                     "en": ["am I losing weight", "how has my weight changed"]},
    "cmp_run": {"ko": ["이번 달이랑 지난달 뛴 거리 비교해줘"], "ja": ["今月と先月の走行距離を比べて"],
                "es": ["¿corrí más este mes que el mes pasado?"], "pt": ["corri mais este mês do que no mês passado?"],
                "en": ["did I run more this month than last month"]},
    "cmp_gym": {"ko": ["이번 달이랑 지난달 헬스 횟수 비교해줘", "지난달보다 이번 달 헬스장 더 많이 갔어?"], "ja": ["今月と先月のジム回数を比べて"],
                "es": ["¿fui más al gym este mes que el pasado?"], "pt": ["fui mais na academia este mês ou no mês passado?"],
                "en": ["gym sessions this month vs last month"]},
    "none_swim": {"ko": ["{p} 수영 몇 번 했어?"], "ja": ["{p}何回泳いだ？"], "es": ["¿cuántos km nadé {p}?"], "pt": ["quantos km nadei {p}?"],
                  "en": ["how far did I swim {p}", "how many swims {p}"]},
    "none_bike": {"ko": ["{p} 자전거 몇 km 탔어?"], "ja": ["{p}自転車で何km走った？"], "es": ["¿cuántas veces fui en bici {p}?"],
                  "pt": ["quantos km pedalei {p}?"], "en": ["how many miles did I bike {p}", "how many km did I cycle {p}"]},
    "day_list": {"ko": ["{d} 무슨 운동 했어?", "{d} 운동 기록 보여줘"], "ja": ["{d}は何をした？", "{d}のトレーニング内容は？"],
                 "es": ["¿qué entrené {d}?"], "pt": ["o que eu treinei {d}?"], "en": ["what did I do {d}", "what did I log {d}"]},
    "onerm": {"ko": ["{ex} 1RM 얼마였지?", "{ex} 1RM 몇이야?"], "en": ["what's my {ex} 1RM"]},
    "total3": {"ko": ["3대 합계 몇이야?", "지금 3대 몇 치지?"], "en": ["what's my big three total"]},
    "coffee_total": {"en": ["how many coffees did I have {p}", "how many cups of coffee {p}"]},
}

LW = {"ko": {"squat": ["스쿼트"], "bench press": ["벤치", "벤치프레스"], "deadlift": ["데드", "데드리프트"]},
      "ja": {"squat": ["スクワット"], "bench press": ["ベンチプレス", "ベンチ"], "deadlift": ["デッドリフト"]},
      "es": {"squat": ["sentadilla"], "bench press": ["press banca", "banca"], "deadlift": ["peso muerto"]},
      "pt": {"squat": ["agachamento"], "bench press": ["supino"], "deadlift": ["levantamento terra", "terra"]},
      "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"]}}
EN_VERB = {"squat": "squat", "bench press": "bench", "deadlift": "deadlift"}
MAIN_LIFTS = {"ko-chat": ["squat", "bench press", "deadlift"], "ko-crew": [], "ja-tweet": ["bench press", "squat", "deadlift"],
              "es-yearly": ["squat", "bench press", "deadlift"], "en-para": ["squat", "bench press", "deadlift"],
              "pt-table": ["bench press", "squat", "deadlift"]}
RUN_UNIT = {"en-para": "mi"}
LB_PEOPLE = {"en-para"}


def day_phrase(lang, d, today):
    if d == today - D(1):
        return {"ko": "어제", "ja": "昨日", "es": "ayer", "pt": "ontem", "en": "yesterday"}[lang]
    if lang == "ko":
        return f"{d.month}월 {d.day}일"
    if lang == "ja":
        return f"{d.month}月{d.day}日"
    if lang == "es":
        return f"el {d.day} de {ES_MON[d.month - 1]}"
    if lang == "pt":
        return f"no dia {d.day} de {PT_MON[d.month - 1]}"
    return f"on {d.strftime('%b')} {d.day}"


class QB:
    def __init__(self, person, recs, today, rng):
        self.person, self.main, self.recs, self.today, self.rng = person, LANG[person], recs, today, rng
        self.out = []
        self.prev = prev_month_start(today)
        first = min(r.date for r in recs)
        self.named = prev_month_start(self.prev) if first <= prev_month_start(self.prev) + D(10) else self.prev
        old = self.prev
        for _ in range(5):
            old = prev_month_start(old)
        self.old = old
        days = {r.date for r in recs}
        cands = [today - D(k) for k in range(20, 50) if (today - D(k)) not in days and (today - D(k)) >= first]
        self.since = rng.choice(cands) if cands else today - D(30)

    def rng_of(self, pk, arg=None):
        if pk == "in_month":
            return period_range("in_month", self.today, arg or self.named)
        if pk == "past_days":
            return period_range("past_days", self.today, arg)
        if pk == "since":
            return self.since, self.today
        return period_range(pk, self.today)

    def phrase(self, lang, pk, arg):
        w = self.rng.choice(PERIODS[lang][pk])
        if pk == "in_month":
            m = arg or self.named
            return w.format(month=MONTH_NAMES.get(lang, MONTH_NAMES["en"])[m.month - 1], m=m.month)
        if pk == "past_days":
            return w.format(n=arg)
        if pk == "since":
            s = self.since
            return w.format(m=s.month, d=s.day, mon=s.strftime("%b"), month=MONTH_NAMES.get(lang, MONTH_NAMES["en"])[s.month - 1])
        return w

    def lang(self, key):
        langs = [x for x in (self.main, "en") if x in T[key]]
        if self.main == "en" or len(langs) == 1:
            return langs[0]
        return self.main if self.rng.random() < 0.62 else "en"

    def add(self, key, kind, exp, pk=None, arg=None, ex=None, d=None, extra=None):
        if exp is None:
            return
        lang = self.lang(key)
        t = self.rng.choice(T[key][lang])
        p = self.phrase(lang, pk, arg) if pk else ""
        if not p:
            t = t.replace("{p}の", "").replace("{p}에 ", "").replace("{p}에", "")
        exw = ""
        if ex:
            exw = EN_VERB[ex] if lang == "en" and ("did I {ex}" in t or "last {ex}" in t and "when" in t) else self.rng.choice(LW[lang][ex])
        dp = day_phrase(lang, d, self.today) if d else ""
        text = " ".join(t.format(p=p, ex=exw, d=dp, **(extra or {})).split())
        text = text.replace(" ?", "?").replace(" ？", "？").replace("에에", "에").strip()
        if lang == "en" and self.rng.random() < 0.4:
            text = text[0].lower() + text[1:]
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
is_train = lambda r: r.kind in ("lift", "run")  # noqa: E731


def named(n):
    return lambda r: r.name == n


def lift_of(n):
    return lambda r: r.kind == "lift" and r.name == n


def alts(v, lb=False, nd=1):
    """A weight as written, and in kg when it was written in lb."""
    return f"{fmt_num(v)}|{fmt_num(v * KG_PER_LB, nd)}" if lb else fmt_num(v)


def e_count(n):
    return expect([str(n)]) if n else expect(none=True)


def e_km(rs, miles=False):
    if not rs:
        return expect(none=True)
    km = sum(r.fields["distance_km"] for r in rs)
    return expect([fmt_num(km / KM_PER_MI if miles else km, 2)], tol=0.051)


def e_dist(rs, mi_person):
    """km, or miles or km for a person who writes miles."""
    km = sum(r.fields["distance_km"] for r in rs)
    return f"{fmt_num(km / KM_PER_MI, 2)}|{fmt_num(km, 2)}" if mi_person else fmt_num(km, 2)


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


def e_lift_best(rs, lb=False):
    if not rs:
        return expect(none=True)
    w = max(r.fields["weight"] for r in rs)
    dates = sorted({r.date for r in rs if r.fields["weight"] == w})
    return expect([alts(w, lb)], dates if len(dates) == 1 else [])


def e_lift_last(rs, lb=False):
    tops = top_by_day(rs)
    if not tops:
        return None
    d, w = tops[-1]
    return expect([alts(w, lb)], [d])


def e_lift_when(rs):
    return expect([], [max(r.date for r in rs)]) if rs else None


def e_lift_trend(rs, lb=False):
    tops = top_by_day(rs)
    if len(tops) < 3 or tops[0][1] == tops[-1][1]:
        return None
    return expect([alts(tops[0][1], lb), alts(tops[-1][1], lb)])


def e_longest(rs, mi_person):
    if not rs:
        return expect(none=True)
    km = max(r.fields["distance_km"] for r in rs)
    dates = sorted({r.date for r in rs if r.fields["distance_km"] == km})
    return expect([e_dist([rs[[r.fields["distance_km"] for r in rs].index(km)]], mi_person)], dates if len(dates) == 1 else [], tol=0.051)


def e_last_date(rs):
    return expect([], [max(r.date for r in rs)]) if rs else None


def e_fastest(rs, lo, hi):
    rs = [r for r in rs if lo <= r.fields["distance_km"] <= hi and r.fields["duration_min"]]
    if not rs:
        return None
    m = min(r.fields["duration_min"] for r in rs)
    dates = sorted({r.date for r in rs if abs(r.fields["duration_min"] - m) < 1e-6})
    return expect([f"{mmss(m)}|{fmt_num(m, 1)}"], dates if len(dates) == 1 else [], tol=0.051)


def e_last_val(rs, lb=False):
    if not rs:
        return None
    last = max(rs, key=lambda r: r.date)
    return expect([alts(last.fields["value"], lb)], [last.date], tol=0.051)


def e_avg_day(rs, lb=False):
    if not rs:
        return expect(none=True)
    by = {}
    for r in rs:
        by[r.date] = by.get(r.date, 0) + r.fields["value"]
    a = sum(by.values()) / len(by)
    if lb:
        return expect([f"{fmt_num(a, 2)}|{fmt_num(a * KG_PER_LB, 2)}"], tol=0.051)
    return expect([fmt_num(a, 0)], tol=1.01) if a >= 100 else expect([fmt_num(a, 2)], tol=0.051)


def e_sum(rs):
    return expect([fmt_num(sum(r.fields["value"] for r in rs))]) if rs else expect(none=True)


def e_val_trend(rs, lb=False):
    if len({r.date for r in rs}) < 3:
        return None
    rs = sorted(rs, key=lambda r: r.date)
    return expect([alts(rs[0].fields["value"], lb), alts(rs[-1].fields["value"], lb)], tol=0.051)


def e_pair(a, b):
    if a is None or b is None or a.get("expect_none") or b.get("expect_none"):
        return None
    q = expect(a["expect_numbers"] + b["expect_numbers"])
    tols = [x.get("tol") for x in (a, b) if x.get("tol") is not None]
    if tols:
        q["tol"] = max(tols)
    return q


def e_day(recs, d, mi_person=False, ints_only=False):
    """What was done on a day: its run distances and lift weights (not warm-ups), up to three.
    With `ints_only` (notes with decimal commas) only whole numbers: an answer that quotes the
    note's `6,5 km` is right, but score.py can't read a decimal comma as 6.5."""
    nums = []
    for r in recs:
        if r.date != d:
            continue
        if r.kind == "run":
            nums.append(e_dist([r], mi_person))
        elif r.kind == "lift" and not r.hints.get("warmup"):
            nums.append(fmt_num(r.fields["weight"]))
    if ints_only:
        nums = [n for n in nums if "." not in n]
    nums = list(dict.fromkeys(nums))[:3]
    return expect(nums) if nums else None


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"h12q-{seed}-{person}")
    B = QB(person, recs, today, rng)
    A = B.add
    n = B.past_n() or 14
    mi = RUN_UNIT.get(person) == "mi"
    lb = person in LB_PEOPLE
    runs = [r for r in recs if is_run(r)]
    if runs:
        if mi:
            for pk in ("this_month", "last_week", "last_month"):
                A("run_mi", "total", e_km(B.sel(is_run, pk), miles=True), pk)
            for pk in ("this_week", "in_month", "since"):
                A("run_km", "total", e_km(B.sel(is_run, pk)), pk)
            A("run_mi", "total", e_km(B.sel(is_run, "past_days", n), miles=True), "past_days", n)
        else:
            for pk in ("this_month", "last_month", "last_week", "this_week", "in_month", "since"):
                A("run_km", "total", e_km(B.sel(is_run, pk)), pk)
            A("run_km", "total", e_km(B.sel(is_run, "past_days", n)), "past_days", n)
        for pk in ("this_month", "last_week", "in_month"):
            A("run_count", "count", e_count(len(B.sel(is_run, pk))), pk)
        for pk in ("all", "last_month"):
            A("run_longest", "best", e_longest(B.sel(is_run, pk), mi), pk)
        A("run_last", "last", e_last_date(B.sel(is_run)))
        A("fastest_5k", "best", e_fastest(B.sel(is_run), 4.95, 5.05))
        A("cmp_run", "compare", e_pair(e_km(B.sel(is_run, "this_month")), e_km(B.sel(is_run, "last_month"))))
    lifts = MAIN_LIFTS[person]
    if lifts:
        for pk in ("this_month", "last_week", "in_month", "since"):
            A("gym_count", "count", e_count(len({r.date for r in B.sel(is_lift, pk)})), pk)
        A("cmp_gym", "compare", e_pair(e_count(len({r.date for r in B.sel(is_lift, "this_month")})),
                                       e_count(len({r.date for r in B.sel(is_lift, "last_month")}))))
    for pk in ("last_week", "this_month"):
        A("train_days", "category", e_count(len({r.date for r in B.sel(is_train, pk)})), pk)
    for pk in ("last_week", "this_month", "all", "since"):
        A("sleep_avg", "average", e_sleep(B.sel(is_sleep, pk)), pk)
    A("sleep_avg", "average", e_sleep(B.sel(is_sleep, "past_days", n)), "past_days", n)
    for i, ex in enumerate(lifts):
        A("lift_best", "best", e_lift_best(B.sel(lift_of(ex), "all"), lb), "all", ex=ex)
        pk = ("this_month", "last_month")[i % 2]
        A("lift_best", "best", e_lift_best(B.sel(lift_of(ex), pk), lb), pk, ex=ex)
        A("lift_last", "last", e_lift_last(B.sel(lift_of(ex)), lb), ex=ex)
        if i < 2:
            A("lift_when", "last", e_lift_when(B.sel(lift_of(ex))), ex=ex)
            A("lift_trend", "trend", e_lift_trend(B.sel(lift_of(ex)), lb), ex=ex)
    if lifts:
        A("lift_best", "none", e_lift_best(B.sel(lift_of(lifts[-1]), "in_month", B.old), lb), "in_month", B.old, ex=lifts[-1])
    bwname = "lb" if lb else "kg"
    bwr = B.sel(named(bwname))
    if bwr:
        A("weight_last", "last", e_last_val(bwr, lb))
        A("weight_avg", "average", e_avg_day(B.sel(named(bwname), "last_month"), lb), "last_month")
        A("weight_trend", "trend", e_val_trend(bwr, lb))
    A("none_swim", "none", expect(none=True), "last_month")
    A("none_bike", "none", expect(none=True), "this_month")
    ints = LANG[person] in ("es", "pt")
    days = [d for d in sorted({r.date for r in recs if is_train(r) and r.date < today}) if e_day(recs, d, mi, ints)]
    for d in rng.sample(days[-40:], min(2, len(days))):
        A("day_list", "list", e_day(recs, d, mi, ints), d=d)
    if person == "ko-chat":
        for d, name, x in sorted(info["onerm"], reverse=True):
            if name in ("squat", "bench press", "deadlift"):
                last = max((t for t in info["onerm"] if t[1] == name), key=lambda t: t[0])
                A("onerm", "last", expect([fmt_num(last[2])]), ex=name)
                break
        if all(any(r.name == x for r in recs if is_lift(r)) for x in ("squat", "bench press", "deadlift")):
            tot = sum(max(r.fields["weight"] for r in recs if is_lift(r) and r.name == x) for x in ("squat", "bench press", "deadlift"))
            A("total3", "total", expect([fmt_num(tot)]))
    if person == "ko-crew":
        A("week_mileage", "total", e_km(B.sel(is_run, "last_week")), "last_week")
        A("fastest_10k", "best", e_fastest(B.sel(is_run), 9.95, 10.05))
        races = [r for r in recs if r.hints.get("race")]
        A("race_count", "count", e_count(len(races)))
        for r in races:
            if r.hints["race"] != "10K":
                m = r.fields["duration_min"]
                A("race_time", "best", expect([f"{hmmss(m)}|{fmt_num(m, 1)}"], tol=0.051),
                  extra={"race": "풀코스" if r.hints["race"] == "풀" else "하프", "race_en": "marathon" if r.hints["race"] == "풀" else "half marathon"})
    if any(r.name == "coffee" for r in recs):
        A("coffee_total", "total", e_sum(B.sel(named("coffee"), "this_week")), "this_week")
        A("coffee_total", "total", e_sum(B.sel(named("coffee"), "last_month")), "last_month")
    return B.out


def main(argv=None):
    run_people(__doc__, "holdout12", "h12-", 120, PEOPLE, build_questions, argv)


if __name__ == "__main__":
    main()
