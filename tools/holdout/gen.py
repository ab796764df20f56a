#!/usr/bin/env python3
"""Generate a second, independent set of held-out vaults with ground truth.

    python3 tools/holdout/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME[,NAME]]

Writes DIR/<person>/ in vaultgen's format (.truth/records.jsonl, questions.jsonl, meta.json),
so `python3 tools/vaultgen/score.py --bin BIN --vaults DIR` scores it.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import period_range, run_people  # noqa: E402
from questions import (Facts, c_avg, c_count, c_fastest_5k, c_lift_best, c_lift_last, c_run_last,  # noqa: E402
                       c_run_longest, c_run_total, c_sleep_avg, c_total, c_trend, expect)
from people import PEOPLE  # noqa: E402

SPAN_DAYS = 63

# Question phrasings: how people ask their own logs, per language.
Q = {
    "ko": {
        "gym_count": ["{p} 헬스 몇 번 갔어?", "{p} 웨이트 몇 번 했지", "{p} 헬스장 몇 번 감?"],
        "workout_days": ["{p} 운동한 날 며칠이야?", "{p} 운동 몇 번 했어?"],
        "run_total": ["{p} 러닝 총 몇 km 뛰었어?", "{p} 달린 거리 합계는?"],
        "run_count": ["{p} 러닝 몇 번 했어?", "{p} 몇 번 뛰었어?"],
        "sleep_avg": ["{p} 평균 몇 시간 잤어?", "{p} 평균 수면시간"],
        "lift_last": ["마지막으로 {ex} 몇 kg 했어?", "저번에 {ex} 몇 키로 쳤지?"],
        "lift_best": ["{ex} 최고 중량은?", "지금까지 {ex} 제일 무겁게 든 게 몇 kg이야?"],
        "lift_when": ["{ex} 마지막으로 언제 했어?"],
        "run_last": ["마지막으로 뛴 게 언제야?"],
        "run_longest": ["지금까지 제일 길게 뛴 거리는?"],
        "steps_avg": ["{p} 하루 평균 걸음수는?"],
        "coffee_total": ["{p} 커피 몇 잔 마셨어?"],
        "trend": ["{ex} 중량 늘고 있어?", "{ex} 추세 어때?"],
        "none_swim": ["{p} 수영 몇 번 했어?"],
    },
    "en": {
        "gym_count": ["How many gym sessions did I do {p}?", "how many times did I lift {p}"],
        "workout_days": ["How many days did I work out {p}?", "how many workouts {p}?"],
        "run_total": ["How many km did I run {p}?", "total distance run {p}?"],
        "run_count": ["How many runs did I do {p}?", "how many times did I run {p}"],
        "sleep_avg": ["What was my average sleep {p}?", "how much did I sleep on average {p}?"],
        "lift_last": ["How much did I {ex} last time?", "What weight did I use for {ex} last time?"],
        "lift_best": ["What's my heaviest {ex}?", "What is my best {ex} ever?"],
        "lift_when": ["When did I last do {ex}?"],
        "run_last": ["When was my last run?"],
        "run_longest": ["What's my longest run?"],
        "fastest_5k": ["What's my fastest 5k?"],
        "steps_avg": ["What were my average daily steps {p}?"],
        "coffee_total": ["How many coffees did I have {p}?"],
        "trend": ["Is my {ex} going up?", "How has my {ex} progressed?"],
        "none_swim": ["How many times did I swim {p}?"],
    },
    "ja": {
        "gym_count": ["{p}ジムに何回行った？", "{p}筋トレ何回した？"],
        "workout_days": ["{p}何日運動した？"],
        "run_total": ["{p}何キロ走った？", "{p}の走行距離の合計は？"],
        "run_count": ["{p}何回走った？"],
        "sleep_avg": ["{p}の平均睡眠時間は？"],
        "lift_last": ["最後の{ex}は何kg？", "前回の{ex}の重量は？"],
        "lift_best": ["{ex}の最高重量は？"],
        "lift_when": ["最後に{ex}をやったのはいつ？"],
        "run_last": ["最後に走ったのはいつ？"],
        "run_longest": ["一番長く走った距離は？"],
        "steps_avg": ["{p}の1日平均歩数は？"],
        "coffee_total": ["{p}コーヒー何杯飲んだ？"],
        "trend": ["{ex}の重量は伸びてる？"],
        "none_swim": ["{p}何回泳いだ？"],
    },
}
PERIODS = {
    "ko": {"this_week": "이번 주", "last_week": "지난주", "this_month": "이번 달", "last_month": "지난달", "all": "지금까지"},
    "en": {"this_week": "this week", "last_week": "last week", "this_month": "this month", "last_month": "last month",
           "all": "so far"},
    "ja": {"this_week": "今週", "last_week": "先週", "this_month": "今月", "last_month": "先月", "all": "今まで"},
}
LIFT_WORDS = {
    "ko": {"squat": "스쿼트", "bench press": "벤치프레스", "deadlift": "데드리프트", "lat pulldown": "랫풀다운",
           "leg press": "레그프레스", "overhead press": "오버헤드프레스"},
    "en": {"squat": "squat", "bench press": "bench press", "deadlift": "deadlift", "lat pulldown": "lat pulldown",
           "leg press": "leg press", "overhead press": "overhead press"},
    "ja": {"squat": "スクワット", "bench press": "ベンチプレス", "deadlift": "デッドリフト", "lat pulldown": "ラットプルダウン"},
}
MAIN_LIFTS = {"ko-blog": ["squat", "bench press", "deadlift", "leg press"], "ko-obsidian": ["bench press", "squat", "deadlift", "lat pulldown"],
              "ko-diary": ["squat", "bench press", "deadlift"], "en-apps": ["squat", "bench press", "deadlift", "overhead press"],
              "ja": ["squat", "bench press", "deadlift"], "en-strava": []}
SECOND_LANG = {"ko-blog": "en", "ko-obsidian": "en", "ko-diary": "en", "ja": "en", "en-apps": None, "en-strava": None}


def build_questions(person, lang, recs, today, seed):
    rng = random.Random(f"q-{seed}-{person}")
    f = Facts(recs, {}, today, "km")
    R = lambda key: period_range(key, today)  # noqa: E731
    out = []

    def add(lng, key, exp, p=None, ex=None, kind=None):
        if exp is None:
            return
        tmpl = rng.choice(Q[lng][key])
        text = tmpl.format(p=PERIODS[lng][p] if p else "", ex=LIFT_WORDS[lng].get(ex, ex) if ex else "").strip()
        text = " ".join(text.split())
        q = {"q": text, "kind": kind, "key": key, "lang": lng}
        if p:
            a, b = R(p)
            q["period"] = [a.isoformat(), b.isoformat()]
        q.update(exp)
        out.append(q)

    has = lambda kind, name=None: bool(f.sel(kind, name))  # noqa: E731
    langs = [lang] + ([SECOND_LANG[person]] if SECOND_LANG[person] else [])
    for i, lng in enumerate(langs):
        primary = i == 0
        k = (4 if not SECOND_LANG[person] else 2) if primary else 1
        periods = ["this_week", "last_week", "this_month", "last_month"]
        rng.shuffle(periods)
        if has("lift"):
            for p in periods[:k]:
                add(lng, "gym_count", c_count(f.lift_days(R(p))), p, kind="count")
            add(lng, "workout_days", c_count(f.train_days(R(periods[2]))), periods[2], kind="category")
            for ex in (MAIN_LIFTS[person] if primary else MAIN_LIFTS[person][:2]):
                if not has("lift", ex):
                    continue
                add(lng, "lift_last", c_lift_last(f, ex), ex=ex, kind="last")
                add(lng, "lift_best", c_lift_best(f, ex, R("all")), ex=ex, kind="best")
            ex = MAIN_LIFTS[person][0]
            last = c_lift_last(f, ex)
            if last:
                add(lng, "lift_when", {**last, "expect_numbers": []}, ex=ex, kind="last")
            add(lng, "trend", c_trend(f, ex), ex=ex, kind="trend")
        if has("run"):
            for p in periods[:k]:
                add(lng, "run_total", c_run_total(f, R(p)), p, kind="total")
            add(lng, "run_count", c_count(f.sel("run", None, R(periods[3]))), periods[3], kind="count")
            add(lng, "run_last", c_run_last(f), kind="last")
            add(lng, "run_longest", c_run_longest(f, R("all")), kind="best")
            if lng == "en" and person == "en-strava":
                add(lng, "fastest_5k", c_fastest_5k(f), kind="best")
        if has("sleep"):
            for p in periods[:k]:
                add(lng, "sleep_avg", c_sleep_avg(f, R(p)), p, kind="average")
        if f.qty("steps", None):
            add(lng, "steps_avg", c_avg(f, "steps", R(periods[1])), periods[1], kind="measure")
        if f.qty("coffee", None):
            add(lng, "coffee_total", c_total(f, "coffee", R(periods[0])), periods[0], kind="measure")
        add(lng, "none_swim", expect(none=True), "last_month", kind="none")
    return out



if __name__ == "__main__":
    run_people(__doc__, "holdout", "", SPAN_DAYS, PEOPLE, build_questions)
