#!/usr/bin/env python3
"""Generate a third, independent set of held-out vaults (Korean workout logs, other conventions,
many question phrasings) with ground truth in vaultgen's format.

    python3 tools/holdout2/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME[,NAME]]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 60
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import fmt_num, period_range, run_people  # noqa: E402
from questions import (Facts, asker, c_avg, c_count, c_fastest_5k, c_lift_best, c_lift_last, c_run_last,  # noqa: E402
                       c_run_longest, c_run_total, c_sleep_avg, c_total, c_trend, expect, top_set)
from people import PEOPLE  # noqa: E402

SPAN_DAYS = 63

# Many ways people ask. {p} = period phrase, {ex} = lift word.
Q = {
    "ko": {
        "train_days": ["{p} 몇 번 운동했지?", "{p} 운동 며칠 했어", "{p} 운동한 날 몇 일?", "{p} 운동 몇 회 했음?"],
        "gym_count": ["{p} 헬스 몇 번 갔지?", "{p} 웨이트 몇 번 했어", "{p} 쇠질 몇 번 했냐"],
        "run_count": ["{p} 몇 번 뛰었어?", "{p} 러닝 몇 회?", "{p} 달리기 몇 번 했지"],
        "run_total": ["{p} 총 몇 km 뛰었어", "{p} 러닝 거리 합계", "{p} 얼마나 달렸어?", "{p} 누적 거리 몇 키로야"],
        "sleep_avg": ["{p} 평균 수면시간", "{p} 하루 평균 몇 시간 잤어?", "{p} 잠 평균 얼마나 잤지"],
        "sleep_avg_all": ["평균 수면시간", "보통 몇 시간 자?"],
        "lift_last": ["요즘 {ex} 얼마나 들어?", "마지막 {ex} 무게 몇이었지", "저번에 {ex} 몇 키로 쳤어?"],
        "lift_best": ["{ex} 최고 기록", "{ex} 최고 중량 얼마야?", "{ex} PR 몇이야"],
        "lift_when": ["마지막 {ex} 언제?", "{ex} 마지막으로 한 날", "{ex} 언제 했더라"],
        "run_last": ["마지막으로 뛴 날 언제야?", "최근 러닝 언제 했지"],
        "run_longest": ["제일 길게 뛴 거리", "최장 거리 몇 km야?"],
        "run_compare": ["이번 달이 지난달보다 더 많이 뛰었어?"],
        "big3": ["3대 합계", "3대 몇 치지?"],
        "coffee_total": ["{p} 커피 몇 잔 마셨어", "{p} 아메리카노 몇 잔?"],
        "steps_avg": ["{p} 하루 평균 걸음 수", "{p} 평균 몇 보 걸었어?"],
        "protein_avg": ["{p} 단백질 하루 평균 몇 g 먹었어?"],
        "none": ["{p} 요가 몇 번 했어?", "{p} 자전거 몇 km 탔어?"],
        "trend": ["{ex} 늘고 있어?", "{ex} 중량 변화 어때"],
    },
    "en": {
        "train_days": ["how many times did I work out {p}?", "how many days did I train {p}", "number of workouts {p}?"],
        "gym_count": ["how many gym sessions {p}?", "how often did I lift {p}?"],
        "run_count": ["how many runs {p}?", "how many times did I go running {p}"],
        "run_total": ["how many km {p}?", "how far did I run {p}?", "total running distance {p}"],
        "sleep_avg": ["average sleep {p}?", "how much did I sleep per night {p}?"],
        "sleep_avg_all": ["what's my average sleep?", "how many hours do I usually sleep?"],
        "lift_last": ["how much did I {exv} last time?", "what was my last {ex} weight?"],
        "lift_best": ["what's my {ex} PR?", "heaviest {ex} ever?", "best {ex}?"],
        "lift_when": ["when did I last {exv}?", "last {ex} session date?"],
        "run_last": ["when was my last run?", "when did I last go for a run?"],
        "run_longest": ["longest run?", "what's the farthest I've run?"],
        "run_compare": ["did I run more this month than last month?"],
        "fastest_5k": ["fastest 5k?", "what's my 5k PB?"],
        "big3": ["what's my big three total?"],
        "coffee_total": ["how many coffees {p}?", "how many cups of coffee did I drink {p}"],
        "steps_avg": ["average steps per day {p}?"],
        "pages_total": ["how many pages did I read {p}?"],
        "med_total": ["how many minutes did I meditate {p}?"],
        "protein_avg": ["average protein per day {p}?"],
        "none": ["how many times did I swim {p}?", "how many yoga classes {p}?"],
        "trend": ["is my {ex} going up?", "how has my {ex} progressed?"],
    },
    "es": {
        "train_days": ["¿cuántos días entrené {p}?", "¿cuántas veces hice deporte {p}?"],
        "gym_count": ["¿cuántas veces fui al gimnasio {p}?"],
        "run_count": ["¿cuántas veces salí a correr {p}?", "¿cuántos entrenos de carrera {p}?"],
        "run_total": ["¿cuántos km corrí {p}?", "¿cuántos kilómetros hice {p}?", "kilómetros totales {p}"],
        "sleep_avg": ["¿cuánto dormí de media {p}?", "¿media de horas de sueño {p}?"],
        "sleep_avg_all": ["¿cuántas horas duermo de media?"],
        "lift_last": ["¿cuánto peso usé en {ex} la última vez?"],
        "lift_best": ["¿cuál es mi récord en {ex}?", "¿máximo peso en {ex}?"],
        "lift_when": ["¿cuándo hice {ex} por última vez?"],
        "run_last": ["¿cuándo fue mi última carrera?", "¿cuándo corrí por última vez?"],
        "run_longest": ["¿cuál fue mi tirada más larga?"],
        "run_compare": ["¿corrí más este mes que el mes pasado?"],
        "coffee_total": ["¿cuántos cafés tomé {p}?"],
        "none": ["¿cuántas veces nadé {p}?"],
    },
}
PER = {
    "ko": {"this_week": ["이번 주에", "이번주"], "last_week": ["지난주", "저번 주에"], "this_month": ["이번 달", "이번달에"],
           "last_month": ["지난달", "저번 달에"], "all": ["지금까지", "전체"]},
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"], "all": ["in total", "all time"]},
    "es": {"this_week": ["esta semana"], "last_week": ["la semana pasada"], "this_month": ["este mes"],
           "last_month": ["el mes pasado"], "all": ["en total"]},
}
LIFT = {
    "ko": {"squat": ["스쿼트", "스쿼트", "스쾃"], "bench press": ["벤치", "벤치프레스", "벤치 프레스"],
           "deadlift": ["데드", "데드리프트"], "lat pulldown": ["랫풀다운"], "overhead press": ["오버헤드프레스", "밀프"],
           "leg press": ["레그프레스"], "row": ["바벨로우"]},
    "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"],
           "lat pulldown": ["lat pulldown"], "overhead press": ["overhead press", "OHP"], "leg press": ["leg press"],
           "row": ["barbell row"]},
    "es": {"squat": ["sentadilla"], "bench press": ["press banca"]},
}
VERB = {"squat": "squat", "bench press": "bench", "deadlift": "deadlift", "lat pulldown": "do lat pulldowns",
        "overhead press": "overhead press", "leg press": "leg press", "row": "row"}
# lifts asked about, per person
ASK_LIFTS = {"ko-pt": ["squat", "bench press", "deadlift", "lat pulldown"],
             "ko-split": ["bench press", "squat", "deadlift", "overhead press", "row"],
             "ko-crossfit": ["squat", "deadlift"], "es-runner": ["squat", "bench press"],
             "en-bujo": ["squat", "bench press", "deadlift"], "ko-runner": []}
BIG3 = {"ko-split", "en-bujo"}


def build_questions(person, lang, recs, today, seed):
    rng = random.Random(f"q2-{seed}-{person}")
    f = Facts(recs, {}, today, "km")
    R = lambda key: period_range(key, today)  # noqa: E731
    out = []

    add = asker(out, rng, today, Q, LIFT, PER, VERB)

    has = lambda kind, name=None: bool(f.sel(kind, name))  # noqa: E731
    periods = ["this_week", "last_week", "this_month", "last_month"]
    for lng in [lang] + (["en"] if lang != "en" else []):
        primary = lng == lang
        ps = periods[:] if primary else rng.sample(periods, 2)
        if has("lift") or has("run"):
            for p in ps:
                add(lng, "train_days", c_count(f.train_days(R(p))), p, kind="category")
        if has("lift") and has("run"):
            for p in rng.sample(periods, 2 if primary else 1):
                add(lng, "gym_count", c_count(f.lift_days(R(p))), p, kind="count")
        lifts = [ex for ex in ASK_LIFTS[person] if has("lift", ex)]
        for ex in (lifts if primary else lifts[:2]):
            add(lng, "lift_last", c_lift_last(f, ex), ex=ex, kind="last")
            add(lng, "lift_best", c_lift_best(f, ex, R("all")), ex=ex, kind="best")
        for ex in lifts[:2 if primary else 1]:
            last = c_lift_last(f, ex)
            if last:
                add(lng, "lift_when", {**last, "expect_numbers": []}, ex=ex, kind="last")
        if lifts and primary:
            add(lng, "trend", c_trend(f, lifts[0]), ex=lifts[0], kind="trend")
        if person in BIG3 and all(has("lift", x) for x in ("squat", "bench press", "deadlift")):
            units = {r.fields["unit"] for r in f.sel("lift")}
            tot = sum(max(r.fields["weight"] for r in f.sel("lift", x)) for x in ("squat", "bench press", "deadlift"))
            if len(units) == 1:
                add(lng, "big3", expect([fmt_num(tot)]), kind="best")
        if has("run"):
            for p in (ps if primary else ps[:1]):
                add(lng, "run_total", c_run_total(f, R(p)), p, kind="total")
            for p in rng.sample(periods, 2 if primary else 1):
                add(lng, "run_count", c_count(f.sel("run", None, R(p))), p, kind="count")
            add(lng, "run_last", c_run_last(f), kind="last")
            add(lng, "run_longest", c_run_longest(f, R("all")), kind="best")
            a = sum(r.fields["distance_km"] for r in f.sel("run", None, R("this_month")))
            b = sum(r.fields["distance_km"] for r in f.sel("run", None, R("last_month")))
            if a and b:
                add(lng, "run_compare", expect([fmt_num(a, 2), fmt_num(b, 2)], tol=0.051), kind="trend")
            if lng == "en":
                add(lng, "fastest_5k", c_fastest_5k(f), kind="best")
        if has("sleep"):
            for p in (ps[:3] if primary else ps[:1]):
                add(lng, "sleep_avg", c_sleep_avg(f, R(p)), p, kind="average")
            add(lng, "sleep_avg_all", c_sleep_avg(f, R("all")), kind="average")
        for name, key, calc in (("coffee", "coffee_total", c_total), ("steps", "steps_avg", c_avg),
                                ("protein", "protein_avg", c_avg), ("page", "pages_total", c_total),
                                ("minute", "med_total", c_total)):
            if f.qty(name, None):
                p = rng.choice(["last_week", "this_month", "last_month"])
                add(lng, key, calc(f, name, R(p)), p, kind="measure")
        if person not in ("ko-runner",):
            add(lng, "none", expect(none=True), "last_month", kind="none")
    if len(out) > 40:  # 25-40 per person: drop at random, keep the order
        keep = set(rng.sample(range(len(out)), 40))
        out = [q for i, q in enumerate(out) if i in keep]
    return out



if __name__ == "__main__":
    run_people(__doc__, "holdout2", "h2-", SPAN_DAYS, PEOPLE, build_questions)
