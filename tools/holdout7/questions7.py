"""holdout7 questions: the everyday questions a new user asks first, in the person's language
and in English, each with its expected answer computed from the generated records."""
from __future__ import annotations

import datetime as dt
import random

from common import fmt_num, period_range, prev_month_start

D = dt.timedelta
EN_MON = "January February March April May June July August September October November December".split()
DE_MON = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()

PERIODS = {
    "ko": {"this_week": ["이번 주", "이번주"], "last_week": ["지난주", "저번 주"], "this_month": ["이번 달", "이번달"],
           "last_month": ["지난달", "저번 달"], "in_month": ["{m}월에", "{m}월"], "all": ["", "지금까지"]},
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"], "in_month": ["in {month}"], "all": ["", "ever"]},
    "de": {"this_week": ["diese Woche"], "last_week": ["letzte Woche"], "this_month": ["diesen Monat"],
           "last_month": ["letzten Monat"], "in_month": ["im {demonth}"], "all": ["", "bisher"]},
}

EX = {"ko": {"squat": ["스쿼트"], "bench press": ["벤치", "벤치프레스"], "deadlift": ["데드", "데드리프트"]},
      "en": {"squat": ["squat"], "bench press": ["bench", "bench press"], "deadlift": ["deadlift"]},
      "de": {"squat": ["Kniebeuge"], "bench press": ["Bankdrücken"], "deadlift": ["Kreuzheben"]}}

QT = {
    "ko": {
        "run_km": ["{p} 몇 km 뛰었어?", "{p} 총 몇 키로 달렸지?", "{p} 러닝 거리 합계"],
        "run_count": ["{p} 몇 번 뛰었어?", "{p} 러닝 몇 회 했어?"],
        "gym_count": ["{p} 헬스장 몇 번 갔어?", "{p} 헬스 몇 번 했지?"],
        "lift_best": ["{p} {ex} 최고 몇 kg?", "{p} {ex} 최고 기록", "{p} {ex} 제일 무겁게 든 거"],
        "lift_last_date": ["마지막으로 {ex} 한 게 언제야?", "{ex} 마지막으로 언제 했지?"],
        "gym_last": ["마지막으로 헬스 간 게 언제야?", "헬스 마지막으로 언제 갔지?"],
        "run_last": ["마지막으로 뛴 게 언제야?", "마지막 러닝 언제였지?"],
        "sleep_avg": ["{p} 평균 수면 시간", "{p} 하루 평균 몇 시간 잤어?"],
        "steps_yday": ["어제 몇 걸음 걸었어?", "어제 걸음수"],
        "weight_on": ["{d} 몸무게 얼마였어?", "{d} 체중 몇이었지?"],
        "weight_latest": ["최근 몸무게 얼마야?", "마지막으로 잰 체중은?"],
        "pages": ["{p} 책 몇 쪽 읽었어?", "{p} 몇 페이지 읽었지?"],
        "coffee": ["{p} 커피 몇 잔 마셨어?"],
        "trend": ["{ex} 늘고 있어?", "{ex} 중량 오르고 있나?"],
        "sets": ["{p} {ex} 몇 세트 했어?"],
        "run_longest": ["{p} 제일 길게 뛴 거리?", "{p} 최장 거리 얼마야?"],
        "none_swim": ["{p} 수영 몇 번 했어?", "{p} 수영 몇 km 했지?"],
    },
    "en": {
        "run_km": ["how many km did I run {p}", "how many km {p}?", "total distance run {p}"],
        "run_count": ["how many times did I run {p}", "how many runs {p}"],
        "gym_count": ["how many times did I go to the gym {p}", "how many gym sessions {p}?"],
        "lift_best": ["my best {ex} {p}", "what's my heaviest {ex} {p}", "{ex} PR {p}"],
        "lift_last_date": ["when did I last {ex}", "when was my last {ex} session"],
        "gym_last": ["when did I last go to the gym", "last gym session?"],
        "run_last": ["when did I last run", "when was my last run?"],
        "sleep_avg": ["average sleep {p}", "how much did I sleep on average {p}"],
        "steps_yday": ["total steps yesterday", "how many steps did I walk yesterday"],
        "weight_on": ["how much did I weigh {d}", "what was my weight {d}"],
        "weight_latest": ["latest body weight", "what's my current weight?"],
        "pages": ["how many pages did I read {p}", "pages read {p}"],
        "coffee": ["how many coffees {p}", "how many cups of coffee did I drink {p}"],
        "trend": ["is my {ex} going up", "is my {ex} improving?"],
        "sets": ["how many sets of {ex} {p}", "how many {ex} sets did I do {p}"],
        "run_longest": ["longest run {p}", "what was my longest run {p}"],
        "none_swim": ["how many times did I swim {p}", "how far did I swim {p}"],
    },
    "de": {
        "run_km": ["Wie viele km bin ich {p} gelaufen?", "Kilometer {p}?"],
        "run_count": ["Wie oft war ich {p} laufen?"],
        "gym_count": ["Wie oft war ich {p} im Gym?", "Wie viele Trainings im Studio {p}?"],
        "lift_best": ["Bestes {ex} {p}?", "Was ist mein schwerstes {ex} {p}?"],
        "lift_last_date": ["Wann habe ich zuletzt {ex} gemacht?"],
        "gym_last": ["Wann war ich zuletzt im Gym?"],
        "run_last": ["Wann war ich zuletzt laufen?"],
        "sleep_avg": ["Wie viel habe ich {p} im Schnitt geschlafen?", "Durchschnittlicher Schlaf {p}?"],
        "steps_yday": ["Wie viele Schritte bin ich gestern gegangen?", "Schritte gestern?"],
        "weight_on": ["Wie viel habe ich {d} gewogen?"],
        "weight_latest": ["Was ist mein aktuelles Gewicht?", "Letztes Körpergewicht?"],
        "pages": ["Wie viele Seiten habe ich {p} gelesen?"],
        "coffee": ["Wie viele Tassen Kaffee {p}?"],
        "trend": ["{ex}: werde ich stärker?", "Wie entwickelt sich mein {ex}?"],
        "sets": ["Wie viele Sätze {ex} {p}?"],
        "run_longest": ["Längster Lauf {p}?", "Was war mein längster Lauf {p}?"],
        "none_swim": ["Wie oft war ich {p} schwimmen?"],
    },
}


def expect(numbers=(), dates=(), none=False, tol=None):
    q = {"expect_numbers": list(numbers), "expect_dates": [d.isoformat() for d in dates], "expect_none": none}
    if tol is not None:
        q["tol"] = tol
    return q


def day_word(lang, d, today, last_monday=False):
    if last_monday:
        return {"ko": "지난주 월요일", "en": "last Monday", "de": "letzten Montag"}[lang]
    if lang == "ko":
        return "%d월 %d일" % (d.month, d.day)
    if lang == "de":
        return "am %d.%d." % (d.day, d.month)
    return "on %s %d" % (EN_MON[d.month - 1][:3], d.day)


def build_questions(person, info, recs, today, seed):
    rng = random.Random("h7q-%d-%s" % (seed, person))
    own = info["lang"]
    langs = [own, "en"]
    prev = prev_month_start(today)

    def rng_of(pk):
        if pk == "in_month":
            return period_range("in_month", today, prev)
        return period_range(pk, today)

    def sel(kind, name=None, pk="all"):
        a, b = rng_of(pk)
        return [r for r in recs if r.kind == kind and (name is None or r.name == name) and a <= r.date <= b]

    lifts_present = [x for x in ("squat", "bench press", "deadlift") if any(r.kind == "lift" and r.name == x for r in recs)]
    has_runs = any(r.kind == "run" for r in recs)

    def top_sets(name):
        best = {}
        for r in sel("lift", name):
            if r.date not in best or r.fields["weight"] > best[r.date]:
                best[r.date] = r.fields["weight"]
        return [best[d] for d in sorted(best)]

    # computes: pk -> expectation (or None = not askable)
    def run_km(pk):
        runs = sel("run", None, pk)
        return expect(none=True) if not runs else expect([fmt_num(sum(r.fields["distance_km"] for r in runs), 2)], tol=0.051)

    def run_count(pk):
        n = len(sel("run", None, pk))
        return expect(none=True) if not n else expect([str(n)])

    def gym_count(pk):
        n = len({r.date for r in sel("lift", None, pk)})
        return expect(none=True) if not n else expect([str(n)])

    def lift_best(pk, ex):
        rs = sel("lift", ex, pk)
        if not rs:
            return expect(none=True)
        w = max(r.fields["weight"] for r in rs)
        ds = sorted({r.date for r in rs if r.fields["weight"] == w})
        return expect([fmt_num(w)], ds if len(ds) == 1 else [])

    def lift_last_date(pk, ex):
        rs = sel("lift", ex)
        return None if not rs else expect([], [max(r.date for r in rs)])

    def run_last(pk):
        rs = sel("run")
        return None if not rs else expect([], [max(r.date for r in rs)])

    def gym_last(pk):
        rs = sel("lift")
        return None if not rs else expect([], [max(r.date for r in rs)])

    def sleep_avg(pk):
        s = sel("sleep", None, pk)
        return expect(none=True) if not s else expect([fmt_num(sum(r.fields["hours"] for r in s) / len(s), 2)], tol=0.051)

    def qty_total(name, pk):
        rs = [r for r in recs if r.kind in ("measure", "amount") and r.name == name
              and rng_of(pk)[0] <= r.date <= rng_of(pk)[1]]
        return expect(none=True) if not rs else expect([fmt_num(sum(r.fields["value"] for r in rs))])

    yday = today - D(days=1)

    def steps_yday(pk):
        rs = [r for r in recs if r.name == "steps" and r.date == yday]
        return expect(none=True) if not rs else expect([fmt_num(sum(r.fields["value"] for r in rs))])

    weights = sorted((r for r in recs if r.kind == "measure" and r.name == "kg"), key=lambda r: r.date)

    def weight_on(d):
        rs = [r for r in weights if r.date == d]
        return expect(none=True) if not rs else expect([fmt_num(rs[0].fields["value"])])

    def weight_latest(pk):
        return None if not weights else expect([fmt_num(weights[-1].fields["value"])], [weights[-1].date])

    def trend(pk, ex):
        ts = top_sets(ex)
        if len(ts) < 3:
            return None
        return expect([fmt_num(ts[0]), fmt_num(ts[-1])])

    def sets(pk, ex):
        rs = sel("lift", ex, pk)
        return expect(none=True) if not rs else expect([str(sum(r.fields["sets"] for r in rs))])

    def run_longest(pk):
        rs = sel("run", None, pk)
        if not rs:
            return expect(none=True)
        km = max(r.fields["distance_km"] for r in rs)
        ds = sorted({r.date for r in rs if r.fields["distance_km"] == km})
        return expect([fmt_num(km, 2)], ds if len(ds) == 1 else [], tol=0.051)

    # (key, kind, [period per language], ex, compute)
    specs = []
    S = lambda key, kind, pks, fn, ex=None, d=None: specs.append((key, kind, pks, fn, ex, d))
    if has_runs:
        S("run_km", "total", ["this_week", "this_month"], run_km)
        S("run_km", "total", ["last_week", "in_month"], run_km)
        S("run_km", "total", ["last_month", "last_week"], run_km)
        S("run_count", "count", ["this_month", "last_week"], run_count)
        S("run_last", "last", [None, None], run_last)
        S("run_longest", "best", ["this_month", "all"], run_longest)
        S("run_longest", "best", ["last_month", "this_week"], run_longest)
        S("run_count", "count", ["in_month", "this_week"], run_count)
    else:
        S("run_km", "none", ["last_week", "this_month"], run_km)
    if lifts_present:
        S("gym_count", "count", ["this_week", "last_week"], gym_count)
        S("gym_count", "count", ["this_month", "last_month"], gym_count)
        for i, ex in enumerate(lifts_present):
            S("lift_best", "best", [["all", "this_month", "last_month"][i % 3], ["this_month", "all", "all"][i % 3]], lift_best, ex)
        S("gym_count", "count", ["in_month", "this_week"], gym_count)
        S("gym_last", "last", [None, None], gym_last)
        for i, ex in enumerate(lifts_present):
            S("lift_best", "best", ["last_month", "this_month"][::1 if i % 2 else -1], lift_best, ex)
        for ex in lifts_present[::-1][:2]:
            S("lift_last_date", "last", [None, None], lift_last_date, ex)
        S("trend", "trend", [None, None], trend, lifts_present[0])
        if "bench press" in lifts_present:
            S("sets", "total", ["last_week", "this_week"], sets, "bench press")
    else:
        S("lift_best", "none", ["all", "this_month"], lift_best, "deadlift")
    S("sleep_avg", "average", ["last_week", "this_month"], sleep_avg)
    S("sleep_avg", "average", ["this_month", "last_week"], sleep_avg)
    S("sleep_avg", "average", ["last_month", "in_month"], sleep_avg)
    names = {r.name for r in recs if r.kind in ("measure", "amount")}
    if "steps" in names:
        S("steps_yday", "total", [None, None], steps_yday)
    if "kg" in names:
        S("weight_latest", "last", [None, None], weight_latest)
        recent = [r.date for r in weights if r.date >= today - D(days=21) and r.date != today]
        if recent:
            dd = rng.choice(recent)
            S("weight_on", "last", [None, None], lambda pk, dd=dd: weight_on(dd), None, dd)
        if today.weekday() == 0:
            S("weight_on", "last", [None, None], lambda pk: weight_on(today - D(days=7)), None, "lastmon")
    if "page" in names:
        S("pages", "total", ["this_month", "last_month"], lambda pk: qty_total("page", pk))
        S("pages", "total", ["last_week", "this_month"], lambda pk: qty_total("page", pk))
        S("pages", "total", ["in_month", "this_week"], lambda pk: qty_total("page", pk))
    if "coffee" in names:
        S("coffee", "total", ["last_week", "this_week"], lambda pk: qty_total("coffee", pk))
        S("coffee", "total", ["this_month", "last_month"], lambda pk: qty_total("coffee", pk))
    S("none_swim", "none", ["this_month", "last_week"], lambda pk: expect(none=True))

    out = []
    for key, kind, pks, fn, ex, d in specs:
        for lang, pk in zip(langs, pks):
            exp = fn(pk, ex) if ex else fn(pk)
            if exp is None:
                continue
            tmpl = rng.choice(QT[lang][key])
            per = ""
            if pk:
                per = rng.choice(PERIODS[lang][pk]).format(m=prev.month, month=EN_MON[prev.month - 1],
                                                            demonth=DE_MON[prev.month - 1])
            exw = rng.choice(EX[lang][ex]) if ex else ""
            dw = ""
            if d == "lastmon":
                dw = day_word(lang, None, today, last_monday=True)
            elif d:
                dw = day_word(lang, d, today)
            text = " ".join(tmpl.format(p=per, ex=exw, d=dw).split())
            if lang == "en":
                text = text[0].upper() + text[1:] if rng.random() < 0.3 else text
            q = {"q": text, "kind": kind,
                 "key": key, "lang": lang}
            if pk:
                a, b = rng_of(pk)
                q["period"] = [a.isoformat(), b.isoformat()]
            q.update(exp)
            out.append(q)
    return out
