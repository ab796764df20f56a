#!/usr/bin/env python3
"""holdout5: a sixth, independent held-out vault generator. Five Korean conventions as published
or exported (Jekyll posts, a Notion database export, a body-profile countdown, a Hugo runner
with Garmin pastes, 오운완 one-liners in year/month folders), a Japanese 筋トレ diary and a
Reddit-style English lifter in lb with plate shorthand.

    python3 tools/holdout5/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

Score with: python3 tools/vaultgen/score.py --bin BIN --vaults DIR --show 80
"""
from __future__ import annotations

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "vaultgen"))

from common import KM_PER_MI, fmt_num, period_range, run_people  # noqa: E402
from questions import (Facts, asker, c_avg, c_count, c_lift_best, c_lift_last, c_run_last,  # noqa: E402
                       c_run_longest, c_sleep_avg, c_total, c_trend, expect)
from people import PEOPLE  # noqa: E402

SPAN_DAYS = 63

Q = {
    "ko": {
        "train_days": ["{p} 운동 몇 번 했어?", "{p} 오운완 며칠 했지", "{p} 운동한 날 며칠이야", "{p} 몇 번이나 운동했음?"],
        "gym_count": ["{p} 헬스장 몇 번 갔어", "{p} 웨이트 몇 번 했지?"],
        "run_count": ["{p} 몇 번 달렸어?", "{p} 러닝 횟수", "{p} 뛴 횟수 알려줘"],
        "run_total": ["{p} 달린 거리 총합", "{p} 몇 km 뛰었어?", "{p} 누적 거리 얼마야", "{p} 총 러닝 거리는"],
        "sleep_avg": ["{p} 평균 몇 시간 잤어", "{p} 수면 평균", "{p} 하루에 평균 얼마나 잤지?"],
        "lift_last": ["최근 {ex} 몇 kg 했지?", "마지막 {ex} 무게", "저번에 {ex} 몇으로 했더라"],
        "lift_best": ["{ex} 최고 무게", "{ex} 최고 기록 알려줘", "{ex} 제일 많이 든 게 몇 kg?", "내 {ex} 최고중량"],
        "lift_when": ["{ex} 마지막으로 한 날", "{ex} 언제 마지막으로 했어?"],
        "trend": ["{ex} 늘었어?", "{ex} 무게 늘고 있나", "{ex} 성장 추이"],
        "run_last": ["마지막으로 뛴 날", "제일 최근 러닝 언제였지?"],
        "run_longest": ["가장 길게 달린 거리는?", "최장 러닝 거리"],
        "lift_best_p": ["{p} {ex} 최고 무게", "{p} {ex} 제일 무거웠던 무게는"],
        "run_longest_p": ["{p} 제일 멀리 뛴 거리", "{p} 최장 거리 몇 km"],
        "bw_total": ["{p} {ex} 총 몇 개", "{p} {ex} 몇 개 했지"],
        "big3": ["3대 합계 얼마야", "내 3대 몇이야?"],
        "kcal_avg": ["{p} 하루 평균 칼로리", "{p} 평균 몇 kcal 먹었어?"],
        "protein_avg": ["{p} 단백질 하루 평균 몇 g", "{p} 평균 단백질 섭취량"],
        "none": ["{p} 수영 몇 번 했어?", "{p} 마지막으로 수영한 날", "{p} 자전거 탄 거리"],
    },
    "ja": {
        "train_days": ["{p}何日トレーニングした？", "{p}筋トレとランニング合わせて何日？", "{p}運動した日は何日？"],
        "gym_count": ["{p}ジムに何回行った？", "{p}筋トレ何回した？"],
        "run_count": ["{p}何回走った？", "{p}ランニングの回数は？"],
        "run_total": ["{p}何キロ走った？", "{p}の走行距離の合計は？", "{p}合計何km走った"],
        "sleep_avg": ["{p}の平均睡眠時間は？", "{p}平均何時間寝た？"],
        "lift_last": ["前回の{ex}は何キロ？", "最後にやった{ex}の重量は？"],
        "lift_best": ["{ex}の最高重量は？", "{ex}のMAXは？", "{ex}で一番重かったのは？"],
        "lift_when": ["最後に{ex}をやったのはいつ？"],
        "trend": ["{ex}の重量は伸びてる？", "{ex}の推移は？"],
        "run_last": ["最後に走ったのはいつ？"],
        "run_longest": ["一番長く走った距離は？"],
        "lift_best_p": ["{p}の{ex}の最高重量は？"],
        "run_longest_p": ["{p}一番長く走ったのは何キロ？"],
        "big3": ["BIG3の合計は？"],
        "none": ["{p}何回泳いだ？"],
    },
    "en": {
        "train_days": ["how many days did I work out {p}?", "workout count {p}", "how often did I train {p}?"],
        "gym_count": ["how many lifting days {p}?", "how many gym sessions did I do {p}?"],
        "run_count": ["how many runs {p}?", "how many times did I run {p}?"],
        "run_total": ["how many km did I run {p}?", "total running distance {p}", "how far did I run {p}?"],
        "sleep_avg": ["how much did I sleep on average {p}?", "avg sleep {p}?"],
        "lift_last": ["what was my last {ex}?", "how much did I {exv} last time?"],
        "lift_best": ["what was my heaviest {ex}?", "{ex} PR?", "max {ex} weight"],
        "lift_when": ["when did I last {exv}?"],
        "trend": ["is my {ex} improving?", "{ex} progress"],
        "run_last": ["when did I last go for a run?"],
        "run_longest": ["what's my longest run?"],
        "lift_best_p": ["heaviest {ex} {p}", "what was my best {ex} {p}?"],
        "run_longest_p": ["longest run {p}"],
        "bw_total": ["how many {ex} {p}?", "total {ex} reps {p}"],
        "big3": ["what's my big 3 total?", "squat bench deadlift total?"],
        "kcal_avg": ["average calories per day {p}?"],
        "protein_avg": ["average protein per day {p}?"],
        "none": ["how many times did I go swimming {p}?", "how far did I cycle {p}?"],
    },
}
PER = {
    "ko": {"this_week": ["이번 주", "이번주", "이번주에"], "last_week": ["지난주", "지난 주에", "저번주"],
           "this_month": ["이번 달", "이번달에", "이번 달에"], "last_month": ["지난달", "저번 달", "지난 달에"]},
    "ja": {"this_week": ["今週"], "last_week": ["先週"], "this_month": ["今月"], "last_month": ["先月"]},
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"], "last_month": ["last month"]},
}
LIFT = {
    "ko": {"squat": ["스쿼트"], "bench press": ["벤치", "벤치프레스", "벤치 프레스"], "deadlift": ["데드", "데드리프트"],
           "overhead press": ["오버헤드프레스", "OHP"], "leg press": ["레그프레스", "레그 프레스"],
           "lat pulldown": ["랫풀다운", "랫 풀 다운"], "row": ["바벨로우", "바벨 로우"], "push-up": ["푸쉬업", "푸시업"]},
    "ja": {"squat": ["スクワット"], "bench press": ["ベンチ", "ベンチプレス"], "deadlift": ["デッド", "デッドリフト"],
           "lat pulldown": ["ラットプルダウン"]},
    "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"],
           "overhead press": ["OHP", "overhead press"], "leg press": ["leg press"], "lat pulldown": ["lat pulldown"],
           "row": ["barbell row", "rows"], "push-up": ["push-ups"], "chin-up": ["chin-ups", "chins"]},
}
VERB = {"squat": "squat", "bench press": "bench", "deadlift": "deadlift", "overhead press": "overhead press",
        "leg press": "leg press", "lat pulldown": "do lat pulldowns", "row": "row"}


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"q5-{seed}-{person}")
    lang = info["lang"]
    miles = info.get("run_unit") == "mi"
    f = Facts(recs, {}, today, "mi" if miles else "km")
    R = lambda key: period_range(key, today)  # noqa: E731
    out = []

    add = asker(out, rng, today, Q, LIFT, PER, VERB, known_lifts_only=True)

    def run_total(p):
        runs = f.sel("run", None, R(p))
        if not runs:
            return expect(none=True)
        km = sum(r.fields["distance_km"] for r in runs)
        alts = fmt_num(km, 2) + ("|" + fmt_num(km / KM_PER_MI, 2) if miles else "")
        return expect([alts], tol=0.051)

    has = lambda kind, name=None: bool(f.sel(kind, name))  # noqa: E731
    periods = ["this_week", "last_week", "this_month", "last_month"]
    langs = [lang] if lang == "en" else [lang, "en"]
    for lng in langs:
        primary = lng == lang
        ps = periods if primary else rng.sample(periods, 2)
        if has("lift") or has("run"):
            for p in ps:
                add(lng, "train_days", c_count(f.train_days(R(p))), p, kind="category")
        if has("lift") and has("run"):
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
        for ex in lifts[:3 if primary else 1]:
            p = rng.choice(["this_month", "last_month"])
            add(lng, "lift_best_p", c_lift_best(f, ex, R(p)), p, ex=ex, kind="best")
        for ex in lifts[:2 if primary else 1]:
            add(lng, "trend", c_trend(f, ex), ex=ex, kind="trend")
        if info.get("big3") and all(has("lift", x) for x in ("squat", "bench press", "deadlift")):
            units = {r.fields["unit"] for r in f.sel("lift") if r.name in ("squat", "bench press", "deadlift")}
            if len(units) == 1:
                tot = sum(max(r.fields["weight"] for r in f.sel("lift", x)) for x in ("squat", "bench press", "deadlift"))
                add(lng, "big3", expect([fmt_num(tot)]), kind="best")
        for ex in info.get("bodyweight", []):
            for p in (["last_week", "this_month"] if primary else ["this_month"]):
                rs = f.sel("lift", ex, R(p))
                exp = expect([str(sum(r.fields["sets"] * r.fields["reps"] for r in rs))]) if rs else expect(none=True)
                add(lng, "bw_total", exp, p, ex=ex, kind="total")
        if has("run"):
            for p in (ps if primary else ps[:1]):
                add(lng, "run_total", run_total(p), p, kind="total")
            for p in rng.sample(periods, 2 if primary else 1):
                add(lng, "run_count", c_count(f.sel("run", None, R(p))), p, kind="count")
            add(lng, "run_last", c_run_last(f), kind="last")
            add(lng, "run_longest", c_run_longest(f, R("all")), kind="best")
            for p in (["this_month", "last_month"] if primary else ["last_month"]):
                add(lng, "run_longest_p", c_run_longest(f, R(p)), p, kind="best")
        if has("sleep"):
            for p in (ps if primary else ps[:1]):
                add(lng, "sleep_avg", c_sleep_avg(f, R(p)), p, kind="average")
        if info.get("kcal"):
            for p in (["last_week", "this_month"] if primary else ["last_week"]):
                add(lng, "kcal_avg", c_avg(f, "kcal", R(p)), p, kind="average")
        if info.get("protein"):
            for p in (["last_week", "last_month"] if primary else ["this_month"]):
                add(lng, "protein_avg", c_avg(f, "protein", R(p)), p, kind="average")
        add(lng, "none", expect(none=True), "last_month", kind="none")
    if len(out) > 40:
        keep = set(rng.sample(range(len(out)), 40))
        out = [q for i, q in enumerate(out) if i in keep]
    return out


if __name__ == "__main__":
    run_people(__doc__, "holdout5", "h5-", SPAN_DAYS, PEOPLE, build_questions)
