"""Six people, each writing the way real people write (not the way a parser expects).

Each person is a function (rng, start, today) -> (files {relpath: text}, recs [Rec], lang).
Every Rec is bound to the exact line that renders it.
"""
from __future__ import annotations

import datetime as dt

from common import KG_PER_LB, Rec, daterange, fmt_num

KO_WD = "월화수목금토일"
ES_MONTHS = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split()
EN_MONTHS = "January February March April May June July August September October November December".split()


def lift(d, name, w, sets, reps, unit="kg", text="", src=""):
    f = {"weight": w, "unit": unit, "sets": sets, "reps": reps}
    if unit is None:
        f["unit_missing"] = True
    return Rec(d, "lift", name, f, text, src)


def run(d, km, mins, text, src):
    return Rec(d, "run", "run", {"distance_km": round(km, 2), "duration_min": None if mins is None else round(mins, 2)},
               text, src)


def sleep(d, h, text, src):
    return Rec(d, "sleep", "sleep", {"hours": round(h, 3)}, text, src)


def qty(d, kind, name, v, unit, text, src):
    return Rec(d, kind, name, {"value": v, "unit": unit}, text, src)


def r25(x):
    return round(x / 2.5) * 2.5


def ko_clock(h):
    """23 -> '11시', 0.5 -> '12시 반', 1 -> '1시' (how people say bed time)."""
    hh = int(h) % 12 or 12
    return f"{hh}시" + (" 반" if h % 1 else "")


# --------------------------------------------------------------------------- 1. ko-pt

def ko_pt(rng, start, today):
    """PT sessions (Tue/Thu) with trainer comments, own session on Saturday. Files
    `운동/PT일지/2026-11-05 (목).md`. Ascending weights `스쿼트 60 70 80 90 (5회씩)`, reps lists
    `벤치 60kg 12 10 8 6`, warm-up sets, `20kg(한손)`, body weight, `취침 1시 기상 8시`."""
    files, recs = {}, []
    sq, bp, dl, lp = r25(rng.uniform(55, 65)), r25(rng.uniform(45, 55)), r25(rng.uniform(70, 85)), 40.0
    n_pt = 8
    for d in daterange(start, today):
        wd = d.weekday()
        src = f"운동/PT일지/{d.isoformat()} ({KO_WD[wd]}).md"
        lines = []
        if wd in (1, 3) and rng.random() < 0.93:
            n_pt += 1
            lower = (n_pt % 2 == 0)
            lines += [f"# PT {n_pt}회차 ({'하체' if lower else '상체'})", "", "## 운동"]
            if lower:
                ws = [sq - 30, sq - 20, sq - 10, sq]
                t = f"- {rng.choice(['스쿼트', '스쿼트', '바벨 스쿼트'])} {' '.join(fmt_num(w) for w in ws)} (5회씩)"
                lines.append(t)
                recs += [lift(d, "squat", w, 1, 5, None, t, src) for w in ws]
                t = f"- 레그프레스 {fmt_num(lp * 3)}kg 15회 4세트"
                lines.append(t)
                recs.append(lift(d, "leg press", lp * 3, 4, 15, "kg", t, src))
                if rng.random() < 0.5:
                    t = f"- 루마니안 데드리프트 {fmt_num(dl - 30)}kg 12회 3세트"
                    lines.append(t)
                    recs.append(lift(d, "romanian deadlift", dl - 30, 3, 12, "kg", t, src))
                nxt = f"스쿼트 {fmt_num(sq + 5)}"
                sq += rng.choice([0, 2.5, 5])
            else:
                reps = [12, 10, 8, 6]
                t = f"- {rng.choice(['벤치', '벤치프레스', '벤치 프레스'])} {fmt_num(bp)}kg {' '.join(map(str, reps))}"
                lines.append(t)
                recs += [lift(d, "bench press", bp, 1, r, "kg", t, src) for r in reps]
                t = f"- {rng.choice(['랫풀다운', '랫풀', '렛풀다운'])} {fmt_num(lp)}kg 12회 4세트"
                lines.append(t)
                recs.append(lift(d, "lat pulldown", lp, 4, 12, "kg", t, src))
                db = rng.choice([14, 16, 18, 20])
                t = f"- 인클라인 덤벨 프레스 {db}kg(한손) 12회 3세트"
                lines.append(t)
                recs.append(lift(d, "incline dumbbell press", db, 3, 12, "kg", t, src))
                nxt = f"벤치 {fmt_num(bp + 2.5)}kg"
                bp += rng.choice([0, 2.5])
                lp += rng.choice([0, 0, 5])
            lines += ["", "## 트레이너 코멘트",
                      f"> {rng.choice(['무릎 안으로 모이지 않게', '견갑 고정 잊지 말기', '호흡 끝까지 유지', '템포 천천히'])}. "
                      f"다음 시간 {nxt} 도전", ""]
        elif wd == 5 and rng.random() < 0.85:
            lines += ["혼자 운동 (오운완 💪)", ""]
            w = r25(bp * 0.6)
            t = f"- 벤치프레스 웜업 {fmt_num(w)}kg 10회, 본세트 {fmt_num(bp)}kg 8회 3세트"
            lines.append(t)
            recs += [lift(d, "bench press", w, 1, 10, "kg", t, src), lift(d, "bench press", bp, 3, 8, "kg", t, src)]
            t = f"- 데드 {fmt_num(dl)}kg 8회 3세트"
            lines.append(t)
            recs.append(lift(d, "deadlift", dl, 3, 8, "kg", t, src))
            dl += rng.choice([0, 5])
            if rng.random() < 0.6:
                km = rng.choice([2, 3, 3, 4])
                mins = km * rng.randint(6, 7)
                t = f"- 런닝머신 {km}km {mins}분"
                lines.append(t)
                recs.append(run(d, km, mins, t, src))
            lines.append("")
        # condition block on most days
        if rng.random() < 0.75:
            bed = rng.choice([23, 23.5, 0, 0.5, 1, 1.5])
            wake = rng.choice([6.5, 7, 7.5, 8])
            hours = wake + (24 - bed if bed >= 12 else -bed)
            cond = ["## 컨디션"]
            t = f"- 취침 {ko_clock(bed)} 기상 {ko_clock(wake)}"
            cond.append(t)
            recs.append(sleep(d, hours, t, src))
            if rng.random() < 0.6:
                cond.append(f"- 체중 {rng.uniform(71.5, 73.5):.1f}kg")
            if rng.random() < 0.5:
                p = rng.choice([100, 110, 120, 130, 140])
                t = f"- 단백질 {p}g"
                cond.append(t)
                recs.append(qty(d, "amount", "protein", p, "g", t, src))
            lines += cond
        if lines:
            files[src] = "\n".join(lines) + "\n"
    files["운동/PT 계획.md"] = (
        "# PT 3개월 계획\n\n- 목표: 스쿼트 100kg 5회, 벤치 80kg\n- 화/목 PT, 토 개인운동\n"
        "- 하체: 스쿼트 5x5 @ 80kg, 레그프레스 200kg 15회 4세트\n- 상체: 벤치 70kg 8회 4세트, 랫풀다운 50kg 12회 4세트\n"
        "- 수면 7시간 이상, 단백질 150g\n")
    return files, recs, "ko"


# --------------------------------------------------------------------------- 2. ko-split

def ko_split(rng, start, today):
    """`Day 1 - 가슴/삼두` split, files `헬스/2026/1105.md` (MMDD in a year folder). `5x5 @ 60`
    with no unit, `데드 100 x 5 x 3`, `1RM 측정: 스쿼트 120`, name variants and typos."""
    files, recs = {}, []
    bp, sq, dl, row, ohp, pull = r25(rng.uniform(60, 70)), r25(rng.uniform(85, 95)), r25(rng.uniform(110, 125)), 60.0, 40.0, 50.0
    day_no = 0
    for d in daterange(start, today):
        wd = d.weekday()
        if wd not in (0, 2, 4) or rng.random() < 0.1:
            continue
        src = f"헬스/{d.year}/{d.month:02d}{d.day:02d}.md"
        day_no = day_no % 3 + 1
        lines = []
        if day_no == 1:
            lines.append(f"Day 1 - 가슴/삼두")
            t = f"{rng.choice(['벤치', '벤프'])} 웜업 20kg 15회, {fmt_num(bp - 20)}kg 10회"
            lines.append(t)
            recs += [lift(d, "bench press", 20, 1, 15, "kg", t, src), lift(d, "bench press", bp - 20, 1, 10, "kg", t, src)]
            t = f"{rng.choice(['벤치프레스', '벤치 프레스', '벤프'])} 5x5 @ {fmt_num(bp)}"
            lines.append(t)
            recs.append(lift(d, "bench press", bp, 5, 5, None, t, src))
            lines.append("딥스 3x12")
            lines.append("케이블 푸쉬다운 3세트 15회 (무게 기억 안남)")
            bp += rng.choice([0, 2.5, 2.5])
        elif day_no == 2:
            lines.append("Day 2 - 등/이두")
            t = f"{rng.choice(['데드', '데드리프트', '데드'])} {fmt_num(dl)} x 5 x 3"
            lines.append(t)
            recs.append(lift(d, "deadlift", dl, 3, 5, None, t, src))
            t = f"바벨로우 {fmt_num(row)} x 10 x 4"
            lines.append(t)
            recs.append(lift(d, "row", row, 4, 10, None, t, src))
            t = f"{rng.choice(['랫풀', '랫풀다운'])} {fmt_num(pull)}kg 12 12 10 10"
            lines.append(t)
            recs += [lift(d, "lat pulldown", pull, 2, 12, "kg", t, src), lift(d, "lat pulldown", pull, 2, 10, "kg", t, src)]
            dl += rng.choice([0, 5])
            row += rng.choice([0, 2.5])
        else:
            lines.append("Day 3 - 하체/어깨")
            if rng.random() < 0.25:
                one = r25(sq * 1.25)
                t = f"1RM 측정: {rng.choice(['스쿼트', '스쾃'])} {fmt_num(one)}"
                lines.append(t)
                recs.append(lift(d, "squat", one, 1, 1, None, t, src))
                lines.append("성공!! 🔥")
            else:
                t = f"{rng.choice(['스쾃', '스쿼트', '스쿼트'])} 5x5 @ {fmt_num(sq)}"
                lines.append(t)
                recs.append(lift(d, "squat", sq, 5, 5, None, t, src))
            t = f"{rng.choice(['ohp', '밀프', '오버헤드프레스', 'OHP'])} 4x8 @ {fmt_num(ohp)}"
            lines.append(t)
            recs.append(lift(d, "overhead press", ohp, 4, 8, None, t, src))
            lines.append("사레레 5kg 15회 4세트")
            recs.append(lift(d, "lateral raise", 5, 4, 15, "kg", lines[-1], src))
            sq += rng.choice([0, 2.5, 5])
            ohp += rng.choice([0, 0, 2.5])
        lines.append("")
        extra = []
        if rng.random() < 0.7:
            h = rng.choice([5, 6, 6.5, 7, 7, 8])
            t = "6시간 반 잠" if h == 6.5 else f"{h}시간 잠"
            extra.append(f"컨디션: {t}, {rng.choice(['괜찮음', '피곤', '좋음'])}")
            recs.append(sleep(d, h, extra[-1], src))
        if rng.random() < 0.6:
            p = rng.choice([110, 120, 130, 150])
            extra.append(f"단백질 {p}g 채움")
            recs.append(qty(d, "amount", "protein", p, "g", extra[-1], src))
        files[src] = "\n".join(lines + extra) + "\n"
    files["헬스/루틴.md"] = (
        "# 3분할 루틴\n\nDay 1 - 가슴/삼두\n벤치프레스 5x5 @ 60\n딥스 3x12\n\nDay 2 - 등/이두\n데드 100 x 5 x 3\n"
        "바벨로우 60 x 10 x 4\n\nDay 3 - 하체/어깨\n스쿼트 5x5 @ 80\nohp 4x8 @ 40\n")
    files["헬스/목표.md"] = "# 올해 목표\n\n- 3대 400 (스쿼트 140 / 벤치 100 / 데드 160)\n- 체지방 15% 이하\n- 8시간 자기\n"
    return files, recs, "ko"


# --------------------------------------------------------------------------- 3. ko-runner

def ko_runner(rng, start, today):
    """런데이 / 나이키 런 클럽 pastes, files `러닝일지/2026/11월 5일 목요일.md`. Swims and hikes
    with distances (not runs), body weight, steps `12,345보`, `아메리카노 2잔`."""
    files, recs = {}, []
    for d in daterange(start, today):
        wd = d.weekday()
        src = f"러닝일지/{d.year}/{d.month}월 {d.day}일 {KO_WD[wd]}요일.md"
        lines = []
        if wd in (1, 3) and rng.random() < 0.9:
            km = round(rng.uniform(4.8, 6.5), 2)
            pace = rng.uniform(5.6, 6.3)
            mins = round(km * pace * 60) / 60
            s = round(mins * 60)
            ps = round(pace * 60)
            if rng.random() < 0.5:
                lines += ["#러닝 #런데이", "런데이 자유달리기"]
                t = f"{km:.2f}km {s // 60}:{s % 60:02d} 평균 페이스 {ps // 60}'{ps % 60:02d}\""
                lines.append(t)
                lines.append(f"심박 {rng.randint(145, 165)}")
            else:
                lines += ["Nike Run Club 기록"]
                t = f"거리 {km:.2f} km\n시간 {s // 60}:{s % 60:02d}\n평균 페이스 {ps // 60}'{ps % 60:02d}''\n칼로리 {int(km * 65)} kcal"
                lines.append(t)
            recs.append(run(d, km, mins, t, src))
            lines.append("")
        elif wd == 6 and rng.random() < 0.85:
            km = rng.choice([10, 12, 14, 15, 16])
            mins = km * rng.randint(6, 7) + rng.randint(0, 9)
            t = f"LSD {km}km {mins // 60}시간 {mins % 60}분 ㅎㅎ 다리 털림"
            lines += ["일요일 장거리", t, ""]
            recs.append(run(d, km, mins, t, src))
        elif wd == 5 and rng.random() < 0.5:
            if rng.random() < 0.5:
                lines += [f"수영 자유형 {rng.choice([800, 1000, 1200])}m {rng.randint(30, 45)}분", ""]
            else:
                lines += [f"{rng.choice(['관악산', '북한산', '청계산'])} 등산 {rng.uniform(6, 10):.1f}km {rng.randint(2, 4)}시간 {rng.randint(0, 5) * 10}분", ""]
        if rng.random() < 0.8:
            lines.append("---")
            if rng.random() < 0.85:
                h = rng.choice([5, 6, 6, 7, 7, 8])
                m = rng.choice([0, 10, 20, 30, 40, 50])
                t = f"수면 {h}시간" + (f" {m}분" if m else "")
                lines.append(t)
                recs.append(sleep(d, h + m / 60, t, src))
            if rng.random() < 0.5:
                lines.append(f"체중 {rng.uniform(67.5, 69.5):.1f}kg")
            if rng.random() < 0.7:
                st = rng.randint(5000, 16000)
                t = f"걸음 {st:,}보"
                lines.append(t)
                recs.append(qty(d, "measure", "steps", st, "step", t, src))
            if rng.random() < 0.6:
                c = rng.choice([1, 2, 2, 3])
                t = f"아메리카노 {c}잔"
                lines.append(t)
                recs.append(qty(d, "amount", "coffee", c, "cup", t, src))
        if lines:
            files[src] = "\n".join(lines) + "\n"
    files["러닝일지/JTBC 마라톤 준비.md"] = (
        "# JTBC 마라톤 16주 훈련표\n\n| 주차 | 화 | 목 | 일 |\n|---|---|---|---|\n| 1주 | 5km | 6km | LSD 12km |\n"
        "| 2주 | 6km | 6km | LSD 14km |\n| 3주 | 인터벌 400m x 8 | 7km | LSD 16km |\n\n목표 기록 3시간 59분\n")
    return files, recs, "ko"


# --------------------------------------------------------------------------- 4. ko-crossfit (monthly note)

def ko_crossfit(rng, start, today):
    """One note per month `크로스핏/2026년 11월.md` with `### 11/5 (목)` headings, newest last.
    WODs (`AMRAP 12분`, `For time 8:32`), strength parts, a rowing erg (not a run), goals at the top."""
    months, recs = {}, []
    bsq, dl, cj = r25(rng.uniform(70, 80)), r25(rng.uniform(100, 115)), r25(rng.uniform(45, 55))
    for d in daterange(start, today):
        wd = d.weekday()
        if wd not in (0, 1, 3, 4) or rng.random() < 0.15:
            continue
        src = f"크로스핏/{d.year}년 {d.month}월.md"
        blk = [f"### {d.month}/{d.day} ({KO_WD[wd]})"]
        k = rng.random()
        if k < 0.35:
            t = f"- Strength: 백스쿼트 5x5 {fmt_num(bsq)}kg"
            blk.append(t)
            recs.append(lift(d, "squat", bsq, 5, 5, "kg", t, src))
            bsq += rng.choice([0, 2.5])
            blk.append(f"- WOD: AMRAP 12분 (버피 10 / 월볼 15 / 박스점프 10) → {rng.randint(5, 7)}R + {rng.randint(1, 30)}")
        elif k < 0.6:
            t = f"- 데드리프트 3RM {fmt_num(dl)}"
            blk.append(t)
            recs.append(lift(d, "deadlift", dl, 1, 3, None, t, src))
            dl += rng.choice([0, 5])
            m, s = rng.randint(7, 11), rng.randint(0, 59)
            blk.append(f"- WOD: For time 21-15-9 쓰러스터 / 풀업 → {m}:{s:02d} (스케일)")
        elif k < 0.8:
            t = f"- 클린앤저크 {fmt_num(cj)}kg 3회 5세트"
            blk.append(t)
            recs.append(lift(d, "clean and jerk", cj, 5, 3, "kg", t, src))
            cj += rng.choice([0, 2.5])
            blk.append(f"- 로잉 2000m {rng.randint(7, 8)}:{rng.randint(0, 59):02d}")
        else:
            m, s = rng.randint(23, 27), rng.randint(0, 59)
            t = f"- 5km 런 {m}:{s:02d}"
            blk.append(t)
            recs.append(run(d, 5, m + s / 60, t, src))
            blk.append("- 코어: 플랭크 1분 x 3")
        if rng.random() < 0.3:
            blk.append(f"- 메모: {rng.choice(['손바닥 까짐', '코치님이 힙 더 뒤로', '오늘 사람 많았음', '컨디션 최악'])}")
        months.setdefault(src, []).append("\n".join(blk))
    files = {}
    for src, blocks in months.items():
        ym = src.split("/")[1].removesuffix(".md")
        head = (f"# {ym} 크로스핏 기록\n\n## 이번 달 목표\n- 백스쿼트 {fmt_num(bsq + 10)}kg 5회\n- 데드 {fmt_num(dl + 20)}kg 1RM\n"
                f"- 풀업 키핑 10개\n\n## 기록\n\n")
        files[src] = head + "\n\n".join(blocks) + "\n"
    return files, recs, "ko"


# --------------------------------------------------------------------------- 5. es-runner (prose)

def es_runner(rng, start, today):
    """A Spanish runner's prose diary `Diario/05-11-2026.md` (DD-MM-YYYY): decimal commas,
    `8,5 km en 47:20`, `tirada larga de 16 km (1h 31')`, `dormí 7 horas y media`, gym twice a week."""
    files, recs = {}, []
    sq, bp = r25(rng.uniform(60, 70)), r25(rng.uniform(45, 50))
    for d in daterange(start, today):
        wd = d.weekday()
        src = f"Diario/{d.day:02d}-{d.month:02d}-{d.year}.md"
        paras = []
        if rng.random() < 0.8:
            k = rng.random()
            if k < 0.3:
                h = rng.choice([6, 7, 8])
                t = f"Dormí {h} horas y media, {rng.choice(['genial', 'bastante bien', 'del tirón'])}."
                recs.append(sleep(d, h + 0.5, t, src))
            elif k < 0.6:
                h = rng.choice([5, 6, 7])
                t = f"Anoche dormí unas {h} horas, {rng.choice(['fatal', 'me desperté mil veces', 'regular'])}."
                recs.append(sleep(d, h, t, src))
            else:
                bed = rng.choice([23, 23.5, 0])
                wake = rng.choice([6.5, 7, 7.5])
                hours = wake + (24 - bed if bed >= 12 else -bed)
                bs = "las 12" if bed == 0 else ("las 11" if bed == 23 else "las 11 y media")
                ws = {6.5: "las 6:30", 7: "las 7", 7.5: "las 7:30"}[wake]
                t = f"Me acosté a {bs} y me levanté a {ws}."
                recs.append(sleep(d, hours, t, src))
            paras.append(t)
        if wd in (1, 3) and rng.random() < 0.9:
            km = round(rng.uniform(7, 10) * 2) / 2
            mins = round(km * rng.uniform(5.2, 5.8), 1)
            s = round(mins * 60)
            kms = fmt_num(km).replace(".", ",")
            if rng.random() < 0.5:
                p = round(s / km)
                t = f"Salí a correr {kms} km en {s // 60}:{s % 60:02d}, ritmo {p // 60}:{p % 60:02d}. {rng.choice(['Piernas pesadas.', 'Muy buenas sensaciones.', 'Hacía frío.'])}"
            else:
                t = f"Rodaje suave por el Retiro: {kms} km en {s // 60} minutos y {s % 60} segundos."
            recs.append(run(d, km, s / 60, t, src))
            paras.append(t)
        elif wd == 5 and rng.random() < 0.8:
            km = rng.choice([10, 10])
            mins = rng.randint(48, 55)
            t = f"Series: 6x1000 con 2' de recuperación, {km} km en total en {mins} minutos. Acabé muerto."
            recs.append(run(d, km, mins, t, src))
            paras.append(t)
        elif wd == 6 and rng.random() < 0.9:
            km = rng.choice([14, 16, 18, 21])
            mins = km * rng.randint(5, 6) + rng.randint(0, 20)
            t = f"Tirada larga de {km} km ({mins // 60}h {mins % 60:02d}'). {rng.choice(['Con el grupo del club.', 'Sola, con podcast.', 'Subida a la Casa de Campo.'])}"
            recs.append(run(d, km, mins, t, src))
            paras.append(t)
        elif wd in (0, 4) and rng.random() < 0.75:
            t = (f"Gimnasio: sentadilla 4x6 con {fmt_num(sq).replace('.', ',')} kg, press banca 3x8 con "
                 f"{fmt_num(bp).replace('.', ',')} kg y un poco de core.")
            recs += [lift(d, "squat", sq, 4, 6, "kg", t, src), lift(d, "bench press", bp, 3, 8, "kg", t, src)]
            sq += rng.choice([0, 2.5])
            bp += rng.choice([0, 0, 2.5])
            paras.append(t)
        if rng.random() < 0.5:
            c = rng.choice([1, 2, 3])
            t = f"{['Un café', 'Dos cafés', 'Tres cafés'][c - 1]} hoy{', demasiados' if c == 3 else ''}."
            recs.append(qty(d, "amount", "coffee", c, "cup", t, src))
            paras.append(t)
        if rng.random() < 0.3:
            paras.append(f"Peso: {rng.uniform(58, 60):.1f} kg".replace(".", ","))
        if paras:
            files[src] = "\n\n".join(paras) + "\n"
    files["Plan maratón Valencia.md"] = (
        "# Plan maratón de Valencia\n\nSemana 6: tirada larga 24 km, series 8x1000.\nSemana 8: tirada larga de 28 km en 2h 40'.\n"
        "Semana 10: 30 km a ritmo de maratón (5:10).\n\nObjetivo: bajar de 3h 45'.\n")
    return files, recs, "es"


# --------------------------------------------------------------------------- 6. en-bujo

def en_bujo(rng, start, today):
    """A bullet journal `Journal/November 5th, 2026.md` (Roam-style titles) with emoji trackers
    (`😴 7.5h · 💧 6 · ☕☕ · 👣 9.2k`), `🏋️ squat 3×5 @ 225lb`, and Garmin / Apple Health pastes."""
    files, recs = {}, []
    sq, bp, dl = rng.choice([205, 215, 225]), rng.choice([155, 165]), rng.choice([255, 275])

    def ordinal(n):
        return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"

    for d in daterange(start, today):
        if rng.random() < 0.07:
            continue
        wd = d.weekday()
        src = f"Journal/{EN_MONTHS[d.month - 1]} {ordinal(d.day)}, {d.year}.md"
        track, log = [], []
        apple = rng.random() < 0.3
        if not apple:
            h = rng.choice([6, 6.5, 7, 7.5, 8, 5.5])
            t = f"😴 {fmt_num(h)}h"
            track.append(t)
            recs.append(sleep(d, h, "", src))
        if rng.random() < 0.7:
            g = rng.randint(4, 9)
            track.append(f"💧 {g}")
            recs.append(qty(d, "amount", "glass", g, "glass", "", src))
        if rng.random() < 0.8:
            c = rng.choice([1, 2, 2, 3])
            track.append("☕" * c)
            recs.append(qty(d, "amount", "coffee", c, "cup", "", src))
        if rng.random() < 0.8:
            st = rng.randint(40, 140) * 100
            track.append(f"👣 {fmt_num(st / 1000, 1)}k")
            recs.append(qty(d, "measure", "steps", st, "step", "", src))
        line = " · ".join(track)
        for r in recs:
            if r.date == d and r.text == "":
                r.text = line
        if wd in (0, 2, 4) and rng.random() < 0.9:
            t = f"• 🏋️ squat 3×5 @ {sq}lb; bench 3×5 @ {bp}lb" + (f"; deadlift 1×5 @ {dl}lb" if wd == 4 else "")
            recs += [lift(d, "squat", sq, 3, 5, "lb", t, src), lift(d, "bench press", bp, 3, 5, "lb", t, src)]
            if wd == 4:
                recs.append(lift(d, "deadlift", dl, 1, 5, "lb", t, src))
                dl += rng.choice([0, 10])
            sq += rng.choice([0, 5, 5])
            bp += rng.choice([0, 5])
            log.append(t)
        elif wd in (1, 3) and rng.random() < 0.85:
            km = rng.choice([5, 5, 6, 8])
            mins = km * rng.uniform(5.2, 6.0)
            s = round(mins * 60)
            t = f"• 🏃 easy {'5k' if km == 5 else f'{km}k'} {s // 60}:{s % 60:02d}"
            recs.append(run(d, km, s / 60, t, src))
            log.append(t)
        elif wd == 6 and rng.random() < 0.85:
            km = round(rng.uniform(11, 16), 2)
            s = round(km * rng.uniform(5.1, 5.6) * 60)
            p = round(s / km)
            t = (f"Garmin Connect — Morning Run\nDistance {km:.2f} km | Time {s // 3600}:{(s % 3600) // 60:02d}:{s % 60:02d} | "
                 f"Avg Pace {p // 60}:{p % 60:02d} /km | Avg HR {rng.randint(140, 155)} bpm | Calories {int(km * 64)} | "
                 f"Total Ascent {rng.randint(20, 120)} m")
            recs.append(run(d, km, s / 60, t, src))
            log.append("• long run, pasted from the watch:")
            log.append(t)
        if rng.random() < 0.5:
            p = rng.choice([15, 20, 30, 40])
            t = f"• 📖 {p}p of Piranesi"
            recs.append(qty(d, "measure", "page", p, "page", t, src))
            log.append(t)
        if rng.random() < 0.4:
            m = rng.choice([10, 15, 20])
            t = f"• 🧘 {m} min"
            recs.append(qty(d, "measure", "minute", m, "minute", t, src))
            log.append(t)
        if apple:
            hh, mm = rng.choice([5, 6, 7]), rng.randint(0, 59)
            t = f"Sleep (Apple Health): Asleep {hh} hr {mm} min · In Bed {hh + 1} hr {rng.randint(0, 40)} min"
            recs.append(sleep(d, hh + mm / 60, t, src))
            log.append(t)
        log.append(rng.choice(["• – call mum", "• ○ dentist booked for Friday", "• – work was a lot", "• x laundry"]))
        text = "## Trackers\n" + line + "\n\n## Log\n" + "\n".join(log) + "\n"
        files[src] = text
    files["Collections/Habit tracker key.md"] = (
        "# Key\n\n😴 hours slept · 💧 glasses of water · ☕ one per cup · 👣 steps (k) · 📖 pages · 🧘 minutes\n\n"
        "Goal: 😴 8h · 💧 8 · ☕ max 2 · 👣 10k\n")
    files["Collections/Starting Strength.md"] = (
        "# Program\n\nA: squat 3×5, bench 3×5, deadlift 1×5\nB: squat 3×5, press 3×5, power clean 5×3\n\n"
        "Add 5lb per session. Long run Sunday 12-16k.\n")
    return files, recs, "en"


PEOPLE = {"ko-pt": ko_pt, "ko-split": ko_split, "ko-runner": ko_runner, "ko-crossfit": ko_crossfit,
          "es-runner": es_runner, "en-bujo": en_bujo}
