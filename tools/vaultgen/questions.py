"""Questions with expectations computed from the generated records (never by hand).

QT holds the phrasings per language and question key; PERIOD_WORDS the period phrases.
`build_questions` walks SPECS, computes each expectation from the records and picks a
phrasing in the vault's language (English when a language lacks that key).
"""
from __future__ import annotations

import datetime as dt
import random

from common import KM_PER_MI, fmt_num, mmss, period_range, prev_month_start, month_start

# --------------------------------------------------------------------------- language tables

MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
}

PERIOD_WORDS = {
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"], "yesterday": ["yesterday"], "in_month": ["in {month}"],
           "past_days": ["in the past {n} days", "over the last {n} days"], "all": ["", "ever"]},
    "ko": {"this_week": ["이번 주"], "last_week": ["지난주"], "this_month": ["이번 달"], "last_month": ["지난달"],
           "yesterday": ["어제"], "in_month": ["{m}월"], "past_days": ["최근 {n}일"], "all": ["지금까지"]},
    "es": {"this_week": ["esta semana"], "last_week": ["la semana pasada"], "this_month": ["este mes"],
           "last_month": ["el mes pasado"], "yesterday": ["ayer"], "in_month": ["en {month}"],
           "past_days": ["en los últimos {n} días"], "all": [""]},
    "de": {"this_week": ["diese Woche"], "last_week": ["letzte Woche"], "this_month": ["diesen Monat"],
           "last_month": ["letzten Monat"], "yesterday": ["gestern"], "in_month": ["im {month}"],
           "past_days": ["in den letzten {n} Tagen"], "all": [""]},
    "fr": {"this_week": ["cette semaine"], "last_week": ["la semaine dernière"], "this_month": ["ce mois-ci"],
           "last_month": ["le mois dernier"], "yesterday": ["hier"], "in_month": ["en {month}"],
           "past_days": ["ces {n} derniers jours"], "all": [""]},
    "ja": {"this_week": ["今週"], "last_week": ["先週"], "this_month": ["今月"], "last_month": ["先月"],
           "yesterday": ["昨日"], "in_month": ["{m}月"], "past_days": ["過去{n}日間"], "all": ["今まで"]},
    "zh": {"this_week": ["这周"], "last_week": ["上周"], "this_month": ["这个月"], "last_month": ["上个月"],
           "yesterday": ["昨天"], "in_month": ["{m}月"], "past_days": ["过去{n}天"], "all": ["到目前为止"]},
}

EX_WORDS = {
    "en": {"squat": "squat", "bench press": "bench", "deadlift": "deadlift", "overhead press": "overhead press"},
    "ko": {"squat": "스쿼트", "bench press": "벤치프레스", "deadlift": "데드리프트", "overhead press": "오버헤드프레스"},
    "es": {"squat": "sentadilla", "bench press": "press de banca", "deadlift": "peso muerto"},
    "de": {"squat": "Kniebeuge", "bench press": "Bankdrücken", "deadlift": "Kreuzheben"},
    "fr": {"squat": "squat", "bench press": "développé couché", "deadlift": "soulevé de terre"},
    "ja": {"squat": "スクワット", "bench press": "ベンチプレス", "deadlift": "デッドリフト"},
    "zh": {"squat": "深蹲", "bench press": "卧推", "deadlift": "硬拉"},
}

QT = {
    "en": {
        "run_km_total": ["how many km did I run {p}", "total running distance {p}?", "how far did I run {p}"],
        "run_mi_total": ["how many miles did I run {p}"],
        "run_count": ["how many times did I run {p}", "how many runs {p}?", "number of runs {p}"],
        "gym_count": ["how many gym sessions {p}", "how many times did I lift {p}", "how often did I go to the gym {p}"],
        "workout_count": ["how many workouts {p}", "how many times did I train {p}", "how many training sessions did I do {p}"],
        "sleep_avg": ["average sleep {p}", "how much sleep per night {p}", "how many hours did I sleep on average {p}"],
        "lift_last": ["how much did I {ex} last time", "what weight did I use for {ex} last time", "last {ex} weight?"],
        "run_last": ["when did I last run", "when was my last run"],
        "lift_best": ["heaviest {ex} {p}", "what's my best {ex} {p}", "max {ex} weight {p}"],
        "run_longest": ["longest run {p}", "what was my longest run {p}"],
        "fastest_5k": ["fastest 5k", "what's my best 5k time", "fastest 5 km run"],
        "trend_lift": ["am I getting stronger on {ex}", "how is my {ex} progressing", "is my {ex} going up"],
        "eat_list": ["what did I eat {d}", "what did I have to eat {d}"],
        "day_list": ["what did I do {d}", "what did I log {d}"],
        "summary_this_week": ["summarize my week", "give me a summary of this week"],
        "summary_last_week": ["summarize last week", "recap of last week"],
        "tasks": ["what's left to do on {proj}", "open tasks for {proj}?"],
        "total_page": ["how many pages did I read {p}", "pages read {p}?"],
        "total_coffee": ["how many coffees did I have {p}", "how many cups of coffee {p}"],
        "total_minute": ["how many minutes did I meditate {p}", "total meditation {p}"],
        "avg_glass": ["how much water a day on average {p}", "average glasses of water per day {p}"],
        "avg_steps": ["average steps {p}", "how many steps per day on average {p}"],
        "avg_protein": ["average protein per day {p}", "how much protein a day {p} on average"],
        "avg_kcal": ["average calories per day {p}", "how many kcal a day on average {p}"],
        "none_swim": ["how far did I swim {p}", "how many km did I swim {p}"],
        "none_lift_old": ["how much did I {ex} {p}", "heaviest {ex} {p}"],
    },
    "ko": {
        "run_km_total": ["{p} 몇 km 달렸어?", "{p} 러닝 총 거리는?", "{p} 뛴 거리 합계"],
        "run_count": ["{p} 몇 번 달렸어?", "{p} 러닝 몇 번 했어?"],
        "gym_count": ["{p} 헬스장 몇 번 갔어?", "{p} 웨이트 몇 번 했어?"],
        "workout_count": ["{p} 운동 몇 번 했어?", "{p} 운동한 날은 며칠이야?"],
        "sleep_avg": ["{p} 평균 수면 시간은?", "{p} 하루 평균 몇 시간 잤어?"],
        "lift_last": ["마지막으로 {ex} 몇 kg 했어?", "지난번 {ex} 무게는?"],
        "run_last": ["마지막으로 달린 게 언제야?", "마지막 러닝 언제였어?"],
        "lift_best": ["{p} {ex} 최고 중량은?", "{p} {ex} 제일 무겁게 든 건?"],
        "run_longest": ["{p} 가장 길게 달린 거리는?", "{p} 최장 러닝 거리?"],
        "fastest_5k": ["5km 최고 기록은?", "5km 제일 빨리 뛴 기록은?"],
        "trend_lift": ["{ex} 늘고 있어?", "{ex} 중량 추세 어때?"],
        "eat_list": ["{d} 뭐 먹었어?"],
        "day_list": ["{d} 뭐 했어?", "{d} 운동 기록 보여줘"],
        "summary_this_week": ["이번 주 요약해줘"],
        "summary_last_week": ["지난주 요약해줘"],
        "tasks": ["{proj} 남은 할 일은?", "{proj} 아직 안 한 거 뭐야?"],
        "total_page": ["{p} 책 몇 쪽 읽었어?"],
        "total_coffee": ["{p} 커피 몇 잔 마셨어?"],
        "total_minute": ["{p} 명상 몇 분 했어?"],
        "avg_glass": ["{p} 하루 평균 물 몇 잔 마셨어?"],
        "avg_steps": ["{p} 하루 평균 걸음수는?"],
        "avg_protein": ["{p} 하루 평균 단백질 섭취량은?"],
        "none_swim": ["{p} 수영 몇 km 했어?"],
        "none_lift_old": ["{p} {ex} 몇 kg 했어?"],
    },
    "es": {
        "run_km_total": ["¿cuántos km corrí {p}?"], "run_count": ["¿cuántas veces corrí {p}?"],
        "gym_count": ["¿cuántas veces fui al gimnasio {p}?"], "workout_count": ["¿cuántos entrenamientos hice {p}?"],
        "sleep_avg": ["¿cuánto dormí de media {p}?"], "lift_best": ["¿cuál es mi mejor {ex} {p}?"],
        "lift_last": ["¿cuánto hice en {ex} la última vez?"], "run_longest": ["¿cuál fue mi carrera más larga {p}?"],
        "run_last": ["¿cuándo corrí por última vez?"], "total_page": ["¿cuántas páginas leí {p}?"],
        "avg_glass": ["¿cuántos vasos de agua al día de media {p}?"], "none_swim": ["¿cuántos km nadé {p}?"],
    },
    "de": {
        "run_km_total": ["Wie viele km bin ich {p} gelaufen?"], "run_count": ["Wie oft bin ich {p} gelaufen?"],
        "gym_count": ["Wie oft war ich {p} im Fitnessstudio?"], "workout_count": ["Wie viele Trainings hatte ich {p}?"],
        "sleep_avg": ["Wie viel habe ich {p} im Schnitt geschlafen?"], "lift_best": ["Schwerstes {ex} {p}?"],
        "lift_last": ["Welches Gewicht hatte ich zuletzt beim {ex}?"], "run_longest": ["Längster Lauf {p}?"],
        "run_last": ["Wann bin ich zuletzt gelaufen?"], "total_page": ["Wie viele Seiten habe ich {p} gelesen?"],
        "avg_glass": ["Wie viele Gläser Wasser pro Tag im Schnitt {p}?"], "none_swim": ["Wie viele km bin ich {p} geschwommen?"],
    },
    "fr": {
        "run_km_total": ["Combien de km ai-je couru {p} ?"], "run_count": ["Combien de fois ai-je couru {p} ?"],
        "gym_count": ["Combien de séances de muscu {p} ?"], "workout_count": ["Combien d'entraînements {p} ?"],
        "sleep_avg": ["Combien d'heures de sommeil en moyenne {p} ?"], "lift_best": ["Quel est mon meilleur {ex} {p} ?"],
        "lift_last": ["Quelle charge au {ex} la dernière fois ?"], "run_longest": ["Ma plus longue course {p} ?"],
        "run_last": ["Quand ai-je couru pour la dernière fois ?"], "total_page": ["Combien de pages ai-je lu {p} ?"],
        "avg_glass": ["Combien de verres d'eau par jour en moyenne {p} ?"], "none_swim": ["Combien de km ai-je nagé {p} ?"],
    },
    "ja": {
        "run_km_total": ["{p}は何km走った？"], "run_count": ["{p}は何回走った？"], "gym_count": ["{p}ジムに何回行った？"],
        "workout_count": ["{p}何回トレーニングした？"], "sleep_avg": ["{p}の平均睡眠時間は？"],
        "lift_best": ["{p}の{ex}の最高重量は？"], "lift_last": ["前回の{ex}は何kg？"],
        "run_longest": ["{p}一番長く走った距離は？"], "run_last": ["最後に走ったのはいつ？"],
        "total_page": ["{p}何ページ読んだ？"], "avg_glass": ["{p}1日平均何杯水を飲んだ？"], "none_swim": ["{p}何km泳いだ？"],
    },
    "zh": {
        "run_km_total": ["{p}跑了多少公里？"], "run_count": ["{p}跑了几次？"], "gym_count": ["{p}去了几次健身房？"],
        "workout_count": ["{p}训练了几次？"], "sleep_avg": ["{p}平均睡多久？"], "lift_best": ["{p}{ex}最大重量是多少？"],
        "lift_last": ["上次{ex}做了多少公斤？"], "run_longest": ["{p}跑得最远的一次是多少？"],
        "run_last": ["我上次跑步是什么时候？"], "total_page": ["{p}读了多少页书？"],
        "avg_glass": ["{p}平均每天喝几杯水？"], "none_swim": ["{p}游了多少公里？"],
    },
}


def day_phrase(lang: str, d: dt.date, today: dt.date, rng) -> str:
    if d == today - dt.timedelta(days=1):
        return {"en": "yesterday", "ko": "어제"}.get(lang, "yesterday")
    if lang == "ko":
        return f"{d.month}월 {d.day}일"
    return rng.choice([f"on {d.strftime('%b')} {d.day}", f"on {d.isoformat()}", f"on {d.day} {d.strftime('%B')}"])


def period_phrase(lang, key, arg, rng):
    tmpl = rng.choice(PERIOD_WORDS[lang][key])
    month = MONTHS.get(lang, MONTHS["en"])[arg.month - 1] if key == "in_month" else ""
    return tmpl.format(month=month, m=arg.month if key == "in_month" else "", n=arg if key == "past_days" else "")


# --------------------------------------------------------------------------- facts


class Facts:
    def __init__(self, recs, meals, today, run_unit):
        self.recs, self.meals, self.today, self.run_unit = recs, meals, today, run_unit

    def sel(self, kind, name=None, rng_=None):
        a, b = rng_ or (dt.date(1900, 1, 1), self.today)
        return [r for r in self.recs if r.kind == kind and (name is None or r.name == name) and a <= r.date <= b]

    def lift_days(self, p):
        return sorted({r.date for r in self.sel("lift", None, p)})

    def train_days(self, p):
        return sorted({r.date for r in self.sel("lift", None, p)} | {r.date for r in self.sel("run", None, p)})

    def qty(self, name, p):
        return self.sel("amount", name, p) + self.sel("measure", name, p)


def asker(out, rng, today, templates, lifts, periods, verbs, known_lifts_only=False):
    """The `add(lng, key, exp, p, ex, kind)` the held-out generators ask with: a question from
    `templates[lng][key]`, its period phrase from `periods`, its lift word from `lifts` (with
    `known_lifts_only`, a lift the language has no word for is not asked about), appended to
    `out` with the expected answer `exp` (nothing when `exp` is None)."""
    def add(lng, key, exp, p=None, ex=None, kind=None):
        if exp is None or key not in templates[lng]:
            return
        if known_lifts_only and ex and ex not in lifts[lng]:
            return
        tmpl = rng.choice(templates[lng][key])
        exw = rng.choice(lifts[lng].get(ex, [ex])) if ex else ""
        per = rng.choice(periods[lng][p]) if p else ""
        text = " ".join(tmpl.format(p=per, ex=exw, exv=verbs.get(ex, ex or "")).split())
        q = {"q": text, "kind": kind, "key": key, "lang": lng}
        if p:
            a, b = period_range(p, today)
            q["period"] = [a.isoformat(), b.isoformat()]
        q.update(exp)
        out.append(q)
    return add


def expect(numbers=(), dates=(), none=False, texts=(), tol=None):
    q = {"expect_numbers": list(numbers), "expect_dates": [d.isoformat() for d in dates], "expect_none": none}
    if texts:
        q["expect_text"] = list(texts)
    if tol is not None:
        q["tol"] = tol
    return q


def per_day_avg(recs):
    by_day = {}
    for r in recs:
        by_day[r.date] = by_day.get(r.date, 0) + r.fields["value"]
    return sum(by_day.values()) / len(by_day) if by_day else None


# Each compute returns an expectation dict or None (= not askable on this vault).

def c_run_total(f, p, miles=False):
    runs = f.sel("run", None, p)
    if not runs:
        return expect(none=True)
    km = sum(r.fields["distance_km"] for r in runs)
    return expect([fmt_num(km / KM_PER_MI if miles else km, 2)], tol=0.051)


def c_count(days_or_recs):
    n = len(days_or_recs)
    return expect(none=True) if n == 0 else expect([str(n)])


def c_sleep_avg(f, p):
    s = f.sel("sleep", None, p)
    if not s:
        return expect(none=True)
    return expect([fmt_num(sum(r.fields["hours"] for r in s) / len(s), 2)], tol=0.051)


def top_set(recs):
    """Per day, the heaviest record of a lift (the work sets, not a short extra set)."""
    best = {}
    for r in recs:
        if r.date not in best or r.fields["weight"] > best[r.date].fields["weight"]:
            best[r.date] = r
    return [best[d] for d in sorted(best)]


def c_lift_last(f, ex):
    recs = top_set(f.sel("lift", ex))
    if not recs:
        return None
    last = recs[-1]
    return expect([fmt_num(last.fields["weight"])], [last.date])


def c_lift_best(f, ex, p):
    recs = f.sel("lift", ex, p)
    if not recs:
        return expect(none=True)
    w = max(r.fields["weight"] for r in recs)
    dates = sorted({r.date for r in recs if r.fields["weight"] == w})
    return expect([fmt_num(w)], dates if len(dates) == 1 else [])


def c_run_last(f):
    runs = f.sel("run")
    if not runs:
        return None
    last = max(runs, key=lambda r: r.date)
    return expect([], [last.date])


def dist_alts(f, km):
    alts = [fmt_num(km, 2)]
    if f.run_unit == "mi":
        alts.append(fmt_num(km / KM_PER_MI, 2))
    return "|".join(alts)


def c_run_longest(f, p):
    runs = f.sel("run", None, p)
    if not runs:
        return expect(none=True)
    km = max(r.fields["distance_km"] for r in runs)
    dates = sorted({r.date for r in runs if r.fields["distance_km"] == km})
    return expect([dist_alts(f, km)], dates if len(dates) == 1 else [], tol=0.051)


def c_fastest_5k(f):
    runs = [r for r in f.sel("run") if 4.9 <= r.fields["distance_km"] <= 5.1 and r.fields["duration_min"]]
    if not runs:
        return None
    best = min(runs, key=lambda r: r.fields["duration_min"])
    m = best.fields["duration_min"]
    return expect([f"{mmss(m)}|{fmt_num(m, 1)}"], [best.date], tol=0.051)


def c_trend(f, ex):
    recs = top_set(f.sel("lift", ex))
    if len(recs) < 3:
        return None
    return expect([fmt_num(recs[0].fields["weight"]), fmt_num(recs[-1].fields["weight"])])


def c_eat(f, d):
    items = f.meals.get(d)
    if not items:
        return None
    return expect(texts=sorted({food for _, food in items}))


def c_day(f, d):
    recs = [r for r in f.recs if r.date == d and r.kind in ("lift", "run")]
    nums = []
    for r in recs:
        if r.kind == "run":
            nums.append(dist_alts(f, r.fields["distance_km"]) if f.run_unit == "mi" else fmt_num(r.fields["distance_km"], 2))
        elif not r.hints.get("continuation"):
            nums.append(fmt_num(r.fields["weight"]))
    nums = list(dict.fromkeys(nums))[:3]
    return expect(nums) if nums else None


def c_summary(f, p):
    runs = f.sel("run", None, p)
    lifts = f.lift_days(p)
    if not runs and not lifts:
        return None
    if runs:  # a summary of the week names how far I ran ...
        return expect([fmt_num(sum(r.fields["distance_km"] for r in runs), 2)], tol=0.051)
    heaviest = max(f.sel("lift", None, p), key=lambda r: r.fields["weight"])  # ... or what I lifted
    return expect([fmt_num(heaviest.fields["weight"])])


def c_total(f, name, p):
    recs = f.qty(name, p)
    if not recs:
        return expect(none=True)
    return expect([fmt_num(sum(r.fields["value"] for r in recs))])


def c_avg(f, name, p):
    recs = f.qty(name, p)
    if not recs:
        return expect(none=True)
    avg = per_day_avg(recs)
    if avg >= 100:
        return expect([fmt_num(avg, 0)], tol=1.01)
    return expect([fmt_num(avg, 2)], tol=0.051)


# --------------------------------------------------------------------------- the question list


def choose_past_days(f, rng):
    """An N where 'past N days' means the same whether or not the far end day is counted."""
    for n in rng.sample([7, 10, 14, 21, 30], 5):
        edge = f.today - dt.timedelta(days=n)
        edge2 = f.today - dt.timedelta(days=n - 1)
        if not any(r.date in (edge, edge2) for r in f.recs if r.kind in ("run", "lift", "sleep")):
            return n
    return 14


def build_questions(style, recs, meals, today, run_unit, tasks, seed):
    rng = random.Random(f"q-{seed}-{style.name}")
    f = Facts(recs, meals, today, run_unit)
    langs = ["ko"] if style.lang == "ko" else (["es", "de", "fr", "ja", "zh", "en"] if style.lang == "multi" else ["en"])
    prev_month = prev_month_start(today)
    old_month = prev_month_start(prev_month_start(prev_month_start(prev_month_start(prev_month))))
    n_days = choose_past_days(f, rng)
    R = lambda key, arg=None: period_range(key, today, arg)
    P = {"this_week": (R("this_week"), None), "last_week": (R("last_week"), None),
         "this_month": (R("this_month"), None), "last_month": (R("last_month"), None),
         "in_month": (R("in_month", prev_month), prev_month), "past_days": (R("past_days", n_days), n_days),
         "all": (R("all"), None), "old_month": (R("in_month", old_month), old_month), "yesterday": (R("yesterday"), None)}
    lifts_present = {r.name for r in recs if r.kind == "lift"}
    main_lifts = [x for x in ("squat", "bench press", "deadlift") if x in lifts_present]
    qty_names = {r.name for r in recs if r.kind in ("amount", "measure")}

    specs = []  # (key, kind, period key or None, extra dict, compute lambda)
    for pk in ("this_month", "last_month", "last_week", "this_week", "past_days"):
        specs.append(("run_km_total", "total", pk, {}, lambda p: c_run_total(f, p)))
    if run_unit == "mi":
        for pk in ("this_month", "last_week"):
            specs.append(("run_mi_total", "total", pk, {}, lambda p: c_run_total(f, p, miles=True)))
    for pk in ("last_week", "this_month", "in_month"):
        specs.append(("run_count", "count", pk, {}, lambda p: c_count(f.sel("run", None, p))))
    for pk in ("in_month", "last_week", "this_month"):
        specs.append(("gym_count", "count", pk, {}, lambda p: c_count(f.lift_days(p))))
    for pk in ("in_month", "last_week"):
        specs.append(("workout_count", "category", pk, {}, lambda p: c_count(f.train_days(p))))
    for pk in ("last_week", "this_month", "past_days"):
        specs.append(("sleep_avg", "average", pk, {}, lambda p: c_sleep_avg(f, p)))
    for ex in main_lifts:
        specs.append(("lift_last", "last", None, {"ex": ex}, lambda p, ex=ex: c_lift_last(f, ex)))
    specs.append(("run_last", "last", None, {}, lambda p: c_run_last(f)))
    best_periods = ["all", "this_month", "last_month"]
    for i, ex in enumerate(main_lifts):
        pk = best_periods[i % len(best_periods)]
        specs.append(("lift_best", "best", pk, {"ex": ex}, lambda p, ex=ex: c_lift_best(f, ex, p)))
    for pk in ("all", "last_month"):
        specs.append(("run_longest", "best", pk, {}, lambda p: c_run_longest(f, p)))
    specs.append(("fastest_5k", "best", None, {}, lambda p: c_fastest_5k(f)))
    for ex in main_lifts[:2]:
        specs.append(("trend_lift", "trend", None, {"ex": ex}, lambda p, ex=ex: c_trend(f, ex)))
    # list questions: yesterday's food if logged, else the latest day with food
    food_days = sorted(d for d, v in meals.items() if v and d < today)
    if food_days:
        d = today - dt.timedelta(days=1) if (today - dt.timedelta(days=1)) in food_days else food_days[-1]
        specs.append(("eat_list", "list", None, {"d": d}, lambda p, d=d: c_eat(f, d)))
    train_days = f.train_days(P["all"][0])
    for d in rng.sample(train_days, min(2, len(train_days))):
        specs.append(("day_list", "list", None, {"d": d}, lambda p, d=d: c_day(f, d)))
    specs.append(("summary_this_week", "summary", "this_week", {}, lambda p: c_summary(f, p)))
    specs.append(("summary_last_week", "summary", "last_week", {}, lambda p: c_summary(f, p)))
    for proj, open_tasks in tasks.items():
        specs.append(("tasks", "tasks", None, {"proj": proj}, lambda p, t=open_tasks: expect(texts=t)))
    generic = [("total_page", "page", "this_week", c_total), ("total_page", "page", "last_month", c_total),
               ("total_coffee", "coffee", "this_week", c_total), ("total_coffee", "coffee", "last_week", c_total),
               ("total_minute", "minute", "last_week", c_total), ("avg_glass", "glass", "this_month", c_avg),
               ("avg_glass", "glass", "last_week", c_avg), ("avg_steps", "steps", "last_week", c_avg),
               ("avg_steps", "steps", "this_month", c_avg), ("avg_protein", "protein", "this_month", c_avg),
               ("avg_kcal", "kcal", "last_month", c_avg)]
    for key, name, pk, fn in generic:
        if name in qty_names:
            specs.append((key, "measure", pk, {}, lambda p, name=name, fn=fn: fn(f, name, p)))
    specs.append(("none_swim", "none", "last_month", {}, lambda p: expect(none=True)))
    if main_lifts:
        specs.append(("none_lift_old", "none", "old_month", {"ex": main_lifts[-1]},
                      lambda p: c_lift_best(f, main_lifts[-1], p)))

    out = []
    for i, (key, kind, pk, extra, compute) in enumerate(specs):
        p_range, p_arg = P[pk] if pk else (None, None)
        exp = compute(p_range)
        if exp is None:
            continue
        lang = langs[i % len(langs)]
        if key not in QT[lang] or ("ex" in extra and extra["ex"] not in EX_WORDS.get(lang, {})):
            lang = "en" if style.lang != "ko" or key not in QT["ko"] else "ko"
        tmpl = rng.choice(QT[lang][key])
        words = {}
        if pk:
            ppk = "in_month" if pk == "old_month" else pk
            words["p"] = period_phrase(lang, ppk, p_arg, rng)
        if "ex" in extra:
            words["ex"] = EX_WORDS[lang][extra["ex"]]
        if "d" in extra:
            words["d"] = day_phrase(lang, extra["d"], today, rng)
        if "proj" in extra:
            words["proj"] = extra["proj"]
        q = " ".join(tmpl.format(**words).split()).replace(" ?", "?" if lang != "fr" else " ?")
        row = {"q": q, "kind": kind, "key": key, "lang": lang}
        if pk:
            row["period"] = [p_range[0].isoformat(), p_range[1].isoformat()]
        row.update(exp)
        out.append(row)
    return out
