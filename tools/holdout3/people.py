"""Seven people (four Korean, one Chinese, one French, one German), each a function
(rng, start, today) -> (files {relpath: text}, records [Rec], info dict).
Written from how people post workout logs, not from what the reader expects."""
from __future__ import annotations

import datetime as dt
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import Rec, daterange, fmt_num  # noqa: E402

KO_WD = "월화수목금토일"
ZH_WD = "一二三四五六日"
FR_WD = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
FR_MON = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre"]
ZH_NUM = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十"}


def lift(d, name, w, unit, sets, reps, text, src, **hints):
    f = {"weight": w, "unit": unit, "sets": sets, "reps": reps}
    if w is not None and unit is None:
        f["unit_missing"] = True
    return Rec(d, "lift", name, f, text, src, hints)


def run(d, km, minutes, text, src):
    return Rec(d, "run", "run", {"distance_km": km, "duration_min": minutes}, text, src)


def sleep(d, h, text, src):
    return Rec(d, "sleep", "sleep", {"hours": h}, text, src)


def amount(d, name, v, unit, text, src):
    return Rec(d, "amount", name, {"value": v, "unit": unit}, text, src)


def kfmt(x):
    return fmt_num(x)


def hm_ko(minutes):
    h, m = divmod(int(minutes), 60)
    return f"{h}시간 {m}분" if m else f"{h}시간"


def mmss(minutes):
    s = round(minutes * 60)
    return f"{s // 60}:{s % 60:02d}"


# ----------------------------------------------------------------- ko-monthly: one file a month, checklists


def ko_monthly(rng, start, today):
    files, recs, swims = {}, [], []
    w = {"squat": rng.choice([70, 75, 80]), "bench press": rng.choice([50, 55, 60]), "row": rng.choice([45, 50]),
         "overhead press": rng.choice([30, 35]), "deadlift": rng.choice([90, 100])}
    ko = {"squat": ["스쿼트", "스쿼트", "스쿼트", "스쾃"], "bench press": ["벤치", "벤치프레스", "벤치"],
          "row": ["바벨로우", "바벨로우", "펜들레이로우"], "overhead press": ["오버헤드프레스", "OHP", "밀프"],
          "deadlift": ["데드", "데드리프트", "데드"]}
    step = {"squat": 2.5, "bench press": 2.5, "row": 2.5, "overhead press": 2.5, "deadlift": 5}
    months = {}
    ab = 0
    for d in daterange(start, today):
        key = (d.year, d.month)
        months.setdefault(key, [])
        src = f"운동일지/{d.year}-{d.month:02d}.md"
        head = f"#### {d.month}/{d.day} ({KO_WD[d.weekday()]})"
        if d.weekday() in (0, 2, 4) and rng.random() < 0.88:
            plan = ["squat", "bench press", "row"] if ab % 2 == 0 else ["squat", "overhead press", "deadlift"]
            ab += 1
            lines, vol = [head], 0
            for ex in plan:
                sets, reps = (1, 5) if ex == "deadlift" else (5, 5)
                word = rng.choice(ko[ex])
                if ex == plan[-1] and rng.random() < 0.12:  # ran out of time: left unchecked, not done
                    lines.append(f"- [ ] {word} {sets}x{reps} {kfmt(w[ex])}")
                    continue
                tail = rng.choice(["", "", "", " 👍", " (폼 굿)", " 힘듦"])
                text = f"- [x] {word} {sets}x{reps} {kfmt(w[ex])}{tail}"
                lines.append(text)
                recs.append(lift(d, ex, w[ex], None, sets, reps, text, src))
                vol += w[ex] * sets * reps
                if rng.random() < 0.8:
                    w[ex] += step[ex]
            if rng.random() < 0.5:
                lines.append(f"- [ ] 턱걸이 3세트")
            if rng.random() < 0.6:
                lines.append(f"총 볼륨 {vol:,.0f}kg")
            if rng.random() < 0.45:
                h = rng.choice([6, 6.5, 7, 7.5, 8])
                txt = f"컨디션: 수면 {int(h)}시간{' 반' if h % 1 else ''}"
                lines.append(txt)
                recs.append(sleep(d, h, txt, src))
            if rng.random() < 0.3:
                nxt = plan[0]
                lines.append(f"다음엔 {rng.choice(ko[nxt])} {kfmt(w[nxt] + 2.5)} 도전")
            months[key].append("\n".join(lines))
        elif d.weekday() == 6 and rng.random() < 0.5:
            months[key].append(f"{head}\n{rng.choice(['휴식', '쉬는 날', '휴식 (근육통)'])}")
        elif d.weekday() == 5 and rng.random() < 0.4:
            months[key].append(f"{head}\n- [ ] 수영 가기\n- 결국 못 감 ㅠ")
    for (y, m), entries in months.items():
        body = f"# {y}년 {m}월 운동일지\n\n목표: 스쿼트 100kg, 벤치 80kg\n루틴: 스트롱리프트 5x5 (A/B 번갈아)\n\n" + "\n\n".join(entries) + "\n"
        files[f"운동일지/{y}-{m:02d}.md"] = body
    files["운동일지/루틴 - 스트롱리프트.md"] = (
        "# 스트롱리프트 5x5\n\n- A: 스쿼트 5x5, 벤치 5x5, 바벨로우 5x5\n- B: 스쿼트 5x5, OHP 5x5, 데드 1x5\n"
        "- 성공하면 +2.5kg (데드 +5kg)\n- 3번 실패하면 10% 디로드\n\n시작 무게: 스쿼트 60 / 벤치 40 / 데드 80\n")
    return files, recs, {"lang": "ko", "lifts": ["squat", "bench press", "deadlift", "overhead press"], "big3": False}


# ----------------------------------------------------------------- ko-home: 홈트 + diet diary, 2026.11.05(목).md


def ko_home(rng, start, today):
    files, recs = {}, []
    pu, bu, su = rng.choice([15, 20]), rng.choice([10, 15]), rng.choice([20, 30])
    wt = rng.choice([74.0, 76.5, 78.2])
    for d in daterange(start, today):
        if rng.random() < 0.1:
            continue
        src = f"다이어리/{d.year}.{d.month:02d}.{d.day:02d}({KO_WD[d.weekday()]}).md"
        lines = []
        workout = d.weekday() != 6 and rng.random() < 0.75
        if workout:
            lines.append(rng.choice(["## 홈트", "## 운동", "### 오늘의 홈트"]))
            sets = rng.choice([3, 3, 4])
            t = rng.choice([f"- 푸쉬업 {pu}개 x {sets}", f"- 푸시업 {pu}개 {sets}세트", f"- 팔굽혀펴기 {pu}회 x {sets}세트"])
            lines.append(t)
            recs.append(lift(d, "push-up", None, None, sets, pu, t, src))
            if rng.random() < 0.7:
                s2 = rng.choice([2, 3])
                t = rng.choice([f"- 버피 {bu}개 x {s2}", f"- 버피테스트 {bu}회 {s2}세트"])
                lines.append(t)
                recs.append(lift(d, "burpee", None, None, s2, bu, t, src))
            if rng.random() < 0.5:
                t = f"- 윗몸일으키기 {su}개"
                lines.append(t)
                recs.append(lift(d, "sit-up", None, None, 1, su, t, src))
            lines.append(rng.choice(["- 플랭크 1분 x 3", "- 플랭크 1분 30초", "- 플랭크 45초 x 3"]))
            lines.append(rng.choice(["오운완 🔥", "오운완!!", "#오운완 💪", "오늘도 오운완 🔥🔥"]))
            if rng.random() < 0.5:
                pu += 1
            if rng.random() < 0.3:
                bu += 1
        else:
            lines.append(rng.choice(["오늘은 쉬는 날 😴", "휴식", "운동 쉼. 내일 꼭 하기"]))
        lines.append("")
        lines.append("## 식단")
        lines.append(f"- 아침: {rng.choice(['닭가슴살 200g', '그릭요거트 150g, 바나나', '계란 2개, 고구마 1개'])}")
        lines.append(f"- 점심: {rng.choice(['회사 구내식당 (밥 반공기)', '포케 샐러드', '김밥 한 줄'])}")
        lines.append(f"- 저녁: {rng.choice(['닭가슴살 샐러드', '연어 100g + 현미밥', '두부 반모, 김치'])}")
        lines.append("")
        wt += rng.uniform(-0.35, 0.25)
        lines.append(f"체중 {wt:.1f}")
        lines.append(f"물 {rng.choice(['1.5L', '2L', '2L', '1L'])}")
        if rng.random() < 0.8:
            bed_h = rng.choice([0, 0, 1, 1, 2, 23])
            bed_m = rng.choice([0, 30])
            up_h, up_m = rng.choice([(7, 0), (7, 30), (8, 0), (6, 30)])
            hrs = ((up_h * 60 + up_m) - (bed_h * 60 + bed_m)) % (24 * 60) / 60
            t = rng.choice([f"수면: {bed_h:02d}:{bed_m:02d}~{up_h:02d}:{up_m:02d}",
                            f"잠: {bed_h:02d}:{bed_m:02d} - {up_h:02d}:{up_m:02d}"])
            lines.append(t)
            recs.append(sleep(d, hrs, t, src))
        if rng.random() < 0.3:
            lines.append("내일: 하체 + 유산소 30분")
        files[src] = f"# {d.month}월 {d.day}일 다이어트 일지\n\n" + "\n".join(lines) + "\n"
    files["다이어리/다이어트 식단표.md"] = (
        "# 식단 계획\n\n- 아침: 닭가슴살 150g, 고구마 100g\n- 점심: 일반식 (밥 반공기)\n- 저녁: 샐러드\n"
        "- 간식: 단백질 쉐이크 (단백질 25g)\n\n목표 체중 68kg\n")
    files["다이어리/홈트 루틴.md"] = "# 홈트 루틴\n\n- 푸쉬업 20개 x 3\n- 버피 15개 x 3\n- 플랭크 1분 x 3\n매일 조금씩 늘리기\n"
    return files, recs, {"lang": "ko", "lifts": [], "bodyweight": ["push-up", "burpee"], "big3": False}


# ----------------------------------------------------------------- ko-lbs: gym, 26-11-05.md, slash fields, lbs and kg


def ko_lbs(rng, start, today):
    files, recs = {}, []
    w = {"bench press": rng.choice([60, 65]), "squat": rng.choice([90, 100]), "deadlift": rng.choice([225, 245]),
         "dumbbell shoulder press": rng.choice([25, 30]), "lat pulldown": rng.choice([45, 50])}
    unit = {"bench press": None, "squat": "kg", "deadlift": "lb", "dumbbell shoulder press": "lb", "lat pulldown": None}
    ko = {"bench press": ["벤치프레스", "벤치", "벤치프레스"], "squat": ["스쿼트", "백스쿼트"], "deadlift": ["데드", "데드리프트", "컨벤셔널 데드"],
          "dumbbell shoulder press": ["덤벨 숄더프레스", "덤벨숄프"], "lat pulldown": ["랫풀다운", "렛풀"]}
    split = [("가슴/어깨", ["bench press", "dumbbell shoulder press"]), ("하체", ["squat"]), ("등", ["deadlift", "lat pulldown"])]
    i = 0
    for d in daterange(start, today):
        if d.weekday() in (1, 3, 5) or rng.random() >= 0.82:
            if d.weekday() == 6 and rng.random() < 0.4:
                files[f"헬스기록/{d:%y-%m-%d}.md"] = "헬스 휴무. 집에서 쉼\n"
            continue
        src = f"헬스기록/{d:%y-%m-%d}.md"
        part, exs = split[i % 3]
        i += 1
        lines = [f"오늘은 {part}", ""]
        vol = 0
        for ex in exs:
            sets = rng.choice([3, 4, 5]) if ex != "deadlift" else 3
            reps = {"squat": 5, "deadlift": 5}.get(ex, rng.choice([8, 10, 12]))
            u = unit[ex]
            wtxt = kfmt(w[ex]) + ({"kg": "kg", "lb": rng.choice(["lbs", "lbs", "lb", "파운드"]), None: ""}[u])
            sep = rng.choice([":", ":", ""])
            t = rng.choice([f"{rng.choice(ko[ex])}{sep} {wtxt} / {reps}회 / {sets}set",
                            f"{rng.choice(ko[ex])}{sep} {wtxt} / {reps}회 / {sets}세트"])
            lines.append(t)
            recs.append(lift(d, ex, w[ex], u, sets, reps, t, src))
            vol += w[ex] * (0.4536 if u == "lb" else 1) * sets * reps
            if rng.random() < 0.55:
                w[ex] += 5 if u == "lb" else 2.5
        lines.append("케이블 운동 몇 개 더 하고 마무리")
        if rng.random() < 0.7:
            lines.append(f"총 볼륨: {vol:,.0f}kg")
        if rng.random() < 0.6:
            h = rng.choice([5, 5.5, 6, 6.5, 7, 7.5])
            t = rng.choice([f"잠 {fmt_num(h)}h", f"어제 {int(h)}시간{' 반' if h % 1 else ''} 잠", f"수면 {int(h)}시간{' 30분' if h % 1 else ''}"])
            lines.append(t)
            recs.append(sleep(d, h, t, src))
        if rng.random() < 0.5:
            n = rng.choice([1, 2, 2, 3])
            t = rng.choice([f"아아 {n}잔", f"커피 {n}잔", f"아메리카노 {n}잔"])
            lines.append(t)
            recs.append(amount(d, "coffee", n, "cup", t, src))
        if rng.random() < 0.35:
            nx = exs[0]
            lines.append(rng.choice([f"다음엔 {ko[nx][0]} {kfmt(w[nx] + 5)} 도전", "내일: 하체", "다음 주에 1RM 재볼 예정"]))
        files[src] = "\n".join(lines) + "\n"
    files["헬스기록/3대 목표.md"] = "# 3대 목표\n\n스쿼트 140 / 벤치 100 / 데드 405lbs\n올해 안에 3대 400 찍기\n"
    files["헬스기록/분할 루틴.md"] = "# 3분할\n\n1. 가슴/어깨: 벤치프레스 4x10, 덤벨 숄더프레스 3x12\n2. 하체: 스쿼트 5x5\n3. 등: 데드 3x5, 랫풀다운 4x12\n"
    return files, recs, {"lang": "ko", "lifts": ["bench press", "squat", "deadlift"], "big3": False, "coffee": True}


# ----------------------------------------------------------------- ko-marathon: weekly notes "11월 2주차.md" with day headings


def ko_marathon(rng, start, today):
    files, recs, swims = {}, [], []
    weeks = {}
    lsd = rng.choice([14, 16, 18])
    for d in daterange(start, today):
        mon = d - dt.timedelta(days=d.weekday())
        wk = (mon.day - 1) // 7 + 1
        name = f"마라톤/{mon.year}/{mon.month}월 {wk}주차.md"
        weeks.setdefault(name, [f"# {mon.month}월 {wk}주차 훈련", "", f"이번 주 목표: 주간 {rng.choice([35, 40, 45])}km", ""])
        head = f"### {d.month}/{d.day} ({KO_WD[d.weekday()]})"
        lines = []
        wd = d.weekday()
        if wd in (0, 4) and rng.random() < 0.8:
            km = rng.choice([5, 6, 7, 8])
            pace = rng.uniform(5.6, 6.4)
            mins = round(km * pace)
            t = rng.choice([f"조깅 {km}km {mins}분", f"이지런 {km}km {mins}분 (페이스 {int(pace)}'{int(pace % 1 * 60):02d}\"/km)",
                            f"회복주 {km}km, {mins}분"])
            lines.append(t)
            recs.append(run(d, km, mins, t, src=name))
        elif wd == 1 and rng.random() < 0.85:
            reps = rng.choice([6, 8, 10])
            km = round(rng.uniform(6.5, 8.5), 1)
            secs = round(km * rng.uniform(5.1, 5.6) * 60)
            lines.append(f"인터벌 400m x {reps} (휴식 90초)")
            t = f"워밍업/쿨다운 포함 총 {fmt_num(km)}km {secs // 60}:{secs % 60:02d}"
            lines.append(t)
            recs.append(run(d, km, round(secs / 60, 4), t, src=name))
        elif wd == 2 and rng.random() < 0.7:
            reps = rng.choice([10, 16, 20])
            lines.append(rng.choice([f"수영 자유형 50m x {reps}", f"수영 자유형 {reps * 50}m 40분"]))
            swims.append(d)
        elif wd == 3 and rng.random() < 0.75:
            km = rng.choice([8, 10])
            secs = round(km * rng.uniform(4.8, 5.2) * 60)
            t = f"템포런 {km}km {secs // 60}:{secs % 60:02d} 페이스 {secs // km // 60}'{secs // km % 60:02d}\""
            lines.append(t)
            recs.append(run(d, km, round(secs / 60, 4), t, src=name))
        elif wd == 6 and rng.random() < 0.85:
            km = lsd
            mins = round(km * rng.uniform(5.9, 6.4))
            t = rng.choice([f"LSD {km}km {hm_ko(mins)}", f"LSD {km}km {mins // 60}:{mins % 60:02d}:00"])
            lines.append(t)
            recs.append(run(d, km, mins, t, src=name))
            if rng.random() < 0.7:
                lsd = min(lsd + 2, 30)
            lines.append(f"다음 주 LSD {lsd}km 예정")
        elif wd == 5:
            lines.append(rng.choice(["휴식", "완전 휴식", "쉬는 날 (다리 마사지)"]))
        if not lines:
            continue
        if rng.random() < 0.5:
            h = rng.choice([6, 6.5, 7, 7.5, 8])
            t = f"수면 {int(h)}시간{' 30분' if h % 1 else ''}"
            lines.append(t)
            recs.append(sleep(d, h, t, src=name))
        weeks[name] += [head] + [f"- {x}" for x in lines] + [""]
    for name, lines in weeks.items():
        files[name] = "\n".join(lines) + "\n"
    files["마라톤/춘천마라톤 16주 훈련 계획.md"] = (
        "# 풀코스 서브4 훈련 계획\n\n| 주차 | 화 | 목 | 일 |\n|---|---|---|---|\n"
        "| 1 | 인터벌 400m x 6 | 템포 8km | LSD 16km |\n| 2 | 인터벌 400m x 8 | 템포 10km | LSD 20km |\n"
        "| 3 | 인터벌 800m x 5 | 템포 10km | LSD 25km |\n\n대회 목표 페이스 5'40\"/km\n")
    return files, recs, {"lang": "ko", "lifts": [], "big3": False, "swims": swims}


# ----------------------------------------------------------------- zh: 2026年11月5日.md


def zh_person(rng, start, today):
    files, recs = {}, []
    w = {"bench press": rng.choice([55, 60]), "squat": rng.choice([80, 85]), "deadlift": rng.choice([100, 110])}
    zh = {"bench press": ["卧推", "卧推", "平板卧推"], "squat": ["深蹲", "杠铃深蹲"], "deadlift": ["硬拉"]}
    jin = rng.choice([150, 156, 162])
    for d in daterange(start, today):
        src = f"日记/{d.year}年{d.month}月{d.day}日.md"
        if rng.random() < 0.12:
            continue
        wd = d.weekday()
        lines = [f"# {d.year}年{d.month}月{d.day}日 星期{ZH_WD[wd]}", ""]
        if wd in (0, 3):
            lines.append(rng.choice(["健身房练了一个小时。", "下班去健身房。", "今天练力量。"]))
            for ex in (["bench press", "squat"] if wd == 0 else ["squat", "deadlift"]):
                sets, reps = rng.choice([(5, 5), (4, 8), (3, 8)]) if ex != "deadlift" else (3, 5)
                u = rng.choice(["公斤", "公斤", "kg"])
                word = rng.choice(zh[ex])
                t = rng.choice([f"{word} {kfmt(w[ex])}{u} {sets}组×{reps}次", f"{word}{kfmt(w[ex])}{u}，{sets}组，每组{reps}个",
                                f"{word} {kfmt(w[ex])}{u} {reps}次×{sets}组"])
                lines.append(f"- {t}")
                recs.append(lift(d, ex, w[ex], "kg", sets, reps, t, src))
                if rng.random() < 0.5:
                    w[ex] += 2.5
            if rng.random() < 0.3:
                lines.append(f"下次卧推加到{kfmt(w['bench press'] + 2.5)}")
        elif wd in (1, 5) and rng.random() < 0.85:
            km = rng.choice([5, 5.5, 6, 8, 10]) if wd == 1 else rng.choice([10, 12, 15])
            mins = round(km * rng.uniform(5.4, 6.2))
            t = rng.choice([f"跑步 {fmt_num(km)}公里 {mins}分钟", f"晨跑{fmt_num(km)}公里，用时{mins}分钟",
                            f"夜跑 {fmt_num(km)}km，{mins}分钟"])
            lines.append(t)
            recs.append(run(d, km, mins, t, src))
        elif wd == 6:
            lines.append(rng.choice(["今天休息。", "休息日，在家躺平。"]))
        if rng.random() < 0.7:
            h = rng.choice([6, 6.5, 7, 7.5, 8])
            whole = int(h)
            t = rng.choice([f"昨晚睡了{whole}个{'半' if h % 1 else ''}小时", f"睡了{ZH_NUM[whole]}个{'半' if h % 1 else ''}小时",
                            f"睡眠 {fmt_num(h)}小时"])
            lines.append(t)
            recs.append(sleep(d, h, t, src))
        if rng.random() < 0.5:
            n = rng.choice([1, 2, 2, 3])
            t = rng.choice([f"喝了{ZH_NUM[n]}杯咖啡", f"咖啡 {n}杯"])
            lines.append(t)
            recs.append(amount(d, "coffee", n, "cup", t, src))
        if rng.random() < 0.25:
            jin += rng.choice([-1, 0, 1])
            lines.append(f"体重 {jin}斤")
        files[src] = "\n".join(lines) + "\n"
    files["日记/训练计划.md"] = "# 训练计划\n\n- 周一：卧推 5组×5次，深蹲 5组×5次\n- 周四：深蹲，硬拉 3组×5次\n- 周二、周六：跑步 5-15公里\n\n目标：卧推80公斤\n"
    return files, recs, {"lang": "zh", "lifts": ["bench press", "squat", "deadlift"], "big3": True, "coffee": True}


# ----------------------------------------------------------------- fr: "5 novembre 2026.md", prose


def fr_person(rng, start, today):
    files, recs = {}, []
    w = {"bench press": rng.choice([55, 60]), "squat": rng.choice([85, 90]), "deadlift": rng.choice([110, 120])}
    for d in daterange(start, today):
        src = f"Journal/{d.day} {FR_MON[d.month - 1]} {d.year}.md"
        if rng.random() < 0.1:
            continue
        wd = d.weekday()
        parts = []
        if wd in (1, 4):
            a = ("bench press", "squat") if wd == 1 else ("squat", "deadlift")
            segs = []
            for ex in a:
                sets, reps = (rng.choice([3, 4]), rng.choice([6, 8])) if ex != "deadlift" else (1, 5)
                kg = kfmt(w[ex]).replace(".", ",")
                name = {"bench press": "développé couché", "squat": "squat", "deadlift": "soulevé de terre"}[ex]
                s = rng.choice([f"{name} {sets} séries de {reps} à {kg} kg", f"{name} {sets}x{reps} à {kg} kg"])
                segs.append(s)
                recs.append(lift(d, ex, w[ex], "kg", sets, reps, s, src))
                if rng.random() < 0.5:
                    w[ex] += 2.5
            parts.append(f"Muscu ce soir : {segs[0]}, puis {segs[1]}. {rng.choice(['Bonne séance.', 'Dur !', ''])}".strip())
        elif wd in (0, 3, 6) and rng.random() < 0.8:
            km = rng.choice([6, 6.5, 8, 10]) if wd != 6 else rng.choice([12, 14, 15, 18])
            mins = km * rng.uniform(5.0, 5.8)
            kmt = fmt_num(km).replace(".", ",")
            if wd == 6:
                mm = round(mins)
                t = f"Sortie longue de {kmt} km en {mm // 60}h{mm % 60:02d}"
                mins = mm
            elif rng.random() < 0.5:
                mins = round(mins)
                t = f"Course {kmt} km en {mins} min"
            else:
                s = round(mins * 60)
                t = f"Footing de {kmt} km en {s // 60}'{s % 60:02d}"
                mins = round(s / 60, 4)
            parts.append(t + rng.choice([".", ", tranquille.", ", jambes lourdes."]))
            recs.append(run(d, km, mins, t, src))
        elif rng.random() < 0.4:
            parts.append(rng.choice(["Repos.", "Journée repos, étirements."]))
        if rng.random() < 0.75:
            h = rng.choice([6, 6.5, 7, 7.5, 8])
            hh, mm = int(h), 30 if h % 1 else 0
            t = rng.choice([f"Dormi {hh}h{mm:02d}" if mm else f"Dormi {hh}h", f"Nuit de {hh}h{mm:02d}" if mm else f"Nuit de {hh}h"])
            if rng.random() < 0.25:
                up = rng.choice([6, 7])
                bed = up * 60 - round(h * 60)
                bh, bm = divmod(bed % 1440, 60)
                t = f"Couché à {bh}h{bm:02d}, levé à {up}h" if bm else f"Couché à {bh}h, levé à {up}h"
            parts.append(t + ".")
            recs.append(sleep(d, h, t, src))
        if rng.random() < 0.5:
            n = rng.choice([1, 2, 3])
            t = f"{n} café{'s' if n > 1 else ''}"
            parts.append(t + " aujourd'hui.")
            recs.append(amount(d, "coffee", n, "cup", t, src))
        if rng.random() < 0.2:
            parts.append("Objectif : semi-marathon en 1h45 au printemps.")
        files[src] = "\n\n".join(parts) + "\n"
    files["Journal/Plan semi-marathon.md"] = "# Plan semi\n\n- mardi : fractionné 10x400\n- jeudi : footing 8 km\n- dimanche : sortie longue 15-18 km\n"
    return files, recs, {"lang": "fr", "lifts": ["bench press", "squat", "deadlift"], "big3": True, "coffee": True}


# ----------------------------------------------------------------- de: Tagebuch/05.11.2026.md


def de_person(rng, start, today):
    files, recs = {}, []
    w = {"squat": rng.choice([95, 100]), "bench press": rng.choice([65, 70]), "deadlift": rng.choice([130, 140]),
         "overhead press": rng.choice([37.5, 40])}
    de = {"squat": "Kniebeuge", "bench press": "Bankdrücken", "deadlift": "Kreuzheben", "overhead press": "Schulterdrücken"}
    for d in daterange(start, today):
        src = f"Tagebuch/{d:%d.%m.%Y}.md"
        if rng.random() < 0.1:
            continue
        wd = d.weekday()
        lines = []
        if wd in (0, 2, 4) and rng.random() < 0.9:
            lines.append("## Training")
            exs = ["squat", "bench press"] if wd != 2 else ["deadlift", "overhead press"]
            for ex in exs:
                sets, reps = (5, 5) if ex != "deadlift" else (1, 5)
                kg = kfmt(w[ex]).replace(".", ",")
                t = rng.choice([f"{de[ex]} {sets}x{reps} mit {kg} kg", f"{de[ex]}: {sets}x{reps} {kg}kg",
                                f"{de[ex]} {kg} kg, {sets} {'Satz' if sets == 1 else 'Sätze'} à {reps} Wdh."])
                lines.append(f"- {t}")
                recs.append(lift(d, ex, w[ex], "kg", sets, reps, t, src))
                if rng.random() < 0.6:
                    w[ex] += 2.5
        elif wd in (1, 5) and rng.random() < 0.8:
            km = rng.choice([5, 8, 10, 10.5, 12])
            mins = km * rng.uniform(5.2, 6.0)
            kmt = fmt_num(km).replace(".", ",")
            if rng.random() < 0.5:
                mins = round(mins)
                t = rng.choice([f"Laufen {kmt} km in {mins} Minuten", f"Joggen {kmt} km, {mins} Min."])
            else:
                s = round(mins * 60)
                t = f"Lauf: {kmt} km, {s // 60}:{s % 60:02d}"
                mins = round(s / 60, 4)
            lines.append(t)
            recs.append(run(d, km, mins, t, src))
        elif wd == 6:
            lines.append(rng.choice(["Ruhetag.", "Ruhetag, Spaziergang mit dem Hund."]))
        if rng.random() < 0.75:
            h = rng.choice([6, 6.5, 7, 7.5, 8])
            hh = int(h)
            t = rng.choice([f"{fmt_num(h).replace('.', ',')} Std. geschlafen", f"Schlaf: {fmt_num(h).replace('.', ',')} h",
                            f"{hh} Stunden{' 30' if h % 1 else ''} geschlafen" if not h % 1 else f"{fmt_num(h).replace('.', ',')} Stunden geschlafen"])
            if rng.random() < 0.25:
                up = rng.choice([6, 7])
                bed = (up * 60 - round(h * 60)) % 1440
                t = f"geschlafen {bed // 60}:{bed % 60:02d}–{up}:00"
            lines.append(t)
            recs.append(sleep(d, h, t, src))
        if rng.random() < 0.5:
            n = rng.choice([1, 2, 3])
            t = f"{n} Tasse{'n' if n > 1 else ''} Kaffee"
            lines.append(t)
            recs.append(amount(d, "coffee", n, "cup", t, src))
        if rng.random() < 0.2:
            lines.append(f"Nächste Woche: Kniebeuge {kfmt(w['squat'] + 5)} kg")
        if lines:
            files[src] = "\n".join(lines) + "\n"
    files["Tagebuch/Trainingsplan.md"] = "# Trainingsplan\n\n- Mo/Fr: Kniebeuge 5x5, Bankdrücken 5x5\n- Mi: Kreuzheben 1x5, Schulterdrücken 5x5\n- Di/Sa: Laufen 8-12 km\n"
    return files, recs, {"lang": "de", "lifts": ["squat", "bench press", "deadlift"], "big3": True, "coffee": True}


PEOPLE = {"ko-monthly": ko_monthly, "ko-home": ko_home, "ko-lbs": ko_lbs, "ko-marathon": ko_marathon,
          "zh-diary": zh_person, "fr-journal": fr_person, "de-tagebuch": de_person}
