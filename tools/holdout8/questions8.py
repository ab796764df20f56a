"""holdout8 questions: what people ask of their training logs, with answers computed from the
truth records. Kinds are score.py's (count, last, total, best, average, trend, none) plus
`compare` (two periods; both numbers expected, in the first three sentences)."""
from __future__ import annotations

import datetime as dt
import random
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vaultgen"))
from common import fmt_num, mmss, monday, period_range  # noqa: E402

D = dt.timedelta
KG_PER_LB = 0.45359237

PER = {
    "ko": {"this_week": ["이번 주", "이번주"], "last_week": ["지난주", "저번주"], "this_month": ["이번 달", "이번달"],
           "last_month": ["지난달", "저번 달"], "oct": ["10월에", "10월"], "sep": ["9월에"]},
    "en": {"this_week": ["this week"], "last_week": ["last week"], "this_month": ["this month"],
           "last_month": ["last month"], "oct": ["in October"], "sep": ["in September"]},
    "ja": {"this_week": ["今週"], "last_week": ["先週"], "this_month": ["今月"], "last_month": ["先月"],
           "oct": ["10月に", "10月"], "sep": ["9月に"]},
}


def prange(p, today):
    if p == "oct":
        return period_range("in_month", today, dt.date(today.year, 10, 1))
    if p == "sep":
        return period_range("in_month", today, dt.date(today.year, 9, 1))
    if p == "prev_week":
        m = monday(today) - D(days=14)
        return m, m + D(days=6)
    return period_range(p, today)


class Q:
    def __init__(self, recs, info, today, rng):
        self.recs, self.info, self.today, self.rng, self.out = recs, info, today, rng, []

    # ---- asking
    def add(self, key, kind, text, numbers=(), dates=(), none=False, tol=None, period=None, lang="ko"):
        q = {"q": " ".join(text.split()), "kind": kind, "key": key, "lang": lang}
        if period:
            a, b = prange(period, self.today)
            q["period"] = [a.isoformat(), b.isoformat()]
        q.update({"expect_numbers": list(numbers), "expect_dates": [d.isoformat() for d in dates], "expect_none": none})
        if tol is not None:
            q["tol"] = tol
        self.out.append(q)

    def ph(self, lang, p):
        return self.rng.choice(PER[lang][p])

    # ---- data
    def in_p(self, p):
        a, b = prange(p, self.today) if isinstance(p, str) else p
        return lambda d: a <= d <= b

    def lifts(self, name, p="all"):
        f = self.in_p(p)
        return [r for r in self.recs if r.kind == "lift" and r.name == name and f(r.date)]

    def runs(self, p="all"):
        f = self.in_p(p)
        return [r for r in self.recs if r.kind == "run" and f(r.date)]

    def qty(self, kind, name, p="all"):
        f = self.in_p(p)
        return [r for r in self.recs if r.kind == kind and r.name == name and f(r.date)]

    def days(self, s, p):
        f = self.in_p(p)
        return sorted(d for d in s if f(d))

    def tops(self, name, p="all"):
        top = {}
        for r in self.lifts(name, p):
            top[r.date] = max(top.get(r.date, 0), r.fields["weight"] or 0)
        return sorted(top.items())

    def volume(self, name, p):
        return sum((r.fields["weight"] or 1) * r.fields["sets"] * r.fields["reps"] for r in self.lifts(name, p))

    def km(self, p):
        return sum(r.fields["distance_km"] for r in self.runs(p))

    def streak(self, s):
        """Consecutive Monday weeks with a day in s, back from this week (or last week when this
        week has none); both counts when this week counts (with / without it)."""
        wk = monday(self.today)
        have = {monday(d) for d in s}
        cur = wk in have
        w = wk if cur else wk - D(days=7)
        n = 0
        while w in have:
            n += 1
            w -= D(days=7)
        return [n, n - 1] if cur and n > 1 else [n]


def alts(*xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return "|".join(seen)


def km_s(x):
    return fmt_num(x, 1)


def lbkg(x, unit):
    return alts(fmt_num(x), fmt_num(x * KG_PER_LB, 1)) if unit == "lb" else fmt_num(x)


# --------------------------------------------------------------------------- shared question groups

def ask_frequency(q, lang, texts, s, periods=("this_week", "last_week", "this_month", "last_month")):
    """workout days per period; texts[lang] templates with {p}."""
    for p in periods:
        n = len(q.days(s, p))
        t = q.rng.choice(texts).format(p=q.ph(lang, p))
        if n:
            q.add("workout_days", "count", t, [str(n)], period=p, lang=lang)
        else:
            q.add("workout_days", "count", t, none=True, period=p, lang=lang)


def ask_days_off(q, lang, text, s):
    a, b = prange("this_month", q.today)
    did = len(q.days(s, "this_month"))
    total = (b - a).days + 1
    off = [total - did]
    if q.today not in s:
        off.append(total - 1 - did)
    q.add("days_off", "count", text, [alts(*[str(x) for x in off])], period="this_month", lang=lang)


def ask_compare_days(q, lang, text, s, p1, p2, key="compare_days"):
    a, b = len(q.days(s, p1)), len(q.days(s, p2))
    if a or b:
        q.add(key, "compare", text, [str(a), str(b)], lang=lang)


def ask_sleep(q, lang, texts_avg, text_cmp):
    def avg(p):
        xs = [r.fields["hours"] for r in q.qty("sleep", "sleep", p)]
        return sum(xs) / len(xs) if xs else None
    for p in ("last_week", "this_month", "last_month"):
        v = avg(p)
        t = q.rng.choice(texts_avg).format(p=q.ph(lang, p))
        if v is None:
            q.add("sleep_avg", "average", t, none=True, period=p, lang=lang)
        else:
            q.add("sleep_avg", "average", t, [fmt_num(v, 2)], tol=0.06, period=p, lang=lang)
    a, b = avg("this_week"), avg("last_week")
    if a is not None and b is not None:
        q.add("sleep_compare", "compare", text_cmp, [fmt_num(a, 2), fmt_num(b, 2)], tol=0.06, lang=lang)


def ask_lift_group(q, lang, name, word, T, unit="kg"):
    """volume per period, best ever (+date if unique), progress first vs latest, last date."""
    for p in q.rng.sample(["this_week", "last_week", "this_month", "last_month"], 2):
        v = q.volume(name, p)
        t = q.rng.choice(T["volume"]).format(p=q.ph(lang, p), ex=word)
        if v:
            q.add("volume", "total", t, [lbkg(v, unit) if unit == "lb" else fmt_num(v)], tol=0.5, period=p, lang=lang)
        else:
            q.add("volume", "total", t, none=True, period=p, lang=lang)
    tops = q.tops(name)
    if not tops:
        return
    best = max(w for _, w in tops)
    bd = [d for d, w in tops if w == best]
    if len(bd) == 1:
        q.add("best_when", "best", q.rng.choice(T["best_when"]).format(ex=word), [lbkg(best, unit)], [bd[0]], lang=lang)
    else:
        q.add("best", "best", q.rng.choice(T["best"]).format(ex=word), [lbkg(best, unit)], lang=lang)
    if tops[0][1] != tops[-1][1]:
        q.add("progress", "trend", q.rng.choice(T["progress"]).format(ex=word),
              [lbkg(tops[0][1], unit), lbkg(tops[-1][1], unit)], lang=lang)
    # the last month: the same first day whether a month is 28, 30 or 31 days
    firsts = {tuple(q.tops(name, (q.today - D(days=n - 1), q.today))[:1]) for n in (28, 30, 31)}
    recent = q.tops(name, (q.today - D(days=29), q.today))
    if len(firsts) == 1 and len(recent) >= 2 and recent[0][1] != recent[-1][1]:
        q.add("progress_month", "trend", q.rng.choice(T["progress_month"]).format(ex=word),
              [lbkg(recent[0][1], unit), lbkg(recent[-1][1], unit)], lang=lang)


def ask_runs(q, lang, T):
    for p in ("this_week", "last_week", "this_month", "last_month", "oct"):
        k = q.km(p)
        t = q.rng.choice(T["km"]).format(p=q.ph(lang, p))
        if k:
            q.add("run_km", "total", t, [km_s(k)], tol=0.06, period=p, lang=lang)
        else:
            q.add("run_km", "total", t, none=True, period=p, lang=lang)
    for p in ("last_week", "this_month"):
        n = len(q.runs(p))
        q.add("run_count", "count", q.rng.choice(T["count"]).format(p=q.ph(lang, p)),
              [str(n)] if n else [], none=not n, period=p, lang=lang)
    a, b = q.km("this_month"), q.km("last_month")
    q.add("compare_km_month", "compare", q.rng.choice(T["cmp_month"]), [km_s(a), km_s(b)], tol=0.06, lang=lang)
    a, b = q.km("last_week"), q.km("prev_week")
    q.add("compare_km_week", "compare", q.rng.choice(T["cmp_week"]), [km_s(a), km_s(b)], tol=0.06, lang=lang)
    allr = q.runs()
    pace = lambda r: r.fields["duration_min"] / r.fields["distance_km"]
    fastest = min(allr, key=pace)
    q.add("fastest_pace", "best", q.rng.choice(T["fastest"]), [mmss(pace(fastest))], lang=lang)
    for p in ("this_month", "last_month"):
        rs = q.runs(p)
        if not rs:
            continue
        m = max(r.fields["distance_km"] for r in rs)
        ds = [r.date for r in rs if r.fields["distance_km"] == m]
        q.add("longest", "best", q.rng.choice(T["longest"]).format(p=q.ph(lang, p)), [km_s(m)],
              ds[:1] if len(ds) == 1 else [], tol=0.06, period=p, lang=lang)
    last = max(r.date for r in allr)
    q.add("run_last", "last", q.rng.choice(T["last"]), dates=[last], lang=lang)
    # weekly average over the last four weeks: 28 days to today, or the four whole weeks before this one
    w0 = monday(q.today)
    a = sum(r.fields["distance_km"] for r in q.runs((q.today - D(days=27), q.today))) / 4
    b = sum(r.fields["distance_km"] for r in q.runs((w0 - D(days=28), w0 - D(days=1)))) / 4
    q.add("weekly_avg_km", "average", q.rng.choice(T["weekly_avg"]), [alts(fmt_num(a, 2), fmt_num(b, 2))], tol=0.06, lang=lang)


# --------------------------------------------------------------------------- people

KO_PART_EN = {"가슴": "chest", "등": "back", "하체": "legs", "어깨": "shoulders", "팔": "arms"}
EN_PART_WORD = {"chest": ["chest"], "back": ["back"], "legs": ["legs"], "shoulders": ["shoulders", "delts"], "arms": ["arms"]}


def q_parts(q, parts_ko=None):
    info = q.info
    for part, s in info["parts"].items():
        if parts_ko:
            for p in q.rng.sample(["this_week", "last_week", "this_month", "last_month"], 2):
                n = len(q.days(s, p))
                t = q.rng.choice(["{p} {x} 몇 번 했어?", "{p} {x} 운동 몇 번 했지", "{x} {p} 몇 번 함?"]).format(p=q.ph("ko", p), x=part)
                q.add("part_count", "count", t, [str(n)] if n else [], none=not n, period=p, lang="ko")
            q.add("part_last", "last", q.rng.choice(["{x} 운동 마지막으로 한 날", "마지막 {x} 운동 언제?", "{x} 마지막으로 언제 했지?"]).format(x=part),
                  dates=[max(s)], lang="ko")
        en = KO_PART_EN.get(part, part)
        p = q.rng.choice(["this_month", "last_month", "last_week"])
        n = len(q.days(s, p))
        w = q.rng.choice(EN_PART_WORD[en])
        t = (q.rng.choice(["how many leg days {p}", "how many times did I train legs {p}"]) if en == "legs" else
             q.rng.choice(["how many times did I train {x} {p}", "how many {x} days {p}", "{x} workouts {p}?"])).format(p=q.ph("en", p), x=w)
        q.add("part_count", "count", t, [str(n)] if n else [], none=not n, period=p, lang="en")
        t = (q.rng.choice(["when was my last leg day", "last leg day?"]) if en == "legs" else
             q.rng.choice(["when did I last train {x}", "last {x} workout?", "when was my last {x} day"])).format(x=w)
        q.add("part_last", "last", t, dates=[max(s)], lang="en")


def b_ko_split(q):
    info = q.info
    q_parts(q, parts_ko=True)
    a, b = len(q.days(info["parts"].get("하체", set()), "this_month")), len(q.days(info["parts"].get("하체", set()), "last_month"))
    q.add("compare_part", "compare", "하체 이번 달이 지난달보다 많이 했어?", [str(a), str(b)])
    T = {"volume": ["{p} {ex} 총 볼륨", "{ex} {p} 볼륨 얼마야?"], "best_when": ["{ex} 최고 기록 언제였지", "{ex} 제일 무겁게 든 날"],
         "best": ["{ex} 최고 기록"], "progress": ["{ex} 얼마나 늘었어?", "{ex} 중량 얼마나 올랐지"],
         "progress_month": ["최근 한 달 {ex} 추세", "요즘 한 달 {ex} 늘고 있어?"]}
    for name, word in (("bench press", "벤치"), ("squat", "스쿼트"), ("deadlift", "데드"), ("overhead press", "오버헤드프레스"),
                       ("leg press", "레그프레스")):
        ask_lift_group(q, "ko", name, word, T)
    TE = {"volume": ["total {ex} volume {p}", "{ex} volume {p}"], "best_when": ["when did I hit my best {ex}"],
          "best": ["best {ex}"], "progress": ["how much has my {ex} gone up", "is my {ex} going up?"], "progress_month": ["{ex} trend in the last 30 days"]}
    for name, word in (("squat", "squat"), ("bench press", "bench")):
        ask_lift_group(q, "en", name, word, TE)
    for p in ("last_week", "this_month"):
        n = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts("pull-up", p))
        q.add("reps_total", "total", "{p} 풀업 총 몇 개 했어?".format(p=q.ph("ko", p)), [str(n)] if n else [], none=not n, period=p)
    s = info["workout"]
    ask_frequency(q, "ko", ["{p} 며칠 운동했어?", "{p} 몇 일 운동함?", "{p} 헬스 몇 번 갔지"], s)
    ask_frequency(q, "en", ["how many days did I work out {p}"], s, ("this_month", "last_month"))
    ask_days_off(q, "ko", "이번 달 운동 안 한 날 며칠?", s)
    ask_compare_days(q, "ko", "지난주보다 운동 많이 했나?", s, "this_week", "last_week")
    ask_compare_days(q, "ko", "이번 달 지난달보다 운동 더 많이 했어?", s, "this_month", "last_month")
    ask_compare_days(q, "en", "did I work out more this month than last month?", s, "this_month", "last_month")
    q.add("streak", "count", "몇 주 연속 운동했어?", [alts(*[str(x) for x in q.streak(s)])])
    ask_sleep(q, "ko", ["{p} 평균 수면 시간", "{p} 잠 평균 몇 시간 잤어?"], "이번 주랑 지난주 수면 비교해줘")
    q.add("none_run", "none", "이번 달 러닝 몇 km 뛰었어?", none=True, period="this_month")
    q.add("none_swim", "none", "수영 얼마나 했어?", none=True)
    q.add("none_cycle", "none", "how far did I cycle last month", none=True, period="last_month", lang="en")
    q.add("none_bodyfat", "none", "내 체지방률 얼마야?", none=True)


def b_en_lb(q):
    info = q.info
    q_parts(q)
    for part in ("legs", "shoulders"):
        s = info["parts"].get(part, set())
        for p in ("this_month", "last_week"):
            n = len(q.days(s, p))
            t = ("how many leg days {p}" if part == "legs" else "how many shoulder days {p}").format(p=q.ph("en", p))
            q.add("part_count", "count", t, [str(n)] if n else [], none=not n, period=p, lang="en")
    a, b = len(q.days(info["parts"]["legs"], "this_month")), len(q.days(info["parts"]["legs"], "last_month"))
    q.add("compare_part", "compare", "did I train legs more this month than last month?", [str(a), str(b)], lang="en")
    T = {"volume": ["total {ex} volume {p}", "what was my {ex} volume {p}?"], "best_when": ["when was my best {ex}", "when did I hit my {ex} PR"],
         "best": ["{ex} PR"], "progress": ["how much has my {ex} gone up?", "how much stronger is my {ex}"],
         "progress_month": ["{ex} trend over the last 30 days", "is my {ex} going up over the last 30 days?"]}
    for name, word in (("squat", "squat"), ("bench press", "bench"), ("deadlift", "deadlift"), ("overhead press", "overhead press"),
                       ("lat pulldown", "lat pulldown"), ("leg press", "leg press")):
        ask_lift_group(q, "en", name, word, T, unit="lb")
    s = info["workout"]
    ask_frequency(q, "en", ["how many days did I work out {p}", "how many times did I go to the gym {p}", "workouts {p}?"], s)
    ask_days_off(q, "en", "how many rest days this month?", s)
    ask_compare_days(q, "en", "did I work out more this month than last month?", s, "this_month", "last_month")
    ask_compare_days(q, "en", "did I train more last week than the week before?", s, "last_week", "prev_week")
    q.add("streak", "count", "how many weeks in a row have I worked out?", [alts(*[str(x) for x in q.streak(s)])], lang="en")
    ask_sleep(q, "en", ["average sleep {p}", "how much did I sleep on average {p}"], "compare my sleep this week and last week")
    q.add("none_run", "none", "how many km did I run last month?", none=True, period="last_month", lang="en")
    q.add("none_swim", "none", "when did I last go swimming?", none=True, lang="en")
    q.add("none_bw", "none", "what's my body fat percentage?", none=True, lang="en")


def b_ko_run(q):
    T = {"km": ["{p} 몇 km 뛰었어?", "{p} 달린 거리 총 얼마야", "{p} 러닝 총 거리"], "count": ["{p} 몇 번 뛰었어?", "{p} 러닝 몇 회 했지"],
         "cmp_month": ["이번 달 지난달보다 더 많이 뛰었어?", "이번달이랑 지난달 러닝 거리 비교"],
         "cmp_week": ["지난주가 그 전주보다 많이 뛰었나?", "지난주랑 지지난주 뛴 거리 비교해줘"],
         "fastest": ["가장 빨랐던 페이스", "제일 빠른 페이스 몇이었지?"], "longest": ["{p} 최장거리", "{p} 가장 길게 뛴 거리"],
         "last": ["마지막으로 뛴 날 언제야?", "마지막 러닝 언제?"], "weekly_avg": ["최근 4주 주 평균 몇 km?", "최근 4주 동안 일주일에 평균 몇 km 뛰었어"]}
    ask_runs(q, "ko", T)
    TE = {"km": ["how many km did I run {p}", "how far did I run {p}?"], "count": ["how many runs {p}", "how many times did I run {p}"],
          "cmp_month": ["did I run more this month than last month?"], "cmp_week": ["compare my running last week and the week before"],
          "fastest": ["what's my fastest pace?"], "longest": ["longest run {p}", "what was my longest run {p}"],
          "last": ["when did I last run?"], "weekly_avg": ["how many km per week on average over the last 4 weeks"]}
    ask_runs(q, "en", TE)
    ten = [r for r in q.runs() if r.fields["distance_km"] == 10.0]
    if ten:
        b = min(ten, key=lambda r: r.fields["duration_min"])
        q.add("best_10k", "best", q.rng.choice(["10km 최고 기록", "10k 기록 제일 좋았던 거"]), [mmss(b.fields["duration_min"])], [b.date])
        q.add("best_10k", "best", "what's my 10k PR?", [mmss(b.fields["duration_min"])], lang="en")
    if len(ten) >= 2:
        q.add("trend_10k", "trend", "is my 10k getting faster?", [mmss(ten[0].fields["duration_min"]), mmss(ten[-1].fields["duration_min"])], lang="en")
        q.add("trend_10k", "trend", "10km 기록 좋아지고 있어?", [mmss(ten[0].fields["duration_min"]), mmss(ten[-1].fields["duration_min"])])
    kinds = q.info["kinds"]
    for k, word in (("lsd", "LSD"), ("interval", "인터벌")):
        for p in ("this_month", "last_month"):
            n = len([d for d, x in kinds.items() if x == k and q.in_p(p)(d)])
            q.add("kind_count", "count", "{p} {w} 몇 번 했어?".format(p=q.ph("ko", p), w=word), [str(n)] if n else [], none=not n, period=p)
        ds = [d for d, x in kinds.items() if x == k]
        q.add("kind_last", "last", "마지막 %s 언제였지?" % word, dates=[max(ds)])
    s = q.info["workout"]
    ask_days_off(q, "ko", "이번 달 안 뛴 날 며칠이야?", s)
    q.add("streak", "count", "몇 주 연속 달렸어?", [alts(*[str(x) for x in q.streak(s)])])
    ask_sleep(q, "ko", ["{p} 평균 수면", "{p} 평균 몇 시간 잤어?"], "이번 주랑 지난주 수면 비교")
    for p in ("this_month", "last_month", "sep"):
        n = len([r for r in q.runs(p) if r.fields["distance_km"] >= 10])
        q.add("long_count", "count", "{p} 10km 이상 뛴 거 몇 번?".format(p=q.ph("ko", p)), [str(n)] if n else [], none=not n, period=p)
    for p in ("this_month", "last_month"):
        rs = q.runs(p)
        a = sum(r.fields["duration_min"] for r in rs) / sum(r.fields["distance_km"] for r in rs)
        b = sum(r.fields["duration_min"] / r.fields["distance_km"] for r in rs) / len(rs)
        q.add("avg_pace", "average", "{p} 평균 페이스".format(p=q.ph("ko", p)), [alts(mmss(a), mmss(b))], period=p)
    for p in ("this_week", "last_week"):
        n = len(q.runs(p))
        q.add("run_count", "count", "{p} 몇 번 뛰었어?".format(p=q.ph("ko", p)), [str(n)] if n else [], none=not n, period=p)
    ask_sleep(q, "en", ["average sleep {p}"], "compare my sleep this week and last week")
    q.add("none_lift", "none", "벤치 최고 기록 얼마야?", none=True)
    q.add("none_swim", "none", "이번 달 수영 몇 번 했어?", none=True, period="this_month")
    q.add("none_hr", "none", "러닝할 때 평균 심박수 얼마였어?", none=True)
    q.add("none_bike", "none", "how far did I cycle this month?", none=True, period="this_month", lang="en")


def b_ko_home(q):
    info = q.info
    for name, ko, en in (("push-up", "푸쉬업", "push-ups"), ("squat", "스쿼트", "squats")):
        for p in ("this_week", "last_week", "this_month", "last_month"):
            n = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, p))
            t = q.rng.choice(["{ex} {p} 총 몇 개?", "{p} {ex} 몇 개 했어?", "{p} {ex} 총 개수"]).format(p=q.ph("ko", p), ex=ko)
            q.add("reps_total", "total", t, [str(n)] if n else [], none=not n, period=p)
        p = q.rng.choice(["last_week", "this_month"])
        n = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, p))
        q.add("reps_total", "total", "how many {ex} {p}".format(ex=en, p=q.ph("en", p)), [str(n)] if n else [], none=not n, period=p, lang="en")
        a = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, "this_month"))
        b = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts(name, "last_month"))
        q.add("compare_reps", "compare", "이번 달 %s 지난달보다 많이 했어?" % ko, [str(a), str(b)])
    mx = max(r.fields["reps"] for r in q.lifts("push-up"))
    q.add("best_reps", "best", "푸쉬업 한 세트 최대 몇 개까지 했어?", [str(mx)])
    first = q.lifts("push-up")[0].fields["reps"]
    last = q.lifts("push-up")[-1].fields["reps"]
    if first != last:
        q.add("progress", "trend", "푸쉬업 얼마나 늘었어?", [str(first), str(last)])
    # steps
    for p in ("last_week", "this_month", "last_month"):
        xs = [r.fields["value"] for r in q.qty("measure", "steps", p)]
        if xs:
            q.add("steps_avg", "average", "{p} 평균 걸음수".format(p=q.ph("ko", p)), [str(round(sum(xs) / len(xs)))], tol=1, period=p)
    xs = q.qty("measure", "steps", "last_week")
    if xs:
        q.add("steps_total", "total", "지난주 총 몇 보 걸었어?", [str(sum(r.fields["value"] for r in xs))], period="last_week")
    for p in ("this_month", "last_month"):
        xs = q.qty("measure", "steps", p)
        m = max(r.fields["value"] for r in xs)
        ds = [r.date for r in xs if r.fields["value"] == m]
        q.add("steps_best", "best", "{p} 가장 많이 걸은 날".format(p=q.ph("ko", p)), [str(m)], ds[:1], period=p)
    walk = info["walk"]
    sa = [r.fields["value"] for r in q.qty("measure", "steps", "this_month")]
    sb = [r.fields["value"] for r in q.qty("measure", "steps", "last_month")]
    q.add("compare_walk", "compare", "이번 달 지난달보다 많이 걸었어?",  # totals, or averages per logged day
          [alts(str(sum(sa)), str(round(sum(sa) / len(sa)))), alts(str(sum(sb)), str(round(sum(sb) / len(sb))))], tol=1)
    # weight
    ws = q.qty("measure", "kg")
    q.add("weight_trend", "trend", "몸무게 얼마나 빠졌어?", [fmt_num(ws[0].fields["value"]), fmt_num(ws[-1].fields["value"])])
    wm = q.qty("measure", "kg", "this_month")
    if len(wm) >= 2:
        q.add("weight_trend", "trend", "how has my weight changed this month?", [fmt_num(wm[0].fields["value"]), fmt_num(wm[-1].fields["value"])], lang="en")
    q.add("weight_last", "last", "최근 몸무게 몇이야?", [fmt_num(ws[-1].fields["value"])], [ws[-1].date])
    # plank: days
    pl = info.get("plank", set())
    for p in ("this_month", "last_month"):
        n = len(q.days(pl, p))
        q.add("plank_days", "count", "{p} 플랭크 몇 번 했어?".format(p=q.ph("ko", p)), [str(n)] if n else [], none=not n, period=p)
    # workout days: home workouts, or home workouts and walks
    s = info["workout"]
    both = s | walk
    for p in ("this_week", "last_week", "this_month", "last_month"):
        a, b = len(q.days(s, p)), len(q.days(both, p))
        t = q.rng.choice(["{p} 몇 일 운동함?", "{p} 운동 며칠 했어?"]).format(p=q.ph("ko", p))
        if b:
            q.add("workout_days", "count", t, [alts(str(a), str(b)) if a else str(b)], period=p)
        else:
            q.add("workout_days", "count", t, none=True, period=p)
    q.add("workout_days", "count", "how many days did I work out this month?",
          [alts(str(len(q.days(s, "this_month"))), str(len(q.days(both, "this_month"))))], period="this_month", lang="en")
    q.add("home_last", "last", "마지막으로 홈트 한 날", dates=[max(s)])
    q.add("streak", "count", "홈트 몇 주 연속 했어?", [alts(*[str(x) for x in q.streak(s)])])
    ask_days_off(q, "ko", "이번 달 홈트 안 한 날 며칠?", s)
    for p in ("last_month", "this_month"):
        n = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts("push-up", p))
        q.add("reps_total", "total", "total push-ups {p}".format(p=q.ph("en", p)), [str(n)] if n else [], none=not n, period=p, lang="en")
        xs = [r.fields["value"] for r in q.qty("measure", "steps", p)]
        if xs:
            q.add("steps_avg", "average", "average steps {p}".format(p=q.ph("en", p)), [str(round(sum(xs) / len(xs)))], tol=1, period=p, lang="en")
    a = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts("squat", "last_week"))
    b = sum(r.fields["sets"] * r.fields["reps"] for r in q.lifts("squat", "prev_week"))
    if a or b:
        q.add("compare_reps", "compare", "지난주 스쿼트 그 전주보다 많이 했어?", [str(a), str(b)])
    y = q.qty("measure", "steps", "yesterday")
    q.add("steps_day", "total", "어제 몇 보 걸었어?", [str(y[0].fields["value"])] if y else [], none=not y, period="yesterday")
    q.add("weight_trend", "trend", "how much weight have I lost?", [fmt_num(ws[0].fields["value"]), fmt_num(ws[-1].fields["value"])], lang="en")
    q.add("home_last", "last", "when did I last do push-ups?", dates=[max(r.date for r in q.lifts("push-up"))], lang="en")
    q.add("plank_last", "last", "플랭크 마지막으로 한 날", dates=[max(pl)])
    q.add("plank_days", "count", "how many times did I do planks last month?", [str(len(q.days(pl, "last_month")))], period="last_month", lang="en")
    q.add("none_bench", "none", "벤치프레스 최고 기록", none=True)
    q.add("none_run", "none", "이번 주 러닝 몇 km?", none=True, period="this_week")
    q.add("none_sleep", "none", "지난주 평균 수면 시간", none=True, period="last_week")
    q.add("none_sleep", "none", "average sleep last month", none=True, period="last_month", lang="en")
    q.add("none_bodyfat", "none", "체지방률 얼마나 줄었어?", none=True)


def b_ja_mix(q):
    T = {"km": ["{p}何キロ走った？", "{p}の走行距離"], "count": ["{p}何回走った？"],
         "cmp_month": ["今月は先月より多く走った？", "今月と先月の走行距離を比べて"], "cmp_week": ["先週と先々週の距離を比較して"],
         "fastest": ["一番速かったペースは？"], "longest": ["{p}一番長く走った距離", "{p}の最長距離"],
         "last": ["最後に走ったのはいつ？"], "weekly_avg": ["最近4週間の週平均距離は？"]}
    ask_runs(q, "ja", T)
    TE = {"km": ["how many km did I run {p}"], "count": ["how many runs {p}"], "cmp_month": ["did I run more this month than last month?"],
          "cmp_week": ["compare my km last week vs the week before"], "fastest": ["fastest pace ever?"], "longest": ["longest run {p}"],
          "last": ["last run?"], "weekly_avg": ["average km per week over the last 4 weeks"]}
    ask_runs(q, "en", TE)
    TJ = {"volume": ["{p}の{ex}の総ボリューム", "{ex}のボリューム{p}"], "best_when": ["{ex}の最高記録はいつ？"], "best": ["{ex}のベスト"],
          "progress": ["{ex}はどれくらい伸びた？"], "progress_month": ["最近1ヶ月の{ex}の推移"]}
    for name, word in (("squat", "スクワット"), ("bench press", "ベンチ"), ("deadlift", "デッドリフト")):
        ask_lift_group(q, "ja", name, word, TJ)
    s = q.info["workout"]
    ask_frequency(q, "ja", ["{p}何日運動した？", "{p}は何日トレーニングした？"], s)
    ask_compare_days(q, "ja", "今月は先月より運動した？", s, "this_month", "last_month")
    gym = {r.date for r in q.recs if r.kind == "lift"}
    for p in ("this_month", "last_month"):
        n = len(q.days(gym, p))
        q.add("gym_count", "count", "{p}ジムに何回行った？".format(p=q.ph("ja", p)), [str(n)] if n else [], none=not n, period=p, lang="ja")
    q.add("gym_last", "last", "最後にジムに行ったのはいつ？", dates=[max(gym)], lang="ja")
    q.add("streak", "count", "何週連続で運動してる？", [alts(*[str(x) for x in q.streak(s)])], lang="ja")
    ask_sleep(q, "ja", ["{p}の平均睡眠時間", "{p}平均何時間寝た？"], "今週と先週の睡眠を比べて")
    q.add("none_swim", "none", "今月何回泳いだ？", none=True, period="this_month", lang="ja")
    q.add("none_bike", "none", "先月自転車で何キロ走った？", none=True, period="last_month", lang="ja")
    q.add("none_bf", "none", "体脂肪率は？", none=True, lang="ja")


BUILDERS = {"ko-split": b_ko_split, "ko-run": b_ko_run, "ko-home": b_ko_home, "en-lb": b_en_lb, "ja-mix": b_ja_mix}


def build_questions(person, info, recs, today, seed):
    q = Q(recs, info, today, random.Random("h8q-%s-%s" % (seed, person)))
    BUILDERS[person](q)
    return q.out
