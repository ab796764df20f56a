"""holdout4 people: five Korean workout-log conventions, an English powerlifter, a Brazilian
gym diary. Each function returns (files {relpath: text}, [Rec], info)."""
from __future__ import annotations

import datetime as dt

from common import Rec, fmt_num

KO_WD = "월화수목금토일"
PT_WD = ["segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"]
EN_WD = "Mon Tue Wed Thu Fri Sat Sun".split()
EN_MON = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def days(start, end):
    d = start
    while d <= end:
        yield d
        d += dt.timedelta(days=1)


def lift(d, name, w, reps, sets, text, src, unit="kg"):
    return Rec(d, "lift", name, {"weight": w, "unit": unit if w is not None else None, "sets": sets, "reps": reps},
               text, src)


def rnd(x, step=2.5):
    return round(x / step) * step


class Prog:
    """A lift's working weight that creeps up over the weeks."""

    def __init__(self, rng, base, inc, step=2.5):
        self.w, self.inc, self.step, self.rng = base, inc, step, rng

    def next(self):
        w = rnd(self.w, self.step)
        if self.rng.random() < 0.6:
            self.w += self.inc
        return w


# --------------------------------------------------------------------------- 1. ko-memo
# One running text file a year, exported from a phone memo app (as in public repos like
# "workout-tracker" records_2026.txt): bare date lines `11월 5일` (no heading mark), newest first,
# `레그프레스 120kg 12 x 4` = weight, reps x sets; `스탭밀 75층`, `걷기 10분` (no record).

def ko_memo(rng, start, today):
    recs, by_year = [], {}
    names = {"leg press": ["레그프레스"], "lat pulldown": ["랫풀다운", "랫풀다운", "랫플다운"],
             "chest press": ["체스트프레스"], "squat": ["스쿼트"], "bench press": ["벤치프레스", "벤치"],
             "seated row": ["시티드로우"], "shoulder press": ["숄더프레스"], "leg extension": ["레그익스텐션"]}
    prog = {"leg press": Prog(rng, 100, 2.5, 5), "lat pulldown": Prog(rng, 35, 0.8), "chest press": Prog(rng, 40, 1),
            "squat": Prog(rng, 60, 1.2), "bench press": Prog(rng, 45, 0.8), "seated row": Prog(rng, 35, 0.8),
            "shoulder press": Prog(rng, 25, 0.5), "leg extension": Prog(rng, 40, 1, 5)}
    days_a = [["squat", "leg press", "leg extension"], ["bench press", "chest press", "shoulder press"],
              ["lat pulldown", "seated row"]]
    k = 0
    for d in days(start, today):
        if rng.random() > 0.5:
            continue
        src = f"운동/records_{d.year}.md"
        lines = [f"{d.month}월 {d.day}일"]
        for ex in days_a[k % 3]:
            w = prog[ex].next()
            reps, sets = rng.choice([(12, 4), (10, 5), (15, 3), (12, 3), (10, 4)])
            nm = rng.choice(names[ex])
            line = rng.choice([f"{nm} {fmt_num(w)}kg {reps} x {sets}", f"{nm} {fmt_num(w)}kg {reps}x{sets}",
                               f"{nm} {fmt_num(w)}kg {reps}회 x {sets}"])
            lines.append(line)
            recs.append(lift(d, ex, w, reps, sets, line, src))
        k += 1
        r = rng.random()
        if r < 0.3:
            lines.append(f"스탭밀 {rng.choice([50, 60, 75, 80])}층")
        elif r < 0.5:
            lines.append(f"걷기 {rng.choice([10, 15, 20])}분")
        elif r < 0.7:
            km = rng.choice([2, 3, 3.5, 4])
            mins = round(km * rng.uniform(6.2, 7.5))
            line = f"러닝머신 {fmt_num(km)}km {mins}분"
            lines.append(line)
            recs.append(Rec(d, "run", "run", {"distance_km": km, "duration_min": float(mins)}, line, src))
        by_year.setdefault(d.year, []).append("\n".join(lines))
    files = {}
    for y, blocks in by_year.items():
        files[f"운동/records_{y}.md"] = "\n\n".join(reversed(blocks)) + "\n"
    files["운동/루틴 메모.md"] = ("월 하체: 스쿼트 60kg 12 x 4, 레그프레스 120kg 12 x 4\n"
                             "수 가슴: 벤치 50kg 10 x 5, 체스트프레스 45kg 12 x 4\n"
                             "금 등: 랫풀다운 40kg 12 x 4, 시티드로우 40kg 12 x 4\n")
    info = {"lang": "ko", "lifts": ["leg press", "lat pulldown", "squat", "bench press", "chest press"]}
    return files, recs, info


# --------------------------------------------------------------------------- 2. ko-daily
# Obsidian daily notes `Daily/2026-11-05.md`: frontmatter tags, `## 기록` with Dataview inline
# fields (`수면:: 7.5`, `체중:: 72.3`, `걸음수:: 8432`, `기상:: 06:30`), `## 운동` with a `###` heading
# per exercise over set lines `- 1set 60kg 10rep`, `## 식단` (커피 2잔), `## 회고` with plans.

def ko_daily(rng, start, today):
    files, recs = {}, []
    split = [("가슴", [("bench press", "벤치프레스", 50), ("incline dumbbell press", "인클라인 덤벨프레스", 16),
                      ("fly", "펙덱", 35)]),
             ("등", [("lat pulldown", "랫풀다운", 40), ("row", "바벨로우", 40), ("seated row", "시티드로우", 35)]),
             ("하체", [("squat", "스쿼트", 70), ("leg press", "레그프레스", 120), ("leg extension", "레그익스텐션", 40)])]
    prog = {ex: Prog(rng, base, base * 0.012) for _, exs in split for ex, _, base in exs}
    k = 0
    for d in days(start, today):
        src = f"Daily/{d.isoformat()}.md"
        fm = "---\ntags: [daily]\n---\n"
        rec_lines = []
        sleep = rng.choice([5.5, 6, 6.5, 7, 7.5, 8, 6.25, 7.25])
        if rng.random() < 0.85:
            rec_lines.append(f"- 기상:: {rng.choice(['06:10', '06:30', '07:00', '07:20'])}")
            line = f"- 수면:: {fmt_num(sleep)}"
            rec_lines.append(line)
            recs.append(Rec(d, "sleep", "sleep", {"hours": sleep}, line, src))
        rec_lines.append(f"- 체중:: {fmt_num(rng.uniform(71.5, 73.5), 1)}")
        if rng.random() < 0.7:
            steps = rng.randint(4000, 13000)
            line = f"- 걸음수:: {steps}"
            rec_lines.append(line)
            recs.append(Rec(d, "measure", "steps", {"value": steps, "unit": "step"}, line, src))
        body = fm + "## 기록\n" + "\n".join(rec_lines) + "\n\n## 운동\n"
        if d.weekday() < 6 and rng.random() < 0.7:
            part, exs = split[k % 3]
            k += 1
            body += f"헬스장 {rng.choice(['7시', '저녁 8시', '퇴근하고 7시 반'])}. {part} 날.\n\n"
            for ex, nm, _ in exs:
                w = prog[ex].next()
                body += f"### {nm}\n"
                ws = [w - 10, w - 5, w] if w > 20 else [w - 4, w - 2, w]
                reps = [12, 10, 8]
                for i, (ww, rr) in enumerate(zip(ws, reps), 1):
                    line = rng.choice([f"- {i}set {fmt_num(ww)}kg {rr}rep", f"- {i}세트 {fmt_num(ww)}kg {rr}회"])
                    body += line + "\n"
                    recs.append(lift(d, ex, ww, rr, 1, line, src))
                body += "\n"
            if rng.random() < 0.5:
                body += f"마무리 천국의 계단 {rng.choice([10, 15, 20])}분\n"
        else:
            body += rng.choice(["휴식", "쉬는 날", "오늘은 패스. 야근."]) + "\n"
        body += "\n## 식단\n"
        body += f"- 아침: {rng.choice(['그릭요거트, 바나나', '계란 3개, 고구마', '굶음'])}\n"
        body += f"- 점심: {rng.choice(['제육볶음', '샐러드', '김치찌개', '닭가슴살 도시락'])}\n"
        if rng.random() < 0.6:
            c = rng.choice([1, 2, 2, 3])
            line = f"- 커피 {c}잔"
            body += line + "\n"
            recs.append(Rec(d, "amount", "coffee", {"value": c, "unit": "cup"}, line, src))
        body += "\n## 회고\n"
        body += rng.choice(["컨디션 괜찮았음", "잠이 부족해서 힘들었다", "", "다음엔 벤치 65 도전",
                            "내일: 하체", "다음 주부터 스쿼트 5kg 올리기"]) + "\n"
        files[src] = body
    files["운동 루틴.md"] = ("# 3분할 루틴\n\n## 가슴\n- 벤치프레스 5세트 (60kg 10회 목표)\n- 인클라인 덤벨프레스 4세트\n"
                          "- 펙덱 3세트\n\n## 등\n- 랫풀다운 4세트 50kg\n- 바벨로우 4세트\n\n## 하체\n"
                          "- 스쿼트 5x5 80kg\n- 레그프레스 4세트 140kg\n")
    info = {"lang": "ko", "lifts": ["bench press", "lat pulldown", "squat", "leg press", "fly"]}
    return files, recs, info


# --------------------------------------------------------------------------- 3. ko-table
# One note per session `헬스/2026-11-05 가슴삼두.md`, frontmatter `date:` + `tags: [운동]`,
# a table `| 운동 | 무게 | 횟수 | 세트 |`, bodyweight `맨몸`, plates in brackets
# `80 (원판 30 양쪽)`, `유산소: 트레드밀 30분 5km`, a routine note with the same table and no date.

def ko_table(rng, start, today):
    files, recs = {}, []
    sessions = [("가슴삼두", [("bench press", "벤치프레스", 60, 10, 4), ("fly", "케이블 크로스오버", 15, 15, 3),
                          ("dip", "딥스", None, 12, 3), ("triceps pushdown", "케이블 푸시다운", 25, 15, 4)]),
                ("하체", [("squat", "스쿼트", 80, 5, 5), ("leg press", "레그프레스", 140, 12, 4),
                        ("leg curl", "레그컬", 35, 12, 3)]),
                ("등이두", [("deadlift", "데드리프트", 100, 5, 3), ("lat pulldown", "랫풀다운", 50, 12, 4),
                         ("pull-up", "턱걸이", None, 8, 3)])]
    prog = {ex: Prog(rng, w, w * 0.01) for _, exs in sessions for ex, _, w, _, _ in exs if w}
    k = 0
    for d in days(start, today):
        if rng.random() > 0.55:
            continue
        title, exs = sessions[k % 3]
        k += 1
        src = f"헬스/{d.isoformat()} {title}.md"
        t = f"---\ndate: {d.isoformat()}\ntags: [운동, {title}]\n---\n# {title}\n\n"
        t += "| 운동 | 무게 | 횟수 | 세트 |\n|---|---|---|---|\n"
        for ex, nm, w0, reps, sets in exs:
            if w0 is None:
                t += f"| {nm} | 맨몸 | {reps} | {sets} |\n"
                recs.append(lift(d, ex, None, reps, sets, f"| {nm} | 맨몸 | {reps} | {sets} |", src))
                continue
            w = prog[ex].next()
            if ex in ("squat", "deadlift") and rng.random() < 0.5:
                per = (w - 20) / 2
                cell = f"{fmt_num(w)} (원판 {fmt_num(per)} 양쪽)"
            else:
                cell = rng.choice([f"{fmt_num(w)}kg", f"{fmt_num(w)}"])
            row = f"| {nm} | {cell} | {reps} | {sets} |"
            t += row + "\n"
            recs.append(lift(d, ex, w, reps, sets, row, src))
        t += "\n"
        r = rng.random()
        if r < 0.45:
            mins = rng.choice([20, 25, 30])
            km = round(mins / rng.uniform(5.5, 7.0), 1)
            line = f"유산소: 트레드밀 {mins}분 {fmt_num(km)}km"
            t += line + "\n"
            recs.append(Rec(d, "run", "run", {"distance_km": km, "duration_min": float(mins)}, line, src))
        elif r < 0.65:
            t += f"유산소: 사이클 {rng.choice([15, 20])}분\n"
        t += "\n> " + rng.choice(["마지막 세트 보조받음. 다음 주 62.5 도전", "펌핑 좋았음", "허리 조심",
                                  "다음엔 세트 수 늘리기"]) + "\n"
        files[src] = t
    files["헬스/루틴.md"] = ("# 3분할 루틴 (월/수/금)\n\n| 운동 | 무게 | 횟수 | 세트 |\n|---|---|---|---|\n"
                          "| 벤치프레스 | 65kg | 10 | 4 |\n| 스쿼트 | 90kg | 5 | 5 |\n| 데드리프트 | 110kg | 5 | 3 |\n")
    files["헬스/3대 목표.md"] = "# 올해 목표\n- 스쿼트 120kg\n- 벤치 80kg\n- 데드 150kg\n3대 350 찍기!\n"
    info = {"lang": "ko", "lifts": ["bench press", "squat", "deadlift", "leg press", "lat pulldown"], "big3": True,
            "bodyweight": ["pull-up"]}
    return files, recs, info


# --------------------------------------------------------------------------- 4. ko-mix
# English-Korean mix in `journal/2026-11-05 (수).md`: `Bench Press 60kg x 10 x 3` (weight x reps
# x sets), `Squat 80kg 5x5`, `Deadlift 100kg x 5 PR!!`, supersets `슈퍼세트: 랫풀다운 50kg 12회 +
# 시티드로우 40kg 12회 (3라운드)`, drop sets, `06:30 기상 (취침 23:40)`, runs `러닝 5.2km 28:40`,
# dates that are not logs (`11/28 PT 예약`).

def ko_mix(rng, start, today):
    files, recs = {}, []
    bench, squat, dead = Prog(rng, 57.5, 0.7), Prog(rng, 75, 1.0), Prog(rng, 95, 1.2)
    lat, row = Prog(rng, 45, 0.5), Prog(rng, 35, 0.5)
    k = 0
    for d in days(start, today):
        src = f"journal/{d.isoformat()} ({KO_WD[d.weekday()]}).md"
        lines = []
        if rng.random() < 0.8:
            bed_h, bed_m = rng.choice([(23, 40), (0, 10), (23, 0), (0, 30), (22, 50)])
            up_h, up_m = rng.choice([(6, 30), (7, 0), (6, 50), (7, 20)])
            hrs = (up_h * 60 + up_m - (bed_h * 60 + bed_m) + (1440 if bed_h > 12 else 0)) / 60
            line = f"{up_h:02d}:{up_m:02d} 기상 (취침 {bed_h:02d}:{bed_m:02d})"
            lines.append(line)
            recs.append(Rec(d, "sleep", "sleep", {"hours": round(hrs, 3)}, line, src))
        r = rng.random()
        if r < 0.5 and d.weekday() < 6:
            lines.append(f"헬스장 {rng.choice(['7시', '6시 반', '점심시간'])}")
            lines.append("")
            kind = k % 2
            k += 1
            if kind == 0:
                w = bench.next()
                line = f"Bench Press {fmt_num(w)}kg x 10 x 3"
                lines.append(line)
                recs.append(lift(d, "bench press", w, 10, 3, line, src))
                w = squat.next()
                line = f"Squat {fmt_num(w)}kg 5x5" + rng.choice(["", " — 무릎 살짝 불편", " 굿"])
                lines.append(line)
                recs.append(lift(d, "squat", w, 5, 5, line, src))
            else:
                w = dead.next()
                line = f"Deadlift {fmt_num(w)}kg x 5" + rng.choice(["", " PR!!", " 허리 조심"])
                lines.append(line)
                recs.append(lift(d, "deadlift", w, 5, 1, line, src))
                w1, w2 = lat.next(), row.next()
                line = f"슈퍼세트: 랫풀다운 {fmt_num(w1)}kg 12회 + 시티드로우 {fmt_num(w2)}kg 12회 (3라운드)"
                lines.append(line)
                recs.append(lift(d, "lat pulldown", w1, 12, 3, line, src))
                recs.append(lift(d, "seated row", w2, 12, 3, line, src))
            if rng.random() < 0.5:
                lines.append("드롭세트 덤벨컬 14→10→6kg 실패지점까지")
        elif r < 0.8:
            km = round(rng.uniform(4, 10), 1)
            mins = km * rng.uniform(5.2, 6.3)
            t = f"{int(mins)}:{int(round((mins % 1) * 60)) % 60:02d}"
            mins = int(mins) + (int(round((mins % 1) * 60)) % 60) / 60
            line = rng.choice([f"러닝 {fmt_num(km)}km {t}", f"Run {fmt_num(km)}km {t} 한강", f"러닝 {fmt_num(km)}km ({t})"])
            lines.append(line)
            recs.append(Rec(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 3)}, line, src))
        if rng.random() < 0.25:
            nd = d + dt.timedelta(days=rng.randint(3, 9))
            lines.append(rng.choice([f"{nd.month}/{nd.day} PT 예약", f"{nd.month}월 {nd.day}일 인바디 측정 예정"]))
        if rng.random() < 0.2:
            lines.append(rng.choice(["내일: 하체", "next: bench 65kg 도전", "Next week deload"]))
        if not lines:
            continue
        files[src] = "\n".join(lines) + "\n"
    files["journal/goals 2026.md"] = "# 2026 goals\n- Bench 80kg x 1\n- Squat 100kg 5x5\n- 하프마라톤 완주 (21.1km)\n"
    info = {"lang": "ko", "lifts": ["bench press", "squat", "deadlift", "lat pulldown"], "big3": True}
    return files, recs, info


# --------------------------------------------------------------------------- 5. ko-run
# A runner's notes `러닝/2026-11-05 저녁런.md`: half carry the run only as Obsidian properties
# (`distance: 7.2`, `time: 41:20`, `pace: 5'44"`) with a prose body, half as a body line
# `반포 한강 7.2km 41분 20초 (페이스 5'44")`; `수면 6시간 40분`; races `대회/2026-11-15 ... 10K.md`;
# a goals note.

def ko_run(rng, start, today):
    files, recs = {}, []
    places = ["반포 한강", "올림픽공원", "동네 한 바퀴", "석촌호수", "트랙"]
    for d in days(start, today):
        if rng.random() > 0.45:
            continue
        title = rng.choice(["저녁런", "아침런", "이지런", "LSD", "회복런"])
        km = round(rng.uniform(14, 21), 1) if title == "LSD" else round(rng.uniform(4, 9), 1)
        pace = rng.uniform(5.1, 6.4)
        secs = round(km * pace * 60)
        mins = secs / 60
        mm, ss = divmod(secs, 60)
        hh, mm2 = divmod(mm, 60)
        tstr = f"{hh}:{mm2:02d}:{ss:02d}" if hh else f"{mm}:{ss:02d}"
        ps = round(pace * 60)
        pstr = f"{ps // 60}'{ps % 60:02d}\""
        src = f"러닝/{d.isoformat()} {title}.md"
        if rng.random() < 0.5:
            t = (f"---\ndate: {d.isoformat()}\ntype: 러닝\ndistance: {fmt_num(km)}\ntime: \"{tstr}\"\n"
                 f"pace: {pstr}\n---\n" + rng.choice(["다리 무거웠음. 그래도 완주.", "날씨 좋아서 기분 최고",
                                                     "케이던스 신경 쓰면서 뛰었다", "바람 많이 불었음"]) + "\n")
            text = f"distance: {fmt_num(km)} / time: {tstr}"
        else:
            kor_t = (f"{hh}시간 {mm2}분 {ss}초" if hh else f"{mm}분 {ss}초")
            text = rng.choice([f"{rng.choice(places)} {fmt_num(km)}km {kor_t} (페이스 {pstr})",
                               f"{rng.choice(places)} {fmt_num(km)}km, {tstr}, 평균 페이스 {pstr}/km, 케이던스 {rng.randint(165, 180)}"])
            t = f"---\ndate: {d.isoformat()}\ntags: [러닝]\n---\n{text}\n심박 평균 {rng.randint(140, 165)}\n"
        recs.append(Rec(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 3)}, text, src))
        if rng.random() < 0.5:
            h, m = rng.choice([(6, 40), (7, 0), (5, 50), (7, 30), (6, 0)])
            line = f"수면 {h}시간" + (f" {m}분" if m else "")
            t += line + "\n"
            recs.append(Rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 3)}, line, src))
        files[src] = t
    # one 10K race, some 5K time trials
    race = today - dt.timedelta(days=rng.randint(10, 30))
    rsecs = rng.randint(47 * 60, 52 * 60)
    src = f"러닝/대회/{race.isoformat()} 가을 10K 대회.md"
    files[src] = (f"# 가을 10K\n\n기록 {rsecs // 60}:{rsecs % 60:02d} (10km)\n\n"
                  "출발 8시. 5km 지점까지 너무 빨리 나가서 후반에 퍼짐.\n다음 목표: 하프 2시간 이내\n")
    recs.append(Rec(race, "run", "run", {"distance_km": 10.0, "duration_min": round(rsecs / 60, 3)},
                    f"기록 {rsecs // 60}:{rsecs % 60:02d} (10km)", src))
    files["러닝/러닝 목표.md"] = "# 11월 목표\n- 월 100km\n- 주 3회 이상\n- LSD 20km 1회\n- 5km 24분 안쪽\n"
    info = {"lang": "ko", "lifts": []}
    return files, recs, info


# --------------------------------------------------------------------------- 6. en-lifter
# An English powerlifter's weekly file `Training/2026 week 45.md` with `## Mon 2 Nov` headings:
# `Squat 5x3 @ 140 RPE 8 (75%)`, 5/3/1 sets `Bench 80x3, 85x3, 90x6 (wk2, AMRAP last)`,
# `worked up to 200x1 @8.5, then 3x3 @ 170`, `BW 92.4`, `slept 7h10`; next-week plans with numbers.

def en_lifter(rng, start, today):
    files, recs = {}, []
    sq, bp, dl, ohp = Prog(rng, 135, 0.9), Prog(rng, 85, 0.5), Prog(rng, 170, 1.0), Prog(rng, 55, 0.3)
    weeks = {}
    for d in days(start, today):
        if d.weekday() not in (0, 2, 4, 5):
            continue
        src_week = d - dt.timedelta(days=d.weekday())
        iso_y, iso_w, _ = d.isocalendar()
        src = f"Training/{iso_y} week {iso_w:02d}.md"
        head = f"## {EN_WD[d.weekday()]} {d.day} {EN_MON[d.month - 1]}"
        lines = [head]
        if rng.random() < 0.8:
            h, m = rng.choice([(7, 10), (6, 45), (8, 0), (7, 30), (6, 20)])
            line = f"BW {fmt_num(rng.uniform(91, 93.5), 1)}, slept {h}h{m:02d}" if m else f"BW 92, slept {h}h"
            lines.append(line)
            recs.append(Rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 3)}, line, src))
        wd = d.weekday()
        if wd in (0, 4):
            w = sq.next()
            pct = rng.choice([70, 75, 80])
            line = rng.choice([f"Squat 5x3 @ {fmt_num(w)} RPE {rng.choice([7, 7.5, 8])} ({pct}%)",
                               f"Squat 3x3 @ {fmt_num(w)} RPE 8"])
            sets = 5 if line.startswith("Squat 5x3") else 3
            lines.append(line)
            recs.append(lift(d, "squat", w, 3, sets, line, src))
            w = bp.next()
            a, b = rnd(w * 0.9), rnd(w * 0.95)
            amrap = rng.choice([5, 6, 7])
            line = f"Bench {fmt_num(a)}x3, {fmt_num(b)}x3, {fmt_num(w)}x{amrap} (5/3/1 wk2, AMRAP last)"
            lines.append(line)
            for ww, rr in ((a, 3), (b, 3), (w, amrap)):
                recs.append(lift(d, "bench press", ww, rr, 1, line, src))
        elif wd == 2:
            top = dl.next()
            back = rnd(top * 0.85)
            line = f"Deadlift: worked up to {fmt_num(top)}x1 @8.5, then 3x3 @ {fmt_num(back)}"
            lines.append(line)
            recs.append(lift(d, "deadlift", top, 1, 1, line, src))
            recs.append(lift(d, "deadlift", back, 3, 3, line, src))
            w = ohp.next()
            line = f"OHP 4x6 @ {fmt_num(w)}"
            lines.append(line)
            recs.append(lift(d, "overhead press", w, 6, 4, line, src))
        else:
            w = rnd(rng.uniform(55, 70))
            line = f"Rows 4x10 @ {fmt_num(w)}, chins 3x8"
            lines.append(line)
            recs.append(lift(d, "row", w, 10, 4, line, src))
            recs.append(lift(d, "chin-up", None, 8, 3, line, src))
        lines.append(rng.choice(["Felt good.", "Hips shot.", "Bar speed ok, grindy last rep.", ""]))
        weeks.setdefault(src, [f"# Week {iso_w} (kg)\n", "Plan: Mon SQ/BP, Wed DL/OHP, Fri SQ/BP, Sat back\n"])
        weeks[src].append("\n".join(lines) + "\n")
    for src, parts in weeks.items():
        parts.append(f"## Next week\nSquat 3x3 @ {fmt_num(rnd(sq.w + 5))}, Bench 5/3/1 wk3, Deadlift 1x5 @ {fmt_num(rnd(dl.w))}\n")
        files[src] = "\n".join(parts)
    files["Training/Program - 531 BBB.md"] = ("# 5/3/1 Boring But Big\nWeek 1: 65%x5, 75%x5, 85%x5+\n"
                                              "Week 2: 70%x3, 80%x3, 90%x3+\nWeek 3: 75%x5, 85%x3, 95%x1+\n"
                                              "BBB: 5x10 @ 50%\nTraining max: squat 180, bench 110, deadlift 220\n")
    info = {"lang": "en", "lifts": ["squat", "bench press", "deadlift", "overhead press"], "big3": True}
    return files, recs, info


# --------------------------------------------------------------------------- 7. pt-treino
# A Brazilian gym diary `Treinos/05-11-2026.md` (DD-MM-YYYY): `# Treino B - costas e bíceps`,
# `Supino reto 4x10 60kg`, `Agachamento livre 4x8 - 60kg`, `Puxada frontal 4x12 com 50kg`,
# `Esteira: corri 5 km em 27 min`, `Dormi 7h` / `Dormi 6h30`, `2 cafés`, plans `Próximo treino: ...`.

def pt_treino(rng, start, today):
    files, recs = {}, []
    tre = [("A - peito e tríceps", [("bench press", "Supino reto", 60), ("leg press", "Leg press", 180)]),
           ("B - costas e bíceps", [("lat pulldown", "Puxada frontal", 50), ("row", "Remada curvada", 40),
                                    ("deadlift", "Levantamento terra", 100)]),
           ("C - pernas", [("squat", "Agachamento livre", 60), ("leg press", "Leg press", 180)])]
    prog = {ex: Prog(rng, w, w * 0.01) for _, exs in tre for ex, _, w in exs}
    k = 0
    for d in days(start, today):
        lines = []
        if d.weekday() < 5 and rng.random() < 0.65:
            title, exs = tre[k % 3]
            k += 1
            lines.append(f"# Treino {title}")
            for ex, nm, _ in exs:
                w = prog[ex].next()
                sets, reps = rng.choice([(4, 10), (4, 8), (3, 12), (4, 12)])
                line = rng.choice([f"{nm} {sets}x{reps} {fmt_num(w)}kg", f"{nm} {sets}x{reps} - {fmt_num(w)}kg",
                                   f"{nm} {sets}x{reps} com {fmt_num(w)}kg"])
                lines.append(line)
                recs.append(lift(d, ex, w, reps, sets, line, d and ""))
        if rng.random() < 0.35:
            km = rng.choice([3, 4, 5, 5, 6, 8])
            mins = round(km * rng.uniform(5.3, 6.5))
            line = rng.choice([f"Esteira: corri {km} km em {mins} min", f"Corrida {km}km {mins}min"])
            lines.append(line)
            recs.append(Rec(d, "run", "run", {"distance_km": float(km), "duration_min": float(mins)}, line, ""))
        if rng.random() < 0.7:
            h, m = rng.choice([(7, 0), (6, 30), (8, 0), (5, 45), (7, 30)])
            line = f"Dormi {h}h" + (f"{m}" if m else "")
            lines.append(line)
            recs.append(Rec(d, "sleep", "sleep", {"hours": round(h + m / 60, 3)}, line, ""))
        if rng.random() < 0.5:
            c = rng.choice([1, 2, 3])
            line = f"{c} {'café' if c == 1 else 'cafés'}"
            lines.append(line)
            recs.append(Rec(d, "amount", "coffee", {"value": c, "unit": "cup"}, line, ""))
        if rng.random() < 0.2:
            lines.append(rng.choice(["Próximo treino: supino 62kg", "Amanhã: pernas", "Semana que vem subir o terra pra 110"]))
        if not lines:
            continue
        src = f"Treinos/{d.day:02d}-{d.month:02d}-{d.year}.md"
        for r in recs:
            if r.date == d:
                r.source = src
        files[src] = "\n".join(lines) + "\n"
    files["Treinos/Ficha de treino.md"] = ("# Ficha (ABC)\n## Treino A\nSupino reto 4x10\nLeg press 4x12\n"
                                           "## Treino B\nPuxada frontal 4x12\nRemada curvada 4x10\nLevantamento terra 3x5\n"
                                           "## Treino C\nAgachamento livre 4x8 - 70kg\n")
    info = {"lang": "pt", "lifts": ["bench press", "squat", "deadlift", "lat pulldown", "leg press"], "big3": True}
    return files, recs, info


PEOPLE = {"ko-memo": ko_memo, "ko-daily": ko_daily, "ko-table": ko_table, "ko-mix": ko_mix, "ko-run": ko_run,
          "en-lifter": en_lifter, "pt-treino": pt_treino}
