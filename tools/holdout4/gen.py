#!/usr/bin/env python3
"""holdout4: a fifth, independent held-out vault generator. Five Korean workout-log conventions
(phone-memo export with bare date lines, Obsidian daily notes with Dataview fields and set lines,
a session table per note, English-Korean mix with supersets, a runner's notes with properties),
an English powerlifter (RPE, 5/3/1) and a Brazilian gym diary (DD-MM-YYYY).

    python3 tools/holdout4/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 80
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
                       c_run_longest, c_run_total, c_sleep_avg, c_total, c_trend, expect)
from people import PEOPLE  # noqa: E402

SPAN_DAYS = 63

Q = {
    "ko": {
        "train_days": ["{p} 운동 며칠 했나", "{p} 운동 간 날 몇 일?", "{p} 총 몇 번 운동했지?", "{p} 몇 번 운동 나갔어"],
        "gym_count": ["{p} 헬스 몇 번 갔지?", "{p} 웨이트 몇 회?"],
        "run_count": ["{p} 러닝 몇 회?", "{p} 몇 번 뛰었지", "{p} 달리기 몇 번 했어"],
        "run_total": ["{p} 총 몇 키로 뛰었지", "{p} 러닝 거리 합", "{p} 달린 km 합계", "{p} 뛴 거리 전부 합치면?"],
        "sleep_avg": ["{p} 하루 평균 수면", "{p} 평균적으로 몇 시간 잤지", "{p} 잠 평균 몇 시간?"],
        "lift_last": ["{ex} 마지막으로 몇 키로 쳤어?", "최근 {ex} 중량", "{ex} 지난번에 몇 kg였지"],
        "lift_best": ["{ex} 최고 몇 kg?", "{ex} PR", "{ex} 최대 중량", "지금까지 {ex} 제일 무거운 무게"],
        "lift_when": ["{ex} 마지막으로 한 게 언제지?", "{ex} 언제 했더라"],
        "trend": ["{ex} 요즘 늘고 있어?", "{ex} 중량 변화 어때?", "{ex} 많이 늘었나"],
        "run_last": ["마지막 러닝 언제?", "최근에 뛴 날이 언제야"],
        "run_longest": ["제일 길게 뛴 거리", "최장 거리 몇 km였지"],
        "fastest_5k": ["5키로 최고 기록", "5km 베스트 기록은?"],
        "lift_best_p": ["{p} {ex} 제일 무거웠던 거", "{p} {ex} 최고 중량"],
        "run_longest_p": ["{p} 가장 멀리 뛴 날 몇 km?", "{p} 최장 거리"],
        "coffee_total": ["{p} 커피 몇 잔?", "{p} 커피 총 몇 잔 마셨나"],
        "steps_avg": ["{p} 하루 평균 걸음수", "{p} 평균 몇 걸음 걸었어?"],
        "bw_total": ["{p} {ex} 총 몇 개?", "{p} {ex} 몇 개 했어"],
        "big3": ["내 3대 중량 합계", "3대 몇 치지?"],
        "none": ["{p} 수영 몇 번 했어?", "{p} 자전거 몇 km 탔어?"],
    },
    "en": {
        "train_days": ["how many days did I train {p}?", "number of workouts {p}", "how many sessions {p}?"],
        "gym_count": ["how many times was I at the gym {p}?", "how many lifting sessions {p}?"],
        "run_count": ["how many times did I go running {p}?", "number of runs {p}?"],
        "run_total": ["how many kilometers did I run {p}?", "total km {p}", "running volume {p}?"],
        "sleep_avg": ["average sleep per night {p}?", "how many hours did I sleep on average {p}?"],
        "lift_last": ["what did I {exv} last session?", "latest {ex} weight?"],
        "lift_best": ["what was my heaviest {ex}?", "best {ex} ever?", "top {ex} weight"],
        "lift_when": ["when was the last time I did {ex}?"],
        "trend": ["is my {ex} going up?", "how has my {ex} progressed?"],
        "run_last": ["when was my most recent run?"],
        "run_longest": ["what's the longest I've run?"],
        "fastest_5k": ["what's my fastest 5k?"],
        "lift_best_p": ["heaviest {ex} {p}?", "best {ex} {p}"],
        "run_longest_p": ["longest run {p}?"],
        "coffee_total": ["how many cups of coffee {p}?"],
        "steps_avg": ["average daily steps {p}?"],
        "bw_total": ["how many {ex} did I do {p}?"],
        "big3": ["what's my powerlifting total?", "big three total?"],
        "none": ["how many times did I swim {p}?"],
    },
    "pt": {
        "train_days": ["quantas vezes treinei {p}?", "quantos dias de treino {p}?"],
        "gym_count": ["quantas vezes fui à academia {p}?"],
        "run_count": ["quantas vezes corri {p}?", "quantas corridas {p}?"],
        "run_total": ["quantos km corri {p}?", "distância total de corrida {p}"],
        "sleep_avg": ["quantas horas dormi em média {p}?", "média de sono {p}"],
        "lift_last": ["quanto peguei no {ex} da última vez?", "último peso no {ex}"],
        "lift_best": ["qual meu recorde no {ex}?", "carga máxima no {ex}", "maior peso no {ex}?"],
        "lift_when": ["quando foi a última vez que fiz {ex}?"],
        "trend": ["estou evoluindo no {ex}?", "meu {ex} está subindo?"],
        "run_last": ["quando foi minha última corrida?"],
        "run_longest": ["qual foi minha corrida mais longa?"],
        "coffee_total": ["quantos cafés tomei {p}?"],
        "big3": ["qual meu total nos três levantamentos (agachamento, supino, terra)?"],
        "none": ["quantas vezes nadei {p}?"],
    },
}
PER = {
    "ko": {"this_week": ["이번 주", "이번주", "금주"], "last_week": ["지난주", "저번 주", "지난 주"],
           "this_month": ["이번 달", "이번달"], "last_month": ["지난달", "저번달"]},
    "en": {"this_week": ["this week", "so far this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"]},
    "pt": {"this_week": ["esta semana", "nesta semana"], "last_week": ["semana passada", "na semana passada"],
           "this_month": ["este mês", "neste mês"], "last_month": ["mês passado", "no mês passado"]},
}
LIFT = {
    "ko": {"squat": ["스쿼트", "스쿼트"], "bench press": ["벤치", "벤치프레스", "벤치 프레스"], "deadlift": ["데드", "데드리프트"],
           "overhead press": ["오버헤드프레스"], "leg press": ["레그프레스", "레그 프레스"], "lat pulldown": ["랫풀다운", "렛풀다운"],
           "chest press": ["체스트프레스"], "fly": ["펙덱", "펙덱 플라이"], "pull-up": ["턱걸이", "풀업"]},
    "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"],
           "overhead press": ["overhead press", "OHP"], "leg press": ["leg press"], "lat pulldown": ["lat pulldown"],
           "chest press": ["chest press"], "fly": ["pec deck"], "pull-up": ["pull-ups"]},
    "pt": {"squat": ["agachamento"], "bench press": ["supino", "supino reto"], "deadlift": ["terra", "levantamento terra"],
           "lat pulldown": ["puxada frontal", "puxada"], "leg press": ["leg press"]},
}
VERB = {"squat": "squat", "bench press": "bench", "deadlift": "deadlift", "overhead press": "overhead press",
        "leg press": "leg press", "lat pulldown": "lat pulldown", "chest press": "chest press", "pec deck": "pec deck"}


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"q4-{seed}-{person}")
    lang = info["lang"]
    f = Facts(recs, {}, today, "km")
    R = lambda key: period_range(key, today)  # noqa: E731
    out = []

    add = asker(out, rng, today, Q, LIFT, PER, VERB)

    has = lambda kind, name=None: bool(f.sel(kind, name))  # noqa: E731
    periods = ["this_week", "last_week", "this_month", "last_month"]
    weighted = [r for r in f.sel("lift") if r.fields["weight"] is not None]
    langs = [lang] if lang == "en" else [lang, "en"]
    for lng in langs:
        primary = lng == lang
        ps = periods if primary else rng.sample(periods, 2)
        if has("lift") or has("run"):
            for p in ps:
                add(lng, "train_days", c_count(f.train_days(R(p))), p, kind="category")
        if weighted and has("run"):
            for p in rng.sample(periods, 2 if primary else 1):
                add(lng, "gym_count", c_count(f.lift_days(R(p))), p, kind="count")
        lifts = [ex for ex in info.get("lifts", []) if has("lift", ex)]
        for ex in (lifts if primary else lifts[:2]):
            add(lng, "lift_last", c_lift_last(f, ex), ex=ex, kind="last")
            add(lng, "lift_best", c_lift_best(f, ex, R("all")), ex=ex, kind="best")
        for ex in lifts[:2 if primary else 1]:
            last = c_lift_last(f, ex)
            if last:
                add(lng, "lift_when", {**last, "expect_numbers": []}, ex=ex, kind="last")
        for ex in lifts[:3 if primary else 2]:
            for p in rng.sample(["this_month", "last_month"], 1):
                add(lng, "lift_best_p", c_lift_best(f, ex, R(p)), p, ex=ex, kind="best")
        for ex in lifts[:2 if primary else 1]:
            add(lng, "trend", c_trend(f, ex), ex=ex, kind="trend")
        if info.get("big3") and all(has("lift", x) for x in ("squat", "bench press", "deadlift")):
            tot = sum(max(r.fields["weight"] for r in f.sel("lift", x)) for x in ("squat", "bench press", "deadlift"))
            add(lng, "big3", expect([fmt_num(tot)]), kind="best")
        for ex in info.get("bodyweight", []):
            for p in (["last_week", "this_month"] if primary else ["this_month"]):
                rs = f.sel("lift", ex, R(p))
                exp = expect([str(sum(r.fields["sets"] * r.fields["reps"] for r in rs))]) if rs else expect(none=True)
                add(lng, "bw_total", exp, p, ex=ex, kind="total")
        if has("run"):
            for p in (ps if primary else ps[:1]):
                add(lng, "run_total", c_run_total(f, R(p)), p, kind="total")
            for p in rng.sample(periods, 2 if primary else 1):
                add(lng, "run_count", c_count(f.sel("run", None, R(p))), p, kind="count")
            add(lng, "run_last", c_run_last(f), kind="last")
            add(lng, "run_longest", c_run_longest(f, R("all")), kind="best")
            for p in (["this_month", "last_month"] if primary else ["last_month"]):
                add(lng, "run_longest_p", c_run_longest(f, R(p)), p, kind="best")
            if info.get("fivek"):
                add(lng, "fastest_5k", c_fastest_5k(f), kind="best")
        if has("sleep"):
            for p in (ps if primary else ps[:1]):
                add(lng, "sleep_avg", c_sleep_avg(f, R(p)), p, kind="average")
        if f.qty("coffee", None):
            for p in (["last_week", "this_month"] if primary else ["last_month"]):
                add(lng, "coffee_total", c_total(f, "coffee", R(p)), p, kind="measure")
        if f.qty("steps", None):
            for p in (["last_week", "this_month"] if primary else ["this_month"]):
                add(lng, "steps_avg", c_avg(f, "steps", R(p)), p, kind="average")
        add(lng, "none", expect(none=True), "last_month", kind="none")
    if len(out) > 40:
        keep = set(rng.sample(range(len(out)), 40))
        out = [q for i, q in enumerate(out) if i in keep]
    return out



if __name__ == "__main__":
    run_people(__doc__, "holdout4", "h4-", SPAN_DAYS, PEOPLE, build_questions)
