"""What each person actually did, day by day: the facts behind the notes.

A profile describes a person's habits (training days, program, units, what they track).
`simulate` turns it into a list of Day objects holding Rec ground truth plus rendering
hints; the style modules only decide how those facts are written down.
"""
from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from common import KM_PER_MI, Rec, daterange


@dataclass
class Lift:
    name: str      # canonical
    start: float   # starting weight in the profile's unit
    inc: float     # increment per successful session
    sets: int
    reps: int


@dataclass
class Habit:
    kind: str      # amount | measure
    name: str      # canonical name (coffee, glass, steps, page, minute, protein, kcal)
    unit: str
    what: str
    prob: float
    lo: int
    hi: int
    step: int = 1


@dataclass
class Profile:
    unit: str                       # kg | lb
    lift_days: tuple                # weekdays (0 = Monday)
    sessions: list                  # list of list[Lift], rotated
    run_days: tuple
    run_unit: str                   # km | mi
    run_menu: list                  # distances in run_unit
    pace: tuple                     # (lo, hi) minutes per km
    habits: list
    foods: list                     # food keys eaten (styles translate them)
    race: str | None = None         # parkrun (Sat 5k) | race10k (one 10K) | None
    p_missing: float = 0.07         # no note at all that day
    p_blank: float = 0.04           # a note with nothing logged
    p_skip_training: float = 0.12
    p_sleep: float = 0.8
    p_typo: float = 0.07
    p_nounit: float = 0.04
    p_comment: float = 0.2
    per_set_blocks: float = 0.0     # ko: write a lift set by set
    extra: dict = field(default_factory=dict)


LB = "lb"
KG = "kg"

COMMON_HABITS = {
    "coffee": Habit("amount", "coffee", "cup", "coffee", 0.6, 1, 4),
    "water": Habit("amount", "glass", "glass", "water", 0.45, 4, 10),
    "steps": Habit("measure", "steps", "step", "steps", 0.55, 3500, 15500, 10),
    "pages": Habit("measure", "page", "page", "reading", 0.45, 8, 60),
    "meditation": Habit("measure", "minute", "minute", "meditation", 0.35, 5, 25, 5),
    "protein": Habit("amount", "protein", "g", "protein", 0.35, 80, 170, 5),
    "kcal": Habit("amount", "kcal", "kcal", "calories", 0.25, 1600, 2900, 50),
}


def habits(*names):
    return [COMMON_HABITS[n] for n in names]


PROFILES = {
    "en-bullets": Profile(
        unit=KG, lift_days=(0, 2, 4), run_days=(1, 3, 6), run_unit="km",
        sessions=[[Lift("squat", 100, 2.5, 5, 5), Lift("bench press", 70, 2.5, 5, 5), Lift("row", 60, 2.5, 5, 5)],
                  [Lift("squat", 100, 2.5, 5, 5), Lift("overhead press", 45, 2.5, 5, 5), Lift("deadlift", 140, 5, 1, 5)]],
        run_menu=[5, 6, 5, 8, 6.5, 10, 12], pace=(5.2, 6.1),
        habits=habits("coffee", "water", "steps", "pages", "meditation", "protein"),
        foods=["oats", "chicken_rice", "burrito", "salmon", "pasta", "salad", "eggs"]),
    "en-prose": Profile(
        unit=LB, lift_days=(1, 4), run_days=(0, 3, 5, 6), run_unit="km", race="parkrun",
        sessions=[[Lift("squat", 185, 5, 3, 5), Lift("bench press", 155, 5, 3, 5)],
                  [Lift("deadlift", 225, 10, 1, 5), Lift("overhead press", 95, 5, 3, 5)]],
        run_menu=[5, 7, 8, 6, 14, 10], pace=(4.9, 5.9),
        habits=habits("coffee", "pages", "meditation", "protein", "kcal"),
        foods=["oats", "wrap", "curry", "salmon", "pizza", "soup"]),
    "en-tables": Profile(
        unit=LB, lift_days=(0, 2, 4), run_days=(1, 5), run_unit="mi", race="race10k",
        sessions=[[Lift("squat", 205, 5, 5, 5), Lift("bench press", 165, 5, 3, 8), Lift("row", 135, 5, 3, 8)],
                  [Lift("deadlift", 275, 10, 1, 5), Lift("overhead press", 100, 5, 3, 8), Lift("lat pulldown", 120, 5, 3, 10)]],
        run_menu=[3, 3.5, 4, 5, 6, 3.1], pace=(5.4, 6.4),
        habits=habits("coffee", "water", "steps", "kcal"),
        foods=["bagel", "chicken_rice", "salad", "steak", "tacos"]),
    "ko": Profile(
        unit=KG, lift_days=(0, 1, 3, 4), run_days=(2, 5), run_unit="km", per_set_blocks=0.3,
        sessions=[[Lift("squat", 80, 2.5, 5, 5), Lift("bench press", 60, 2.5, 5, 5), Lift("lat pulldown", 40, 2.5, 4, 12)],
                  [Lift("deadlift", 100, 5, 3, 5), Lift("overhead press", 35, 2.5, 4, 8), Lift("leg press", 120, 10, 4, 10)],
                  [Lift("bench press", 60, 2.5, 4, 8), Lift("row", 50, 2.5, 4, 10)]],
        run_menu=[5, 5, 3, 7, 10], pace=(5.4, 6.6),
        habits=habits("coffee", "water", "steps", "pages", "meditation", "protein"),
        foods=["kimbap", "bibimbap", "chicken_breast", "ramen", "kimchi_stew"]),
    "multi": Profile(
        unit=KG, lift_days=(0, 3), run_days=(1, 4, 6), run_unit="km",
        sessions=[[Lift("squat", 90, 2.5, 5, 5), Lift("bench press", 65, 2.5, 3, 8)],
                  [Lift("deadlift", 120, 5, 1, 5), Lift("overhead press", 40, 2.5, 3, 8), Lift("row", 55, 2.5, 3, 10)]],
        run_menu=[5, 6, 8, 5, 10], pace=(5.3, 6.3),
        habits=habits("coffee", "water", "steps", "pages"),
        foods=["paella", "schnitzel", "croissant", "ramen_jp", "dumplings"]),
}


def _round_to(x, step):
    return round(round(x / step) * step, 3)


def simulate(profile: Profile, start: dt.date, today: dt.date, rng: random.Random):
    """Returns a list of Day dicts: {date, state, recs, meals}. state: normal|blank|missing."""
    days = []
    weights: dict[str, float] = {}
    session_i = 0
    step = 2.5 if profile.unit == KG else 5
    race_done = False
    for d in daterange(start, today):
        day = {"date": d, "state": "normal", "recs": [], "meals": []}
        days.append(day)
        is_today = d == today
        if not is_today and rng.random() < profile.p_missing:
            day["state"] = "missing"
            continue
        if not is_today and rng.random() < profile.p_blank:
            day["state"] = "blank"
            continue
        wd = d.weekday()
        # sleep is logged on the morning it ends, so it belongs to that day's note
        if rng.random() < profile.p_sleep:
            hours = rng.choice([5, 5.5, 6, 6.25, 6.5, 6.75, 7, 7, 7.25, 7.5, 7.5, 7.75, 8, 8, 8.5, 9])
            bed = rng.choice([22 * 60, 22 * 60 + 30, 23 * 60, 23 * 60 + 15, 23 * 60 + 30, 24 * 60, 24 * 60 + 30])
            up = (bed + int(hours * 60)) % (24 * 60)
            day["recs"].append(Rec(d, "sleep", "sleep", {"hours": hours}, hints={"bed": bed % (24 * 60), "up": up}))
        if is_today:  # today's note is written in the morning: sleep and maybe a coffee
            if rng.random() < 0.7:
                h = COMMON_HABITS["coffee"]
                day["recs"].append(Rec(d, h.kind, h.name, {"value": 1, "unit": h.unit}, hints={"what": h.what}))
            continue
        trained = rng.random() >= profile.p_skip_training
        if wd in profile.lift_days and trained:
            session = profile.sessions[session_i % len(profile.sessions)]
            session_i += 1
            for lift in session:
                w = weights.get(lift.name, lift.start)
                roll = rng.random()
                if lift.name in weights:
                    if roll < 0.7:
                        w += lift.inc
                    elif roll < 0.8:
                        w = _round_to(w * 0.9, step)
                weights[lift.name] = w
                nounit = rng.random() < profile.p_nounit
                fields = {"weight": w, "unit": None if nounit else profile.unit,
                          "sets": lift.sets, "reps": lift.reps}
                if nounit:
                    fields["unit_missing"] = True
                hints = {"typo": rng.random() < profile.p_typo,
                         "comment": rng.random() < profile.p_comment,
                         "per_set": rng.random() < profile.per_set_blocks,
                         "last_set_reps": None}
                if hints["per_set"] and lift.sets >= 3 and rng.random() < 0.4:
                    # last set came up short: two records (work sets, the short set)
                    short = lift.reps - rng.choice([1, 2])
                    fields["sets"] = lift.sets - 1
                    hints["last_set_reps"] = short
                day["recs"].append(Rec(d, "lift", lift.name, fields, hints=hints))
                if hints["last_set_reps"]:
                    f2 = dict(fields, sets=1, reps=short)
                    day["recs"].append(Rec(d, "lift", lift.name, f2, hints={"continuation": True}))
        elif wd in profile.run_days and trained:
            race = None
            if profile.race == "parkrun" and wd == 5:
                race, dist_u = "parkrun", 5.0
            elif profile.race == "race10k" and not race_done and wd == 5 and d > start + dt.timedelta(days=30):
                race, dist_u, race_done = "10k", 10.0, True
            else:
                dist_u = rng.choice(profile.run_menu)
            km = dist_u if race else (dist_u * KM_PER_MI if profile.run_unit == "mi" else dist_u)
            pace = rng.uniform(*profile.pace) * (0.93 if race else 1.0) * (1.05 if km > 11 else 1.0)
            minutes = round(km * pace * 60) / 60
            no_time = race is None and rng.random() < 0.08
            fields = {"distance_km": round(km, 3), "duration_min": None if no_time else round(minutes, 2)}
            unit = "km" if race else profile.run_unit
            day["recs"].append(Rec(d, "run", "run", fields,
                                   hints={"race": race, "shown": dist_u, "unit": unit,
                                          "comment": rng.random() < profile.p_comment,
                                          "minutes": minutes, "no_time": no_time}))
        for h in profile.habits:
            if rng.random() < h.prob:
                v = rng.randrange(h.lo, h.hi + 1, h.step) if h.step > 1 else rng.randint(h.lo, h.hi)
                day["recs"].append(Rec(d, h.kind, h.name, {"value": v, "unit": h.unit}, hints={"what": h.what}))
        if rng.random() < 0.55:
            for meal in rng.sample(["breakfast", "lunch", "dinner"], rng.choice([1, 1, 2])):
                day["meals"].append((meal, rng.choice(profile.foods)))
    return days
