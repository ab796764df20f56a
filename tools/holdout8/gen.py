#!/usr/bin/env python3
"""holdout8: a ninth held-out generator. Plain, readable training logs (a Korean 5-split gym-goer,
a Korean marathon runner, a Korean home-workout beginner who walks, an English lifter in lb, a
Japanese gym+run mix) and the questions people really ask of them: body parts and splits,
comparisons between periods, volume and reps, progress, runs (pace, longest, 10k), frequency and
streaks, and questions with nothing logged. Questions are built in questions8.py.

    python3 tools/holdout8/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 120
"""
from __future__ import annotations

import datetime as dt
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))
sys.path.insert(0, HERE)

from common import Rec, fmt_num, mmss, hmmss, run_people  # noqa: E402
from questions8 import build_questions  # noqa: E402

SPAN_DAYS = 84
D = dt.timedelta
KO_WD = "월화수목금토일"
JA_WD = "月火水木金土日"
KG_PER_LB = 0.45359237


def r(x, step):
    return round(round(x / step) * step, 2)


class Log:
    """Collects notes and records, and per-day facts the questions need."""

    def __init__(self):
        self.files, self.recs = {}, []
        self.info = {"parts": {}, "workout": set(), "walk": set(), "kinds": {}, "unit": "kg"}

    def rec(self, d, kind, name, fields, text, src):
        self.recs.append(Rec(d, kind, name, fields, text, src))


# --------------------------------------------------------------------------- ko-split: 5분할 헬스

KO_PARTS = {
    "가슴": [("벤치프레스", "bench press", 60, 2.5, 5), ("인클라인 덤벨프레스", "incline dumbbell press", 20, 2, 1),
           ("케이블 크로스오버", "cable crossover", 15, 2.5, 1), ("펙덱 플라이", "pec deck", 40, 5, 1),
           ("덤벨 플라이", "dumbbell fly", 14, 2, 1)],
    "등": [("데드리프트", "deadlift", 100, 5, 5), ("랫풀다운", "lat pulldown", 50, 2.5, 1),
          ("바벨로우", "row", 60, 2.5, 1), ("시티드 로우", "seated row", 45, 5, 1), ("풀업", "pull-up", None, 0, 1)],
    "하체": [("스쿼트", "squat", 80, 5, 5), ("레그프레스", "leg press", 160, 10, 1),
           ("레그 익스텐션", "leg extension", 40, 5, 1), ("레그컬", "leg curl", 35, 5, 1), ("런지", "lunge", None, 0, 1)],
    "어깨": [("오버헤드프레스", "overhead press", 40, 2.5, 5), ("사레레", "lateral raise", 8, 1, 1),
           ("덤벨 숄더프레스", "dumbbell shoulder press", 18, 2, 1), ("리어델트 플라이", "rear delt fly", 6, 1, 1)],
    "팔": [("바벨컬", "barbell curl", 30, 2.5, 1), ("해머컬", "hammer curl", 12, 2, 1),
          ("케이블 푸쉬다운", "triceps pushdown", 25, 2.5, 1), ("덤벨 킥백", "kickback", 8, 1, 1)],
}
KO_SPLIT_DAYS = {0: "가슴", 1: "등", 2: "하체", 3: "어깨", 4: "팔"}


def ko_split(rng, start, today):
    L = Log()
    L.info["kind"] = "gym"
    d = start
    while d <= today:
        wd = d.weekday()
        part = KO_SPLIT_DAYS.get(wd)
        if wd == 5 and rng.random() < 0.35:
            part = "하체"
        if part and d != today and rng.random() < 0.15:
            part = None
        if d == today and rng.random() < 0.4:
            part = None
        src = "운동일지/%s.md" % d.isoformat()
        wk = (d - start).days // 7
        lines = ["# %d월 %d일 (%s)" % (d.month, d.day, KO_WD[wd]), ""]
        sleep = None
        if rng.random() < 0.8:
            h, m = rng.choice([6, 7, 7, 8]), rng.choice([0, 0, 10, 20, 30, 40, 50])
            sleep = h + m / 60
            s = "수면 %d시간" % h + (" %d분" % m if m else "")
            lines.append(s)
            L.rec(d, "sleep", "sleep", {"hours": round(sleep, 2)}, s, src)
        if part:
            style = rng.choice(["tag", "line", "head"])
            lines.append({"tag": "#운동 #%s" % part, "line": "오늘 운동: %s" % part, "head": ""}[style])
            if style == "head":
                lines.append("## %s 데이" % part)
            exs = KO_PARTS[part]
            n = rng.randint(4, min(6, len(exs)))
            chosen = exs[:2] + rng.sample(exs[2:], n - 2)
            for ko, en, w0, step, every in chosen:
                sets = rng.choice([3, 4, 4, 5])
                if w0 is None:
                    reps = rng.choice([8, 10, 12, 15])
                    unit = rng.choice(["회", "개"])
                    s = "- %s %d%s %d세트" % (ko, reps, unit, sets)
                    L.rec(d, "lift", en, {"weight": None, "unit": None, "sets": sets, "reps": reps}, s[2:], src)
                else:
                    w = r(w0 + step * (wk // (2 if every == 5 else 3)) - (step if rng.random() < 0.15 else 0), step / 2 if step < 2 else step)
                    reps = rng.choice([5, 6, 8]) if every == 5 else rng.choice([10, 12, 15])
                    ws = fmt_num(w)
                    if reps >= 10 and rng.random() < 0.4:
                        s = "- %s %skg %dx%d" % (ko, ws, reps, sets)
                    else:
                        s = "- %s %skg %d회 %d세트" % (ko, ws, reps, sets)
                    L.rec(d, "lift", en, {"weight": w, "unit": "kg", "sets": sets, "reps": reps}, s[2:], src)
                lines.append(s)
                L.info["parts"].setdefault(part, set()).add(d)
            L.info["workout"].add(d)
            lines += ["", rng.choice(["컨디션 괜찮았음", "펌핑 좋았다", "마지막 세트 힘들었음", "", "자극 잘 옴"])]
        else:
            if sleep is None and d != today and rng.random() < 0.6:
                d += D(days=1)
                continue
            lines.append(rng.choice(["휴식", "오늘은 쉼", "야근해서 운동 못 감"]))
        if d == today and not part and sleep is None:
            d += D(days=1)
            continue
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-run: 마라톤 준비

def ko_run(rng, start, today):
    L = Log()
    L.info["kind"] = "run"
    d = start
    tt = 0
    while d <= today:
        wd = d.weekday()
        wk = (d - start).days // 7
        src = "Daily/%s.md" % d.isoformat()
        lines = ["%d월 %d일 %s요일" % (d.month, d.day, KO_WD[wd]), ""]
        if d == today and rng.random() < 0.3:
            break
        if rng.random() < 0.85:
            h, m = rng.choice([6, 6, 7, 7, 8]), rng.choice([0, 10, 20, 30, 40, 50])
            s = "수면: %d시간 %d분" % (h, m) if m else "수면: %d시간" % h
            lines.append(s)
            L.rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 2)}, s, src)
        run = None
        plan = {1: "interval", 3: "easy", 5: "sat", 6: "lsd", 0: "rec"}.get(wd)
        if plan == "rec" and rng.random() < 0.5:
            plan = None
        if plan and rng.random() < 0.12:
            plan = None
        if plan == "interval":
            if wk % 2 == 0:
                n = rng.choice([6, 8, 10])
                km = round(n * 0.4 + rng.choice([3.0, 3.4, 4.0]), 1)
                mins = km * rng.uniform(5.2, 5.5)
                run = (km, mins, "인터벌 400m x %d (총 %skm, %s)" % (n, fmt_num(km), mmss(mins)), "interval")
            else:
                km = rng.choice([8.0, 9.0, 10.0, 8.5])
                if km == 10.0:
                    km = 9.5
                mins = km * rng.uniform(4.9, 5.15)
                run = (km, mins, "템포런 %skm %s" % (fmt_num(km), mmss(mins)), "tempo")
        elif plan in ("easy", "rec"):
            km = round(rng.uniform(5.0, 8.5) if plan == "easy" else rng.uniform(4.0, 6.0), 1)
            mins = km * rng.uniform(5.9, 6.5)
            word = rng.choice(["러닝", "조깅", "러닝"])
            run = (km, mins, "%s %skm %s" % (word, fmt_num(km), mmss(mins)), "easy")
        elif plan == "sat":
            if wk % 3 == 1:
                mins = 10 * (5.25 - 0.04 * tt - rng.uniform(0, 0.05))
                tt += 1
                run = (10.0, mins, "10km 기록측정 %s" % mmss(mins), "10k")
            else:
                km = round(rng.uniform(8.0, 12.5), 1)
                if abs(km - 10.0) < 0.05:
                    km = 10.4
                mins = km * rng.uniform(5.8, 6.3)
                run = (km, mins, "러닝 %skm %s" % (fmt_num(km), mmss(mins)), "easy")
        elif plan == "lsd":
            km = float(min(16 + wk, 32) + rng.choice([0, 0, 1, -1]))
            mins = km * rng.uniform(6.1, 6.6)
            run = (km, mins, "LSD %skm %s" % (fmt_num(km), hmmss(mins)), "lsd")
        if run:
            km, mins, text, k = run
            mins = round(mins * 60) / 60
            lines.append("- " + text)
            L.rec(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, text, src)
            L.info["workout"].add(d)
            L.info["kinds"][d] = k
            lines.append(rng.choice(["", "", "다리 무거움", "날씨 좋았다", "페이스 유지 잘 됨"]))
        if len(lines) <= 2:
            d += D(days=1)
            continue
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-home: 홈트 초보 + 걷기

def ko_home(rng, start, today):
    L = Log()
    L.info["kind"] = "home"
    skip_week = rng.randint(5, 8)
    wt = rng.uniform(70, 76)
    d = start
    while d <= today:
        wd = d.weekday()
        wk = (d - start).days // 7
        src = "일기/%s.md" % d.isoformat()
        lines = ["## %s" % d.isoformat(), ""]
        if wk != skip_week and wd in (0, 2, 4, 5) and rng.random() < 0.8:
            pu = min(10 + 2 * wk, 30) + rng.choice([0, 0, 2])
            ps = rng.choice([2, 3, 3])
            s = "푸쉬업 %d개 %d세트" % (pu, ps)
            lines.append("- " + s)
            L.rec(d, "lift", "push-up", {"weight": None, "unit": None, "sets": ps, "reps": pu}, s, src)
            sq = min(20 + 2 * wk, 40) + rng.choice([0, 5])
            if rng.random() < 0.5:
                s = "스쿼트 %d개" % sq
                L.rec(d, "lift", "squat", {"weight": None, "unit": None, "sets": 1, "reps": sq}, s, src)
            else:
                ss = rng.choice([2, 3])
                s = "스쿼트 %d개 %d세트" % (sq, ss)
                L.rec(d, "lift", "squat", {"weight": None, "unit": None, "sets": ss, "reps": sq}, s, src)
            lines.append("- " + s)
            if rng.random() < 0.6:
                lines.append("- 플랭크 %d분 %d세트" % (1, rng.choice([2, 3])))
                L.info.setdefault("plank", set()).add(d)
            if rng.random() < 0.3:
                su = rng.choice([15, 20, 25])
                s = "윗몸일으키기 %d개 2세트" % su
                lines.append("- " + s)
                L.rec(d, "lift", "sit-up", {"weight": None, "unit": None, "sets": 2, "reps": su}, s, src)
            L.info["workout"].add(d)
        if rng.random() < 0.7:
            st = rng.randrange(4000, 13000, 10)
            s = "걷기 %d보" % st
            lines.append("- " + s)
            L.rec(d, "measure", "steps", {"value": st, "unit": "step"}, s, src)
            L.info["walk"].add(d)
        if wd in (0, 3) and rng.random() < 0.8:
            wt -= rng.uniform(-0.1, 0.35)
            w = round(wt, 1)
            s = "몸무게 %skg" % fmt_num(w)
            lines.append(s)
            L.rec(d, "measure", "kg", {"value": w, "unit": "kg"}, s, src)
        if len(lines) <= 2:
            d += D(days=1)
            continue
        if wk == skip_week and wd == 2:
            lines.append("이번 주는 출장이라 홈트 쉼")
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- en-lb: body-part split in pounds

EN_PARTS = {
    "chest": ("Chest & Triceps", [("Bench press", "bench press", 155, 5), ("Incline DB press", "incline dumbbell press", 50, 5),
                                  ("Tricep pushdown", "triceps pushdown", 50, 5), ("Cable fly", "cable fly", 30, 5)]),
    "back": ("Back & Biceps", [("Deadlift", "deadlift", 275, 10), ("Lat pulldown", "lat pulldown", 120, 5),
                               ("Barbell row", "row", 135, 5), ("Barbell curl", "barbell curl", 65, 5)]),
    "legs": ("Legs", [("Squat", "squat", 225, 10), ("Leg press", "leg press", 360, 20),
                      ("Romanian deadlift", "romanian deadlift", 185, 10), ("Leg curl", "leg curl", 90, 5)]),
    "shoulders": ("Shoulders", [("Overhead press", "overhead press", 95, 5), ("Lateral raise", "lateral raise", 20, 2.5),
                                ("Face pull", "face pull", 40, 5), ("DB shoulder press", "dumbbell shoulder press", 45, 5)]),
}
EN_DAYS = {0: "chest", 1: "back", 3: "legs", 4: "shoulders"}


def en_lb(rng, start, today):
    L = Log()
    L.info["kind"] = "gym"
    L.info["unit"] = "lb"
    d = start
    while d <= today:
        wd = d.weekday()
        wk = (d - start).days // 7
        part = EN_DAYS.get(wd)
        if wd == 5 and rng.random() < 0.4:
            part = "legs"
        if part and rng.random() < 0.12:
            part = None
        src = "Daily/%s.md" % d.isoformat()
        lines = ["# %s" % d.strftime("%A, %B %-d"), ""]
        if rng.random() < 0.75:
            h, m = rng.choice([6, 7, 7, 8]), rng.choice([0, 15, 30, 45])
            s = "Sleep: %dh %02dm" % (h, m) if m else "Sleep: %dh" % h
            lines.append(s)
            L.rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 2)}, s, src)
        if part:
            title, exs = EN_PARTS[part]
            lines += ["", "## %s" % title]
            n = rng.randint(3, 4)
            for name, en, w0, step in exs[:2] + rng.sample(exs[2:], n - 2):
                main = en in ("bench press", "deadlift", "squat", "overhead press")
                w = w0 + step * (wk // 2 if main else wk // 3)
                sets = rng.choice([3, 4, 5]) if main else 3
                reps = rng.choice([5, 5, 6, 8]) if main else rng.choice([10, 12, 15])
                ws = fmt_num(w)
                s = rng.choice(["%s %s lb %dx%d" % (name, ws, sets, reps), "%s %slbs %dx%d" % (name, ws, sets, reps),
                                "%s %s lb, %d sets of %d" % (name, ws, sets, reps)])
                lines.append("- " + s)
                L.rec(d, "lift", en, {"weight": w, "unit": "lb", "sets": sets, "reps": reps}, s, src)
            L.info["parts"].setdefault(part, set()).add(d)
            L.info["workout"].add(d)
            lines.append(rng.choice(["", "Felt good.", "Last set was a grind.", "Gym was packed."]))
        if len(lines) <= 2:
            d += D(days=1)
            continue
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ja-mix: ジム + ラン

def ja_mix(rng, start, today):
    L = Log()
    L.info["kind"] = "mix"
    d = start
    while d <= today:
        wd = d.weekday()
        wk = (d - start).days // 7
        src = "日記/%s.md" % d.isoformat()
        lines = ["# %d月%d日(%s)" % (d.month, d.day, JA_WD[wd]), ""]
        if rng.random() < 0.8:
            h, m = rng.choice([5, 6, 6, 7, 7]), rng.choice([0, 30, 0, 15, 45])
            s = "睡眠 %d時間%d分" % (h, m) if m else "睡眠 %d時間" % h
            lines.append(s)
            L.rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 2)}, s, src)
        did = False
        if wd in (1, 4) and rng.random() < 0.85:
            lines += ["", "ジム"]
            for ja, en, w0, step, reps, sets in (("スクワット", "squat", 70, 2.5, 8, 3), ("ベンチプレス", "bench press", 50, 2.5, 8, 3),
                                                ("デッドリフト", "deadlift", 90, 5, 5, 2)):
                if en == "deadlift" and wd == 1:
                    continue
                w = w0 + step * (wk // 2)
                s = "%s %skg %d回 %dセット" % (ja, fmt_num(w), reps, sets)
                lines.append("- " + s)
                L.rec(d, "lift", en, {"weight": w, "unit": "kg", "sets": sets, "reps": reps}, s, src)
            did = True
        if wd in (0, 2, 5) and rng.random() < 0.8:
            km = round(rng.uniform(4.0, 8.0) if wd != 5 else rng.uniform(8.0, 14.0), 1)
            mins = round(km * rng.uniform(5.4, 6.4) * 60) / 60
            s = rng.choice(["ラン %skm %s" % (fmt_num(km), mmss(mins)), "ジョグ %skm %s" % (fmt_num(km), mmss(mins))])
            lines.append("- " + s)
            L.rec(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, s, src)
            L.info["kinds"][d] = "run"
            did = True
        if did:
            L.info["workout"].add(d)
        if len(lines) <= 2:
            d += D(days=1)
            continue
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    return L.files, L.recs, L.info


PEOPLE = {"ko-split": ko_split, "ko-run": ko_run, "ko-home": ko_home, "en-lb": en_lb, "ja-mix": ja_mix}

if __name__ == "__main__":
    run_people(__doc__, "holdout8", "h8-", SPAN_DAYS, PEOPLE, build_questions)
