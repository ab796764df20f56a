#!/usr/bin/env python3
"""holdout7: an eighth held-out generator. Whole vaults as they are after months of use:
daily notes made from a template (Templater / Periodic Notes leftovers, empty fields, tasks,
dataview blocks, callouts, embeds), weekly and monthly reviews that SUMMARISE the days, plans
and programs, goal notes, price lists and recipes; and the everyday questions a new user asks
first, in the person's language and in English, with answers computed from the truth.

    python3 tools/holdout7/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 80
"""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import Rec, fmt_num, mmss, hmmss, monday, run_people, period_range  # noqa: E402

SPAN_DAYS = 84
D = dt.timedelta
KO_WD = "월화수목금토일"
DE_WD = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def r25(x):
    return round(x / 2.5) * 2.5


def iso_week(d):
    y, w, _ = d.isocalendar()
    return "%d-W%02d" % (y, w)


class Vault:
    def __init__(self, rng, start, today):
        self.rng, self.start, self.today = rng, start, today
        self.files, self.recs = {}, []

    def add(self, d, kind, name, fields, text, src):
        self.recs.append(Rec(d, kind, name, dict(fields), text.strip(), src))

    def days(self):
        d = self.start
        while d <= self.today:
            yield d
            d += D(days=1)

    def week_recs(self, a, b, kind, name=None):
        return [r for r in self.recs if r.kind == kind and (name is None or r.name == name) and a <= r.date <= b]


def run_time(rng, km, lo, hi):
    return round(km * rng.uniform(lo, hi), 2)


def secs_round(minutes):
    return round(minutes * 60) / 60.0


def pace_str(km, minutes):
    p = minutes / km
    s = round(p * 60)
    return "%d'%02d\"" % (s // 60, s % 60)


# --------------------------------------------------------------------------- ko-gym: Korean lifter
KO_GYM_WORDS = {"squat": ["스쿼트", "백스쿼트", "스쿼트"], "bench press": ["벤치프레스", "벤치"],
                "deadlift": ["데드리프트", "데드"], "overhead press": ["오버헤드프레스", "오버헤드 프레스"],
                "leg press": ["레그프레스"], "lat pulldown": ["랫풀다운"]}


def ko_lift_text(rng, name, w, sets, reps, word=None):
    kw = word or rng.choice(KO_GYM_WORDS[name])
    ws = fmt_num(w)
    if sets == reps and rng.random() < 0.6:
        return "%s %skg %dx%d" % (kw, ws, reps, sets)
    return rng.choice(["%s %skg %d회 %d세트" % (kw, ws, reps, sets),
                       "%s %skg %d회 x %d세트" % (kw, ws, reps, sets),
                       "%s %skg %d세트 %d회" % (kw, ws, sets, reps),
                       "%s %skg %d개씩 %d세트" % (kw, ws, reps, sets)])


def ko_gym(rng, start, today):
    v = Vault(rng, start, today)
    src_of = lambda d: "Daily/%s.md" % d.isoformat()
    v.files[".obsidian/daily-notes.json"] = json.dumps({"folder": "Daily", "format": "YYYY-MM-DD",
                                                        "template": "Templates/일일 템플릿"})
    v.files["Templates/일일 템플릿.md"] = (
        "---\ncreated: <% tp.file.creation_date() %>\ntags: [daily]\n---\n"
        "<< [[<% tp.date.now(\"YYYY-MM-DD\", -1) %>]] | [[<% tp.date.now(\"YYYY-MM-DD\", 1) %>]] >>\n\n"
        "## 컨디션\n수면:: \n체중: __ kg\n걸음수: \n\n## 운동\n- [ ] 운동\n운동: \n\n## 메모\n")
    base = {"squat": 90.0, "bench press": 67.5, "deadlift": 115.0, "overhead press": 40.0,
            "leg press": 140.0, "lat pulldown": 45.0}
    step = {"squat": 2.5, "bench press": 1.25, "deadlift": 2.5, "overhead press": 0.6,
            "leg press": 5.0, "lat pulldown": 1.0}
    bw = 79.5
    flip = 0
    for d in v.days():
        src = src_of(d)
        wk = (d - start).days // 7
        roll = rng.random()
        if d != today and roll < 0.12:
            continue  # no note
        template_only = d != today and roll < 0.2
        nav = "<< [[%s]] | [[%s]] >>" % ((d - D(days=1)).isoformat(), (d + D(days=1)).isoformat())
        head = "---\ncreated: %sT%02d:%02d\ntags: [daily]\n---\n%s\n\n" % (
            d.isoformat(), rng.randint(6, 8), rng.randint(0, 59), nav)
        if template_only:
            v.files[src] = head + "## 컨디션\n수면:: \n체중: __ kg\n걸음수: \n\n## 운동\n- [ ] 운동\n운동: \n\n## 메모\n"
            continue
        cond = ["## 컨디션"]
        if rng.random() < 0.85:
            h = rng.choice([6, 6.5, 7, 7, 7.5, 8]) + rng.choice([0, 0, 1 / 6, 1 / 3])
            h = round(h * 60) / 60
            hh, mm = int(h), round((h - int(h)) * 60)
            t = "수면:: %d시간 %d분" % (hh, mm) if mm else "수면:: %d시간" % hh
            cond.append(t)
            v.add(d, "sleep", "sleep", {"hours": round(h, 4)}, t, src)
        else:
            cond.append("수면:: ")
        if rng.random() < 0.55:
            bw = round(bw + rng.uniform(-0.5, 0.35), 1)
            t = "체중: %skg" % fmt_num(bw)
            cond.append(t)
            v.add(d, "measure", "kg", {"value": bw, "unit": "kg"}, t, src)
        else:
            cond.append("체중: __ kg")
        if d != today and rng.random() < 0.7:
            st = rng.randint(3500, 14000)
            t = "걸음수: {:,}".format(st)
            cond.append(t)
            v.add(d, "measure", "steps", {"value": st, "unit": "step"}, t, src)
        else:
            cond.append("걸음수: ")
        if rng.random() < 0.5 and d != today:
            n = rng.choice([1, 2, 2, 3])
            t = "커피 %d잔" % n
            cond.append("- " + t)
            v.add(d, "amount", "coffee", {"value": n, "unit": "cup"}, t, src)
        work = ["", "## 운동"]
        lifting = d != today and d.weekday() in (0, 1, 3, 4) and rng.random() < 0.8
        if lifting:
            flip += 1
            sess = ["squat", "bench press", "lat pulldown"] if flip % 2 else ["deadlift", "overhead press", "leg press"]
            if rng.random() < 0.3:
                sess = sess[:2]
            tag = "#운동/하체" if sess[0] == "squat" else "#운동/등"
            work.append("- [x] 운동 ✅ %s" % d.isoformat())
            items = []
            for name in sess:
                w = r25(base[name] + step[name] * wk) if name not in ("lat pulldown",) else float(round(base[name] + step[name] * wk))
                if name in ("squat", "bench press"):
                    sets, reps = (5, 5) if rng.random() < 0.6 else (3, 8)
                elif name == "deadlift":
                    sets, reps = rng.choice([(1, 5), (3, 5)])
                else:
                    sets, reps = 3, rng.choice([8, 10, 12])
                items.append((name, w, sets, reps))
            if rng.random() < 0.3 and len(items) >= 2:
                a, b = items[0], items[1]
                t = "%s, %s" % (ko_lift_text(rng, *a), ko_lift_text(rng, *b))
                work.append("오늘 %s %s" % (tag, t))
                for it in (a, b):
                    v.add(d, "lift", it[0], {"weight": it[1], "unit": "kg", "sets": it[2], "reps": it[3]}, t, src)
                rest = items[2:]
            else:
                work.append("운동: 헬스 %s" % tag)
                rest = items
            for it in rest:
                t = ko_lift_text(rng, *it)
                if rng.random() < 0.2:
                    t += rng.choice([" 성공 🔥", " (힘듦)", " 폼 괜찮았음", " PR!"])
                work.append("- " + t)
                v.add(d, "lift", it[0], {"weight": it[1], "unit": "kg", "sets": it[2], "reps": it[3]}, t, src)
            if rng.random() < 0.35:
                nxt = items[0]
                work.append("- 다음엔 %s %skg 도전 예정" % (KO_GYM_WORDS[nxt[0]][0], fmt_num(nxt[1] + 2.5)))
            if rng.random() < 0.25:
                work.append("![[헬스장 %s.jpg]]" % d.strftime("%Y%m%d"))
        else:
            work.append("- [ ] 운동")
            work.append("운동: " + ("휴식" if rng.random() < 0.5 else ""))
        memo = ["", "## 메모"]
        if rng.random() < 0.2:
            memo.append("> [!note] 오늘의 한마디\n> 3대 500까지 %d kg 남음" % rng.randint(60, 120))
        if d.weekday() == 6 and rng.random() < 0.6:
            memo.append("- 다음 주 계획: 월 하체 / 화 상체 / 목 하체 / 금 상체, 스쿼트 %skg 5x5" % fmt_num(r25(base["squat"] + step["squat"] * (wk + 1))))
        if rng.random() < 0.2:
            memo.append("- [ ] 데드 %skg 도전 📅 %s" % (fmt_num(r25(base["deadlift"] + step["deadlift"] * (wk + 2))), (d + D(days=7)).isoformat()))
        if rng.random() < 0.15:
            memo.append("```dataview\nTABLE 수면, 체중 FROM \"Daily\" WHERE file.day >= date(today) - dur(7 days)\n```")
        v.files[src] = head + "\n".join(cond + work + memo) + "\n"
    # reviews, plans, references
    review_weeks(v, "ko", "Weekly/{w}.md", lambda a, b: ko_week_summary(v, a, b))
    review_months(v, "Monthly/{y}-{m:02d} 월간 회고.md", lambda a, b: ko_month_summary(v, a, b))
    v.files["운동/5-3-1 프로그램.md"] = (
        "# 5/3/1 프로그램\n\nTM: 스쿼트 120kg, 벤치 85kg, 데드 150kg, 오프 55kg\n\n"
        "| 주차 | 세트1 | 세트2 | 세트3 |\n|---|---|---|---|\n| 1주차 | 65% x5 | 75% x5 | 85% x5+ |\n"
        "| 2주차 | 70% x3 | 80% x3 | 90% x3+ |\n| 3주차 | 75% x5 | 85% x3 | 95% x1+ |\n| 4주차 | 디로드 40% x5 | 50% x5 | 60% x5 |\n\n"
        "- 스쿼트 1주차: 78kg x5, 90kg x5, 102kg x5+\n- 벤치 1주차: 55kg x5, 64kg x5, 72kg x5+\n")
    v.files["목표/2027 목표.md"] = ("# 2027 목표\n\n- [ ] 벤치 100kg\n- [ ] 스쿼트 140kg 5x5\n- [ ] 데드 180kg 1회\n"
                                   "- [ ] 3대 400 → 420\n- 체중 75kg까지 감량\n")
    v.files["생활/헬스장 가격표.md"] = ("# 헬스장 가격\n\n- 1개월 8만원\n- 3개월 21만원\n- PT 10회 55만원\n"
                                    "- 락커 월 1만원\n- 샤워 24시간\n")
    v.files["운동/바디체크.md"] = ("# 바디체크 (인바디)\n\n| 항목 | 3월 | 9월 |\n|---|---|---|\n| 체중 | 82.1kg | 79.6kg |\n"
                                "| 골격근량 | 35.2kg | 36.0kg |\n| 체지방률 | 21% | 18.5% |\n")
    return v.files, v.recs, {"lang": "ko", "kinds": {"lift", "sleep", "kg", "steps", "coffee"}}


def ko_week_summary(v, a, b):
    lifts = v.week_recs(a, b, "lift")
    days = len({r.date for r in lifts})
    sq = [r.fields["weight"] for r in lifts if r.name == "squat"]
    sl = v.week_recs(a, b, "sleep")
    out = ["# %s 주간 회고" % iso_week(a), "", "- 이번 주 헬스 %d회" % days]
    if sq:
        out.append("- 스쿼트 최고 %skg 5x5" % fmt_num(max(sq)))
    if sl:
        out.append("- 평균 수면 %s시간" % fmt_num(sum(r.fields["hours"] for r in sl) / len(sl), 1))
    out.append("- 다음 주: 벤치 %skg 3x8 목표" % fmt_num(r25(max([r.fields["weight"] for r in lifts if r.name == "bench press"] or [70]) + 2.5)))
    return "\n".join(out) + "\n"


def ko_month_summary(v, a, b):
    lifts = v.week_recs(a, b, "lift")
    days = len({r.date for r in lifts})
    out = ["# %d월 월간 회고" % a.month, "", "%d월 총 헬스 %d회." % (a.month, days)]
    for name, kw in (("bench press", "벤치"), ("deadlift", "데드")):
        ws = [r.fields["weight"] for r in lifts if r.name == name]
        if ws:
            out.append("- %s 최고 %skg" % (kw, fmt_num(max(ws))))
    return "\n".join(out) + "\n"


def review_weeks(v, lang, pattern, body):
    m = monday(v.start) + D(days=7)
    while m + D(days=6) < v.today:
        if v.rng.random() < 0.7:
            v.files[pattern.format(w=iso_week(m))] = body(m, m + D(days=6))
        m += D(days=7)


def review_months(v, pattern, body):
    m = (v.start.replace(day=1) + D(days=32)).replace(day=1) if v.start.day > 1 else v.start
    while True:
        nxt = (m + D(days=32)).replace(day=1)
        if nxt > v.today:
            break
        v.files[pattern.format(y=m.year, m=m.month)] = body(m, nxt - D(days=1))
        m = nxt


# --------------------------------------------------------------------------- ko-run: Korean runner


def ko_run(rng, start, today):
    v = Vault(rng, start, today)
    v.files[".obsidian/daily-notes.json"] = json.dumps({"folder": "일기", "format": "YYYY-MM-DD"})
    v.files["템플릿/데일리.md"] = "# {{date}}\n\n컨디션: \n수면: \n몸무게: \n\n## 러닝\n- 거리: \n- 시간: \n- 페이스: \n\n## 기록\n"
    wt = 64.8
    for d in v.days():
        src = "일기/%s.md" % d.isoformat()
        wk = (d - start).days // 7
        roll = rng.random()
        if d != today and roll < 0.1:
            continue
        if d != today and roll < 0.17:
            v.files[src] = "# %s (%s)\n\n컨디션: \n수면: \n몸무게: \n\n## 러닝\n- 거리: \n- 시간: \n- 페이스: \n\n## 기록\n" % (d.isoformat(), KO_WD[d.weekday()])
            continue
        lines = ["# %s (%s)" % (d.isoformat(), KO_WD[d.weekday()]), "", "컨디션: " + rng.choice(["좋음", "보통", "피곤", "😴", ""])]
        if rng.random() < 0.85:
            if rng.random() < 0.5:
                bed = rng.choice([22 * 60 + 50, 23 * 60 + 10, 23 * 60 + 40, 24 * 60 + 20])
                up = rng.choice([5 * 60 + 50, 6 * 60 + 30, 7 * 60])
                h = (up + 24 * 60 - bed) / 60.0
                t = "수면: %02d:%02d~%02d:%02d" % ((bed // 60) % 24, bed % 60, up // 60, up % 60)
            else:
                h = rng.choice([5.5, 6, 6.5, 7, 7.5])
                t = "수면: %d시간%s" % (int(h), " 30분" if h % 1 else "")
            lines.append(t)
            v.add(d, "sleep", "sleep", {"hours": round(h, 4)}, t, src)
        else:
            lines.append("수면: ")
        if rng.random() < 0.5:
            wt = round(wt + rng.uniform(-0.4, 0.3), 1)
            t = "몸무게: %skg" % fmt_num(wt)
            lines.append(t)
            v.add(d, "measure", "kg", {"value": wt, "unit": "kg"}, t, src)
        else:
            lines.append("몸무게: ")
        lines += ["", "## 러닝"]
        wd = d.weekday()
        plan = {1: "tempo", 3: "easy", 5: "easy", 6: "long"}.get(wd)
        if d != today and plan and rng.random() < 0.82:
            if plan == "long":
                km = round(min(12 + wk * 1.0 + rng.uniform(-1, 1), 25), 1)
                mins = secs_round(run_time(rng, km, 5.9, 6.4))
            elif plan == "tempo":
                km = round(rng.uniform(7, 10), 1)
                mins = secs_round(run_time(rng, km, 4.9, 5.3))
            else:
                km = round(rng.uniform(5, 8), 1)
                mins = secs_round(run_time(rng, km, 5.8, 6.4))
            style = rng.randrange(5)
            if style == 0:
                t = "- 러닝 %skm %s" % (fmt_num(km), mmss(mins) if mins < 60 else hmmss(mins))
            elif style == 1:
                mins = float(round(mins))
                t = "한강 %skm 뛰었다. %d분 걸림" % (fmt_num(km), mins) if mins < 60 else "한강 %skm 뛰었다. %d시간 %d분 걸림" % (fmt_num(km), mins // 60, mins % 60)
            elif style == 2:
                t = "- 거리: %skm\n- 시간: %s\n- 페이스: %s" % (fmt_num(km), mmss(mins) if mins < 60 else hmmss(mins), pace_str(km, mins))
            elif style == 3:
                t = "- 🏃 %skm / %s / %s/km" % (fmt_num(km), mmss(mins) if mins < 60 else hmmss(mins), pace_str(km, mins))
            else:
                kind = {"long": "LSD", "tempo": "템포런", "easy": "조깅"}[plan]
                t = "- %s %skm %s #러닝" % (kind, fmt_num(km), mmss(mins) if mins < 60 else hmmss(mins))
            lines.append(t)
            v.add(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, t, src)
            if rng.random() < 0.3:
                lines.append("> [!tip] 페이스 메모\n> 다음 주 템포는 %s 목표" % pace_str(1, 4.9))
        else:
            lines.append("- 거리: \n- 시간: \n- 페이스: ")
        lines += ["", "## 기록"]
        if d != today and rng.random() < 0.6:
            st = rng.randint(6000, 19000)
            t = "걸음 {:,}보".format(st)
            lines.append("- " + t)
            v.add(d, "measure", "steps", {"value": st, "unit": "step"}, t, src)
        if d != today and rng.random() < 0.4:
            pg = rng.choice([15, 20, 25, 30, 40])
            t = "책 %d쪽 읽음 (달리기를 말할 때 내가 하고 싶은 이야기)" % pg
            lines.append("- " + t)
            v.add(d, "measure", "page", {"value": pg, "unit": "page"}, t, src)
        if wd == 5 and rng.random() < 0.7:
            nk = round(min(12 + (wk + 1) * 1.0, 25))
            lines.append("- [ ] 일요일 LSD %dkm 📅 %s" % (nk, (d + D(days=1)).isoformat()))
        if wd == 0 and rng.random() < 0.5:
            lines.append("- 이번 주 계획: 화 템포 8km, 목 조깅 6km, 토 조깅 5km, 일 LSD %dkm" % round(min(12 + (wk + 1), 25)))
        v.files[src] = "\n".join(lines) + "\n"

    def wsum(a, b):
        runs = v.week_recs(a, b, "run")
        km = sum(r.fields["distance_km"] for r in runs)
        return ("---\ntags: [weekly]\n---\n# %s 주간 회고\n\n이번 주 총 %skm, 러닝 %d회. 최장 %skm.\n"
                "다음 주 목표 %dkm\n" % (iso_week(a), fmt_num(km, 1), len(runs),
                                     fmt_num(max([r.fields["distance_km"] for r in runs] or [0])), round(km + 5)))

    def msum(a, b):
        runs = v.week_recs(a, b, "run")
        km = sum(r.fields["distance_km"] for r in runs)
        return "# %d월 회고\n\n- %d월 총 %skm / %d회\n- 최장 거리 %skm\n" % (
            a.month, a.month, fmt_num(km, 1), len(runs), fmt_num(max([r.fields["distance_km"] for r in runs] or [0])))

    review_weeks(v, "ko", "주간회고/{w}.md", wsum)
    review_months(v, "{y}-{m:02d} 월간 회고.md", msum)
    v.files["마라톤/JTBC 마라톤 16주 계획.md"] = (
        "# JTBC 마라톤 16주 훈련 계획\n\n목표: 서브4 (4:00:00), 페이스 5'40\"/km\n\n"
        "- 5주차: 화 8km 템포, 목 6km 이지, 일 20km LSD\n- 6주차: 화 8km 템포, 일 24km LSD\n"
        "- 7주차: 화 10km 템포, 목 8km, 일 26km LSD\n- 8주차: 회복주 총 30km\n")
    v.files["마라톤/대회 일정.md"] = "# 대회 일정\n\n| 대회 | 거리 | 참가비 |\n|---|---|---|\n| JTBC 서울마라톤 | 42.195km | 10만원 |\n| 손기정 평화마라톤 | 10km | 4만원 |\n"
    v.files["목표.md"] = "# 2027 목표\n\n- 풀코스 서브4\n- 월 150km\n- 체중 62kg\n"
    return v.files, v.recs, {"lang": "ko", "kinds": {"run", "sleep", "kg", "steps", "page"}}


# --------------------------------------------------------------------------- en-hybrid


def en_hybrid(rng, start, today):
    v = Vault(rng, start, today)
    v.files[".obsidian/plugins/periodic-notes/data.json"] = json.dumps({
        "daily": {"enabled": True, "folder": "Journal/Daily", "format": "YYYY-MM-DD", "template": "Templates/Daily"},
        "weekly": {"enabled": True, "folder": "Journal/Weekly", "format": "gggg-[W]ww"}})
    tmpl = ("---\ncreated: <% tp.file.creation_date(\"YYYY-MM-DDTHH:mm\") %>\ntags: [daily]\n---\n"
            "<< [[<% tp.date.yesterday() %>]] | [[<% tp.date.tomorrow() %>]] >>\n\n## Metrics\nSleep:: \nWeight: __ kg\n"
            "Steps:: \nCoffee:: \n\n## Training\n- [ ] Workout\n\n## Log\n")
    v.files["Templates/Daily.md"] = tmpl
    base = {"squat": 100.0, "bench press": 72.5, "deadlift": 135.0, "overhead press": 45.0}
    wt = 72.0
    for d in v.days():
        src = "Journal/Daily/%s.md" % d.isoformat()
        wk = (d - start).days // 7
        roll = rng.random()
        if d != today and roll < 0.1:
            continue
        head = "---\ncreated: %sT%02d:%02d\ntags: [daily]\n---\n<< [[%s]] | [[%s]] >>\n\n" % (
            d.isoformat(), rng.randint(6, 9), rng.randint(0, 59), (d - D(days=1)).isoformat(), (d + D(days=1)).isoformat())
        if d != today and roll < 0.18:
            v.files[src] = head + tmpl.split(">>\n\n", 1)[1]
            continue
        m = ["## Metrics"]
        if rng.random() < 0.85:
            h = rng.choice([6, 6.5, 7, 7.25, 7.5, 8, 6.75])
            hh, mm = int(h), round((h % 1) * 60)
            t = rng.choice(["Sleep:: %dh %02dm" % (hh, mm), "Sleep:: %s" % fmt_num(h)]) if mm else "Sleep:: %dh" % hh
            m.append(t)
            v.add(d, "sleep", "sleep", {"hours": h}, t, src)
        else:
            m.append("Sleep:: ")
        if rng.random() < 0.45:
            wt = round(wt + rng.uniform(-0.4, 0.35), 1)
            t = "Weight:: %s kg" % fmt_num(wt)
            m.append(t)
            v.add(d, "measure", "kg", {"value": wt, "unit": "kg"}, t, src)
        else:
            m.append("Weight: __ kg")
        if d != today and rng.random() < 0.75:
            st = rng.randint(4000, 16000)
            t = "Steps:: %d" % st
            m.append(t)
            v.add(d, "measure", "steps", {"value": st, "unit": "step"}, t, src)
        else:
            m.append("Steps:: ")
        if rng.random() < 0.6:
            n = rng.choice([1, 2, 2, 3])
            t = rng.choice(["Coffee:: %d" % n, "Coffee:: %d cups" % n])
            m.append(t)
            v.add(d, "amount", "coffee", {"value": n, "unit": "cup"}, t, src)
        else:
            m.append("Coffee:: ")
        tr = ["", "## Training"]
        wd = d.weekday()
        did = False
        if d != today and wd in (0, 3) and rng.random() < 0.85:
            did = True
            sess = ["squat", "bench press", "deadlift"] if wd == 0 else ["squat", "overhead press"]
            items = []
            for name in sess:
                w = r25(base[name] + {"squat": 2.5, "bench press": 1.25, "deadlift": 2.5, "overhead press": 1.0}[name] * wk)
                sets, reps = (1, 5) if name == "deadlift" else rng.choice([(5, 5), (3, 5), (3, 8)])
                items.append((name, w, sets, reps))
            if rng.random() < 0.5:
                t = "Gym: " + ", ".join("%s %skg %dx%d" % ({"bench press": "bench", "overhead press": "ohp"}.get(n, n), fmt_num(w), s, r)
                                        for n, w, s, r in items)
                tr.append("- [x] Workout")
                tr.append(t)
                for n, w, s, r in items:
                    v.add(d, "lift", n, {"weight": w, "unit": "kg", "sets": s, "reps": r}, t, src)
            else:
                tr.append("- [x] Workout ✅ %s" % d.isoformat())
                for n, w, s, r in items:
                    nm = {"bench press": rng.choice(["Bench press", "Bench"]), "overhead press": "OHP"}.get(n, n.capitalize())
                    t = rng.choice(["- %s %dx%d @ %skg" % (nm, s, r, fmt_num(w)), "- %s %skg %dx%d" % (nm, fmt_num(w), s, r)])
                    if rng.random() < 0.2:
                        t += rng.choice([", felt strong", " (RPE 8)", " - same as plan"])
                    tr.append(t)
                    v.add(d, "lift", n, {"weight": w, "unit": "kg", "sets": s, "reps": r}, t, src)
        if d != today and wd in (1, 4, 6) and rng.random() < 0.8:
            did = True
            if wd == 6:
                km = round(min(10 + wk * 0.8 + rng.uniform(-0.5, 0.5), 21), 1)
                mins = secs_round(km * rng.uniform(5.6, 6.1))
                t = "- Long run %skm, %s" % (fmt_num(km), hmmss(mins) if mins >= 60 else mmss(mins))
                v.add(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, t, src)
            elif wd == 4 and rng.random() < 0.4:
                t = "- [x] Run 5k ✅ %s" % d.isoformat()
                km, mins = 5.0, None
                v.add(d, "run", "run", {"distance_km": 5.0, "duration_min": None}, t, src)
            else:
                km = round(rng.uniform(5, 9), 1)
                mins = secs_round(km * rng.uniform(5.2, 6.0))
                t = rng.choice(["- Ran %s km in %s" % (fmt_num(km), mmss(mins)), "- Easy run %skm, %s" % (fmt_num(km), mmss(mins))])
                v.add(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, t, src)
            tr.append(t)
        if not did:
            tr.append("- [ ] Workout")
        if wd == 5 and rng.random() < 0.7:
            tr.append("- [ ] Long run %d km 📅 %s" % (round(min(10 + (wk + 1) * 0.8, 21)), (d + D(days=1)).isoformat()))
        if wd == 0 and rng.random() < 0.4:
            tr.append("Plan this week: Tue easy 6 km, Thu squat 5x5, Fri tempo 8 km, Sun long %d km" % round(min(10 + wk * 0.8, 21)))
        lg = ["", "## Log"]
        if d != today and rng.random() < 0.55:
            pg = rng.choice([12, 20, 25, 30, 35, 48])
            t = "Read %d pages of %s" % (pg, rng.choice(["Project Hail Mary", "Born to Run", "The Power Broker"]))
            lg.append("- " + t)
            v.add(d, "measure", "page", {"value": pg, "unit": "page"}, t, src)
        if rng.random() < 0.25:
            lg.append("- Dinner with [[Sam]] at 19:30, table for 4")
        if rng.random() < 0.15:
            lg.append("![[IMG_%d.jpg]]" % rng.randint(1000, 9999))
        if rng.random() < 0.15:
            lg.append("```tasks\nnot done\ndue before in 7 days\n```")
        v.files[src] = head + "\n".join(m + tr + lg) + "\n"

    def wsum(a, b):
        runs = v.week_recs(a, b, "run")
        km = sum(r.fields["distance_km"] for r in runs)
        gym = len({r.date for r in v.week_recs(a, b, "lift")})
        sl = v.week_recs(a, b, "sleep")
        avg = sum(r.fields["hours"] for r in sl) / len(sl) if sl else 0
        return ("---\ntags: [weekly]\n---\n# Week %s\n\n<< [[%s]] | [[%s]] >>\n\n## Review\nWeek total: %s km, %d gym sessions, avg sleep %sh\n"
                "- Best lift: squat %skg\n- [ ] Next week: long run %d km\n" % (
                    iso_week(a), iso_week(a - D(days=7)), iso_week(a + D(days=7)), fmt_num(km, 1), gym, fmt_num(avg, 1),
                    fmt_num(max([r.fields["weight"] for r in v.week_recs(a, b, "lift", "squat")] or [0])), round(km / 3)))

    def msum(a, b):
        runs = v.week_recs(a, b, "run")
        return "# %s review\n\n- Ran %s km over %d runs\n- Read %d pages\n- Gym %d times\n" % (
            a.strftime("%B %Y"), fmt_num(sum(r.fields["distance_km"] for r in runs), 1), len(runs),
            sum(r.fields["value"] for r in v.week_recs(a, b, "measure", "page")), len({r.date for r in v.week_recs(a, b, "lift")}))

    review_weeks(v, "en", "Journal/Weekly/{w}.md", wsum)
    review_months(v, "Journal/Monthly/{y}-{m:02d}.md", msum)
    v.files["Training/5-3-1.md"] = ("# 5/3/1 cycle\n\nTraining max: squat 120 kg, bench 85 kg, deadlift 160 kg\n\n"
                                    "- Week 1: 65% x5, 75% x5, 85% x5+\n- Week 2: 70% x3, 80% x3, 90% x3+\n"
                                    "- Week 3: 5/3/1 - 75% x5, 85% x3, 95% x1+\n- Squat week 1: 78 kg x 5, 90 kg x 5, 102 kg x 5+\n")
    v.files["Training/Half marathon block.md"] = ("# Half marathon block\n\n- Week 6: Tue 8 km tempo, Thu 6 km easy, Sun 18 km long\n"
                                                  "- Week 7: Tue 10 km tempo, Sun 19 km long\n- Race: 21.1 km, goal 1:55:00\n")
    v.files["Recipes/Protein pancakes.md"] = ("# Protein pancakes\n\n- 80 g oats\n- 200 ml milk\n- 30 g protein powder\n- 2 eggs\n\n"
                                              "Cook 3 min per side. ~520 kcal, 42 g protein.\n")
    v.files["Goals/2027.md"] = "# 2027 goals\n\n- Bench 100 kg\n- Half marathon under 1:50\n- Read 24 books\n"
    return v.files, v.recs, {"lang": "en", "kinds": {"lift", "run", "sleep", "kg", "steps", "coffee", "page"}}


# --------------------------------------------------------------------------- de-mix


def de_num(x, dec=1):
    return fmt_num(x, dec).replace(".", ",")


def de_mix(rng, start, today):
    v = Vault(rng, start, today)
    v.files[".obsidian/daily-notes.json"] = json.dumps({"folder": "Tagebuch", "format": "DD.MM.YYYY"})
    base = {"squat": 85.0, "bench press": 62.5, "deadlift": 110.0}
    words = {"squat": ["Kniebeuge", "Kniebeugen"], "bench press": ["Bankdrücken"], "deadlift": ["Kreuzheben"]}
    wt = 81.5
    for d in v.days():
        src = "Tagebuch/%s.md" % d.strftime("%d.%m.%Y")
        wk = (d - start).days // 7
        roll = rng.random()
        if d != today and roll < 0.14:
            continue
        lines = ["# %s, %s" % (DE_WD[d.weekday()], d.strftime("%d.%m.%Y")), ""]
        if d != today and roll < 0.2:
            v.files[src] = "\n".join(lines + ["Schlaf: ", "Gewicht: ", "- [ ] Training", ""])
            continue
        if rng.random() < 0.8:
            h = rng.choice([6, 6.5, 7, 7.5, 8, 8.5])
            t = "Schlaf: %s h" % de_num(h)
            lines.append(t)
            v.add(d, "sleep", "sleep", {"hours": h}, t, src)
        else:
            lines.append("Schlaf: ")
        if rng.random() < 0.5:
            wt = round(wt + rng.uniform(-0.4, 0.3), 1)
            t = "Gewicht: %s kg" % de_num(wt)
            lines.append(t)
            v.add(d, "measure", "kg", {"value": wt, "unit": "kg"}, t, src)
        else:
            lines.append("Gewicht: ")
        if d != today and rng.random() < 0.6:
            st = rng.randint(5000, 15000)
            t = "Schritte: %s" % "{:,}".format(st).replace(",", ".")
            lines.append(t)
            v.add(d, "measure", "steps", {"value": st, "unit": "step"}, t, src)
        if d != today and rng.random() < 0.5:
            n = rng.choice([1, 2, 3])
            t = "%d Tassen Kaffee" % n if n > 1 else "1 Tasse Kaffee"
            lines.append("- " + t)
            v.add(d, "amount", "coffee", {"value": n, "unit": "cup"}, t, src)
        lines += ["", "## Training"]
        wd = d.weekday()
        if d != today and wd in (0, 2, 4) and rng.random() < 0.8:
            lines.append("- [x] Training ✅ %s" % d.isoformat())
            sess = ["squat", "bench press"] if wd != 4 else ["deadlift", "bench press"]
            for name in sess:
                w = r25(base[name] + {"squat": 2.5, "bench press": 1.25, "deadlift": 2.5}[name] * wk)
                sets, reps = (1, 5) if name == "deadlift" else rng.choice([(5, 5), (3, 8), (4, 6)])
                kw = rng.choice(words[name])
                t = rng.choice(["- %s %s kg %dx%d" % (kw, de_num(w, 2), sets, reps),
                                "- %s %dx%d mit %s kg" % (kw, sets, reps, de_num(w, 2)),
                                "- %s: %d Sätze à %d Wdh., %s kg" % (kw, sets, reps, de_num(w, 2))])
                lines.append(t)
                v.add(d, "lift", name, {"weight": w, "unit": "kg", "sets": sets, "reps": reps}, t, src)
        elif d != today and wd in (1, 5) and rng.random() < 0.75:
            km = round(rng.uniform(5, 12), 1)
            mins = secs_round(km * rng.uniform(5.3, 6.2))
            t = rng.choice(["- Laufen: %s km in %s" % (de_num(km), mmss(mins) if mins < 60 else hmmss(mins)),
                            "- Lauf %s km, %s min" % (de_num(km), mmss(mins) if mins < 60 else hmmss(mins))])
            lines.append(t)
            v.add(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, t, src)
        else:
            lines.append("- [ ] Training")
        if rng.random() < 0.4 and d != today:
            pg = rng.choice([10, 20, 25, 30, 45])
            t = "%d Seiten gelesen" % pg
            lines.append("- " + t)
            v.add(d, "measure", "page", {"value": pg, "unit": "page"}, t, src)
        if wd == 6 and rng.random() < 0.5:
            lines.append("Nächste Woche: Mo Kniebeuge %s kg 5x5, Mi Bankdrücken, Sa 10 km Lauf" % de_num(r25(base["squat"] + 2.5 * (wk + 1)), 2))
        v.files[src] = "\n".join(lines) + "\n"

    def wsum(a, b):
        runs = v.week_recs(a, b, "run")
        return "# Wochenrückblick %s\n\nDiese Woche: %dx Gym, %s km gelaufen, Schlaf Ø %s h.\n" % (
            iso_week(a), len({r.date for r in v.week_recs(a, b, "lift")}),
            de_num(sum(r.fields["distance_km"] for r in runs)),
            de_num(sum(r.fields["hours"] for r in v.week_recs(a, b, "sleep")) / max(1, len(v.week_recs(a, b, "sleep")))))

    review_weeks(v, "de", "Wochenrückblick/{w}.md", wsum)
    v.files["Training/Trainingsplan.md"] = ("# Trainingsplan (Stronglifts)\n\n- A: Kniebeuge 5x5, Bankdrücken 5x5, Rudern 5x5\n"
                                            "- B: Kniebeuge 5x5, Schulterdrücken 5x5, Kreuzheben 1x5\n- Steigerung: +2,5 kg pro Einheit\n")
    v.files["Fitnessstudio Preise.md"] = "# Preise\n\n- Monat: 29,90 €\n- 12 Monate: 24,90 € / Monat\n- Getränkeflat 4,50 €\n"
    v.files["Rezepte/Porridge.md"] = "# Porridge\n\n- 60 g Haferflocken\n- 250 ml Milch\n- 1 Banane\n\n~450 kcal, 18 g Eiweiß\n"
    return v.files, v.recs, {"lang": "de", "kinds": {"lift", "run", "sleep", "kg", "steps", "coffee", "page"}}


# --------------------------------------------------------------------------- ko-weekly: logs in weekly notes


def ko_weekly(rng, start, today):
    """A Korean who keeps ONE note per week (`주간/2026-W47.md`) with a heading per day
    (`### 11월 16일 (월)`, no year), unitless lifts (`벤치 80 5x5`), `140x5x3`, a table now and
    then, `5키로`, bed/wake times; the week ends with a summary and next week's plan."""
    v = Vault(rng, start, today)
    base = {"squat": 95.0, "bench press": 72.5, "deadlift": 125.0}
    kw = {"squat": "스쿼트", "bench press": "벤치", "deadlift": "데드"}
    m = monday(start)
    while m <= today:
        src = "주간/%s.md" % iso_week(m)
        wk = max(0, (m - start).days // 7)
        out = ["---", "tags: [주간일지]", "---", "# %s 주간 운동일지" % iso_week(m), ""]
        for i in range(7):
            d = m + D(days=i)
            if d < start or d > today:
                continue
            body = []
            if rng.random() < 0.75 and d != today or (d == today and rng.random() < 0.5):
                bed = rng.choice([23 * 60, 23 * 60 + 30, 24 * 60 + 10, 24 * 60 + 40])
                up = rng.choice([6 * 60, 6 * 60 + 40, 7 * 60 + 20])
                h = (up + 24 * 60 - bed) / 60.0
                t = "취침 %02d:%02d 기상 %02d:%02d" % ((bed // 60) % 24, bed % 60, up // 60, up % 60)
                body.append("- " + t)
                v.add(d, "sleep", "sleep", {"hours": round(h, 4)}, t, src)
            if d != today and d.weekday() in (0, 2, 4) and rng.random() < 0.8:
                sess = ["squat", "bench press"] if d.weekday() != 4 else ["deadlift", "bench press"]
                items = []
                for name in sess:
                    w = r25(base[name] + {"squat": 2.5, "bench press": 1.25, "deadlift": 2.5}[name] * wk)
                    sets, reps = (3, 5) if name == "deadlift" else rng.choice([(5, 5), (3, 8)])
                    items.append((name, w, sets, reps))
                if rng.random() < 0.25:
                    body += ["", "| 운동 | 무게 | 횟수 | 세트 |", "|---|---|---|---|"]
                    for n, w, st, rp in items:
                        t = "| %s | %s | %d | %d |" % (kw[n], fmt_num(w), rp, st)
                        body.append(t)
                        v.add(d, "lift", n, {"weight": w, "unit": "kg", "sets": st, "reps": rp}, t, src)
                    body.append("")
                else:
                    for n, w, st, rp in items:
                        sty = rng.randrange(3)
                        if sty == 0 and st == rp:
                            t = "%s %s %dx%d" % (kw[n], fmt_num(w), rp, st)
                        elif sty == 1:
                            t = "%s %sx%dx%d" % (kw[n], fmt_num(w), rp, st)
                        else:
                            t = "%s %skg %d회 %d세트" % (kw[n], fmt_num(w), rp, st)
                        body.append("- " + t)
                        v.add(d, "lift", n, {"weight": w, "unit": "kg", "sets": st, "reps": rp}, t, src)
            elif d != today and d.weekday() in (1, 3, 5) and rng.random() < 0.7:
                sty = rng.randrange(3)
                if sty == 0:
                    km = float(rng.choice([5, 6, 7]))
                    mins = rng.choice([27.5, 28.5, 30.0, 31.5, 33.0, 35.5, 38.0, 40.5])
                    mins = round(km * mins / 5.5 * 2) / 2
                    t = "%d키로 뛰었음 (%d분%s)" % (km, int(mins), " 30초" if mins % 1 else "")
                elif sty == 1:
                    km = round(rng.uniform(4, 6), 1)
                    mins = float(rng.choice([30, 35, 40]))
                    t = "러닝머신 %d분 %skm" % (mins, fmt_num(km))
                else:
                    km = 10.0
                    mins = secs_round(rng.uniform(52, 62))
                    t = "10k 러닝 %s" % mmss(mins)
                body.append("- " + t)
                v.add(d, "run", "run", {"distance_km": km, "duration_min": round(mins, 4)}, t, src)
            if not body:
                if rng.random() < 0.5:
                    body.append("- 쉼")
                else:
                    continue
            out.append("### %d월 %d일 (%s)" % (d.month, d.day, KO_WD[d.weekday()]))
            out += body
            out.append("")
        if m + D(days=6) < today:
            a, b = m, m + D(days=6)
            runs = v.week_recs(a, b, "run")
            sl = v.week_recs(a, b, "sleep")
            out += ["## 주간 정리", "이번 주 총 %skm, 헬스 %d회, 평균 수면 %s시간" % (
                fmt_num(sum(r.fields["distance_km"] for r in runs), 1), len({r.date for r in v.week_recs(a, b, "lift")}),
                fmt_num(sum(r.fields["hours"] for r in sl) / max(1, len(sl)), 1)), ""]
        out += ["## 다음 주 계획", "- 월: %s %s 5x5" % (kw["squat"], fmt_num(r25(base["squat"] + 2.5 * (wk + 1)))),
                "- 화: 5키로", "- 금: %s %sx5x3" % (kw["deadlift"], fmt_num(r25(base["deadlift"] + 2.5 * (wk + 1)))), ""]
        v.files[src] = "\n".join(out) + "\n"
        m += D(days=7)
    v.files["운동 루틴.md"] = "# 루틴\n\n- 월/수: 스쿼트 5x5, 벤치 5x5\n- 금: 데드 3x5, 벤치 3x8\n- 화/목/토: 5키로 조깅\n"
    return v.files, v.recs, {"lang": "ko", "kinds": {"lift", "run", "sleep"}}


PEOPLE = {"ko-gym": ko_gym, "ko-run": ko_run, "en-hybrid": en_hybrid, "de-mix": de_mix, "ko-weekly": ko_weekly}

from questions7 import build_questions  # noqa: E402

if __name__ == "__main__":
    run_people(__doc__, "holdout7", "h7-", SPAN_DAYS, PEOPLE, build_questions)
