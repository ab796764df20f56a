#!/usr/bin/env python3
"""holdout9: a tenth held-out generator. Korean workout logs as Korean lifters and runners write
them in a notes app or a blog: per-set weight lists (`60kg 10회 / 70kg 8회 / 80kg 6회`,
`100x5, 110x5, 120x3`), warm-ups (`웜업 40kg 15회`), drop sets, supersets, machines and cables
by their Korean names, 1RM notes, bodyweight moves, split-day headers, cardio (러닝머신, 천국의
계단, 야외러닝, 인터벌), InBody lines, protein, sleep as hours or as a bed/wake clock, typos and
Korean/English mixed, 키로/kg/lb, 회/개/reps, 세트/set, `5x5` / `5*5` / `5회5세트`. Daily notes
named 2026-11-02.md, 20261102.md, `11월 2일 (월).md` (frontmatter date), a monthly note with
`## 11/2 월` headings, and a blog post per day. Plans, goals, templates and other people's
numbers are written too and are not records. Questions (natural Korean, 반말/존댓말, no spaces,
typos) are built from the truth at the end of this file.

    python3 tools/holdout9/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 50
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import Rec, fmt_num, hmmss, mmss, monday, period_range, run_people  # noqa: E402

SPAN_DAYS = 120
D = dt.timedelta
KO_WD = "월화수목금토일"
KG_PER_LB = 0.45359237


def rw(x, step):
    return round(round(x / step) * step, 2)


def f(x):
    return fmt_num(x)


# --------------------------------------------------------------------------- exercise names
# canonical name -> (Korean spellings as written, base kg, step). None base = bodyweight.
# A canonical name of None: a move no earlier generator names (hip thrust): in the notes, never
# in the truth.
EX = {
    "bench press": (["벤치프레스", "벤치", "벤치 프레스", "bench", "벤치프래스", "벤프"], 60, 2.5),
    "incline dumbbell press": (["인클라인 덤벨프레스", "인클라인 덤벨 프레스", "인클 덤벨프레스"], 20, 2),
    "pec deck": (["펙덱 플라이", "펙덱", "펙덱플라이"], 40, 5),
    "cable crossover": (["케이블 크로스오버", "케이블크로스오버", "크로스오버"], 15, 2.5),
    "dip": (["딥스"], None, 0),
    "triceps pushdown": (["케이블 푸쉬다운", "푸쉬다운", "트라이셉스 푸쉬다운"], 25, 2.5),
    "deadlift": (["데드리프트", "데드", "deadlift", "컨벤셔널 데드"], 110, 5),
    "lat pulldown": (["랫풀다운", "렛풀다운", "랫풀", "lat pulldown"], 50, 2.5),
    "row": (["바벨로우", "바벨 로우", "벤트오버 로우"], 60, 2.5),
    "seated row": (["시티드 로우", "시티드로우", "케이블 시티드로우"], 45, 5),
    "pull-up": (["턱걸이", "풀업"], None, 0),
    "chin-up": (["친업"], None, 0),
    "barbell curl": (["바벨컬", "바벨 컬"], 30, 2.5),
    "hammer curl": (["해머컬", "햄머컬", "해머 컬"], 12, 2),
    "squat": (["스쿼트", "squat", "바벨스쿼트", "스쿼드"], 90, 5),
    "leg press": (["레그프레스", "레그 프레스", "leg press"], 160, 10),
    "leg extension": (["레그익스텐션", "레그 익스텐션"], 40, 5),
    "leg curl": (["레그컬", "라잉 레그컬"], 35, 5),
    "romanian deadlift": (["루마니안 데드리프트", "루마니안 데드", "RDL"], 70, 5),
    "hip thrust": (["힙쓰러스트", "힙 쓰러스트"], 80, 10),
    "overhead press": (["오버헤드프레스", "OHP", "밀리터리프레스", "밀프"], 40, 2.5),
    "dumbbell shoulder press": (["덤벨 숄더프레스", "덤벨숄더프레스", "덤벨 숄프"], 18, 2),
    "lateral raise": (["사이드 레터럴 레이즈", "사레레", "사이드레터럴레이즈", "사이드 레레"], 8, 1),
    "face pull": (["페이스풀", "페이스 풀"], 20, 2.5),
    "push-up": (["푸쉬업", "팔굽혀펴기", "푸시업"], None, 0),
}
NO_TRUTH = {"hip thrust"}


class Log:
    def __init__(self, rng):
        self.rng = rng
        self.files, self.recs = {}, []
        self.info = {"workout": set(), "gym": set(), "run": set(), "parts": {}, "warmups": set(), "runkind": {}}

    def rec(self, d, kind, name, fields, text, src, **hints):
        if name in NO_TRUTH:
            return
        r = Rec(d, kind, name, fields, text.strip().lstrip("- ").strip(), src)
        r.hints = hints
        self.recs.append(r)

    def sets(self, d, src, name, sets, text, unit="kg", warm=0):
        """sets: [(weight or None, reps)]; the first `warm` are warm-ups. Consecutive equal
        sets are one record (sets = how many), as earlier generators count them."""
        groups = []
        for i, (w, r) in enumerate(sets):
            wu = i < warm
            if groups and groups[-1][0] == w and groups[-1][1] == r and groups[-1][3] == wu:
                groups[-1][2] += 1
            else:
                groups.append([w, r, 1, wu])
        for w, r, n, wu in groups:
            self.rec(d, "lift", name, {"weight": w, "unit": unit if w is not None else None, "sets": n, "reps": r},
                     text, src, warmup=wu)
        self.info["gym"].add(d)
        self.info["workout"].add(d)

    def sleep(self, d, src, hours, text):
        self.rec(d, "sleep", "sleep", {"hours": round(hours, 3)}, text, src)

    def run(self, d, src, km, mins, text, kind="run"):
        self.rec(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4) if mins is not None else None}, text, src)
        self.info["run"].add(d)
        self.info["workout"].add(d)
        self.info["runkind"][d] = kind

    def weight(self, d, src, kg, text):
        self.rec(d, "measure", "kg", {"value": kg, "unit": "kg"}, text, src)

    def bodyfat(self, d, src, pct, text):
        # named by its unit, as score.py names a stored measure; the reader's unit word is "percent"
        self.rec(d, "measure", "percent", {"value": pct, "unit": "%"}, text, src)

    def protein(self, d, src, g, text):
        self.rec(d, "amount", "protein", {"value": g, "unit": "g"}, text, src)


def ko(rng, name, typo=0.0):
    names = EX[name][0]
    if rng.random() < typo:
        return rng.choice(names)
    return names[0] if rng.random() < 0.6 else rng.choice(names)


def top_weight(name, wk, rng, k=2, base_adj=0.0):
    _, base, step = EX[name]
    w = base + base_adj + step * (wk // k)
    if rng.random() < 0.12:
        w -= step
    return rw(w, step if step >= 2.5 else step / 2 if step < 2 else step)


# --------------------------------------------------------------------------- line renderers

def uniform_line(rng, word, w, reps, n, unit="kg", forms=None):
    u = {"kg": rng.choice(["kg", "kg", "키로", "kg"]), "lb": rng.choice(["lb", "lbs", "파운드"])}[unit]
    forms = forms or ["a", "b", "c", "g", "f"]
    if reps == n:
        forms = forms + ["d", "e"]
    fm = rng.choice(forms)
    ws = f(w)
    if fm == "a":
        return "%s %s%s %d회 %d세트" % (word, ws, u, reps, n)
    if fm == "b":
        return "%s %s%s %d개 %d세트" % (word, ws, u, reps, n)
    if fm == "c":
        return "%s %s%s %d회%d세트" % (word, ws, u, reps, n)
    if fm == "d":
        return "%s %s%s %dx%d" % (word, ws, u, reps, n)
    if fm == "e":
        return "%s %s%s %d*%d" % (word, ws, u, reps, n)
    if fm == "f":
        return "%s %s%s %dreps %dset" % (word, ws, u, reps, n)
    return "%s %s%s %d회 x %d세트" % (word, ws, u, reps, n)


def list_line(rng, word, sets, warm, unit="kg", form=None):
    """per-set weights on one line."""
    form = form or rng.choice(["slash", "x", "comma"])
    u = "kg" if unit == "kg" else "lb"
    parts = []
    for i, (w, r) in enumerate(sets):
        if form == "slash":
            s = "%s%s %d회" % (f(w), u, r)
        elif form == "x":
            s = "%sx%d" % (f(w), r)
        else:
            s = "%s%s %d개" % (f(w), u, r)
        if i < warm:
            s = "웜업 " + s
        parts.append(s)
    sep = {"slash": " / ", "x": ", ", "comma": ", "}[form]
    return "%s %s" % (word, sep.join(parts))


def block_lines(rng, word, sets, warm, unit="kg"):
    """the exercise as a line, its sets below it (equal sets written once with N세트)."""
    out = [word]
    i = 0
    while i < len(sets):
        w, r = sets[i]
        j = i
        while j + 1 < len(sets) and sets[j + 1] == (w, r) and (j + 1 < warm) == (i < warm):
            j += 1
        n = j - i + 1
        s = ("%s%s %d회" % (f(w), unit, r)) if w is not None else "%d개" % r
        if n > 1:
            s += " %d세트" % n
        if i < warm:
            s = "웜업 " + s
        out.append("  - " + s)
        i = j + 1
    return out


def pyramid(top, step, n, reps_top):
    """n working sets climbing to top: e.g. 60/70/80 for 10/8/6."""
    jump = step * 2 if step <= 2.5 else step
    ws = [rw(top - jump * (n - 1 - i), step) for i in range(n)]
    rs = [reps_top + 2 * (n - 1 - i) for i in range(n)]
    return list(zip(ws, rs))


def warmup_sets(top, step, rng):
    w = rw(top * rng.choice([0.4, 0.5]), 5 if top >= 40 else step)
    return [(max(w, 20.0 if top >= 40 else step), rng.choice([10, 12, 15]))]


def sleep_text(rng, hours, style):
    """hours as written; returns (text, exact hours)."""
    h = int(hours)
    m = round((hours - h) * 60)
    if style == "clock":
        wake_h, wake_m = rng.choice([(6, 0), (6, 30), (7, 0), (7, 30), (6, 40)])
        wake = wake_h * 60 + wake_m
        bed = (wake - round(hours * 60)) % (24 * 60)
        bh, bm = divmod(bed, 60)
        def kt(hh, mm, night):
            pre = ""
            if night and hh < 5:
                pre = "새벽 "
            hh12 = hh if hh <= 12 else hh - 12
            if hh12 == 0:
                hh12 = 12
            return pre + "%d시" % hh12 + (" 반" if mm == 30 else (" %d분" % mm if mm else ""))
        return "%s 취침 %s 기상" % (kt(bh, bm, True), kt(wake_h, wake_m, False)), hours
    if m == 30 and rng.random() < 0.6:
        return rng.choice(["수면 %d시간 반", "잠 %d시간 반", "%d시간 반 잠"]) % h, hours
    if m == 0:
        return rng.choice(["수면 %d시간", "잠 %d시간", "수면 %dh"]) % h, hours
    return rng.choice(["수면 %d시간 %d분", "수면 %dh %dm", "%d시간 %d분 잠"]) % (h, m), hours


def pick_sleep(rng, lo=5.0, hi=8.5):
    return rng.choice([x / 6 for x in range(int(lo * 6), int(hi * 6) + 1)])


# --------------------------------------------------------------------------- the gym day

SPLITS = {
    "가슴/삼두": ["bench press", "incline dumbbell press", "pec deck", "cable crossover", "triceps pushdown", "dip"],
    "등/이두": ["deadlift", "lat pulldown", "row", "seated row", "pull-up", "barbell curl", "hammer curl"],
    "하체": ["squat", "leg press", "romanian deadlift", "leg extension", "leg curl", "hip thrust"],
    "어깨": ["overhead press", "dumbbell shoulder press", "lateral raise", "face pull"],
}
SPLIT_HEAD = {
    "가슴/삼두": ["## 가슴/삼두 데이", "# 가슴 삼두", "오늘은 가슴/삼두 데이", "## 가삼"],
    "등/이두": ["## 등이두", "# 등/이두 데이", "오늘은 등이두", "## 등 + 이두"],
    "하체": ["## 하체날", "# 하체 데이", "오늘은 하체날 🦵", "## 하체"],
    "어깨": ["## 어깨 데이", "# 어깨날", "오늘은 어깨", "## 어깨"],
}
MAIN = {"bench press", "deadlift", "squat", "overhead press"}


def gym_session(L, d, src, part, wk, rng, style, base_adj=None):
    """Lines for one gym day of `part`; records added. style: 'bro' | 'blog' | 'diet'."""
    base_adj = base_adj or {}
    lines = []
    exs = SPLITS[part]
    n = rng.randint(4, min(5, len(exs)))
    chosen = exs[:2] + rng.sample(exs[2:], n - 2)
    did_super = False
    if part == "등/이두" and "lat pulldown" in chosen and "seated row" in chosen and rng.random() < 0.5:
        # a superset: both moves on one line, sets shared
        wl = top_weight("lat pulldown", wk, rng, 3, base_adj.get("lat pulldown", 0))
        wsr = top_weight("seated row", wk, rng, 3, base_adj.get("seated row", 0))
        reps, n_s = rng.choice([10, 12]), rng.choice([3, 4])
        t = rng.choice(["슈퍼세트: %s %skg %d회 + %s %skg %d회 %d세트", "슈퍼세트 %s %skg %d회 + %s %skg %d회 (%d라운드)"]) % (
            ko(rng, "lat pulldown"), f(wl), reps, ko(rng, "seated row"), f(wsr), reps, n_s)
        lines.append("- " + t)
        L.sets(d, src, "lat pulldown", [(wl, reps)] * n_s, t)
        L.sets(d, src, "seated row", [(wsr, reps)] * n_s, t)
        did_super = True
    for name in chosen:
        if did_super and name in ("lat pulldown", "seated row"):
            continue
        word = ko(rng, name, 0.3 if style == "bro" else 0.5)
        base = EX[name][1]
        step = EX[name][2]
        if base is None:  # bodyweight
            reps = rng.choice([8, 10, 12, 15])
            n_s = rng.choice([3, 4])
            if rng.random() < 0.35:
                per = [reps, max(reps - 2, 5), max(reps - 3, 4)]
                t = "%s %s개" % (word, "/".join(str(x) for x in per))
                lines.append("- " + t)
                L.sets(d, src, name, [(None, x) for x in per], t)
            else:
                t = rng.choice(["%s %d개 %d세트", "%s %d개씩 %d세트", "%s %d회 x %d세트", "%s %d reps %d set"]) % (word, reps, n_s)
                lines.append("- " + t)
                L.sets(d, src, name, [(None, reps)] * n_s, t)
            continue
        main = name in MAIN
        top = top_weight(name, wk, rng, 2 if main else 3, base_adj.get(name, 0))
        mode = rng.random()
        if main and mode < 0.45:  # pyramid with a warm-up
            ws = pyramid(top, step, rng.choice([3, 3, 4]), rng.choice([5, 6]) if name != "overhead press" else 6)
            wu = warmup_sets(top, step, rng)
            sets = wu + ws
            if rng.random() < 0.5:
                t = list_line(rng, word, sets, 1)
                lines.append("- " + t)
                L.sets(d, src, name, sets, t, warm=1)
            else:
                bl = block_lines(rng, word, sets, 1)
                lines += ["- " + bl[0]] + bl[1:]
                # each set line is its own record text; the records are the same
                L.sets(d, src, name, sets, "\n".join(bl), warm=1)
            L.info["warmups"].add((d, name))
        elif main and mode < 0.75:  # straight sets 5x5 with a warm-up line first
            reps = rng.choice([5, 5, 3, 8])
            n_s = 5 if reps == 5 else rng.choice([3, 4])
            wu = warmup_sets(top, step, rng)
            t1 = "%s 웜업 %skg %d회" % (word, f(wu[0][0]), wu[0][1])
            t2 = uniform_line(rng, word, top, reps, n_s)
            lines += ["- " + t1, "- " + t2]
            L.sets(d, src, name, wu, t1, warm=1)
            L.sets(d, src, name, [(top, reps)] * n_s, t2)
            L.info["warmups"].add((d, name))
        elif main:  # top set + back-off sets
            reps = rng.choice([3, 5])
            back = rw(top * 0.85, step)
            sets = [(top, reps)] + [(back, 8)] * 2
            t = list_line(rng, word, sets, 0, form=rng.choice(["slash", "x"]))
            lines.append("- " + t)
            L.sets(d, src, name, sets, t)
        else:
            reps = rng.choice([10, 12, 15])
            n_s = rng.choice([3, 4])
            if rng.random() < 0.22 and name in ("cable crossover", "pec deck", "lateral raise", "leg extension", "triceps pushdown", "hammer curl"):
                # a drop set at the end
                d1, d2 = rw(top - step, step), rw(top - 2 * step, step)
                t = "%s %skg %d회 %d세트 + 드롭세트 %skg %d회 → %skg %d회" % (word, f(top), reps, n_s - 1, f(d1), reps, f(d2), reps)
                lines.append("- " + t)
                L.sets(d, src, name, [(top, reps)] * (n_s - 1) + [(d1, reps), (d2, reps)], t)
            elif rng.random() < 0.25:
                sets = [(rw(top - step, step), reps), (top, reps - 2), (top, reps - 2)]
                t = list_line(rng, word, sets, 0, form="slash")
                lines.append("- " + t)
                L.sets(d, src, name, sets, t)
            else:
                t = uniform_line(rng, word, top, reps, n_s)
                lines.append("- " + t)
                L.sets(d, src, name, [(top, reps)] * n_s, t)
    L.info["parts"].setdefault(part, set()).add(d)
    return lines


def best_so_far(L, name):
    ws = [r.fields["weight"] for r in L.recs if r.kind == "lift" and r.name == name and r.fields["weight"]]
    return max(ws) if ws else 0


# --------------------------------------------------------------------------- ko-bro: 헬스/YYYY-MM-DD.md

FRIENDS = ["친구는 벤치 {b} 친다 부럽", "옆 사람 데드 {d} 들더라 ㄷㄷ", "같이 다니는 형 스쿼트 {s} 함", "트레이너쌤은 벤치 {b}kg 10개 하심"]


def person_bro(rng, start0, today):
    L = Log(rng)
    start = today - D(days=rng.randint(80, 115) - 1)
    plan = {0: "가슴/삼두", 1: "등/이두", 2: "하체", 3: "어깨", 4: "가슴/삼두", 5: "하체"}
    d = start
    while d <= today:
        wd, wk = d.weekday(), (d - start).days // 7
        src = "헬스/%s.md" % d.isoformat()
        lines = []
        part = plan.get(wd)
        if part and (rng.random() < 0.18 or (wd == 5 and rng.random() < 0.5)):
            part = None
        if rng.random() < 0.75:
            h = pick_sleep(rng, 5.0, 8.0)
            t, h = sleep_text(rng, h, "clock" if rng.random() < 0.6 else "hours")
            lines.append("- " + t)
            L.sleep(d, src, h, t)
        if part:
            body = gym_session(L, d, src, part, wk, rng, "bro")
            head = rng.choice(SPLIT_HEAD[part])
            lines = [head, ""] + body + [""] + lines
            if part in ("하체", "등/이두") and wk % 4 == 3 and wd in (1, 2) and rng.random() < 0.8:
                name, word = ("deadlift", "데드") if part == "등/이두" else ("squat", "스쿼트")
                w = rw(best_so_far(L, name) + 5, 5)
                t = "1RM 갱신! %s %s" % (word, f(w))
                lines.insert(len(body) + 2, "- " + t + rng.choice([" 🔥", "", " ㅎㅎ"]))
                L.sets(d, src, name, [(w, 1)], t)
            elif part != "어깨" and rng.random() < 0.2:
                name = {"가슴/삼두": "bench press", "등/이두": "deadlift", "하체": "squat"}[part]
                e1 = rw(best_so_far(L, name) * 1.12, 2.5)
                lines.append("(예상 1RM 약 %s)" % f(e1))
            if rng.random() < 0.15:
                b = best_so_far(L, "bench press")
                lines.append(rng.choice(FRIENDS).format(b=f(rw(b + 30, 10)), d=f(rw(best_so_far(L, "deadlift") + 50, 10)),
                                                      s=f(rw(best_so_far(L, "squat") + 40, 10))))
            if rng.random() < 0.4:
                lines.append("- " + rng.choice(["천국의 계단 15분", "천국의 계단 20분", "러닝머신 걷기 20분", "사이클 15분"]))
        if rng.random() < 0.6:
            g = rng.choice(range(110, 175, 5))
            t = rng.choice(["단백질 %dg", "단백질 %dg 먹음", "단백질 대충 %dg"]) % g
            extra = rng.choice(["", " (닭가슴살 2팩 + 쉐이크 2번)", ", 닭가슴살 3팩"])
            lines.append("- " + t + extra)
            L.protein(d, src, g, t + extra)
        if d.day in (1, 15) or (wd == 6 and wk % 3 == 1):
            wt = round(78.5 - 0.09 * (d - start).days + rng.uniform(-0.4, 0.4), 1)
            mm = round(34.0 + 0.01 * (d - start).days + rng.uniform(-0.2, 0.2), 1)
            bf = round(20.5 - 0.04 * (d - start).days + rng.uniform(-0.3, 0.3), 1)
            t = "인바디: 체중 %s 골격근량 %s 체지방률 %s%%" % (f(wt), f(mm), f(bf))
            lines.append(t)
            L.weight(d, src, wt, t)
            L.bodyfat(d, src, bf, t)
        if not lines:
            d += D(days=1)
            continue
        if not part and rng.random() < 0.5:
            lines.insert(0, rng.choice(["휴식", "오늘은 쉬는 날", "야근 ㅠ 헬스 못감"]))
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    L.files["헬스/목표.md"] = ("# 2026 목표\n\n목표: 벤치 100kg\n- 스쿼트 160 / 데드 200\n- 체지방률 12%\n- 3대 450\n")
    L.files["헬스/루틴 템플릿.md"] = ("# 루틴 템플릿\n\n## 가슴/삼두\n- 벤치프레스 5x5\n- 인클라인 덤벨프레스 10회 3세트\n- 펙덱 플라이 12x3\n"
                                  "- 케이블 푸쉬다운 15회 3세트\n\n## 등이두\n- 데드리프트 5x5\n- 랫풀다운 12회 4세트\n- 바벨컬 10x3\n\n"
                                  "## 하체\n- 스쿼트 5x5\n- 레그프레스 15회 4세트\n- 레그익스텐션 15x3\n")
    L.info["has"] = {"sleep", "protein", "weight", "bodyfat"}
    L.info["start"] = start
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-runner: 러닝/YYYYMMDD.md

def person_runner(rng, start0, today):
    L = Log(rng)
    start = today - D(days=rng.randint(70, 110) - 1)
    d = start
    wt = rng.uniform(66, 71)
    while d <= today:
        wd, wk = d.weekday(), (d - start).days // 7
        src = "러닝/%s.md" % d.strftime("%Y%m%d")
        lines = ["%d/%d (%s)" % (d.month, d.day, KO_WD[wd]), ""]
        if rng.random() < 0.8:
            h = pick_sleep(rng, 5.5, 8.5)
            t, h = sleep_text(rng, h, "hours" if rng.random() < 0.75 else "clock")
            lines.append(t)
            L.sleep(d, src, h, t)
        kind = {0: "easy", 1: "interval", 3: "treadmill", 5: "lsd", 6: "easy"}.get(wd)
        if kind and rng.random() < 0.15:
            kind = None
        if kind == "easy" and wd == 6 and rng.random() < 0.5:
            kind = None
        if kind == "interval":
            n = rng.choice([6, 8, 10])
            km = round(n * 0.4 + rng.choice([2.0, 2.4, 3.0]), 1)
            mins = round(km * rng.uniform(5.1, 5.6) * 60) / 60
            t = rng.choice(["인터벌 400m x %d (워밍업 쿨다운 포함 총 %skm, %s)", "트랙 인터벌 400m x %d / 총 %skm %s"]) % (n, f(km), mmss(mins))
            lines.append("- " + t)
            L.run(d, src, km, mins, t, "interval")
        elif kind == "treadmill":
            mins = rng.choice([30, 35, 40])
            km = round(mins / rng.uniform(5.6, 6.4), 1)
            t = rng.choice(["러닝머신 %d분 %skm", "트레드밀 %d분 %skm 경사 1"]) % (mins, f(km))
            lines.append("- " + t)
            L.run(d, src, km, float(mins), t, "treadmill")
            if rng.random() < 0.5:
                lines.append("- 천국의 계단 %d분" % rng.choice([10, 15, 20]))
        elif kind == "easy":
            km = round(rng.uniform(5.0, 9.0), 1)
            mins = round(km * rng.uniform(5.6, 6.4) * 60) / 60
            fm = rng.random()
            if fm < 0.4:
                t = "야외러닝 %skm %d분" % (f(km), round(mins))
                mins = float(round(mins))
            elif fm < 0.7:
                t = "조깅 %skm %s (페이스 %s)" % (f(km), mmss(mins), mmss(mins / km).replace(":", "'") + '"')
            else:
                km = float(round(km))
                mins = float(round(mins))
                t = "한강 러닝 %d키로 %d분" % (km, mins)
            lines.append("- " + t)
            L.run(d, src, km, mins, t, "easy")
        elif kind == "lsd":
            km = float(min(12 + wk, 28) + rng.choice([0, 1, -1]))
            mins = round(km * rng.uniform(6.0, 6.6) * 60) / 60
            t = rng.choice(["LSD %skm %s", "장거리 %skm %s"]) % (f(km), hmmss(mins))
            lines.append("- " + t)
            L.run(d, src, km, mins, t, "lsd")
        if wd == 2 and rng.random() < 0.7:  # a short leg day at the gym
            lines += ["", "하체 보강"]
            top = top_weight("squat", wk, rng, 3, -30)
            t = uniform_line(rng, ko(rng, "squat"), top, 8, 3)
            lines.append("- " + t)
            L.sets(d, src, "squat", [(top, 8)] * 3, t)
            wlp = top_weight("leg press", wk, rng, 3, -40)
            t = uniform_line(rng, ko(rng, "leg press"), wlp, 12, 3)
            lines.append("- " + t)
            L.sets(d, src, "leg press", [(wlp, 12)] * 3, t)
            lines.append("- 플랭크 1분 3세트")
            L.info["parts"].setdefault("하체", set()).add(d)
        if wd in (0, 4) and rng.random() < 0.8:
            wt -= rng.uniform(-0.15, 0.3)
            w = round(wt, 1)
            t = rng.choice(["체중 %skg", "몸무게 %s키로", "아침 체중 %skg"]) % f(w)
            lines.append(t)
            L.weight(d, src, w, t)
        if rng.random() < 0.08:
            lines.append(rng.choice(["친구는 10km 45분에 뛴다 ㄷㄷ", "크루 형은 하프 1시간 35분이래", "다음 주 계획: LSD 25km, 인터벌 400m x 12"]))
        if len(lines) <= 2:
            d += D(days=1)
            continue
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    L.files["러닝/다음 주 계획.md"] = ("# 다음 주 계획\n\n- 월: 이지런 8km\n- 화: 인터벌 400m x 12\n- 목: 러닝머신 40분 7km\n"
                                  "- 토: LSD 30km 3:10:00 목표\n\n목표: 풀마라톤 서브4, 10km 48분\n")
    L.info["has"] = {"sleep", "weight", "run"}
    L.info["start"] = start
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-diet: 다이어트/11월 2일 (월).md + frontmatter

def person_diet(rng, start0, today):
    L = Log(rng)
    start = today - D(days=rng.randint(60, 95) - 1)
    d = start
    wt = rng.uniform(62, 66)
    bf = rng.uniform(27, 30)
    plan = {0: "하체", 1: "상체", 3: "하체", 4: "상체", 5: "하체"}
    while d <= today:
        wd, wk = d.weekday(), (d - start).days // 7
        src = "다이어트/%d월 %d일 (%s).md" % (d.month, d.day, KO_WD[wd])
        lines = ["---", "date: %s" % d.isoformat(), "tags: [다이어트, 운동]", "---", ""]
        if rng.random() < 0.85:
            wt -= rng.uniform(-0.15, 0.25)
            w = round(wt, 1)
            t = rng.choice(["공복 체중 %skg", "공복 몸무게 %s", "아침 체중 %skg"]) % f(w)
            if "kg" not in t:
                t = t + "kg"
            lines.append(t)
            L.weight(d, src, w, t)
        if wd == 6 and rng.random() < 0.9:
            bf -= rng.uniform(0.1, 0.45)
            mm = round(22 + rng.uniform(-0.3, 0.3) + 0.02 * wk, 1)
            t = "인바디: 체중 %s 골격근량 %s 체지방률 %s%%" % (f(round(wt, 1)), f(mm), f(round(bf, 1)))
            lines.append(t)
            L.bodyfat(d, src, round(bf, 1), t)
        if rng.random() < 0.8:
            h = pick_sleep(rng, 5.5, 8.5)
            t, h = sleep_text(rng, h, "hours")
            lines.append(t)
            L.sleep(d, src, h, t)
        lines.append("")
        part = plan.get(wd)
        if part and rng.random() < 0.2:
            part = None
        if part:
            lines.append("### 운동 (%s)" % part)
            if part == "하체":
                exs = ["leg press", "leg extension", "hip thrust", "romanian deadlift", "leg curl"]
            else:
                exs = ["lat pulldown", "dumbbell shoulder press", "lateral raise", "pec deck", "seated row"]
            for name in rng.sample(exs, 4):
                word = ko(rng, name, 0.5)
                base, step = EX[name][1], EX[name][2]
                top = rw(base * 0.55 + step * (wk // 3), step) if name not in ("dumbbell shoulder press", "lateral raise") else None
                reps, n_s = rng.choice([12, 15, 15, 20]), rng.choice([3, 4])
                if name in ("dumbbell shoulder press", "lateral raise"):  # the gym's dumbbells are in pounds
                    lb = {"dumbbell shoulder press": 15, "lateral raise": 5}[name] + 5 * (wk // 5)
                    t = uniform_line(rng, word, lb, reps, n_s, unit="lb", forms=["a", "b", "g"])
                    lines.append("- " + t)
                    L.sets(d, src, name, [(float(lb), reps)] * n_s, t, unit="lb")
                    continue
                if rng.random() < 0.3:
                    sets = [(rw(top - step, step), reps), (top, reps), (top, reps), (rw(top + step, step), reps - 3)]
                    t = list_line(rng, word, sets, 0, form="slash")
                    lines.append("- " + t)
                    L.sets(d, src, name, sets, t)
                else:
                    t = uniform_line(rng, word, top, reps, n_s)
                    lines.append("- " + t)
                    L.sets(d, src, name, [(top, reps)] * n_s, t)
            L.info["parts"].setdefault(part, set()).add(d)
            c = rng.random()
            if c < 0.45:
                mins = rng.choice([20, 25, 30])
                km = round(mins / rng.uniform(6.5, 7.5), 1)
                t = "러닝머신 %d분 %skm" % (mins, f(km))
                lines.append("- 유산소: " + t)
                L.run(d, src, km, float(mins), t, "treadmill")
            elif c < 0.85:
                lines.append("- 유산소: 천국의 계단 %d분" % rng.choice([15, 20, 25]))
                L.info["workout"].add(d)
                L.info.setdefault("stairs", set()).add(d)
            else:
                lines.append("- 인클라인 걷기 30분 (경사 12 속도 5)")
        elif rng.random() < 0.3:
            lines.append("운동 쉼. 대신 만보 걷기")
        lines.append("")
        if rng.random() < 0.85:
            p = rng.choice(range(80, 135, 5))
            if rng.random() < 0.3:
                c, fat = rng.choice(range(120, 200, 10)), rng.choice(range(30, 60, 5))
                t = "탄단지 %d/%d/%d" % (c, p, fat)
                lines.append("식단: 닭가슴살 2팩, 고구마, 샐러드 / " + t)
            else:
                t = "단백질 %dg" % p
                lines.append(rng.choice(["식단: 닭가슴살 2팩, 현미밥 반공기", "식단: 닭가슴살 1팩 + 프로틴 2스쿱", "식단 그럭저럭"]))
                lines.append("- " + t)
            L.protein(d, src, p, t)
        if wd == 6 and rng.random() < 0.3:
            lines.append("치팅데이 🍕")
        L.files[src] = "\n".join(lines).rstrip() + "\n"
        d += D(days=1)
    L.files["다이어트/목표.md"] = "# 목표\n\n- 목표: 체중 55kg, 체지방률 20%\n- 레그프레스 100kg 15회\n- 바디프로필 촬영 D-100\n"
    L.info["has"] = {"sleep", "protein", "weight", "bodyfat", "run"}
    L.info["start"] = start
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-monthly: 운동일지/2026년 11월.md, `## 11/2 월`

def person_monthly(rng, start0, today):
    L = Log(rng)
    start = today - D(days=rng.randint(75, 120) - 1)
    months = {}
    d = start
    ab = 0
    while d <= today:
        wd, wk = d.weekday(), (d - start).days // 7
        src = "운동일지/%d년 %d월.md" % (d.year, d.month)
        body = []
        if wd in (0, 2, 4) and rng.random() < 0.85:
            ab ^= 1
            day = [("squat", "스쿼트"), ("bench press", "벤치"), ("row", "바벨로우")] if ab else \
                  [("squat", "스쿼트"), ("overhead press", "OHP"), ("deadlift", "데드")]
            for name, word in day:
                if rng.random() < 0.3:
                    word = ko(rng, name, 1.0)
                w = top_weight(name, wk, rng, 2, {"squat": -20, "bench press": -10, "deadlift": -20, "row": -5, "overhead press": -5}[name])
                if name == "deadlift":
                    t = rng.choice(["%s %s키로 5개", "%s %skg 1x5", "%s %skg 5회 1세트"]) % (word, f(w))
                    body.append("- " + t)
                    L.sets(d, src, name, [(w, 5)], t)
                    continue
                fm = rng.random()
                if fm < 0.3:
                    t = "%s 5x5 %skg" % (word, f(w))
                elif fm < 0.5:
                    t = "%s %s%s 5*5" % (word, f(w), "kg" if rng.random() < 0.5 else "")
                elif fm < 0.7:
                    t = "%s %s키로 5회5세트" % (word, f(w))
                elif fm < 0.85:
                    t = "%s %skg 5/5/5/5/5" % (word, f(w))
                else:  # a failed last set
                    t = "%s %skg 5/5/5/5/3" % (word, f(w))
                    body.append("- " + t)
                    L.sets(d, src, name, [(w, 5)] * 4 + [(w, 3)], t)
                    continue
                body.append("- " + t)
                L.sets(d, src, name, [(w, 5)] * 5, t)
            # bodyweight finishers
            for name, word in rng.sample([("pull-up", "턱걸이"), ("push-up", "푸쉬업"), ("dip", "딥스"), ("chin-up", "친업")], 2):
                if name == "push-up":
                    reps, n_s = rng.choice([20, 25, 30]), rng.choice([3, 4])
                    t = "%s %d개씩 %d세트" % (word, reps, n_s)
                else:
                    reps, n_s = rng.choice([6, 8, 10]), 3
                    t = rng.choice(["%s %d개 %d세트", "%s %d회 %d세트", "%s %dx%d"]) % (word, reps, n_s)
                    if "x" in t:
                        t = "%s %d개x%d세트" % (word, reps, n_s)
                body.append("- " + t)
                L.sets(d, src, name, [(None, reps)] * n_s, t)
            if rng.random() < 0.5:
                body.append("- 플랭크 1분 3세트")
        if wd == 5 and rng.random() < 0.6:
            km = round(rng.uniform(4.0, 7.5), 1)
            mins = round(km * rng.uniform(5.5, 6.5))
            t = rng.choice(["야외러닝 %skm %d분", "러닝 %skm %d분", "공원 러닝 %skm %d분"]) % (f(km), mins)
            body.append("- " + t)
            L.run(d, src, km, float(mins), t)
        sl = None
        if rng.random() < 0.7:
            h = pick_sleep(rng, 5.0, 8.5)
            t, h = sleep_text(rng, h, "hours" if rng.random() < 0.7 else "clock")
            sl = t
            body.append("- " + t)
            L.sleep(d, src, h, t)
        if body:
            m = months.setdefault((d.year, d.month), [])
            m.append("## %d/%d %s" % (d.month, d.day, KO_WD[wd]))
            if len(body) == 1 and sl:
                body.insert(0, "휴식")
            m += body + [""]
        d += D(days=1)
    for (y, mo), body in months.items():
        src = "운동일지/%d년 %d월.md" % (y, mo)
        head = ["# %d년 %d월 운동일지" % (y, mo), "", "목표: 벤치 100kg, 스쿼트 %dkg 5x5" % rng.choice([140, 150]), ""]
        tail = ["## 다음 주 계획", "- 다음 주 계획: 스쿼트 5x5 %skg" % rng.choice([120, 125, 130]), "- 데드 1x5 150키로 도전", ""]
        L.files[src] = "\n".join(head + body + tail).rstrip() + "\n"
    L.files["운동일지/스트롱리프트 루틴.md"] = ("# 스트롱리프트 5x5 루틴\n\n## A\n- 스쿼트 5x5\n- 벤치 5x5\n- 바벨로우 5x5\n\n"
                                      "## B\n- 스쿼트 5x5\n- OHP 5x5\n- 데드 1x5\n\n매 세션 2.5kg씩 증량 (데드 5kg)\n")
    L.info["has"] = {"sleep", "run"}
    L.info["start"] = start
    return L.files, L.recs, L.info


# --------------------------------------------------------------------------- ko-blog: 블로그/2026-11-02 하체날.md, prose

def person_blog(rng, start0, today):
    L = Log(rng)
    start = today - D(days=rng.randint(60, 100) - 1)
    plan = {0: "하체", 1: "가슴/삼두", 3: "등/이두", 4: "어깨"}
    d = start
    adj = {"squat": 20, "deadlift": 30, "bench press": 10, "overhead press": 5}
    while d <= today:
        wd, wk = d.weekday(), (d - start).days // 7
        part = plan.get(wd)
        if part and rng.random() < 0.15:
            part = None
        run = wd in (2, 6) and rng.random() < 0.7
        if not part and not run:
            d += D(days=1)
            continue
        title = {"하체": "하체날", "가슴/삼두": "가슴 삼두", "등/이두": "등이두", "어깨": "어깨", None: "러닝"}[part]
        src = "블로그/%s %s 기록.md" % (d.isoformat(), title)
        paras = ["# %d월 %d일 %s 운동일지" % (d.month, d.day, title), ""]
        if rng.random() < 0.7:
            h = pick_sleep(rng, 5.0, 8.0)
            t, h = sleep_text(rng, h, "clock")
            paras.append("어제 %s. %s" % (t, rng.choice(["좀 피곤했다.", "컨디션 괜찮음.", "잠이 부족하다 ㅠ"])))
            L.sleep(d, src, h, t)
            paras.append("")
        if part:
            intro = rng.choice(["오늘은 %s!" % title, "%s 하는 날." % title, "퇴근하고 %s 조졌다." % title])
            paras.append(intro)
            main = {"하체": "squat", "가슴/삼두": "bench press", "등/이두": "deadlift", "어깨": "overhead press"}[part]
            word = {"squat": "스쿼트", "bench press": rng.choice(["벤치", "bench"]), "deadlift": "데드", "overhead press": "OHP"}[main]
            step = EX[main][2]
            top = top_weight(main, wk, rng, 2, adj[main])
            ws = pyramid(top, step, 3, 3)
            wu = warmup_sets(top, step, rng)
            fm = rng.random()
            if fm < 0.5:
                s = "%s 웜업 %skg %d회 하고 본세트 %s 했다." % (word, f(wu[0][0]), wu[0][1], ", ".join("%sx%d" % (f(w), r) for w, r in ws))
            else:
                s = "%s 웜업 %skg %d회, 그 다음 %s/%s/%skg %d/%d/%d회." % (word, f(wu[0][0]), wu[0][1], f(ws[0][0]), f(ws[1][0]), f(ws[2][0]),
                                                                     ws[0][1], ws[1][1], ws[2][1])
            paras.append(s)
            L.sets(d, src, main, wu + ws, s, warm=1)
            L.info["warmups"].add((d, main))
            if main in ("squat", "deadlift", "bench press") and wk % 3 == 2 and rng.random() < 0.6:
                w = rw(best_so_far(L, main) + (5 if main != "bench press" else 2.5), 2.5)
                short = {"squat": "스쿼트", "deadlift": "데드", "bench press": "벤치"}[main]
                t = "1RM 갱신! %s %s" % (short, f(w))
                paras.append("그리고 " + t + " 🎉 드디어!")
                L.sets(d, src, main, [(w, 1)], t)
            elif rng.random() < 0.2:
                paras.append("1RM 도전했는데 %s 실패 ㅠ 다음에 다시." % f(rw(best_so_far(L, main) + 5, 2.5)))
            rest = [x for x in SPLITS[part] if x != main]
            acc = []
            for name in rng.sample(rest, 3):
                wd_ = ko(rng, name, 0.5)
                if EX[name][1] is None:
                    reps, n_s = rng.choice([8, 10, 12]), rng.choice([3, 4])
                    t = "%s %d개 %d세트" % (wd_, reps, n_s)
                    L.sets(d, src, name, [(None, reps)] * n_s, t)
                else:
                    w = top_weight(name, wk, rng, 3)
                    reps, n_s = rng.choice([10, 12, 15]), rng.choice([3, 4])
                    t = rng.choice(["%s %skg %d회 %d세트", "%s %skg %dreps %dset", "%s %skg %d개씩 %d세트"]) % (wd_, f(w), reps, n_s)
                    L.sets(d, src, name, [(w, reps)] * n_s, t)
                acc.append(t)
            paras.append("보조운동은 " + ", ".join(acc) + ".")
            paras.append(rng.choice(["펌핑 미쳤다 💪", "내일 근육통 각", "중량 욕심 내다가 자세 무너짐. 반성.", ""]))
            if rng.random() < 0.2:
                paras.append("같이 운동하는 형은 데드 %s 친다. 언젠간..." % f(rw(best_so_far(L, "deadlift") + 60, 10)))
            L.info["parts"].setdefault(part, set()).add(d)
        if run:
            km = round(rng.uniform(5.0, 10.0), 1)
            mins = round(km * rng.uniform(5.3, 6.2))
            t = rng.choice(["야외러닝 %skm %d분", "한강에서 %skm %d분 뛰었다"]) % (f(km), mins)
            paras.append("")
            paras.append(t + ". " + rng.choice(["바람 좋았다.", "다리 무거움.", "페이스 괜찮았음."]))
            L.run(d, src, km, float(mins), t)
        if rng.random() < 0.5:
            g = rng.choice(range(120, 180, 10))
            t = "단백질 %dg" % g
            paras.append("")
            paras.append("오늘 %s 정도 먹은 듯. 닭가슴살 %d팩." % (t, rng.choice([1, 2, 3])))
            L.protein(d, src, g, t)
        L.files[src] = "\n".join(paras).rstrip() + "\n"
        d += D(days=1)
    L.info["has"] = {"sleep", "protein", "run"}
    L.info["start"] = start
    return L.files, L.recs, L.info


# =========================================================================== questions

PER = {"this_week": ["이번 주", "이번주", "금주"], "last_week": ["지난주", "저번주", "지난 주"],
       "this_month": ["이번 달", "이번달"], "last_month": ["지난달", "저번달", "지난 달"],
       "recent2w": ["최근 2주", "최근2주", "요 2주"], "oct": ["10월에", "10월"], "sep": ["9월에", "9월"]}


def prange(p, today):
    if p in ("oct", "sep"):
        return period_range("in_month", today, dt.date(today.year, 10 if p == "oct" else 9, 1))
    if p == "recent2w":
        return today - D(days=13), today
    if p == "prev_week":
        m = monday(today) - D(days=14)
        return m, m + D(days=6)
    return period_range(p, today)


def alts(*xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return "|".join(seen)


def casual(rng, s):
    """How people type into a search box: dropped spaces, a typo, a missing question mark."""
    if rng.random() < 0.25:
        s = s.replace(" ", "")
    for a, b in (("했어", "햇어"), ("했지", "햇지"), ("몇 번", "몇번"), ("얼마야", "얼마임"), ("언제야", "언제임")):
        if a in s and rng.random() < 0.2:
            s = s.replace(a, b)
    if s.endswith("?") and rng.random() < 0.3:
        s = s[:-1]
    return s


class Q:
    def __init__(self, recs, info, today, rng):
        self.recs, self.info, self.today, self.rng, self.out = recs, info, today, rng, []

    def add(self, key, kind, text, numbers=(), dates=(), none=False, tol=None, period=None):
        q = {"q": casual(self.rng, " ".join(text.split())), "kind": kind, "key": key, "lang": "ko"}
        if period:
            a, b = prange(period, self.today)
            q["period"] = [a.isoformat(), b.isoformat()]
        q.update({"expect_numbers": list(numbers), "expect_dates": [d.isoformat() for d in dates], "expect_none": none})
        if tol is not None:
            q["tol"] = tol
        self.out.append(q)

    def ph(self, p):
        return self.rng.choice(PER[p])

    def covered(self, p):
        if p == "all":
            return True
        a, _ = prange(p, self.today)
        return a >= self.info["start"]

    def inp(self, p):
        a, b = prange(p, self.today) if isinstance(p, str) else p
        return lambda d: a <= d <= b

    def lifts(self, name, p="all", warm=True):
        fi = self.inp(p)
        return [r for r in self.recs if r.kind == "lift" and r.name == name and fi(r.date) and (warm or not r.hints.get("warmup"))]

    def tops(self, name, p="all"):
        top = {}
        for r in self.lifts(name, p):
            top[r.date] = max(top.get(r.date, 0), r.fields["weight"] or 0)
        return sorted(top.items())

    def qty(self, kind, name, p="all"):
        fi = self.inp(p)
        return [r for r in self.recs if r.kind == kind and r.name == name and fi(r.date)]

    def runs(self, p="all"):
        fi = self.inp(p)
        return [r for r in self.recs if r.kind == "run" and fi(r.date)]

    def days(self, s, p):
        fi = self.inp(p)
        return sorted(d for d in s if fi(d))


def periods(q, ps, n):
    ok = [p for p in ps if q.covered(p)]
    return q.rng.sample(ok, min(n, len(ok)))


def q_lift(q, name, words, n_count=2, vol=True, unit="kg"):
    rng = q.rng
    w = lambda: rng.choice(words)
    tops = q.tops(name)
    if not tops:
        return
    bw = EX[name][1] is None
    conv = (lambda x: alts(f(x), fmt_num(x * KG_PER_LB, 1))) if unit == "lb" else f
    if bw:
        reps = [r.fields["reps"] for r in q.lifts(name)]
        q.add("bw_best", "best", rng.choice(["{e} 한 세트 최대 몇 개?", "{e} 최고 몇 개까지 했어?", "{e} 한번에 제일 많이 한 개수"]).format(e=w()),
              [str(max(reps))])
        for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "recent2w"], 2):
            rs = q.lifts(name, p)
            n = sum(r.fields["sets"] * r.fields["reps"] for r in rs)
            q.add("bw_total", "total", rng.choice(["{p} {e} 총 몇 개 했어?", "{p} {e} 몇 개 했지", "{p} {e} 총 개수"]).format(p=q.ph(p), e=w()),
                  [str(n)] if n else [], none=not n, period=p)
    else:
        best = max(x for _, x in tops)
        bd = [d for d, x in tops if x == best]
        t = rng.choice(["{e} 최고 기록 몇이야?", "{e} 최고 중량", "{e} 제일 무겁게 든 거 몇 kg?", "{e} PR 얼마였지", "{e} 최고무게 알려줘"]).format(e=w())
        q.add("best", "best", t, [conv(best)], bd[:1] if len(bd) == 1 and rng.random() < 0.5 else [])
        if len(bd) == 1:
            q.add("best_when", "best", rng.choice(["{e} 제일 무겁게 든 날 언제야?", "{e} 최고 기록 언제 찍었어?"]).format(e=w()), [conv(best)], bd)
        ld, lw = tops[-1]
        q.add("last_weight", "last", rng.choice(["마지막 {e} 몇 kg 했어?", "최근에 {e} 몇키로 쳤지", "지난번 {e} 무게 얼마였어요?"]).format(e=w()),
              [conv(lw)], [ld])
        if tops[0][1] != tops[-1][1]:
            q.add("trend", "trend", rng.choice(["{e} 얼마나 늘었어?", "{e} 중량 늘고 있어?", "{e} 무게 변화 추이", "{e} 성장 어때요?"]).format(e=w()),
                  [conv(tops[0][1]), conv(tops[-1][1])])
        if vol:
            for p in periods(q, ["this_week", "last_week", "this_month", "last_month"], 1):
                a = sum(r.fields["weight"] * r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, p))
                b = sum(r.fields["weight"] * r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, p, warm=False))
                tt = rng.choice(["{p} {e} 총 볼륨", "{p} {e} 볼륨 얼마야?", "{e} {p} 총볼륨 계산해줘"]).format(p=q.ph(p), e=w())
                if a:
                    nums = alts(conv(a), conv(b)) if unit == "kg" else conv(a)
                    q.add("volume", "total", tt, [nums], tol=0.5, period=p)
                else:
                    q.add("volume", "total", tt, none=True, period=p)
    q.add("lift_last", "last", rng.choice(["마지막으로 {e} 한 날", "{e} 마지막으로 언제 했어?", "{e} 언제 마지막으로 했지"]).format(e=w()),
          dates=[max(d for d, _ in tops)])
    days = {d for d, _ in tops}
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "recent2w", "oct"], n_count):
        n = len(q.days(days, p))
        t = rng.choice(["{p} {e} 몇 번 했어?", "{p} {e} 몇번 했지", "{e} {p} 몇 회 했나요?"]).format(p=q.ph(p), e=w())
        q.add("lift_count", "count", t, [str(n)] if n else [], none=not n, period=p)


def q_runs(q):
    rng = q.rng
    allr = q.runs()
    if not allr:
        return
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "oct", "recent2w"], 5):
        k = sum(r.fields["distance_km"] for r in q.runs(p))
        t = rng.choice(["{p} 몇 km 뛰었어?", "{p} 총 몇키로 뛰었지", "{p} 러닝 거리 합계", "{p} 달린 거리 얼마예요?"]).format(p=q.ph(p))
        q.add("run_km", "total", t, [fmt_num(k, 1)] if k else [], none=not k, tol=0.06, period=p)
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month"], 2):
        n = len(q.runs(p))
        q.add("run_count", "count", rng.choice(["{p} 몇 번 뛰었어?", "{p} 러닝 몇 번 했지", "{p} 달리기 몇회?"]).format(p=q.ph(p)),
              [str(n)] if n else [], none=not n, period=p)
    timed = [r for r in allr if r.fields["duration_min"]]
    pace = lambda r: r.fields["duration_min"] / r.fields["distance_km"]
    fast = min(timed, key=pace)
    q.add("fastest_pace", "best", rng.choice(["제일 빠른 페이스 몇이었어?", "최고 페이스 언제였지", "가장 빨랐던 페이스"]), [mmss(pace(fast))])
    for p in periods(q, ["this_month", "last_month", "all"], 2):
        rs = q.runs(p)
        if not rs:
            continue
        m = max(r.fields["distance_km"] for r in rs)
        ds = [r.date for r in rs if r.fields["distance_km"] == m]
        pw = "" if p == "all" else q.ph(p) + " "
        q.add("longest", "best", rng.choice(["{p}가장 길게 뛴 거리", "{p}최장거리 몇 km?", "{p}제일 멀리 뛴 날"]).format(p=pw), [fmt_num(m, 1)],
              ds[:1] if len(ds) == 1 else [], tol=0.06, period=None if p == "all" else p)
    last = max(r.date for r in allr)
    q.add("run_last", "last", rng.choice(["마지막으로 뛴 날 언제야?", "마지막 러닝 언제였지", "최근에 언제 뛰었어?"]), dates=[last])
    for p in periods(q, ["this_month", "last_month"], 1):
        rs = [r for r in q.runs(p) if r.fields["duration_min"]]
        if not rs:
            continue
        a = sum(r.fields["duration_min"] for r in rs) / sum(r.fields["distance_km"] for r in rs)
        b = sum(pace(r) for r in rs) / len(rs)
        q.add("avg_pace", "average", rng.choice(["{p} 평균 페이스", "{p} 평균 페이스 몇이야?"]).format(p=q.ph(p)), [alts(mmss(a), mmss(b))], period=p)
    lr = max(allr, key=lambda r: r.date)
    if lr.fields["duration_min"]:
        q.add("last_pace", "last", rng.choice(["마지막 러닝 페이스 얼마였어?", "최근 러닝 페이스"]), [mmss(pace(lr))])


def q_sleep(q):
    rng = q.rng
    def avg(p):
        xs = [r.fields["hours"] for r in q.qty("sleep", "sleep", p)]
        return sum(xs) / len(xs) if xs else None
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "recent2w"], 3):
        v = avg(p)
        t = rng.choice(["{p} 평균 수면 시간", "{p} 평균 몇 시간 잤어?", "{p} 잠 평균 얼마나 잤지", "{p} 평균수면 알려줘요"]).format(p=q.ph(p))
        q.add("sleep_avg", "average", t, [fmt_num(v, 2)] if v else [], none=v is None, tol=0.06, period=p)
    xs = q.qty("sleep", "sleep", "last_week")
    if xs:
        m = min(r.fields["hours"] for r in xs)
        ds = [r.date for r in xs if r.fields["hours"] == m]
        q.add("sleep_min", "best", rng.choice(["지난주 제일 적게 잔 날", "지난주에 잠 제일 조금 잔 날 언제야?"]), [fmt_num(m, 2)], ds[:1] if len(ds) == 1 else [],
              tol=0.06, period="last_week")
    a, b = avg("this_week"), avg("last_week")
    if a and b:
        q.add("sleep_cmp", "compare", rng.choice(["이번 주 지난주보다 잠 더 잤어?", "이번주랑 저번주 수면 비교"]), [fmt_num(a, 2), fmt_num(b, 2)], tol=0.06)
    last = max(q.qty("sleep", "sleep"), key=lambda r: r.date)
    q.add("sleep_last", "last", rng.choice(["최근에 몇 시간 잤어?", "마지막으로 기록한 수면 시간"]), [fmt_num(last.fields["hours"], 2)], tol=0.06)


def q_weight(q):
    rng = q.rng
    ws = q.qty("measure", "kg")
    if not ws:
        return
    q.add("weight_last", "last", rng.choice(["최근 몸무게 몇이야?", "지금 체중 얼마예요?", "마지막으로 잰 몸무게"]), [f(ws[-1].fields["value"])], [ws[-1].date])
    q.add("weight_trend", "trend", rng.choice(["몸무게 얼마나 빠졌어?", "체중 변화 추이", "살 얼마나 빠졌지"]), [f(ws[0].fields["value"]), f(ws[-1].fields["value"])])
    for p in periods(q, ["this_month", "last_month"], 1):
        wm = q.qty("measure", "kg", p)
        if len(wm) >= 2 and wm[0].fields["value"] != wm[-1].fields["value"]:
            q.add("weight_trend", "trend", "{p} 체중 변화".format(p=q.ph(p)), [f(wm[0].fields["value"]), f(wm[-1].fields["value"])], period=p)
    for p in periods(q, ["last_week", "this_month", "last_month"], 1):
        xs = [r.fields["value"] for r in q.qty("measure", "kg", p)]
        if xs:
            q.add("weight_avg", "average", "{p} 평균 체중".format(p=q.ph(p)), [fmt_num(sum(xs) / len(xs), 1)], tol=0.06, period=p)
    m = min(r.fields["value"] for r in ws)
    q.add("weight_min", "best", rng.choice(["제일 적게 나갔던 몸무게", "최저 체중 몇이었지?"]), [f(m)])


def q_bodyfat(q):
    rng = q.rng
    bs = q.qty("measure", "percent")
    if not bs:
        return
    q.add("bf_last", "last", rng.choice(["최근 체지방률 몇 %야?", "마지막 인바디 체지방률", "체지방률 지금 얼마예요"]), [f(bs[-1].fields["value"])], [bs[-1].date])
    if len(bs) >= 2:
        q.add("bf_trend", "trend", rng.choice(["체지방률 얼마나 줄었어?", "체지방률 변화 추이"]), [f(bs[0].fields["value"]), f(bs[-1].fields["value"])])


def q_protein(q):
    rng = q.rng
    if not q.qty("amount", "protein"):
        return
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "recent2w"], 2):
        xs = [r.fields["value"] for r in q.qty("amount", "protein", p)]
        t = rng.choice(["{p} 단백질 평균 몇 g 먹었어?", "{p} 하루 평균 단백질", "{p} 단백질 섭취 평균"]).format(p=q.ph(p))
        q.add("protein_avg", "average", t, [fmt_num(sum(xs) / len(xs), 1)] if xs else [], none=not xs, tol=0.6, period=p)
    for p in periods(q, ["last_week", "this_week"], 1):
        xs = [r.fields["value"] for r in q.qty("amount", "protein", p)]
        q.add("protein_total", "total", "{p} 단백질 총 몇 g?".format(p=q.ph(p)), [f(sum(xs))] if xs else [], none=not xs, period=p)
    xs = q.qty("amount", "protein", "this_month")
    if xs:
        m = max(r.fields["value"] for r in xs)
        q.add("protein_max", "best", "이번 달 단백질 제일 많이 먹은 날", [f(m)], period="this_month")


def streak(q, s):
    wk = monday(q.today)
    have = {monday(d) for d in s}
    cur = wk in have
    w = wk if cur else wk - D(days=7)
    n = 0
    while w in have:
        n += 1
        w -= D(days=7)
    return [n, n - 1] if cur and n > 1 else [n]


def q_workout(q, word="운동", gym=False):
    rng = q.rng
    s = q.info["gym"] if gym else q.info["workout"]
    for p in periods(q, ["this_week", "last_week", "this_month", "last_month", "recent2w"], 3):
        n = len(q.days(s, p))
        t = rng.choice(["{p} %s 몇 번 했어?" % word, "{p} %s 며칠 했지" % word, "{p} 몇 일 %s함?" % word, "{p} %s 몇번 갔어요?" % word]).format(p=q.ph(p))
        q.add("workout_days", "count", t, [str(n)] if n else [], none=not n, period=p)
    a, b = prange("this_month", q.today)
    did = len(q.days(s, "this_month"))
    off = [(b - a).days + 1 - did]
    if q.today not in s:
        off.append((b - a).days - did)
    q.add("days_off", "count", "이번 달 %s 안 한 날 며칠이야?" % word, [alts(*[str(x) for x in off])], period="this_month")
    q.add("streak", "count", rng.choice(["몇 주 연속 %s했어?" % word, "%s 몇주째 연속으로 하고 있지" % word]), [alts(*[str(x) for x in streak(q, s)])])
    x, y = len(q.days(s, "this_month")), len(q.days(s, "last_month"))
    if x or y:
        q.add("compare_days", "compare", "이번 달 지난달보다 %s 많이 했어?" % word, [str(x), str(y)])


def q_parts(q):
    rng = q.rng
    words = {"하체": ["하체", "하체날"], "가슴/삼두": ["가슴", "가슴 운동"], "등/이두": ["등", "등운동"], "어깨": ["어깨"], "상체": ["상체"]}
    for part, s in q.info["parts"].items():
        for p in periods(q, ["this_week", "last_week", "this_month", "last_month"], 1):
            n = len(q.days(s, p))
            q.add("part_count", "count", rng.choice(["{p} {x} 몇 번 했어?", "{x} {p} 몇번 함?"]).format(p=q.ph(p), x=rng.choice(words[part])),
                  [str(n)] if n else [], none=not n, period=p)
        q.add("part_last", "last", rng.choice(["마지막 {x} 언제야?", "{x} 마지막으로 한 날"]).format(x=rng.choice(words[part])), dates=[max(s)])


NONE_Q = ["수영 몇 번 했어?", "자전거 몇 km 탔지", "이번 달 요가 몇 번 했어?", "클라이밍 마지막으로 간 날", "등산 언제 갔었지?",
          "테니스 몇 번 쳤어?", "필라테스 몇 회 했어요?", "스쿼시 언제 했지"]


def q_none(q, extra=()):
    for t in q.rng.sample(NONE_Q, 3) + list(extra):
        q.add("none", "none", t, none=True)


def b_bro(q):
    for name, words in (("bench press", ["벤치", "벤치프레스", "벤프"]), ("squat", ["스쿼트", "스쿼트"]), ("deadlift", ["데드", "데드리프트"]),
                        ("overhead press", ["오버헤드프레스", "OHP", "밀프"]), ("lat pulldown", ["랫풀다운", "렛풀다운"]),
                        ("leg press", ["레그프레스"]), ("romanian deadlift", ["루마니안 데드리프트", "RDL"])):
        q_lift(q, name, words, n_count=2, vol=name in ("bench press", "squat", "deadlift", "leg press"))
    q_lift(q, "pull-up", ["턱걸이", "풀업"], n_count=1)
    one = [r for r in q.lifts("deadlift") if r.fields["reps"] == 1]
    if one:
        q.add("one_rm", "best", "데드 1RM 몇이야?", [f(max(r.fields["weight"] for r in one))])
    q_parts(q)
    q_workout(q, "운동")
    q_sleep(q)
    q_protein(q)
    q_weight(q)
    q_bodyfat(q)
    q_none(q, ["이번 달 몇 km 뛰었어?", "러닝 최고 페이스"])


def b_runner(q):
    q_runs(q)
    rng = q.rng
    kinds = q.info["runkind"]
    for k, word in (("interval", "인터벌"), ("lsd", "LSD"), ("treadmill", "러닝머신")):
        ds = sorted(d for d, x in kinds.items() if x == k)
        if not ds:
            continue
        for p in periods(q, ["this_month", "last_month"], 1):
            n = len(q.days(ds, p))
            q.add("kind_count", "count", "{p} {w} 몇 번 했어?".format(p=q.ph(p), w=word), [str(n)] if n else [], none=not n, period=p)
        q.add("kind_last", "last", "마지막 %s 언제였지?" % word, dates=[ds[-1]])
    lsd = [r for r in q.runs() if kinds.get(r.date) == "lsd"]
    if lsd:
        m = max(lsd, key=lambda r: r.fields["distance_km"])
        q.add("lsd_best", "best", "LSD 최장 거리 몇 km?", [fmt_num(m.fields["distance_km"], 1)], tol=0.06)
    for p in periods(q, ["this_month", "last_month", "oct"], 2):
        n = len([r for r in q.runs(p) if r.fields["distance_km"] >= 10])
        q.add("long_count", "count", "{p} 10km 이상 뛴 거 몇 번?".format(p=q.ph(p)), [str(n)] if n else [], none=not n, period=p)
    w0 = monday(q.today)
    a = sum(r.fields["distance_km"] for r in q.runs((q.today - D(days=27), q.today))) / 4
    b = sum(r.fields["distance_km"] for r in q.runs((w0 - D(days=28), w0 - D(days=1)))) / 4
    q.add("weekly_avg_km", "average", rng.choice(["최근 4주 주평균 몇 km?", "최근 4주 동안 일주일에 평균 몇 키로 뛰었어"]), [alts(fmt_num(a, 2), fmt_num(b, 2))], tol=0.06)
    a, b = sum(r.fields["distance_km"] for r in q.runs("this_month")), sum(r.fields["distance_km"] for r in q.runs("last_month"))
    q.add("compare_km", "compare", "이번 달 지난달보다 많이 뛰었어?", [fmt_num(a, 1), fmt_num(b, 1)], tol=0.06)
    a = sum(r.fields["distance_km"] for r in q.runs("last_week"))
    b = sum(r.fields["distance_km"] for r in q.runs("prev_week"))
    q.add("compare_km_week", "compare", rng.choice(["지난주랑 그 전주 뛴 거리 비교해줘", "지난주가 지지난주보다 더 뛰었어?"]), [fmt_num(a, 1), fmt_num(b, 1)], tol=0.06)
    for p in periods(q, ["this_month", "last_month"], 2):
        rs = q.runs(p)
        if rs:
            q.add("avg_km", "average", "{p} 한 번 뛸 때 평균 몇 km?".format(p=q.ph(p)), [fmt_num(sum(r.fields["distance_km"] for r in rs) / len(rs), 2)], tol=0.06, period=p)
    tm = [r for r in q.runs("all") if kinds.get(r.date) == "treadmill"]
    if tm:
        q.add("treadmill_km", "total", "러닝머신으로 총 몇 km 뛰었어?", [fmt_num(sum(r.fields["distance_km"] for r in tm), 1)], tol=0.06)
    q_lift(q, "squat", ["스쿼트"], n_count=2, vol=False)
    q_lift(q, "leg press", ["레그프레스"], n_count=1, vol=False)
    q_workout(q, "운동")
    q_sleep(q)
    q_weight(q)
    q_none(q, ["벤치 최고 기록 얼마야?", "이번 주 단백질 몇 g 먹었어?", "체지방률 얼마야?"])


def b_diet(q):
    for name, words in (("leg press", ["레그프레스", "레그 프레스"]), ("leg extension", ["레그익스텐션"]), ("romanian deadlift", ["루마니안 데드", "RDL"]),
                        ("lat pulldown", ["랫풀다운"]), ("pec deck", ["펙덱 플라이", "펙덱"])):
        q_lift(q, name, words, n_count=2, vol=name in ("leg press", "lat pulldown"))
    q_lift(q, "dumbbell shoulder press", ["덤벨 숄더프레스"], n_count=1, vol=False, unit="lb")
    q_parts(q)
    q_workout(q, "운동")
    q_runs(q)
    stairs = q.info.get("stairs", set())
    for p in periods(q, ["this_month", "last_month"], 1):
        n = len(q.days(stairs, p))
        q.add("stairs_count", "count", "{p} 천국의 계단 몇 번 했어?".format(p=q.ph(p)), [str(n)] if n else [], none=not n, period=p)
    q_sleep(q)
    q_protein(q)
    q_weight(q)
    q_bodyfat(q)
    q_none(q, ["벤치프레스 최고 기록", "데드리프트 몇 kg 들었어?"])


def b_monthly(q):
    for name, words in (("squat", ["스쿼트", "스쿼트"]), ("bench press", ["벤치", "벤치프레스"]), ("deadlift", ["데드", "데드리프트"]),
                        ("overhead press", ["OHP", "오버헤드프레스"]), ("row", ["바벨로우", "바벨 로우"])):
        q_lift(q, name, words, n_count=2, vol=name in ("squat", "bench press"))
    for name, words in (("pull-up", ["턱걸이"]), ("push-up", ["푸쉬업", "팔굽혀펴기"]), ("dip", ["딥스"])):
        q_lift(q, name, words, n_count=1)
    q_workout(q, "운동")
    q_runs(q)
    q_sleep(q)
    q_none(q, ["최근 몸무게 몇이야?", "단백질 평균 얼마나 먹었어?", "체지방률 얼마야?"])


def b_blog(q):
    for name, words in (("squat", ["스쿼트"]), ("bench press", ["벤치", "벤치프레스"]), ("deadlift", ["데드", "데드리프트"]),
                        ("overhead press", ["OHP", "오버헤드프레스"]), ("leg press", ["레그프레스"]), ("lat pulldown", ["랫풀다운"])):
        q_lift(q, name, words, n_count=2, vol=name in ("squat", "bench press"))
    for name in ("squat", "deadlift", "bench press"):
        one = [r for r in q.lifts(name) if r.fields["reps"] == 1]
        if one:
            w = {"squat": "스쿼트", "deadlift": "데드", "bench press": "벤치"}[name]
            q.add("one_rm", "best", q.rng.choice(["%s 1RM 얼마야?", "%s 1RM 최고 몇이었지"]) % w, [f(max(r.fields["weight"] for r in one))])
    q_parts(q)
    q_workout(q, "운동")
    q_runs(q)
    q_sleep(q)
    q_protein(q)
    q_none(q, ["최근 몸무게 몇이야?", "체지방률 얼마나 줄었어?"])


PEOPLE = {"ko-bro": person_bro, "ko-runner": person_runner, "ko-diet": person_diet, "ko-monthly": person_monthly, "ko-blog": person_blog}
BUILDERS = {"ko-bro": b_bro, "ko-runner": b_runner, "ko-diet": b_diet, "ko-monthly": b_monthly, "ko-blog": b_blog}


def build_questions(person, info, recs, today, seed):
    q = Q(recs, info, today, random.Random("h9q-%s-%s" % (seed, person)))
    BUILDERS[person](q)
    return q.out


if __name__ == "__main__":
    run_people(__doc__, "holdout9", "h9-", SPAN_DAYS, PEOPLE, build_questions)
