"""Six people who keep training logs the way people post them, each with their own habits.

Each person is a function `(rng, start, today) -> (files, recs, lang)`: `files` maps a
vault-relative path to its text, `recs` is the list of `Rec` a careful reader would take from
those notes. Every record is bound to the line it was written on. Lines whose meaning is not
clear (`유산소 20분`, `3대 합계 300`, warm-ups, bodyweight sets, InBody numbers) are written but
kept out of the truth on purpose.
"""
from __future__ import annotations

import datetime as dt
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import KM_PER_MI, KG_PER_LB, Rec, fmt_num, mmss, hmmss  # noqa: E402

KO_WD = "월화수목금토일"
JA_WD = "月火水木金土日"


def days(start, today):
    d = start
    while d <= today:
        yield d
        d += dt.timedelta(days=1)


def r2(x, step=2.5):
    return round(x / step) * step


class Prog:
    """A lift whose working weight climbs slowly, with a stall now and then."""

    def __init__(self, rng, start, inc, step=2.5):
        self.w, self.inc, self.step, self.rng = r2(start * rng.uniform(0.9, 1.1), step), inc, step, rng

    def next(self):
        w = self.w
        if self.rng.random() < 0.6:
            self.w = r2(self.w + self.inc, self.step)
        return w


def lift(d, name, w, unit, sets, reps, text, src, **extra):
    f = {"weight": float(w), "unit": unit, "sets": sets, "reps": reps}
    f.update(extra)
    return Rec(d, "lift", name, f, text, src)


def run(d, km, minutes, text, src):
    return Rec(d, "run", "run", {"distance_km": round(km, 3), "duration_min": None if minutes is None else round(minutes, 3)},
               text, src)


def sleep(d, h, text, src):
    return Rec(d, "sleep", "sleep", {"hours": h}, text, src)


def qty(d, kind, name, v, unit, text, src):
    return Rec(d, kind, name, {"value": v, "unit": unit}, text, src)


def pace(km, minutes):
    return mmss(minutes / km)


# =========================================================================== ko-blog
# One long note, newest day first, dated headings `## 2026.11.05 (목)`, body-part headings,
# `스쿼트 60kg 10개 x 3`, `벤치 40/10, 50/8, 60/5`, `12개씩 4세트`, `키로`, treadmill cardio.


def ko_blog(rng, start, today):
    src = "운동일지.md"
    recs, blocks = [], []
    progs = {"squat": Prog(rng, 70, 2.5), "bench press": Prog(rng, 50, 2.5), "deadlift": Prog(rng, 90, 5),
             "leg press": Prog(rng, 140, 10, 10), "lat pulldown": Prog(rng, 45, 2.5), "row": Prog(rng, 45, 2.5),
             "dumbbell shoulder press": Prog(rng, 12, 1, 2)}
    split = ["하체", "가슴/삼두", "등/이두"]
    k = rng.randint(0, 2)
    gym_wd = {0, 1, 3, 4} if rng.random() < 0.5 else {0, 2, 3, 5}
    for d in days(start, today):
        if d.weekday() not in gym_wd or rng.random() < 0.12:
            if d.weekday() == 6 and rng.random() < 0.5:  # a Sunday treadmill session
                km = round(rng.uniform(4, 7), 1)
                mins = int(km * rng.uniform(5.6, 6.6))
                line = rng.choice([f"런닝머신 {mins}분 {fmt_num(km)}km", f"트레드밀 {fmt_num(km)}키로 {mins}분 걸림"])
                head = rng.choice([f"## {d:%Y.%m.%d} ({KO_WD[d.weekday()]})", f"## {d:%Y.%m.%d} {KO_WD[d.weekday()]}요일"])
                blocks.append((d, [head, "", "유산소만 했음", line, ""]))
                recs.append(run(d, km, mins, line, src))
            continue
        part = split[k % 3]
        k += 1
        head = rng.choice([f"## {d:%Y.%m.%d} ({KO_WD[d.weekday()]})", f"## {d:%Y.%m.%d} {KO_WD[d.weekday()]}요일",
                           f"## {d:%Y.%m.%d}({KO_WD[d.weekday()]})"])
        lines = [head, "", f"### {part}"]
        if part == "하체":
            w = progs["squat"].next()
            t = rng.choice([f"스쿼트 {fmt_num(w)}kg 10개 x 3", f"스쿼트 {fmt_num(w)}kg 8개 x 4",
                            f"스쿼트 {fmt_num(w)}키로 10개씩 3세트"])
            reps, sets = (8, 4) if "8개 x 4" in t else (10, 3)
            lines.append(t)
            recs.append(lift(d, "squat", w, "kg", sets, reps, t, src))
            w = progs["leg press"].next()
            t = f"레그프레스 {fmt_num(w)}키로 12개씩 4세트"
            lines.append(t)
            recs.append(lift(d, "leg press", w, "kg", 4, 12, t, src))
            lines.append(rng.choice(["레그컬 3세트 (무게 기억 안남)", "런지 맨몸 20개 x 3", "종아리 조금"]))
        elif part == "가슴/삼두":
            top = progs["bench press"].next()
            ws = [r2(top - 20), r2(top - 10), top]
            rs = [10, 8, rng.choice([5, 6])]
            name = rng.choice(["벤치", "벤치프레스", "벤치프래스"])
            t = f"{name} " + ", ".join(f"{fmt_num(a)}/{b}" for a, b in zip(ws, rs))
            lines.append(t)
            for a, b in zip(ws, rs):
                recs.append(lift(d, "bench press", a, "kg", 1, b, t, src))
            w = progs["dumbbell shoulder press"].next()
            t = f"덤벨 숄더프레스 {fmt_num(w)}kg 12개 x 3"
            lines.append(t)
            recs.append(lift(d, "dumbbell shoulder press", w, "kg", 3, 12, t, src))
            lines.append(rng.choice(["딥스 10개 x 3", "케이블 푸시다운 가볍게", "푸쉬업 마무리 50개"]))
        else:
            w = progs["deadlift"].next()
            t = rng.choice([f"데드 {fmt_num(w)}kg 5개 x 3", f"데드리프트 {fmt_num(w)}kg 5개 x 3 허리 조심"])
            lines.append(t)
            recs.append(lift(d, "deadlift", w, "kg", 3, 5, t, src))
            w = progs["lat pulldown"].next()
            t = rng.choice([f"랫풀다운 {fmt_num(w)}kg 12개 x 4", f"렛풀다운 {fmt_num(w)}kg 12회 4세트"])
            lines.append(t)
            recs.append(lift(d, "lat pulldown", w, "kg", 4, 12, t, src))
            w = progs["row"].next()
            t = f"바벨로우 {fmt_num(w)}kg 10개 x 4"
            lines.append(t)
            recs.append(lift(d, "row", w, "kg", 4, 10, t, src))
        if rng.random() < 0.5:
            lines.append(rng.choice(["유산소 20분", "사이클 15분", "천국의 계단 10분"]))
        if rng.random() < 0.3:
            lines.append(rng.choice(["오늘 컨디션 별로ㅠ", "3대 합 대충 300 나옴ㅋㅋ", "헬스장 사람 너무 많음", "오운완!"]))
        lines.append("")
        blocks.append((d, lines))
    body = ["# 운동일지", "", "헬스 다시 시작하면서 쓰는 기록. 최근 날짜가 위로.", ""]
    for d, lines in sorted(blocks, key=lambda b: b[0], reverse=True):
        body += lines
    routine = """# 내 루틴 (3분할)

목표: 3대 400

### 하체
- 스쿼트 5x5 100kg 목표
- 레그프레스 200키로 12개 x 4

### 가슴/삼두
- 벤치 80kg 5x5
- 덤벨 숄더프레스 16kg 12개 x 3

### 등/이두
- 데드 140kg 5개 x 3
- 랫풀다운 60kg 12개 x 4
"""
    return {src: "\n".join(body) + "\n", "루틴.md": routine}, recs, "ko"


# =========================================================================== ko-obsidian
# `헬스/26.11.05.md` (YY.MM.DD), frontmatter tags, set-by-set blocks (`1set 60kg 12rep`,
# `1세트 60kg 10회`), tables, `덤벨컬 25lb 12회 3세트`, `수면 6시간 반`, InBody lines, steps.


def ko_obsidian(rng, start, today):
    files, recs = {}, []
    progs = {"bench press": Prog(rng, 60, 2.5), "squat": Prog(rng, 80, 2.5), "deadlift": Prog(rng, 100, 5),
             "lat pulldown": Prog(rng, 50, 5, 5), "overhead press": Prog(rng, 35, 2.5),
             "leg press": Prog(rng, 160, 10, 10), "dumbbell curl": Prog(rng, 25, 5, 5)}
    ko_names = {"bench press": "벤치프레스", "squat": "스쿼트", "deadlift": "데드리프트", "overhead press": "오버헤드프레스"}
    days_plan = [("가슴", ["bench press", "overhead press"]), ("하체", ["squat", "leg press"]),
                 ("등", ["deadlift", "lat pulldown", "dumbbell curl"])]
    k = 0
    for d in days(start, today):
        if rng.random() < 0.1:
            continue  # no note
        src = f"헬스/{d:%y.%m.%d}.md"
        out = ["---", "tags: [헬스, 운동기록]", "---", ""]
        srecs = []
        # sleep first thing
        if rng.random() < 0.8:
            h = rng.choice([5.5, 6, 6.5, 7, 7.5, 8, 6 + 20 / 60, 7 + 40 / 60])
            hh, mm = int(h), round((h - int(h)) * 60)
            t = (f"수면 {hh}시간 반" if mm == 30 else f"수면 {hh}시간" if mm == 0 else f"수면: {hh}시간 {mm}분")
            out.append(t)
            srecs.append(sleep(d, round(h, 3), t, src))
        if rng.random() < 0.7:
            n = rng.randint(4000, 14000)
            t = rng.choice([f"걸음수 {n:,}", f"걸음 수: {n}보"])
            out.append(t)
            srecs.append(qty(d, "measure", "steps", n, "step", t, src))
        if d.weekday() == 0 and rng.random() < 0.7:
            out.append(f"인바디 체중 {rng.uniform(70, 74):.1f} 골격근량 {rng.uniform(32, 34):.1f} 체지방률 {rng.uniform(14, 17):.1f}")
        out.append("")
        if d.weekday() in (0, 2, 4) or (d.weekday() == 5 and rng.random() < 0.4):
            part, lifts = days_plan[k % 3]
            k += 1
            out.append(f"# 오늘 운동 - {part}")
            out.append("")
            for name in lifts:
                w = progs[name].next()
                style = rng.choice(["sets", "sets", "table", "line"]) if name not in ("dumbbell curl", "leg press", "lat pulldown") else "misc"
                if style == "sets":
                    out.append(f"## {ko_names[name]}")
                    seq = [(r2(w - 10), 12), (w, 10), (w, 8 if rng.random() < 0.5 else 10), (w, rng.choice([6, 8]))]
                    fmt = rng.choice(["{i}set {w}kg {r}rep", "{i}세트 {w}kg {r}회", "{i}. {w}kg x {r}"])
                    block = [fmt.format(i=i + 1, w=fmt_num(a), r=b) for i, (a, b) in enumerate(seq)]
                    out += block + [""]
                    agg = {}
                    for a, b in seq:
                        agg[(a, b)] = agg.get((a, b), 0) + 1
                    for (a, b), c in agg.items():
                        srecs.append(lift(d, name, a, "kg", c, b, " / ".join(block), src))
                elif style == "table":
                    out += [f"## {ko_names[name]}", "", "| 세트 | 무게 | 횟수 |", "|---|---|---|"]
                    seq = [(w, 5), (w, 5), (w, 5)]
                    for i, (a, b) in enumerate(seq):
                        out.append(f"| {i + 1} | {fmt_num(a)}kg | {b} |")
                    out.append("")
                    srecs.append(lift(d, name, w, "kg", 3, 5, f"table {ko_names[name]}", src))
                elif style == "line":
                    t = f"{ko_names[name]} {fmt_num(w)}kg 3세트 {rng.choice([8, 10])}회"
                    reps = int(t.split()[-1][:-1])
                    out += [t, ""]
                    srecs.append(lift(d, name, w, "kg", 3, reps, t, src))
                else:
                    if name == "dumbbell curl":
                        t = f"덤벨컬 {fmt_num(w)}lb 12회 3세트"
                        srecs.append(lift(d, name, w, "lb", 3, 12, t, src))
                    elif name == "leg press":
                        t = f"레그프레스 {fmt_num(w)}kg 15회 x 4세트"
                        srecs.append(lift(d, name, w, "kg", 4, 15, t, src))
                    else:
                        t = f"랫풀다운 {fmt_num(w)}kg 12회씩 4세트"
                        srecs.append(lift(d, name, w, "kg", 4, 12, t, src))
                    out += [t, ""]
            if rng.random() < 0.5:
                km = rng.choice([3, 4, 5])
                mins = km * rng.randint(6, 7)
                t = f"마무리 러닝 {km}km {mins}분"
                out += ["## 유산소", t, ""]
                srecs.append(run(d, km, mins, t, src))
        elif d.weekday() == 6 and rng.random() < 0.6:
            km = round(rng.uniform(5, 10), 2)
            m = km * rng.uniform(5.3, 6.2)
            t = f"한강 러닝 {fmt_num(km)}km {int(m)}분 {round((m - int(m)) * 60):02d}초"
            mins = int(m) + round((m - int(m)) * 60) / 60
            out += ["## 러닝", t, ""]
            srecs.append(run(d, km, mins, t, src))
        else:
            out.append(rng.choice(["휴식", "쉬는 날", "회식이라 못감ㅠ"]))
        files[src] = "\n".join(out) + "\n"
        recs += srecs
    files["헬스/목표.md"] = "# 목표\n\n- 벤치 100kg\n- 스쿼트 140kg 5회\n- 체지방률 12%\n"
    return files, recs, "ko"


# =========================================================================== ko-diary
# `일기/2026년 11월 5일.md`, prose sentences, particles, typos, English mixed in,
# `11시 반에 자서 7시에 일어남`, `커피 두 잔` (left out: a word number) / `커피 2잔`, steps.


def ko_diary(rng, start, today):
    files, recs = {}, []
    sq, bp, dl = Prog(rng, 60, 2.5), Prog(rng, 40, 2.5), Prog(rng, 70, 5)
    for d in days(start, today):
        if rng.random() < 0.15:
            continue
        src = f"일기/{d.year}년 {d.month}월 {d.day}일.md"
        paras, srecs = [], []
        bed = rng.choice([(23, 0), (23, 30), (0, 0), (0, 30), (1, 0)])
        up = rng.choice([(6, 30), (7, 0), (7, 30)])
        hrs = (up[0] + up[1] / 60) - (bed[0] + bed[1] / 60) + (24 if bed[0] >= 12 else 0)
        if rng.random() < 0.75:
            def clock(h, m):
                return (f"{h if h <= 12 else h - 12}시" if h else "12시") + (" 반" if m == 30 else "")
            t = f"어제 {clock(*bed)}에 자서 {clock(*up)}에 일어남."
            paras.append(t)
            srecs.append(sleep(d, hrs, t, src))
        wd = d.weekday()
        if wd in (1, 3, 5):
            kind = rng.choice(["lower", "upper"])
            if kind == "lower":
                w = sq.next()
                t = rng.choice([f"오늘은 하체. 스쿼트 {fmt_num(w)}키로로 5개씩 5세트 했다. 힘들었음ㅠ",
                                f"하체날이라 스쿼트 {fmt_num(w)}kg 5회 5세트 하고 왔다",
                                f"스쿼드 {fmt_num(w)}kg 5x5 성공!"])
                paras.append(t)
                srecs.append(lift(d, "squat", w, "kg", 5, 5, t, src))
                w = dl.next()
                t = rng.choice([f"데드 {fmt_num(w)}kg 5회 3셋", f"데드리프드 {fmt_num(w)}키로 5개 3세트"])
                paras.append(t)
                srecs.append(lift(d, "deadlift", w, "kg", 3, 5, t, src))
            else:
                w = bp.next()
                t = rng.choice([f"bench {fmt_num(w)}kg 8reps x 4sets", f"벤치프래스 {fmt_num(w)}kg 8회 4세트",
                                f"벤치는 {fmt_num(w)}kg로 8개 4세트. 어깨가 좀 아팠음"])
                paras.append(t)
                srecs.append(lift(d, "bench press", w, "kg", 4, 8, t, src))
                t = "풀업 5개 3세트, 푸쉬업 20개"
                paras.append(t)
        elif wd in (0, 4) and rng.random() < 0.8:
            km = round(rng.uniform(3, 8), 1)
            m = int(km * rng.uniform(5.5, 6.5))
            t = rng.choice([f"퇴근하고 한강 러닝 {fmt_num(km)}km {m}분.", f"저녁에 {fmt_num(km)}km 뛰었다 ({m}분)",
                            f"러닝 {fmt_num(km)}킬로 {m}분 걸림"])
            paras.append(t)
            srecs.append(run(d, km, m, t, src))
        if rng.random() < 0.6:
            c = rng.choice([1, 2, 3])
            t = rng.choice([f"커피 {c}잔", f"아아 {c}잔 마심", f"커피 {c}잔째..."])
            paras.append(t)
            srecs.append(qty(d, "amount", "coffee", c, "cup", t, src))
        if rng.random() < 0.5:
            n = rng.randint(5000, 15000)
            t = rng.choice([f"오늘 {n:,}보 걸음", f"만보기 {n}보"])
            paras.append(t)
            srecs.append(qty(d, "measure", "steps", n, "step", t, src))
        paras.append(rng.choice(["회사 일이 많았다.", "점심은 제육볶음.", "날씨가 추워졌다.", "일찍 자야지.", ""]))
        files[src] = "\n\n".join(p for p in paras if p) + "\n"
        recs += srecs
    return files, recs, "ko"


# =========================================================================== en-apps
# Weekly notes `Training/2026-W45.md` with `## Monday 3 Nov` headings; workouts pasted from
# Strong / Hevy: `Squat (Barbell)` then `Set 1: 100 kg × 5`. Some weeks at a home gym in lb.


STRONG = {"squat": "Squat (Barbell)", "bench press": "Bench Press (Barbell)", "deadlift": "Deadlift (Barbell)",
          "overhead press": "Overhead Press (Barbell)", "row": "Bent Over Row (Barbell)",
          "lat pulldown": "Lat Pulldown (Cable)", "dumbbell curl": "Bicep Curl (Dumbbell)"}


def en_apps(rng, start, today):
    files, recs = {}, []
    progs = {"squat": Prog(rng, 100, 2.5), "bench press": Prog(rng, 75, 2.5), "deadlift": Prog(rng, 130, 5),
             "overhead press": Prog(rng, 45, 2.5), "row": Prog(rng, 65, 2.5), "lat pulldown": Prog(rng, 55, 5, 5),
             "dumbbell curl": Prog(rng, 14, 2, 2)}
    A, B = ["squat", "bench press", "row", "dumbbell curl"], ["squat", "overhead press", "deadlift", "lat pulldown"]
    weeks = {}
    n = 0
    lb_weeks = set()
    for d in days(start, today):
        iso = d.isocalendar()
        key = f"{iso[0]}-W{iso[1]:02d}"
        weeks.setdefault(key, [])
        if d.weekday() == 0 and rng.random() < 0.25:
            lb_weeks.add(key)
        if d.weekday() not in (0, 2, 4) or rng.random() < 0.1:
            if rng.random() < 0.5:
                h = rng.choice([6.5, 7, 7.25, 7.5, 8, 6.75])
                t = f"Slept {int(h)}h {round((h % 1) * 60)}m" if h % 1 else f"Slept {int(h)}h"
                weeks[key].append((d, [t], [sleep(d, h, t, None)]))
            continue
        src_recs, lines = [], []
        if rng.random() < 0.6:
            h = rng.choice([6, 6.5, 7, 7.5, 8])
            t = rng.choice([f"Sleep: {fmt_num(h)}h", f"slept {fmt_num(h)} hrs"])
            lines.append(t)
            src_recs.append(sleep(d, h, t, None))
        lb = key in lb_weeks
        hevy = rng.random() < 0.4
        lines.append(rng.choice(["Evening Workout", "Morning Workout", "Workout A" if n % 2 == 0 else "Workout B"]))
        if not hevy:
            lines.append(f"{d:%A}, {d:%B} {d.day}, {d.year} at {rng.choice(['6:45 AM', '7:02 PM', '6:30 PM'])}")
        lines.append("")
        for name in (A if n % 2 == 0 else B):
            if name == "deadlift" or name == "lat pulldown" or name == "dumbbell curl":
                sets, reps = (1, 5) if name == "deadlift" else (3, 10)
            else:
                sets, reps = 5, 5
            w = progs[name].next()
            unit = "kg"
            if lb:
                w, unit = round(w / KG_PER_LB / 5) * 5, "lb"
            title = f"**{STRONG[name]}**" if hevy else STRONG[name]
            lines.append(title)
            seq = [(w, reps)] * sets
            if sets == 5 and rng.random() < 0.3:
                seq[-1] = (w, reps - rng.choice([1, 2]))  # the last set came up short
            block = []
            for i, (a, b) in enumerate(seq):
                sep = rng.choice(["×", "x"]) if not hevy else "x"
                s = f"Set {i + 1}: {fmt_num(a)} {unit} {sep} {b}"
                if hevy and rng.random() < 0.3:
                    s += f" @ RPE {rng.choice([7, 8, 9])}"
                block.append(s)
            lines += block + [""]
            agg = {}
            for a, b in seq:
                agg[(a, b)] = agg.get((a, b), 0) + 1
            for (a, b), c in agg.items():
                src_recs.append(lift(d, name, a, unit, c, b, " / ".join([STRONG[name]] + block), None))
        n += 1
        weeks[key].append((d, lines, src_recs))
    for key, entries in weeks.items():
        src = f"Training/{key}.md"
        out = [f"# {key}", ""]
        for d, lines, srecs in entries:
            out.append(f"## {d:%A} {d.day} {d:%b}")
            out += lines + [""]
            for r in srecs:
                r.source = src
                recs.append(r)
        if len(out) > 2:
            files[src] = "\n".join(out) + "\n"
    files["Programs/5x5 plan.md"] = """# 5x5 plan

Workout A: Squat 5x5 @ 110 kg, Bench Press 5x5 @ 80 kg, Barbell Row 5x5 @ 70 kg
Workout B: Squat 5x5 @ 110 kg, Overhead Press 5x5 @ 50 kg, Deadlift 1x5 @ 150 kg

Add 2.5 kg each session; deload 10% after three failed sessions.
"""
    return files, recs, "en"


# =========================================================================== en-strava
# Daily notes `Daily/Thu 5 Nov 2026.md`; runs pasted as Strava/Garmin summaries
# (`Morning Run · 8.02 km · 42:10 · 5:15 /km`), some in miles, sleep from a watch, steps.


def en_strava(rng, start, today):
    files, recs = {}, []
    for d in days(start, today):
        if rng.random() < 0.08:
            continue
        src = f"Daily/{d:%a} {d.day} {d:%b %Y}.md"
        out, srecs = [], []
        if rng.random() < 0.85:
            h = rng.randint(330, 500) / 60
            hh, mm = int(h), round((h - int(h)) * 60)
            if mm == 60:
                hh, mm = hh + 1, 0
            h = hh + mm / 60
            t = rng.choice([f"💤 {hh}h {mm}m · sleep score {rng.randint(60, 92)}", f"Sleep {hh}h {mm:02d}m (Garmin)",
                            f"Oura: {hh}h {mm}m total sleep, readiness {rng.randint(60, 95)}"])
            out.append(t)
            srecs.append(sleep(d, round(h, 4), t, src))
        wd = d.weekday()
        if wd in (1, 3, 5, 6) and rng.random() < 0.85:
            if wd == 6:
                km = round(rng.uniform(12, 21), 2)
                p = rng.uniform(5.4, 6.0)
            elif wd == 3 and rng.random() < 0.5:
                km = round(rng.uniform(4.95, 5.05), 2)
                p = rng.uniform(4.6, 5.1)
            else:
                km = round(rng.uniform(5, 10), 2)
                p = rng.uniform(5.0, 5.8)
            secs = round(km * p * 60)
            mins = secs / 60
            dur = hmmss(mins) if mins >= 60 else mmss(mins)
            label = {6: "Long Run", 3: "Lunch Run"}.get(wd, rng.choice(["Morning Run", "Evening Run"]))
            miles = rng.random() < 0.2
            if miles:
                mi = round(km / KM_PER_MI, 2)
                km = mi * KM_PER_MI
                t = f"{label} · {fmt_num(mi)} mi · {dur} · {mmss(mins / mi)} /mi"
            else:
                t = rng.choice([f"{label} · {fmt_num(km)} km · {dur} · {pace(km, mins)} /km",
                                f"{label} — {fmt_num(km)} km in {dur} ({pace(km, mins)}/km, avg HR {rng.randint(135, 165)})",
                                f"{label}\nDistance: {fmt_num(km)} km\nMoving time: {dur}\nPace: {pace(km, mins)} /km"])
            if rng.random() < 0.3 and "\n" not in t:
                t += f" · Elev {rng.randint(20, 180)} m"
            out.append(t)
            srecs.append(run(d, km, mins, t, src))
            if wd == 1 and rng.random() < 0.5:
                out.append("+ 6x100m strides after")
        if rng.random() < 0.7:
            n = rng.randint(6000, 22000)
            t = f"Steps: {n:,}"
            out.append(t)
            srecs.append(qty(d, "measure", "steps", n, "step", t, src))
        out.append(rng.choice(["", "Legs heavy.", "Easy effort, felt good.", "Windy.", "Need new shoes soon."]))
        files[src] = "\n\n".join(x for x in out if x) + "\n"
        recs += srecs
    files["Training/Half marathon plan.md"] = """# Half marathon plan (12 weeks)

| Week | Tue | Thu | Sun long run |
|---|---|---|---|
| 1 | 6 km easy | 5 km tempo | 12 km |
| 2 | 7 km easy | 6x800 m | 14 km |
| 3 | 8 km easy | 6 km tempo | 16 km |

Race day goal: 21.1 km in 1:55:00 (5:27 /km).
"""
    return files, recs, "en"


# =========================================================================== ja
# `日記/2026.11.05.md` (YYYY.MM.DD); `スクワット 80kg×5回×3セット`, `睡眠 6時間半`,
# `ランニング 5km 30分`, `歩数 8500歩`, `コーヒー 2杯`, a plan note.


def ja(rng, start, today):
    files, recs = {}, []
    sq, bp, dl, lp = Prog(rng, 70, 2.5), Prog(rng, 55, 2.5), Prog(rng, 90, 5), Prog(rng, 40, 2.5)
    for d in days(start, today):
        if rng.random() < 0.1:
            continue
        src = f"日記/{d:%Y.%m.%d}.md"
        out, srecs = [f"# {d.month}月{d.day}日({JA_WD[d.weekday()]})", ""], []
        if rng.random() < 0.8:
            h = rng.choice([5.5, 6, 6.5, 7, 7.5, 8])
            t = f"睡眠 {int(h)}時間半" if h % 1 else rng.choice([f"睡眠 {int(h)}時間", f"{int(h)}時間寝た"])
            out.append(f"- {t}")
            srecs.append(sleep(d, h, t, src))
        wd = d.weekday()
        if wd in (0, 3):
            out.append("- ジム")
            w = sq.next()
            t = f"スクワット {fmt_num(w)}kg×5回×3セット"
            out.append(f"  - {t}")
            srecs.append(lift(d, "squat", w, "kg", 3, 5, t, src))
            w = bp.next()
            t = rng.choice([f"ベンチプレス {fmt_num(w)}kg 10回 3セット", f"ベンチ {fmt_num(w)}kg×10回×3"])
            out.append(f"  - {t}")
            srecs.append(lift(d, "bench press", w, "kg", 3, 10, t, src))
            if wd == 3:
                w = dl.next()
                t = f"デッドリフト {fmt_num(w)}kg×5回"
                out.append(f"  - {t}")
                srecs.append(lift(d, "deadlift", w, "kg", 1, 5, t, src))
                w = lp.next()
                t = f"ラットプルダウン {fmt_num(w)}kg 12回×3セット"
                out.append(f"  - {t}")
                srecs.append(lift(d, "lat pulldown", w, "kg", 3, 12, t, src))
        elif wd in (2, 5) and rng.random() < 0.8:
            km = rng.choice([3, 4, 5, 5, 6, 8])
            m = int(km * rng.uniform(5.5, 6.8))
            t = rng.choice([f"ランニング {km}km {m}分", f"ジョギング {km}キロ {m}分", f"皇居ラン {km}km、{m}分かかった"])
            out.append(f"- {t}")
            srecs.append(run(d, km, m, t, src))
        if rng.random() < 0.6:
            n = rng.randint(4000, 13000)
            t = f"歩数 {n}歩"
            out.append(f"- {t}")
            srecs.append(qty(d, "measure", "steps", n, "step", t, src))
        if rng.random() < 0.5:
            c = rng.choice([1, 2, 3])
            t = f"コーヒー {c}杯"
            out.append(f"- {t}")
            srecs.append(qty(d, "amount", "coffee", c, "cup", t, src))
        out.append(rng.choice(["", "- 仕事が忙しかった", "- 肩が少し痛い"]))
        files[src] = "\n".join(x for x in out if x is not None) + "\n"
        recs += srecs
    files["メモ/トレーニング計画.md"] = "# トレーニング計画\n\n- 月: スクワット 100kg×5回×3セット\n- 木: デッドリフト 120kg×5回\n- 水・土: ランニング 5km\n"
    return files, recs, "ja"


PEOPLE = {"ko-blog": ko_blog, "ko-obsidian": ko_obsidian, "ko-diary": ko_diary,
          "en-apps": en_apps, "en-strava": en_strava, "ja": ja}
