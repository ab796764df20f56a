"""holdout5 people: five Korean publishing/export conventions, a Japanese 筋トレ log, a Reddit-style
English lifter. Each person function returns (files, records, info)."""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import KM_PER_MI, Rec, daterange, fmt_num, mmss  # noqa: E402

KO_WD = "월화수목금토일"
JA_WD = "月火水木金土日"


def lift(d, name, w, unit, sets, reps, text, src):
    return Rec(d, "lift", name, {"weight": w, "unit": unit, "sets": sets, "reps": reps}, text, src)


def run(d, km, minutes, text, src):
    return Rec(d, "run", "run", {"distance_km": round(km, 3), "duration_min": minutes}, text, src)


def sleep(d, h, text, src):
    return Rec(d, "sleep", "sleep", {"hours": round(h, 4)}, text, src)


def qty(d, kind, name, v, unit, text, src):
    return Rec(d, kind, name, {"value": v, "unit": unit}, text, src)


class Prog:
    """A lift's working weight: starts at `w0`, goes up by `inc` every `every` sessions."""
    def __init__(self, w0, inc, every):
        self.w, self.inc, self.every, self.n = w0, inc, every, 0

    def next(self, rng):
        self.n += 1
        if self.n % self.every == 0:
            self.w += self.inc
        return self.w


def sets_block(rng, w, reps, nsets, short_last=True):
    """Set-by-set list of (weight, reps); the last set may come up short."""
    out = [(w, reps)] * nsets
    if short_last and rng.random() < 0.35:
        out[-1] = (w, reps - rng.choice([1, 2]))
    return out


def group(sets):
    """Distinct (weight, reps) -> count, in first-seen order."""
    g = {}
    for s in sets:
        g[s] = g.get(s, 0) + 1
    return g


def hm_ko(h):
    m = round(h * 60)
    return f"{m // 60}시간 {m % 60}분" if m % 60 else f"{m // 60}시간"


def sleep_hours(rng, lo=5.5, hi=8.0):
    return round(rng.uniform(lo, hi) * 12) / 12  # 5-minute steps


# --------------------------------------------------------------------------- ko-jekyll
def ko_jekyll(rng, start, today):
    """Jekyll blog: _posts/YYYY-MM-DD-workout-day-N.md; frontmatter date with time and +0900;
    title `[운동일지] Day N - 하체`; `### 스쿼트` over set lines `1세트 60kg 12회`, `본세트 80kg x 8회 x 4`."""
    files, recs = {}, []
    days = {"하체": [("squat", "스쿼트", Prog(80, 2.5, 2)), ("leg press", "레그프레스", Prog(140, 10, 3))],
            "가슴": [("bench press", "벤치프레스", Prog(60, 2.5, 2)), ("chest press", "체스트프레스", Prog(40, 5, 3))],
            "등": [("deadlift", "데드리프트", Prog(100, 5, 2)), ("lat pulldown", "랫풀다운", Prog(45, 5, 3))]}
    order = ["하체", "가슴", "등"]
    k, day_no = 0, 30
    for d in daterange(start, today):
        if d.weekday() not in (0, 2, 4, 5) or rng.random() < 0.15:
            continue
        part = order[k % 3]
        k += 1
        day_no += 1
        src = f"_posts/{d.isoformat()}-workout-day-{day_no}.md"
        hh, mm = rng.choice([20, 21, 22]), rng.randint(0, 59)
        lines = ["---", "layout: post", f'title: "[운동일지] Day {day_no} - {part}"',
                 f"date: {d.isoformat()} {hh}:{mm:02d}:00 +0900", "categories: [health]",
                 f"tags: [운동일지, {part}, 헬스]", "---", "",
                 rng.choice(["퇴근하고 헬스장 ㄱㄱ", "오늘도 출석 완료.", "컨디션 보통. 사람 많았음."]), "",
                 "## 오늘의 운동", ""]
        for name, ko, prog in days[part]:
            w = prog.next(rng)
            lines.append(f"### {rng.choice([ko, ko.replace('프레스', ' 프레스') if '프레스' in ko else ko])}")
            lines.append("- 웜업 가볍게 2세트")
            if rng.random() < 0.5:
                reps = rng.choice([8, 10, 12])
                sets = sets_block(rng, w, reps, 4)
                for i, (sw, sr) in enumerate(sets, 1):
                    lines.append(f"- {i}세트 {fmt_num(sw)}kg {sr}회")
                for (sw, sr), n in group(sets).items():
                    recs.append(lift(d, name, sw, "kg", n, sr, f"{ko} set lines", src))
            else:
                reps, n = rng.choice([(8, 4), (10, 4), (5, 5)])
                t = f"- 본세트 {fmt_num(w)} x {reps} x {n}"
                lines.append(t + rng.choice(["", " (마지막 세트 겨우)", " 👍"]))
                recs.append(lift(d, name, w, "kg", n, reps, t, src))
            lines.append("")
        if rng.random() < 0.5:
            lines += ["## 유산소", "", rng.choice(["- 사이클 20분 150kcal", "- 천국의 계단 15분 52층", "- 인클라인 걷기 20분"]), ""]
        lines += ["## 느낀점", "", rng.choice(["자세 신경쓰면서 했다.", "다음엔 무게 조금 올려보기.",
                                            f"다음 {part} 때는 {fmt_num(w + 5)}kg 도전!"]), ""]
        files[src] = "\n".join(lines)
    files["_pages/routine.md"] = ("---\nlayout: page\ntitle: 내 3분할 루틴\npermalink: /routine/\n---\n\n"
                                  "## 하체\n- 스쿼트 80kg 5x5\n- 레그프레스 140kg 12회 4세트\n\n"
                                  "## 가슴\n- 벤치프레스 60kg 8회 4세트\n\n## 등\n- 데드리프트 100kg 5회 5세트\n- 랫풀다운 45kg 12회 4세트\n")
    files["about.md"] = "---\nlayout: page\ntitle: About\n---\n\n헬린이 성장기. 3대 400 목표!\n"
    info = {"lang": "ko", "lifts": ["squat", "bench press", "deadlift", "leg press", "lat pulldown"], "big3": True}
    return files, recs, info


# --------------------------------------------------------------------------- ko-notion
def notion_hash(rng):
    return "".join(rng.choice("0123456789abcdef") for _ in range(32))


def ko_notion(rng, start, today):
    """Notion database export: `운동 기록 <hash>/<title> <hash>.md`; properties as plain
    `날짜: 2026년 11월 5일` lines under the title, then a table of lifts; run pages with
    `거리: 5.2 km` / `시간: 31분 20초` properties; a routine page with no date."""
    files, recs = {}, []
    folder = f"운동 기록 {notion_hash(rng)}"
    progs = {"bench press": Prog(55, 2.5, 2), "overhead press": Prog(35, 2.5, 3), "row": Prog(50, 2.5, 2),
             "lat pulldown": Prog(40, 5, 3), "squat": Prog(70, 5, 2), "leg press": Prog(120, 10, 2)}
    ko = {"bench press": "벤치프레스", "overhead press": "오버헤드 프레스", "row": "바벨로우", "lat pulldown": "랫풀다운",
          "squat": "스쿼트", "leg press": "레그프레스"}
    splits = [("상체 A", ["bench press", "overhead press", "row"]), ("하체", ["squat", "leg press"]),
              ("상체 B", ["lat pulldown", "bench press"])]
    k = 0
    used_titles = {}
    for d in daterange(start, today):
        wd = d.weekday()
        date_ko = f"{d.year}년 {d.month}월 {d.day}일"
        if wd in (0, 2, 4) and rng.random() > 0.12:
            title, ex = splits[k % 3]
            k += 1
            used_titles[title] = used_titles.get(title, 0) + 1
            src = f"{folder}/{title} {notion_hash(rng)}.md"
            lines = [f"# {title}", "", f"날짜: {date_ko}", f"부위: {title.split()[0]}",
                     f"컨디션: {rng.choice(['좋음', '보통', '피곤'])}", f"운동시간: {rng.choice([55, 70, 80])}분", "",
                     "| 운동 | 무게(kg) | 횟수 | 세트 | 메모 |", "| --- | --- | --- | --- | --- |"]
            for e in ex:
                w = progs[e].next(rng)
                reps, sets = rng.choice([(10, 3), (8, 4), (12, 3), (5, 5)])
                lines.append(f"| {ko[e]} | {fmt_num(w)} | {reps} | {sets} | {rng.choice(['', '', '자극 좋음', '폼 체크'])} |")
                recs.append(lift(d, e, w, "kg", sets, reps, lines[-1], src))
            files[src] = "\n".join(lines) + "\n"
        elif wd in (1, 5) and rng.random() > 0.2:
            km = round(rng.uniform(4.0, 8.5), 2)
            pace = rng.uniform(5.5, 6.6)
            total_s = round(km * pace * 60)
            src = f"{folder}/러닝 {notion_hash(rng)}.md"
            lines = ["# 러닝", "", f"날짜: {date_ko}", "종류: 유산소", f"거리: {fmt_num(km)} km",
                     f"시간: {total_s // 60}분 {total_s % 60}초", f"장소: {rng.choice(['한강', '동네 공원', '트랙'])}", "",
                     rng.choice(["무릎 괜찮았음.", "바람 많이 불었다.", "후반에 페이스 올림."]), ""]
            recs.append(run(d, km, round(total_s / 60, 4), f"거리: {fmt_num(km)} km", src))
            files[src] = "\n".join(lines)
    files[f"{folder}.md"] = "# 운동 기록\n\n| 이름 | 날짜 | 부위 |\n| --- | --- | --- |\n"
    files[f"루틴 {notion_hash(rng)}.md"] = ("# 주 3회 루틴\n\n상태: 진행중\n목표: 벤치 80kg\n\n| 운동 | 무게(kg) | 횟수 | 세트 |\n"
                                          "| --- | --- | --- | --- |\n| 벤치프레스 | 60 | 8 | 4 |\n| 스쿼트 | 80 | 5 | 5 |\n")
    info = {"lang": "ko", "lifts": ["bench press", "squat", "row", "leg press", "overhead press"], "big3": False}
    return files, recs, info


# --------------------------------------------------------------------------- ko-bodyprofile
def ko_bodyprofile(rng, start, today):
    """Body-profile countdown `바디프로필/2026.11.05 D-45.md`: 공복 체중 / 체지방, meals with food
    grams, one `총 1650kcal / 단백질 142g` line, `오운완` part, lifts incl. per-hand dumbbells,
    cardio by machine (no record), `수면 점수 82 (6시간 41분)`."""
    files, recs = {}, []
    shoot = today + dt.timedelta(days=20)
    progs = {"bench press": Prog(50, 2.5, 3), "dumbbell shoulder press": Prog(12, 2, 4), "lat pulldown": Prog(40, 5, 3),
             "squat": Prog(60, 5, 3), "leg press": Prog(100, 10, 2)}
    plan = [("가슴+어깨", [("bench press", "벤치프레스"), ("dumbbell shoulder press", "덤벨 숄더프레스")]),
            ("등", [("lat pulldown", "랫 풀 다운")]), ("하체", [("squat", "스쿼트"), ("leg press", "레그 프레스")])]
    k = 0
    bw = 72.0
    for d in daterange(start, today):
        if rng.random() < 0.1:
            continue
        dd = (shoot - d).days
        src = f"바디프로필/{d.year}.{d.month:02d}.{d.day:02d} D-{dd}.md"
        bw -= rng.uniform(-0.1, 0.2)
        lines = [f"# D-{dd}", "", f"공복 체중 {bw:.1f}kg / 체지방 {rng.uniform(12, 16):.1f}%", ""]
        h = sleep_hours(rng, 5.0, 7.8)
        m = round(h * 60)
        if rng.random() < 0.5:
            lines.append(f"수면 점수 {rng.randint(60, 92)} ({m // 60}시간 {m % 60}분)")
        else:
            lines.append(f"수면: {m // 60}시간 {m % 60}분")
        recs.append(sleep(d, m / 60, lines[-1], src))
        lines += ["", "## 식단"]
        chicken = rng.choice([100, 150, 200])
        lines += [f"- 아침: 오트밀 40g, 계란 {rng.choice([2, 3])}개", f"- 점심: 현미밥 {rng.choice([100, 150])}g, 닭가슴살 {chicken}g, 샐러드",
                  f"- 저녁: 고구마 {rng.choice([100, 150, 200])}g, 소고기 {rng.choice([100, 120])}g"]
        kcal = rng.randrange(1450, 1900, 10)
        prot = rng.randrange(120, 170)
        lines.append(f"- 총 {kcal}kcal / 단백질 {prot}g")
        recs.append(qty(d, "amount", "kcal", kcal, "kcal", lines[-1], src))
        recs.append(qty(d, "amount", "protein", prot, "g", lines[-1], src))
        lines += ["", "## 운동"]
        if d.weekday() == 6:
            lines.append(rng.choice(["휴식일. 스트레칭만.", "오늘은 쉼 (치팅데이 아님)"]))
        else:
            part, exs = plan[k % 3]
            k += 1
            lines.append(f"오운완 ✅ {part}")
            for name, ko in exs:
                w = progs[name].next(rng)
                reps, sets = rng.choice([(12, 4), (10, 4), (15, 3)])
                if name == "dumbbell shoulder press":
                    t = f"- {ko} 한손 {fmt_num(w)}kg {reps}회 {sets}세트"
                else:
                    t = f"- {ko} {fmt_num(w)}kg {reps}회 {sets}세트"
                lines.append(t)
                recs.append(lift(d, name, w, "kg", sets, reps, t, src))
            lines.append(rng.choice(["- 공복 유산소 경사 걷기 40분", "- 천국의 계단 15분 52층", "- 사이클 20분 150kcal"]))
        files[src] = "\n".join(lines) + "\n"
    files["바디프로필/식단 계획.md"] = ("# 식단 계획\n\n- 하루 1600kcal, 단백질 150g\n- 닭가슴살 200g, 고구마 150g\n"
                                   "- 촬영 1주 전 수분 조절\n")
    info = {"lang": "ko", "lifts": ["bench press", "squat", "leg press", "lat pulldown"], "kcal": True, "protein": True}
    return files, recs, info


# --------------------------------------------------------------------------- ko-hugo-run
def ko_hugo_run(rng, start, today):
    """Hugo blog runner: content/posts/running/20261105.md with `date: "2026-11-05T07:12:00+09:00"`;
    a Garmin Connect paste (`거리: 8.02 km`, `시간: 45:31`, `평균 페이스: 5:41 /km`, `평균 케이던스: 178 spm`,
    `총 상승: 48 m`, `칼로리: 512 kcal` burned); interval days with a total line; sleep from a watch."""
    files, recs = {}, []
    long_km = 10.0
    for d in daterange(start, today):
        wd = d.weekday()
        if wd not in (1, 3, 5, 6) or rng.random() < 0.15:
            continue
        hh, mm = rng.choice([6, 7, 19, 20]), rng.randint(0, 59)
        src = f"content/posts/running/{d.year}{d.month:02d}{d.day:02d}.md"
        kind = "long" if wd == 6 else ("interval" if wd == 3 else "easy")
        title = {"long": "주말 LSD", "interval": "인터벌", "easy": "이지런"}[kind]
        lines = ["---", f'title: "{title} {d.month}/{d.day}"', f'date: "{d.isoformat()}T{hh:02d}:{mm:02d}:00+09:00"',
                 "draft: false", 'categories: ["running"]', f'tags: ["러닝", "{title}"]', "---", ""]
        if kind == "interval":
            reps = rng.choice([6, 8])
            km = round(2.0 + reps * 0.4 + rng.uniform(0.2, 0.6), 2)
            mins = rng.randint(33, 42)
            lines += [f"트랙에서 400m x {reps}. 회복 조깅 200m.", "",
                      f"총 {fmt_num(km)}km {mins}분, 평균 심박 {rng.randint(150, 165)}", ""]
            recs.append(run(d, km, mins, lines[-2], src))
        else:
            if kind == "long":
                long_km = min(long_km + rng.choice([0, 1, 1.5]), 21.1)
                km = round(long_km + rng.uniform(-0.3, 0.3), 2)
                pace = rng.uniform(5.7, 6.3)
            else:
                km = round(rng.uniform(5.0, 8.5), 2)
                pace = rng.uniform(5.3, 6.0)
            sec = round(km * pace * 60)
            t = f"{sec // 3600}:{(sec % 3600) // 60:02d}:{sec % 60:02d}" if sec >= 3600 else f"{sec // 60}:{sec % 60:02d}"
            p = round(sec / km)
            lines += [rng.choice(["날씨 선선해서 뛰기 좋았다.", "아침 공기 차가움.", "퇴근 후 한강."]), "", "## 가민 기록", "",
                      f"- 거리: {fmt_num(km)} km", f"- 시간: {t}", f"- 평균 페이스: {p // 60}:{p % 60:02d} /km",
                      f"- 평균 심박수: {rng.randint(138, 160)} bpm", f"- 평균 케이던스: {rng.randint(168, 182)} spm",
                      f"- 총 상승: {rng.randint(10, 90)} m", f"- 칼로리: {round(km * 62)} kcal", ""]
            recs.append(run(d, km, round(sec / 60, 4), f"- 거리: {fmt_num(km)} km", src))
        if rng.random() < 0.7:
            h = sleep_hours(rng, 5.5, 8.0)
            m = round(h * 60)
            lines.append(f"전날 수면 점수 {rng.randint(60, 95)} ({m // 60}시간 {m % 60}분)")
            recs.append(sleep(d, m / 60, lines[-1], src))
        lines += ["", rng.choice(["다음 주 목표: 주간 40km", "다음엔 LSD 15km", "회복 잘하자."]), ""]
        files[src] = "\n".join(lines)
    files["content/about.md"] = ('---\ntitle: "About"\n---\n\n풀코스 서브4 목표. 주 4회 러닝, 주간 35~45km.\n'
                                 "LSD 18km, 인터벌 400m x 8, 이지런 6km 5:50/km\n")
    files["content/posts/running/_index.md"] = '---\ntitle: "러닝 기록"\n---\n'
    info = {"lang": "ko", "lifts": [], "fivek": False}
    return files, recs, info


# --------------------------------------------------------------------------- ko-ohunwan
def ko_ohunwan(rng, start, today):
    """Obsidian folders `기록/2026/11월/11월 5일 (목).md` (year only in the folder); 오운완 one-liners,
    spacing typos (`랫 풀 다운`, `벤치 프레스`), `50 x 10 x 4` (weight x reps x sets), `12회 x 4`,
    `벤치 135파운드 5x5`, pin weights `7칸` (no record), `푸쉬업 20개 x 5세트`, `잠 6시간 반`, days off."""
    files, recs = {}, []
    bench_lb = 115
    progs = {"row": Prog(40, 2.5, 2), "lat pulldown": Prog(40, 2.5, 2), "deadlift": Prog(80, 5, 2),
             "squat": Prog(60, 5, 2)}
    for d in daterange(start, today):
        if rng.random() < 0.08:
            continue
        src = f"기록/{d.year}/{d.month}월/{d.month}월 {d.day}일 ({KO_WD[d.weekday()]}).md"
        lines = []
        hrs = rng.choice([6.0, 6.5, 7.0, 7.5, 5.5, 8.0])
        s = f"잠 {int(hrs)}시간 반" if hrs % 1 else f"잠 {int(hrs)}시간"
        if rng.random() < 0.75:
            lines.append(s + rng.choice(["", " (중간에 깸)", " 푹 잠"]))
            recs.append(sleep(d, hrs, s, src))
        wd = d.weekday()
        if wd in (0, 3):  # push
            if rng.random() < 0.15:
                lines.append(rng.choice(["야근으로 운동 못감 ㅠ", "오늘은 쉼. 몸살 기운"]))
            else:
                if rng.random() < 0.3:
                    bench_lb += 5
                lines.append(f"오운완 💪 가슴/삼두")
                t = f"{rng.choice(['벤치', '벤치 프레스', '벤치프레스'])} {bench_lb}파운드 5x5"
                lines.append(t)
                recs.append(lift(d, "bench press", bench_lb, "lb", 5, 5, t, src))
                n = rng.choice([15, 20, 25])
                t = f"푸쉬업 {n}개 x {rng.choice([3, 4, 5])}세트"
                lines.append(t)
                recs.append(lift(d, "push-up", None, None, int(t.split("x")[1].strip()[0]), n, t, src))
                lines.append("케이블 푸쉬다운 9칸 15회 3세트")
        elif wd in (1, 4):  # pull
            if rng.random() < 0.15:
                lines.append("오늘 운동 패스 (약속)")
            else:
                lines.append("오운완 등")
                w = progs["lat pulldown"].next(rng)
                t = f"{rng.choice(['랫 풀 다운', '랫풀다운', '렛풀다운'])} {fmt_num(w)}kg 12회 x 4"
                lines.append(t)
                recs.append(lift(d, "lat pulldown", w, "kg", 4, 12, t, src))
                w = progs["row"].next(rng)
                t = f"바벨로우 {fmt_num(w)} x 10 x 4"
                lines.append(t)
                recs.append(lift(d, "row", w, "kg", 4, 10, t, src))
                if rng.random() < 0.5:
                    w = progs["deadlift"].next(rng)
                    t = f"데드 {fmt_num(w)}kg 5회 3세트"
                    lines.append(t + rng.choice(["", " 허리 조심", " PR"]))
                    recs.append(lift(d, "deadlift", w, "kg", 3, 5, t, src))
                lines.append("시티드로우 머신 7칸 12회")
        elif wd == 2:  # legs
            lines.append("오운완 하체 🦵")
            w = progs["squat"].next(rng)
            t = f"스쿼트 {fmt_num(w)}kg 8회 x 5"
            lines.append(t)
            recs.append(lift(d, "squat", w, "kg", 5, 8, t, src))
            lines.append("레그 익스텐션 핀 8 15회 3세트")
        elif wd == 5 and rng.random() < 0.7:
            km = round(rng.uniform(3.0, 6.0), 1)
            mins = round(km * rng.uniform(5.8, 7.0))
            t = f"동네 한바퀴 러닝 {fmt_num(km)}km {mins}분"
            lines.append(t)
            recs.append(run(d, km, mins, t, src))
        if rng.random() < 0.3:
            lines.append(rng.choice(["내일: 하체", "다음엔 벤치 5파운드 올리기", "낼 등 운동 7시"]))
        if lines:
            files[src] = "\n".join(lines) + "\n"
    files["기록/루틴.md"] = "# 루틴\n\n월목 가슴 / 화금 등 / 수 하체 / 토 러닝 5km\n- 벤치 135파운드 5x5 목표\n- 스쿼트 80kg 8회 x 5\n"
    info = {"lang": "ko", "lifts": ["bench press", "lat pulldown", "row", "squat", "deadlift"], "bodyweight": ["push-up"],
            "big3": True}
    return files, recs, info


# --------------------------------------------------------------------------- ja-kintore
def ja_kintore(rng, start, today):
    """Japanese diary `筋トレ日記/2026年11月05日(木).md`: `ベンチプレス 60kg×10回×3セット`,
    `スクワット 80kg 5回 5セット`, set lines `1セット目：60kg×10回`, `デッドリフト 100kg 5×3` (reps x sets),
    `ランニング 5.2km 28分`, `睡眠 6時間半` / `睡眠：7時間15分`, `体重 68.4kg`, `次回：…` plans."""
    files, recs = {}, []
    progs = {"bench press": Prog(55, 2.5, 2), "squat": Prog(70, 2.5, 2), "deadlift": Prog(90, 5, 2),
             "lat pulldown": Prog(40, 5, 3)}
    k = 0
    for d in daterange(start, today):
        if rng.random() < 0.12:
            continue
        src = f"筋トレ日記/{d.year}年{d.month:02d}月{d.day:02d}日({JA_WD[d.weekday()]}).md"
        lines = []
        if rng.random() < 0.8:
            hrs = rng.choice([5.5, 6.0, 6.5, 7.0, 7.25, 7.5, 8.0])
            if hrs % 1 == 0.5:
                t = f"睡眠 {int(hrs)}時間半"
            elif hrs % 1:
                t = f"睡眠：{int(hrs)}時間{round(hrs % 1 * 60)}分"
            else:
                t = f"睡眠 {int(hrs)}時間"
            lines.append(t)
            recs.append(sleep(d, hrs, t, src))
        lines.append(f"体重 {rng.uniform(66, 69):.1f}kg")
        wd = d.weekday()
        if wd in (0, 2, 4):
            day = k % 2
            k += 1
            lines += ["", "## 筋トレ"]
            if day == 0:
                w = progs["bench press"].next(rng)
                if rng.random() < 0.5:
                    t = f"ベンチプレス {fmt_num(w)}kg×10回×3セット"
                    lines.append(t)
                    recs.append(lift(d, "bench press", w, "kg", 3, 10, t, src))
                else:
                    lines.append("ベンチプレス")
                    sets = sets_block(rng, w, 8, 3)
                    for i, (sw, sr) in enumerate(sets, 1):
                        lines.append(f"{i}セット目：{fmt_num(sw)}kg×{sr}回")
                    for (sw, sr), n in group(sets).items():
                        recs.append(lift(d, "bench press", sw, "kg", n, sr, "set lines", src))
                w = progs["lat pulldown"].next(rng)
                t = f"ラットプルダウン {fmt_num(w)}kg 12回 3セット"
                lines.append(t)
                recs.append(lift(d, "lat pulldown", w, "kg", 3, 12, t, src))
            else:
                w = progs["squat"].next(rng)
                t = f"スクワット {fmt_num(w)}kg 5回 5セット"
                lines.append(t)
                recs.append(lift(d, "squat", w, "kg", 5, 5, t, src))
                w = progs["deadlift"].next(rng)
                t = f"デッドリフト {fmt_num(w)}kg 5×3"
                lines.append(t + rng.choice(["", "　腰に注意", "（きつい）"]))
                recs.append(lift(d, "deadlift", w, "kg", 3, 5, t, src))
            lines.append(rng.choice(["腹筋ローラー 10回×3", "プランク 1分×3", ""]))
        elif wd in (1, 5) and rng.random() < 0.8:
            km = round(rng.uniform(3.5, 8.0), 1)
            mins = round(km * rng.uniform(5.3, 6.5))
            t = rng.choice([f"ランニング {fmt_num(km)}km {mins}分", f"皇居ラン {fmt_num(km)}km（{mins}分）",
                            f"ジョグ {fmt_num(km)}km {mins}分"])
            lines += ["", t]
            recs.append(run(d, km, mins, t, src))
        if rng.random() < 0.25:
            lines.append(rng.choice(["次回：ベンチ62.5kgに挑戦", "明日は脚の日", "来週はデッド105kg"]))
        files[src] = "\n".join(lines) + "\n"
    files["筋トレ日記/メニュー.md"] = "# 週3メニュー\n\n月・金：ベンチプレス 60kg×10回×3セット\n水：スクワット 80kg 5回 5セット\n"
    info = {"lang": "ja", "lifts": ["bench press", "squat", "deadlift", "lat pulldown"], "big3": True}
    return files, recs, info


# --------------------------------------------------------------------------- en-reddit
def en_reddit(rng, start, today):
    """Reddit r/fitness-style log in Obsidian daily notes named `Nov 5, 2026.md` (config
    `MMM D, YYYY`): `Squat 225x5x3` in lb, sets listed `Bench 185x5, 185x5, 185x4`, plate
    shorthand `DL 3pl x 5` (315 lb), `OHP 95 3x8`, `Chins 3x8 BW`, `Ran 3.1 mi in 27:40`, `Sleep: 6.5 hrs`."""
    files, recs = {}, []
    plates = {135: "1pl", 225: "2pl", 315: "3pl", 405: "4pl"}
    progs = {"squat": Prog(215, 10, 2), "bench press": Prog(165, 5, 2), "deadlift": Prog(295, 10, 2),
             "overhead press": Prog(95, 5, 3), "row": Prog(135, 5, 2)}
    files[".obsidian/daily-notes.json"] = '{"folder": "Log", "format": "MMM D, YYYY"}'
    k = 0
    for d in daterange(start, today):
        if rng.random() < 0.1:
            continue
        src = f"Log/{d.strftime('%b')} {d.day}, {d.year}.md"
        lines = []
        if rng.random() < 0.8:
            hrs = rng.choice([5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 6.75])
            t = f"Sleep: {fmt_num(hrs)} hrs"
            lines.append(t)
            recs.append(sleep(d, hrs, t, src))
        wd = d.weekday()
        if wd in (0, 2, 4):
            a = k % 2 == 0
            k += 1
            lines.append(f"**Workout {'A' if a else 'B'}**")
            w = progs["squat"].next(rng)
            t = f"Squat {plates[w]} x 5 x 3" if w in plates else f"Squat {w}x5x3"
            lines.append(t)
            recs.append(lift(d, "squat", w, "lb", 3, 5, t, src))
            if a:
                w = progs["bench press"].next(rng)
                sets = sets_block(rng, w, 5, 3)
                t = "Bench " + ", ".join(f"{sw}x{sr}" for sw, sr in sets)
                lines.append(t)
                for (sw, sr), n in group(sets).items():
                    recs.append(lift(d, "bench press", sw, "lb", n, sr, t, src))
                w = progs["row"].next(rng)
                t = f"Rows {w} 3x8"
                lines.append(t)
                recs.append(lift(d, "row", w, "lb", 3, 8, t, src))
            else:
                w = progs["overhead press"].next(rng)
                t = f"OHP {w} 3x8"
                lines.append(t)
                recs.append(lift(d, "overhead press", w, "lb", 3, 8, t, src))
                w = progs["deadlift"].next(rng)
                t = f"DL {plates[w]} x 5" if w in plates else f"DL {w}x5"
                lines.append(t + rng.choice(["", " (hook grip)", " felt heavy"]))
                recs.append(lift(d, "deadlift", w, "lb", 1, 5, t, src))
            t = f"Chins 3x{rng.choice([6, 8, 10])} BW"
            lines.append(t)
            recs.append(lift(d, "chin-up", None, None, 3, int(t.split("x")[1].split()[0]), t, src))
        elif wd in (1, 5) and rng.random() < 0.75:
            mi = rng.choice([2.0, 3.1, 3.5, 4.0, 5.0])
            mins = mi * rng.uniform(8.5, 10.0)
            t = f"Ran {fmt_num(mi)} mi in {mmss(mins)}"
            lines.append(t)
            recs.append(run(d, mi * KM_PER_MI, round(round(mins * 60) / 60, 4), t, src))
        if rng.random() < 0.2:
            lines.append(rng.choice(["Next time: bench 190", "Deload next week?", "tmrw: rest"]))
        if lines:
            files[src] = "\n".join(lines) + "\n"
    files["Program - SS variant.md"] = "# Program\n\nA: Squat 3x5, Bench 3x5, Rows 3x8\nB: Squat 3x5, OHP 3x8, DL 1x5\nAdd 5 lb per session.\n"
    info = {"lang": "en", "lifts": ["squat", "bench press", "deadlift", "overhead press", "row"], "big3": True,
            "bodyweight": ["chin-up"], "run_unit": "mi", "fivek": False}
    return files, recs, info


PEOPLE = {"ko-jekyll": ko_jekyll, "ko-notion": ko_notion, "ko-bodyprofile": ko_bodyprofile,
          "ko-hugo-run": ko_hugo_run, "ko-ohunwan": ko_ohunwan, "ja-kintore": ja_kintore, "en-reddit": en_reddit}
