#!/usr/bin/env python3
"""A fourth, independent held-out vault generator: four Korean people (monthly checklist file,
홈트 + diet diary, slash-field gym log with lbs, weekly marathon notes), one Chinese, one
French, one German. Output in vaultgen's format (.truth/records.jsonl, questions.jsonl, meta.json).

    python3 tools/holdout3/gen.py --out DIR --seed N [--today YYYY-MM-DD] [--people all|NAME,...]

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
from questions import (Facts, asker, c_count, c_lift_best, c_lift_last, c_run_last, c_run_longest,  # noqa: E402
                       c_run_total, c_sleep_avg, c_total, c_trend, expect)
from people import PEOPLE  # noqa: E402

SPAN_DAYS = 63

Q = {
    "ko": {
        "train_days": ["{p} 운동 몇 번 했어?", "{p} 운동한 날이 며칠이야", "{p} 몇 번 운동함?", "{p} 운동 횟수"],
        "gym_count": ["{p} 헬스장 몇 번 감?", "{p} 웨이트 몇 번 했지"],
        "run_count": ["{p} 몇 번 달렸어?", "{p} 러닝 몇 번 나갔지", "{p} 뛴 횟수"],
        "run_total": ["{p} 달린 거리 총합", "{p} 몇 km 뛰었어?", "{p} 총 주행거리", "{p} 러닝 누적 km"],
        "sleep_avg": ["{p} 평균 몇 시간 잤어", "{p} 평균 수면 시간은?", "{p} 잠 평균"],
        "sleep_avg_all": ["평균 몇 시간 자?", "전체 평균 수면시간"],
        "lift_last": ["최근 {ex} 몇 키로 했어?", "마지막 {ex} 무게", "지난번 {ex} 얼마 들었지"],
        "lift_best": ["{ex} 최고 무게", "{ex} 최고 중량 몇이야", "{ex} 개인 최고 기록", "{ex} 제일 무겁게 든 거"],
        "lift_when": ["마지막으로 {ex} 한 날", "{ex} 언제 마지막으로 했어?"],
        "trend": ["{ex} 늘었어?", "{ex} 무게 늘고 있나?", "{ex} 성장 추이"],
        "run_last": ["마지막으로 뛴 게 언제야?", "최근에 달린 날"],
        "run_longest": ["가장 멀리 뛴 거리", "최장 거리 러닝 몇 km?"],
        "coffee_total": ["{p} 커피 몇 잔 마셨지", "{p} 커피 총 몇 잔?"],
        "bw_total": ["{p} {ex} 총 몇 개 했어?", "{p} {ex} 몇 개 했지", "{p} {ex} 총 개수"],
        "swim_last": ["마지막으로 수영한 날", "수영 마지막으로 언제 했어?"],
        "big3": ["3대 몇이야?", "3대 합계"],
        "none": ["{p} 자전거 몇 번 탔어?", "{p} 요가 몇 번 했지"],
    },
    "en": {
        "train_days": ["how many times did I work out {p}?", "how many training days {p}", "how often did I exercise {p}?"],
        "gym_count": ["how many gym sessions {p}?", "how many times did I lift {p}"],
        "run_count": ["how many runs {p}?", "how many times did I run {p}?"],
        "run_total": ["how many km did I run {p}?", "total distance {p}", "how far did I run {p}"],
        "sleep_avg": ["how much did I sleep on average {p}?", "average hours of sleep {p}"],
        "sleep_avg_all": ["how many hours do I sleep on average?"],
        "lift_last": ["how much did I {exv} last time?", "what weight did I use for {ex} most recently?"],
        "lift_best": ["what was my heaviest {ex}?", "{ex} PR?", "max {ex} weight"],
        "lift_when": ["when did I last {exv}?"],
        "trend": ["is my {ex} improving?", "{ex} progress"],
        "run_last": ["when did I last run?", "date of my most recent run"],
        "run_longest": ["what's my longest run?"],
        "coffee_total": ["how many coffees did I have {p}?"],
        "bw_total": ["how many {ex} did I do {p}?", "total {ex} {p}"],
        "swim_last": ["when did I last swim?", "when was my last swim?"],
        "big3": ["what is my big 3 total?"],
        "none": ["how many times did I go cycling {p}?"],
    },
    "zh": {
        "train_days": ["{p}训练了几天？", "{p}运动了几次", "{p}锻炼了几次？"],
        "gym_count": ["{p}去了几次健身房？", "{p}练了几次力量"],
        "run_count": ["{p}跑了几次步？", "{p}跑步几次"],
        "run_total": ["{p}一共跑了多少公里？", "{p}跑量多少", "{p}跑了多少km"],
        "sleep_avg": ["{p}平均每晚睡几个小时？", "{p}平均睡眠时间"],
        "sleep_avg_all": ["我平均睡多久？"],
        "lift_last": ["最近一次{ex}多重", "上次{ex}用了多少公斤？"],
        "lift_best": ["{ex}最大重量", "{ex}最重做过多少？", "{ex}PR是多少"],
        "lift_when": ["上次{ex}是哪天？"],
        "trend": ["{ex}有进步吗？", "{ex}重量涨了吗"],
        "run_last": ["最后一次跑步是哪天？"],
        "run_longest": ["跑得最远的一次多少公里？"],
        "coffee_total": ["{p}喝了几杯咖啡？"],
        "big3": ["三大项总和是多少？"],
        "none": ["{p}游了几次泳？"],
    },
    "fr": {
        "train_days": ["combien de fois je me suis entraîné {p} ?", "combien de séances {p} ?"],
        "gym_count": ["combien de séances de muscu {p} ?"],
        "run_count": ["combien de fois j'ai couru {p} ?", "combien de sorties course {p}"],
        "run_total": ["combien de km {p} ?", "combien de kilomètres j'ai couru {p} ?", "distance totale {p}"],
        "sleep_avg": ["combien d'heures j'ai dormi en moyenne {p} ?", "moyenne de sommeil {p}"],
        "sleep_avg_all": ["combien je dors en moyenne ?"],
        "lift_last": ["combien j'ai mis au {ex} la dernière fois ?", "dernier poids au {ex}"],
        "lift_best": ["mon record au {ex} ?", "charge max au {ex}", "quel est mon meilleur {ex} ?"],
        "lift_when": ["quand ai-je fait du {ex} pour la dernière fois ?"],
        "trend": ["est-ce que je progresse au {ex} ?"],
        "run_last": ["c'était quand ma dernière course ?"],
        "run_longest": ["ma plus longue sortie ?"],
        "coffee_total": ["combien de cafés {p} ?"],
        "big3": ["total des trois mouvements (squat, développé couché, soulevé de terre) ?"],
        "none": ["combien de fois j'ai nagé {p} ?"],
    },
    "de": {
        "train_days": ["wie oft habe ich {p} trainiert?", "wie viele Trainingstage {p}?"],
        "gym_count": ["wie oft war ich {p} im Gym?", "wie viele Krafttrainings {p}?"],
        "run_count": ["wie oft war ich {p} laufen?", "wie viele Läufe {p}?"],
        "run_total": ["wie viele km bin ich {p} gelaufen?", "Laufkilometer {p}", "wie weit bin ich {p} gelaufen?"],
        "sleep_avg": ["wie viel habe ich {p} im Schnitt geschlafen?", "durchschnittlicher Schlaf {p}"],
        "sleep_avg_all": ["wie lange schlafe ich im Durchschnitt?"],
        "lift_last": ["wie viel hatte ich zuletzt beim {ex}?", "letztes Gewicht {ex}"],
        "lift_best": ["was ist mein Rekord beim {ex}?", "schwerstes {ex}?", "Bestleistung {ex}"],
        "lift_when": ["wann habe ich zuletzt {ex} gemacht?"],
        "trend": ["werde ich beim {ex} stärker?"],
        "run_last": ["wann war ich zuletzt laufen?"],
        "run_longest": ["mein längster Lauf?"],
        "coffee_total": ["wie viele Tassen Kaffee {p}?"],
        "big3": ["was ist mein Big-3-Total?"],
        "none": ["wie oft war ich {p} schwimmen?"],
    },
}
PER = {
    "ko": {"this_week": ["이번 주", "이번주"], "last_week": ["지난주", "저번주"], "this_month": ["이번 달", "이번달"],
           "last_month": ["지난달", "저번 달"]},
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"], "last_month": ["last month"]},
    "zh": {"this_week": ["这周", "本周"], "last_week": ["上周", "上个星期"], "this_month": ["这个月", "本月"], "last_month": ["上个月"]},
    "fr": {"this_week": ["cette semaine"], "last_week": ["la semaine dernière"], "this_month": ["ce mois-ci"],
           "last_month": ["le mois dernier"]},
    "de": {"this_week": ["diese Woche"], "last_week": ["letzte Woche"], "this_month": ["diesen Monat"],
           "last_month": ["letzten Monat"]},
}
LIFT = {
    "ko": {"squat": ["스쿼트", "스쾃"], "bench press": ["벤치", "벤치프레스"], "deadlift": ["데드", "데드리프트"],
           "overhead press": ["오버헤드프레스", "OHP"], "push-up": ["푸쉬업", "푸시업", "팔굽혀펴기"], "burpee": ["버피"]},
    "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"],
           "overhead press": ["overhead press"], "push-up": ["push-ups", "pushups"], "burpee": ["burpees"]},
    "zh": {"squat": ["深蹲"], "bench press": ["卧推"], "deadlift": ["硬拉"]},
    "fr": {"squat": ["squat"], "bench press": ["développé couché"], "deadlift": ["soulevé de terre"]},
    "de": {"squat": ["Kniebeuge", "Kniebeugen"], "bench press": ["Bankdrücken"], "deadlift": ["Kreuzheben"]},
}
VERB = {"squat": "squat", "bench press": "bench", "deadlift": "deadlift", "overhead press": "overhead press"}


def build_questions(person, info, recs, today, seed):
    rng = random.Random(f"q3-{seed}-{person}")
    lang = info["lang"]
    f = Facts(recs, {}, today, "km")
    R = lambda key: period_range(key, today)  # noqa: E731
    out = []

    add = asker(out, rng, today, Q, LIFT, PER, VERB)

    has = lambda kind, name=None: bool(f.sel(kind, name))  # noqa: E731
    periods = ["this_week", "last_week", "this_month", "last_month"]
    weighted = [r for r in f.sel("lift") if r.fields["weight"] is not None]
    for lng in [lang, "en"]:
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
        if lifts:
            add(lng, "trend", c_trend(f, lifts[0]), ex=lifts[0], kind="trend")
        if info.get("big3") and all(has("lift", x) for x in ("squat", "bench press", "deadlift")):
            tot = sum(max(r.fields["weight"] for r in f.sel("lift", x)) for x in ("squat", "bench press", "deadlift"))
            add(lng, "big3", expect([fmt_num(tot)]), kind="best")
        for ex in info.get("bodyweight", []):
            for p in (["this_week", "last_week", "this_month", "last_month"] if primary else ["last_week", "this_month"]):
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
        if info.get("swims"):
            add(lng, "swim_last", expect([], [max(info["swims"])]), kind="last")
        if has("sleep"):
            for p in (ps[:3] if primary else ps[:1]):
                add(lng, "sleep_avg", c_sleep_avg(f, R(p)), p, kind="average")
            add(lng, "sleep_avg_all", c_sleep_avg(f, R("all")), kind="average")
        if f.qty("coffee", None):
            for p in (["last_week", "this_month"] if primary else ["last_month"]):
                add(lng, "coffee_total", c_total(f, "coffee", R(p)), p, kind="measure")
        add(lng, "none", expect(none=True), "last_month", kind="none")
    if len(out) > 40:
        keep = set(rng.sample(range(len(out)), 40))
        out = [q for i, q in enumerate(out) if i in keep]
    return out



if __name__ == "__main__":
    run_people(__doc__, "holdout3", "h3-", SPAN_DAYS, PEOPLE, build_questions)
