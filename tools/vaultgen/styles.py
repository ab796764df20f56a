"""How each person writes things down. One section of phrase tables per language, and one
small renderer per style that arranges a day's facts into a note.

Every renderer gets a Day (from sim.py) and a Random and returns the note text; as it writes a
line it binds the records that line states (Rec.text), so the ground truth always names the
exact line. Renderers may change a record's fields when the chosen phrasing loses
information (a format without a unit makes the unit missing), never the other way round.
"""
from __future__ import annotations

import datetime as dt
import random

from common import KG_PER_LB, fmt_num, hmmss, mmss

# --------------------------------------------------------------------------- helpers


class Note:
    """Lines of a note; records are bound to the line (or block) that states them."""

    def __init__(self):
        self.lines: list[str] = []

    def add(self, line: str, recs=()):
        self.lines.append(line)
        text = line.strip()
        for r in recs:
            r.text = text
        return self

    def block(self, lines: list[str], recs=()):
        self.lines.extend(lines)
        text = " / ".join(l.strip() for l in lines)
        for r in recs:
            r.text = text
        return self

    def blank(self):
        if self.lines and self.lines[-1] != "":
            self.lines.append("")
        return self

    def text(self) -> str:
        while self.lines and self.lines[-1] == "":
            self.lines.pop()
        return "\n".join(self.lines) + "\n"


def moment(fmt: str, d: dt.date) -> str:
    """The few moment.js tokens Obsidian daily-note formats use here."""
    out, i = [], 0
    tokens = [("YYYY", lambda: f"{d.year:04d}"), ("MMMM", lambda: d.strftime("%B")),
              ("MM", lambda: f"{d.month:02d}"), ("DD", lambda: f"{d.day:02d}"),
              ("dddd", lambda: d.strftime("%A")), ("ddd", lambda: d.strftime("%a"))]
    while i < len(fmt):
        for tok, fn in tokens:
            if fmt.startswith(tok, i):
                out.append(fn())
                i += len(tok)
                break
        else:
            out.append(fmt[i])
            i += 1
    return "".join(out)


def pick(rng, options):
    return rng.choice(options)


def clock12(minutes: int, rng) -> str:
    h, m = divmod(minutes % (24 * 60), 60)
    suffix = "am" if h < 12 else "pm"
    h12 = h % 12 or 12
    return f"{h12}{suffix}" if m == 0 else f"{h12}:{m:02d}{suffix}"


def clock24(minutes: int) -> str:
    h, m = divmod(minutes % (24 * 60), 60)
    return f"{h:02d}:{m:02d}"


def hours_words(hours: float) -> tuple[str, str]:
    h = int(hours)
    m = round((hours - h) * 60)
    return str(h), str(m)


def lift_values(rec, unit_words, rng):
    f = rec.fields
    return {"w": fmt_num(f["weight"]), "s": f["sets"], "r": f["reps"],
            "u": "" if f["unit"] is None else pick(rng, unit_words[f["unit"]])}


def drop_unit(rec):
    rec.fields["unit"] = None
    rec.fields["unit_missing"] = True


def fill_lift(rec, fmts_multi, fmts_single, unit_words, name, rng):
    """Pick a format; if it has no unit slot the unit becomes missing in the truth."""
    fmts = fmts_single if rec.fields["sets"] == 1 and fmts_single else fmts_multi
    if rec.fields["unit"] is None:
        fmts = [f for f in fmts if "{u}" in f] or fmts
    fmt = pick(rng, fmts)
    if "{u}" not in fmt:
        drop_unit(rec)
    v = lift_values(rec, unit_words, rng)
    line = fmt.format(n=name, **v)
    return " ".join(line.split())  # a missing unit leaves double spaces


# --------------------------------------------------------------------------- English

EN_LIFT = {
    "squat": ["squat", "Squat", "squats", "back squat", "SQUAT"],
    "bench press": ["bench", "bench press", "Bench", "BP", "Bench Press"],
    "deadlift": ["deadlift", "DL", "Deadlift", "deads"],
    "overhead press": ["OHP", "overhead press", "ohp", "Overhead Press"],
    "row": ["row", "barbell row", "rows", "BB row"],
    "lat pulldown": ["lat pulldown", "Lat Pulldown", "pulldowns"],
}
EN_TYPO = {"squat": "sqaut", "bench press": "bench prss", "deadlift": "dedlift",
           "overhead press": "overhed press", "row": "barbel row", "lat pulldown": "lat pulldwon"}
EN_UNITS = {"kg": ["kg", "kg", "kg", "KG", "kgs"], "lb": ["lbs", "lb", "lbs"]}
EN_COMMENTS = ["PR!", "felt strong", "same as plan", "💪", "hard today", "easy", "grindy", "(new PR)", "form felt off"]
EN_LIFT_MULTI = ["{n} {w}{u} {s}x{r}", "{n} {w} {u} {s}x{r}", "{n} {s}x{r} @ {w}{u}", "{n} {s}x{r} @ {w} {u}",
                 "{n} {w}{u} {s}x{r}", "{n} {w} {s}x{r}"]
EN_LIFT_SINGLE = ["{n} {w}{u} 1x{r}", "{n} {w}{u} x{r}", "{n} {w} {u} 1x{r}", "{n} {w}{u} x {r}"]
EN_PROSE_LIFT_MULTI = ["{n} {w}x{r}x{s}", "{n}: {s} sets of {r} at {w} {u}", "{n} {s}x{r} @ {w} {u}",
                       "{n} {w} {u} for {s}x{r}", "{n} {s} sets of {r} with {w} {u}"]
EN_PROSE_LIFT_SINGLE = ["{n} {w} {u} for {r}", "{n} {w}x{r}", "{n} {w} {u} for a set of {r}"]

EN_RUN_KM = ["run {d} km in {t}", "ran {d}km in {t}", "easy run {d} km, {m} min", "{d}k run {t}",
             "🏃 {d} km / {t}", "run: {d} km ({t})", "ran {d} km in {m} minutes"]
EN_RUN_KM_NOTIME = ["ran {d} km", "easy {d}k jog", "run {d} km, no watch"]
EN_PROSE_RUN = ["Went for a {d} km run, took {m} minutes.", "Easy {d}k along the river in {t}.",
                "Ran {d} km in {t}, legs heavy at first.", "Long run today: {d} km in {hm}.",
                "Tempo run, {d} km in {t}."]
EN_PROSE_RUN_NOTIME = ["Ran {d} km, forgot the watch.", "Short jog, maybe {d} km."]
EN_RUN_MI = ["ran {d} miles in {t}", "Ran {d} mi in {t}", "Run: {d} mi, {t}", "{d} mile run ({t})"]
EN_RUN_MI_NOTIME = ["ran {d} miles", "easy {d} mi"]

EN_SLEEP = ["sleep {h}h {m}m", "slept {x}h", "sleep {x} hours", "slept {x} hrs", "😴 {x}h"]
EN_PROSE_SLEEP = ["Slept badly, maybe {x} hours.", "Slept {x} hours.", "Got {x}h of sleep.",
                  "slept {bed12}-{up12}.", "bed {bed24}, up {up24}.", "Went to bed at {bed12}, woke at {up12}."]
EN_QTY = {
    "coffee": ["coffee x{v}", "{v} coffees", "☕ x{v}", "{v} cups of coffee"],
    "glass": ["{v} glasses of water", "water: {v} glasses", "💧 {v} glasses"],
    "steps": ["{v} steps", "{vc} steps", "steps: {v}"],
    "page": ["read {v} pages", "read {v} pages of {book}", "{v} pages of {book}"],
    "minute": ["meditated {v} min", "meditation {v} minutes", "{v} min meditation"],
    "protein": ["{v}g protein", "protein {v} g", "protein: {v}g"],
    "kcal": ["{v} kcal", "~{v} calories", "calories {v}"],
}
EN_PROSE_QTY = {
    "coffee": ["Had {v} coffees.", "{v} cups of coffee, probably too many.", "Coffee count: {v}."],
    "page": ["Read {v} pages of {book} before bed.", "Got through {v} pages of {book}."],
    "minute": ["Meditated for {v} minutes.", "{v} minutes of meditation in the evening."],
    "protein": ["Hit {v} g of protein.", "Protein was around {v}g."],
    "kcal": ["Ate about {v} kcal.", "Roughly {v} calories today."],
    "glass": ["Drank {v} glasses of water."], "steps": ["Walked a lot, {vc} steps."],
}
BOOKS = ["Dune", "Project Hail Mary", "Sapiens", "The Hobbit", "Atomic Habits"]
EN_FOOD = {"oats": "overnight oats", "chicken_rice": "chicken and rice", "burrito": "burrito bowl",
           "salmon": "salmon with potatoes", "pasta": "pasta bolognese", "salad": "greek salad",
           "eggs": "scrambled eggs", "wrap": "chicken wrap", "curry": "chickpea curry", "pizza": "pizza",
           "soup": "lentil soup", "bagel": "bagel with cream cheese", "steak": "steak and fries",
           "tacos": "fish tacos"}
EN_MEALS = {"breakfast": "breakfast", "lunch": "lunch", "dinner": "dinner"}
EN_FILLER = ["mood good", "work: long meetings", "called mom", "rainy", "tired in the afternoon 😴",
             "fixed the bike", "headache in the evening"]


def qty_line(table, rec, rng):
    v = rec.fields["value"]
    return pick(rng, table[rec.name]).format(v=v, vc=f"{v:,}", book=pick(rng, BOOKS))


def run_vals(rec):
    h = rec.hints
    m = h["minutes"]
    whole = round(m)
    hm = f"{whole // 60}h {whole % 60}m" if whole >= 60 else f"{whole} min"
    return {"d": fmt_num(h["shown"], 2), "t": mmss(m) if m < 60 else hmmss(m), "m": str(round(m)), "hm": hm,
            "hms": hmmss(m)}


def fix_rounded_minutes(rec, fmt):
    """Formats that state whole minutes ({m}) make the truth whole minutes too."""
    if ("{m}" in fmt or "{hm}" in fmt) and rec.fields["duration_min"] is not None:
        rec.fields["duration_min"] = round(rec.hints["minutes"])


def run_line(rec, with_time, without_time, rng):
    if rec.hints["no_time"]:
        fmt = pick(rng, without_time)
    else:
        fmt = pick(rng, with_time)
        if rec.hints["minutes"] < 60 and "{hm}" in fmt:
            fmt = fmt.replace("{hm}", "{t}")
        fix_rounded_minutes(rec, fmt)
    return fmt.format(**run_vals(rec))


def sleep_vals(rec, rng):
    x = rec.fields["hours"]
    h, m = hours_words(x)
    return {"x": fmt_num(x), "h": h, "m": m, "bed12": clock12(rec.hints["bed"], rng),
            "up12": clock12(rec.hints["up"], rng), "bed24": clock24(rec.hints["bed"]), "up24": clock24(rec.hints["up"])}


def sleep_fmt_ok(fmt, hours):
    """A format that states whole hours only ({h} without {m}) can't carry 7.5 h, and one with
    minutes reads oddly for a round number ('7시간 0분')."""
    if hours != int(hours):
        return "{h}" not in fmt or "{m" in fmt
    return "{m" not in fmt


def sleep_line(rec, fmts, rng):
    x = rec.fields["hours"]
    fmt = pick(rng, [f for f in fmts if sleep_fmt_ok(f, x)] or fmts)
    if "{h}h {m}m" in fmt and x == int(x):
        fmt = fmt.replace("{h}h {m}m", "{h}h")
    return fmt.format(**sleep_vals(rec, rng))


def maybe_comment(line, rec, rng, comments=EN_COMMENTS):
    return f"{line} {pick(rng, comments)}" if rec.hints.get("comment") else line


def lift_name(rec, names, typos, rng):
    return typos[rec.name] if rec.hints.get("typo") and rec.name in typos else pick(rng, names[rec.name])


def chunk(items, rng, max_per=3):
    out = []
    items = list(items)
    while items:
        k = min(len(items), rng.choice([1, 1, 2, 2, 3][: max_per + 2]))
        out.append(items[:k])
        items = items[k:]
    return out


def split_day(day):
    lifts = [r for r in day["recs"] if r.kind == "lift"]
    runs = [r for r in day["recs"] if r.kind == "run"]
    sleep = [r for r in day["recs"] if r.kind == "sleep"]
    qty = [r for r in day["recs"] if r.kind in ("amount", "measure")]
    return lifts, runs, sleep, qty


def inherit_unit(c, main):
    c.fields["unit"] = main.fields["unit"]
    c.fields.pop("unit_missing", None)
    if main.fields.get("unit_missing"):
        c.fields["unit_missing"] = True


def merge_continuations(lifts):
    """Pairs (main record, [its continuation records]) so a short last set is written with its lift."""
    out = []
    for r in lifts:
        if r.hints.get("continuation") and out:
            out[-1][1].append(r)
        else:
            out.append((r, []))
    return out


# --------------------------------------------------------------------------- styles


class Style:
    name = ""
    lang = "en"
    daily_folder = ""
    daily_format = "YYYY-MM-DD"
    frontmatter_prob = 0.0

    def obsidian_files(self) -> dict:
        return {".obsidian/daily-notes.json": {"folder": self.daily_folder, "format": self.daily_format}}

    def note_path(self, d: dt.date) -> str:
        stem = moment(self.daily_format, d)
        return f"{self.daily_folder}/{stem}.md" if self.daily_folder else f"{stem}.md"

    def blank_note(self, d, rng) -> str:
        return pick(rng, ["", f"# {d.isoformat()}\n", "\n"])

    def render(self, day, rng) -> str:
        raise NotImplementedError

    def food_name(self, d: dt.date, key: str) -> str:
        """The words this person used for a food on that day (what a 'what did I eat' answer must name)."""
        return (KO_FOOD if self.lang == "ko" else EN_FOOD)[key]

    def extras(self, rng, today) -> list[dict]:
        """Non-daily notes: {path, text, mtime (date or None), tasks: {project: [open task texts]}}."""
        return []


class EnBullets(Style):
    name, lang = "en-bullets", "en"
    daily_folder, daily_format = "Journal", "YYYY-MM-DD ddd"

    def render(self, day, rng):
        d = day["date"]
        n = Note()
        if rng.random() < 0.6:
            n.add(f"# {moment('dddd, MMMM DD', d)}").blank()
        lifts, runs, sleep, qty = split_day(day)
        if lifts:
            parts = []
            for main, cont in merge_continuations(lifts):
                name = lift_name(main, EN_LIFT, EN_TYPO, rng)
                txt = fill_lift(main, EN_LIFT_MULTI, EN_LIFT_SINGLE, EN_UNITS, name, rng)
                for c in cont:  # short last set written after the work sets
                    txt += f", then 1x{c.fields['reps']}"
                    inherit_unit(c, main)
                parts.append((maybe_comment(txt, main, rng), [main] + cont))
            if rng.random() < 0.6:
                prefix = pick(rng, ["Gym: ", "gym - ", "🏋️ ", "Lifting: ", "GYM: "])
                n.add("- " + prefix + ", ".join(p for p, _ in parts), [r for _, rs in parts for r in rs])
            else:
                n.add("- " + pick(rng, ["gym", "Gym day", "lifting 🏋️"]))
                for p, rs in parts:
                    n.add("    - " + p, rs)
        items = []
        for r in sleep:
            items.append((sleep_line(r, EN_SLEEP, rng), [r]))
        for r in runs:
            items.append((maybe_comment(run_line(r, EN_RUN_KM, EN_RUN_KM_NOTIME, rng), r, rng), [r]))
        for r in qty:
            items.append((qty_line(EN_QTY, r, rng), [r]))
        if rng.random() < 0.3:
            items.append((pick(rng, EN_FILLER), []))
        rng.shuffle(items)
        for group in chunk(items, rng):
            n.add("- " + ", ".join(t for t, _ in group), [r for _, rs in group for r in rs])
        for meal, food in day["meals"]:
            n.add(f"- {meal}: {EN_FOOD[food]}")
        return n.text()

    def extras(self, rng, today):
        tasks_open = ["pick a color palette", "write the about page", "set up the domain redirect"]
        text = ("---\nstatus: active\n---\n# Website redesign\n\nNew personal site, static and fast.\n\n"
                "- [x] buy the domain\n" + "".join(f"- [ ] {t}\n" for t in tasks_open) + "- [x] choose a theme\n")
        broken = ("---\ntags: [health\nmood: ok\n---\n# Notes on sleep\n\nTrying to be in bed by 23:00. "
                  "Screens off an hour before.\n")
        return [{"path": "Projects/Website redesign.md", "text": text, "mtime": today - dt.timedelta(days=20),
                 "tasks": {"Website redesign": tasks_open}},
                {"path": "Notes on sleep.md", "text": broken, "mtime": today - dt.timedelta(days=12)}]


class EnProse(Style):
    name, lang = "en-prose", "en"
    daily_folder, daily_format = "Daily", "DD.MM.YYYY"

    def render(self, day, rng):
        lifts, runs, sleep, qty = split_day(day)
        morning, later = [], []
        for r in sleep:
            line = sleep_line(r, EN_PROSE_SLEEP, rng)
            morning.append((line[0].upper() + line[1:], [r]))
        for r in qty:
            (morning if r.name == "coffee" else later).append((qty_line(EN_PROSE_QTY, r, rng), [r]))
        if lifts:
            bits, recs = [], []
            for main, cont in merge_continuations(lifts):
                name = lift_name(main, EN_LIFT, EN_TYPO, rng).lower()
                txt = fill_lift(main, EN_PROSE_LIFT_MULTI, EN_PROSE_LIFT_SINGLE, EN_UNITS, name, rng)
                for c in cont:
                    txt += f" and one set of {c.fields['reps']}"
                    inherit_unit(c, main)
                bits.append(txt)
                recs += [main] + cont
            lead = pick(rng, ["Gym after work:", "Lifted at lunch.", "Gym:", "Strength day,"])
            tail = pick(rng, [" Felt strong.", " Same as plan.", " PR on the first one!", "", " Tired by the end."])
            later.append((f"{lead} {', '.join(bits)}.{tail}", recs))
        for r in runs:
            if r.hints["race"] == "parkrun":
                fix_rounded_minutes(r, "")
                t = run_vals(r)["t"]
                line = pick(rng, [f"Did a parkrun 5k in {t}, felt strong.", f"Parkrun this morning: {t} for the 5k.",
                                  f"parkrun 5k, {t}. Windy."])
            else:
                line = run_line(r, EN_PROSE_RUN, EN_PROSE_RUN_NOTIME, rng)
            later.append((line, [r]))
        for meal, food in day["meals"]:
            later.append((f"{meal.capitalize()} was {EN_FOOD[food]}.", []))
        if rng.random() < 0.4:
            later.append((pick(rng, ["Work was a slog.", "Long call with the landlord.", "Nice evening walk."]), []))
        n = Note()
        if rng.random() < 0.5 and morning and later:
            n.add(f"## {pick(rng, ['06:50', '07:15', '07:40', '08:05'])}")
            n.add(" ".join(t for t, _ in morning), [r for _, rs in morning for r in rs]).blank()
            n.add(f"## {pick(rng, ['12:30', '18:10', '19:45', '21:00'])}")
            rng.shuffle(later)
            for para in chunk(later, rng, 2):
                n.add(" ".join(t for t, _ in para), [r for _, rs in para for r in rs]).blank()
        else:
            allp = morning + later
            for para in chunk(allp, rng, 3):
                n.add(" ".join(t for t, _ in para), [r for _, rs in para for r in rs]).blank()
        return n.text()

    def extras(self, rng, today):
        plan = ("# Marathon plan\n\nBuild-up for the spring marathon. Paces are targets, not logs.\n\n"
                "- Week 1: long run 12 km, 2x easy 6 km\n- Week 2: long run 14 km, tempo 8 km at 5:00/km\n"
                "- Week 3: long run 16 km\n- Week 6: long run 14 km (cutback)\n- Week 8: long run 24 km in 2:30:00\n"
                "- Race day: 42.2 km, goal 3:45:00\n\nStrength twice a week: squat 3x5, deadlift 1x5.\n")
        recipe = ("# Protein pancakes\n\nMakes 3 pancakes.\n\n- 2 eggs\n- 40 g oats\n- 30 g protein powder\n"
                  "- 100 ml milk\n\nAbout 35 g protein and 450 kcal per batch. Cook 2 min per side.\n")
        open_tasks = ["order the timber", "pour the concrete base", "ask Sam about the roof felt"]
        project = ("# Garden shed\n\nBuilding it before winter.\n\n- [x] measure the plot\n"
                   + "".join(f"- [ ] {t}\n" for t in open_tasks) + "- [x] get planning OK\n")
        return [{"path": "Plans/Marathon plan.md", "text": plan, "mtime": today - dt.timedelta(days=9)},
                {"path": "Recipes/Protein pancakes.md", "text": recipe, "mtime": today - dt.timedelta(days=3)},
                {"path": "Projects/Garden shed.md", "text": project, "mtime": today - dt.timedelta(days=15),
                 "tasks": {"Garden shed": open_tasks}}]


EN_TABLE_HEADERS = [
    ("| Exercise | Sets | Reps | Weight |", "| --- | --- | --- | --- |", "{n} | {s} | {r} | {w}{u}"),
    ("| Lift | Weight (lb) | Sets x Reps |", "|------|------|------|", "{n} | {w} | {s}x{r}"),
    ("| Exercise | Weight | Sets | Reps | Notes |", "|:--|--:|--:|--:|:--|", "{n} | {w} {u} | {s} | {r} | {c}"),
]
EN_TABLE_RUN = ["Ran {d} miles in {t}.", "Run: {d} mi, {t}", "Easy {d} mi in {t}", "Long run {d} miles, {hms}"]


class EnTables(Style):
    name, lang = "en-tables", "en"
    daily_folder, daily_format = "Log", "YYYY/MM/YYYY-MM-DD"

    def render(self, day, rng):
        d = day["date"]
        n = Note()
        n.add(f"# {moment('dddd, MMMM DD, YYYY', d)}").blank()
        lifts, runs, sleep, qty = split_day(day)
        if lifts:
            head, rule, row = pick(rng, EN_TABLE_HEADERS)
            n.add(pick(rng, ["## Workout", "## Training", "## Gym"]))
            n.add(head).add(rule)
            for r in lifts:
                if "(lb)" in head:
                    r.fields["unit"] = "lb"
                    r.fields.pop("unit_missing", None)
                name = lift_name(r, EN_LIFT, EN_TYPO, rng)
                name = name if name.isupper() or r.hints.get("typo") else name.title()
                u = "" if r.fields["unit"] is None else " " + pick(rng, EN_UNITS[r.fields["unit"]])
                if "{u}" not in row:
                    u = ""
                c = pick(rng, EN_COMMENTS) if r.hints.get("comment") else ""
                line = "| " + row.format(n=name, s=r.fields["sets"], r=r.fields["reps"], w=fmt_num(r.fields["weight"]),
                                         u=u.replace(" ", "", 1) if "{w} {u}" in row else u, c=c) + " |"
                n.add(line, [r])
            n.blank()
        for r in runs:
            if r.hints["race"] == "10k":
                line = pick(rng, ["10K race: {hms} (chip time)", "Turkey trot 10K - {hms}", "10K race, {hms}. PR!"])
                line = line.format(**run_vals(r))
            elif r.hints["no_time"]:
                line = run_line(r, [], EN_RUN_MI_NOTIME, rng)
            else:
                fmts = [f for f in EN_TABLE_RUN if ("{hms}" in f) == (r.hints["minutes"] >= 60)] or EN_TABLE_RUN
                line = run_line(r, fmts, EN_RUN_MI_NOTIME, rng)
            n.add(line, [r]).blank()
        rows = []
        for r in sleep:
            x = r.fields["hours"]
            h, m = hours_words(x)
            rows.append((pick(rng, [f"| Sleep | {fmt_num(x)} h |", f"| Sleep | {h}h {m}m |" if m != "0" else f"| Sleep | {h}h |"]), [r]))
        labels = {"coffee": ("Coffee", ["{v}", "{v} cups"]), "glass": ("Water", ["{v} glasses", "{v} glasses"]),
                  "steps": ("Steps", ["{vc}", "{v}"]), "kcal": ("Calories", ["{vc} kcal", "{v}"])}
        for r in qty:
            label, fmts = labels[r.name]
            v = r.fields["value"]
            rows.append((f"| {label} | {pick(rng, fmts).format(v=v, vc=f'{v:,}')} |", [r]))
        if rows:
            n.add("## Tracking").add("| Metric | Value |").add("|---|---|")
            for line, rs in rows:
                n.add(line, rs)
            n.blank()
        if day["meals"]:
            n.add("## Food")
            for meal, food in day["meals"]:
                n.add(f"- {meal.capitalize()}: {EN_FOOD[food]}")
        return n.text()

    def extras(self, rng, today):
        cal = ("# Race calendar\n\n| Date | Race | Distance | Goal |\n|---|---|---|---|\n"
               "| next spring | City half | 13.1 mi | 1:55:00 |\n| summer | Lake 10K | 10K | 0:48:00 |\n")
        open_tasks = ["book the movers", "cancel internet at the old place", "pack the kitchen"]
        proj = ("# Move apartments\n\n" + "".join(f"- [ ] {t}\n" for t in open_tasks) + "- [x] sign the lease\n")
        return [{"path": "Running/Race calendar.md", "text": cal, "mtime": today - dt.timedelta(days=5)},
                {"path": "Projects/Move apartments.md", "text": proj, "mtime": today - dt.timedelta(days=8),
                 "tasks": {"Move apartments": open_tasks}}]


# --------------------------------------------------------------------------- Korean

KO_LIFT = {
    "squat": ["스쿼트", "스쿼트", "백스쿼트", "바벨 스쿼트"],
    "bench press": ["벤치프레스", "벤치프레스", "벤치", "벤치 프레스"],
    "deadlift": ["데드리프트", "데드리프트", "데드", "컨벤셔널 데드리프트"],
    "overhead press": ["오버헤드프레스", "밀리터리프레스", "OHP"],
    "row": ["바벨로우", "바벨 로우", "벤트오버 로우"],
    "lat pulldown": ["랫풀다운", "렛풀다운", "랫 풀 다운"],
    "leg press": ["레그프레스", "레그 프레스"],
}
KO_TYPO = {"squat": "스쿼드", "bench press": "벤치프래스", "deadlift": "데드리프뜨", "lat pulldown": "렛풀다운",
           "overhead press": "오버헤드 프래스", "row": "바벨로오", "leg press": "레그프래스"}
KO_UNITS = {"kg": ["kg", "kg", "키로", "KG"], "lb": ["lb", "파운드"]}
KO_LIFT_MULTI = ["{n} {w}{u} {r}회 {s}세트", "{n}{p} {w}{u}로 {r}회 {s}세트", "{n} {w}{u} {r}개 {s}세트",
                 "{n} {w}{u} x {r}회 x {s}세트", "{n} {w}{u} {s}x{r}", "{n} {w}{u} {r}회 x {s}세트", "{n} {w} {r}회 {s}세트"]
KO_LIFT_SINGLE = ["{n} {w}{u} {r}회", "{n}{p} {w}{u}로 {r}회 1세트", "{n} {w}{u} x {r}"]
KO_COMMENTS = ["PR!", "(자세 신경씀)", "힘들었음", "💪", "계획대로", "컨디션 좋음", "ㅠㅠ"]
KO_RUN = ["러닝 {d}km {mi}분", "달리기 {d}km {mi}분 {sec}초", "조깅 {d}km ({t})", "{d}km 달림, {mi}분",
          "러닝머신 {d}km {mi}분", "run {d}km {t}"]
KO_RUN_NOTIME = ["러닝 {d}km", "가볍게 {d}km 조깅"]
KO_SLEEP = ["수면 {h}시간", "수면 {h}시간 {m}분", "{h}시간 {m}분 잠", "잠 {x}시간", "취침 {bed24} / 기상 {up24}", "sleep {x}h"]
KO_QTY = {
    "coffee": ["커피 {v}잔", "아메리카노 {v}잔", "☕ {v}잔"],
    "glass": ["물 {v}잔", "물 {v}컵 마심"],
    "steps": ["걸음수 {v}보", "{vc}걸음", "만보기 {v}"],
    "page": ["책 {v}쪽 읽음", "독서 {v}페이지", "{book} {v}쪽"],
    "minute": ["명상 {v}분", "명상 {v}분 함"],
    "protein": ["단백질 {v}g", "프로틴 포함 단백질 {v}g"],
}
KO_BOOKS = ["사피엔스", "채식주의자", "아몬드"]
KO_FOOD = {"kimbap": "김밥", "bibimbap": "비빔밥", "chicken_breast": "닭가슴살 샐러드", "ramen": "라면",
           "kimchi_stew": "김치찌개"}
KO_MEALS = {"breakfast": "아침", "lunch": "점심", "dinner": "저녁"}


def ko_topic(word: str) -> str:
    """은/는 after a Hangul word, by whether the last syllable has a final consonant."""
    ch = word[-1]
    if "가" <= ch <= "힣":
        return "은" if (ord(ch) - 0xAC00) % 28 else "는"
    return "는"


def ko_run_line(rec, rng):
    if rec.hints["no_time"]:
        return pick(rng, KO_RUN_NOTIME).format(d=fmt_num(rec.hints["shown"]))
    fmt = pick(rng, KO_RUN)
    m = rec.hints["minutes"]
    mi, sec = int(m), round((m - int(m)) * 60)
    if sec == 60:
        mi, sec = mi + 1, 0
    if "{mi}분" in fmt and "{sec}" not in fmt:
        rec.fields["duration_min"] = round(m)  # whole minutes written
        mi = round(m)
    return fmt.format(d=fmt_num(rec.hints["shown"]), mi=mi, sec=sec, t=mmss(m))


class Korean(Style):
    name, lang = "ko", "ko"
    daily_folder, daily_format = "운동일지", "YYYY-MM-DD"

    def lift_text(self, main, cont, rng):
        name = lift_name(main, KO_LIFT, KO_TYPO, rng)
        f = main.fields
        if main.hints.get("per_set") and f["sets"] + len(cont) >= 3:
            u = "kg" if f["unit"] else ""
            lines = [name]
            k = 1
            for _ in range(f["sets"]):
                lines.append(f"{k}세트 {fmt_num(f['weight'])}{u} {f['reps']}회")
                k += 1
            for c in cont:
                lines.append(f"{k}세트 {fmt_num(f['weight'])}{u} {c.fields['reps']}회")
                inherit_unit(c, main)
                k += 1
            return lines
        fmt_multi = [x.replace("{p}", ko_topic(name)) for x in KO_LIFT_MULTI]
        fmt_single = [x.replace("{p}", ko_topic(name)) for x in KO_LIFT_SINGLE]
        txt = fill_lift(main, fmt_multi, fmt_single, KO_UNITS, name, rng)
        for c in cont:
            txt += f", 마지막 세트 {c.fields['reps']}회"
            inherit_unit(c, main)
        return [maybe_comment(txt, main, rng, KO_COMMENTS)]

    def render(self, day, rng):
        d = day["date"]
        n = Note()
        wd = "월화수목금토일"[d.weekday()]
        if rng.random() < 0.7:
            n.add(f"# {d.month}월 {d.day}일 ({wd})").blank()
        lifts, runs, sleep, qty = split_day(day)
        if lifts:
            texts = [(self.lift_text(m, c, rng), [m] + c) for m, c in merge_continuations(lifts)]
            if all(len(t) == 1 for t, _ in texts) and rng.random() < 0.35:
                n.add("오늘 운동: " + ", ".join(t[0] for t, _ in texts), [r for _, rs in texts for r in rs])
            else:
                n.add(pick(rng, ["## 운동", "## 오늘 운동", "### 헬스", "## Workout"]))
                for t, rs in texts:
                    if len(t) == 1:
                        n.add(pick(rng, ["- ", "", "- "]) + t[0], rs)
                    else:
                        n.block(t, rs)
            n.blank()
        for r in runs:
            n.add("- " + maybe_comment(ko_run_line(r, rng), r, rng, KO_COMMENTS), [r])
        for r in sleep:
            n.add(pick(rng, ["- ", ""]) + sleep_line(r, KO_SLEEP, rng), [r])
        for r in qty:
            v = r.fields["value"]
            n.add("- " + pick(rng, KO_QTY[r.name]).format(v=v, vc=f"{v:,}", book=pick(rng, KO_BOOKS)), [r])
        for meal, food in day["meals"]:
            n.add(f"- {KO_MEALS[meal]}: {KO_FOOD[food]}")
        return n.text()

    def extras(self, rng, today):
        routine = ("# 운동 루틴\n\n목표 프로그램 (기록 아님)\n\n- 월: 스쿼트 100kg 5회 5세트 목표\n"
                   "- 화: 벤치프레스 70kg 5x5\n- 수: 러닝 10km\n- 토: 데드리프트 140kg 5회\n")
        open_tasks = ["이삿짐 센터 예약", "인터넷 이전 신청", "냉장고 정리"]
        proj = "# 이사 준비\n\n" + "".join(f"- [ ] {t}\n" for t in open_tasks) + "- [x] 계약서 작성\n"
        broken = "---\ntags: [운동\n날짜: 모름\n---\n# 메모\n\n다음 주부터 아침 운동으로 바꿀 것.\n"
        return [{"path": "운동 루틴.md", "text": routine, "mtime": today - dt.timedelta(days=11)},
                {"path": "프로젝트/이사 준비.md", "text": proj, "mtime": today - dt.timedelta(days=6),
                 "tasks": {"이사 준비": open_tasks}},
                {"path": "메모.md", "text": broken, "mtime": today - dt.timedelta(days=4)}]


# --------------------------------------------------------------------------- other languages (multi)

MULTI = {
    "es": {
        "lift": {"squat": ["sentadilla", "Sentadilla", "sentadillas"], "bench press": ["press de banca", "press banca", "banca"],
                 "deadlift": ["peso muerto", "Peso muerto"], "overhead press": ["press militar"], "row": ["remo con barra", "remo"]},
        "multi": ["{n} {w} {u} {s}x{r}", "{n} {w}{u} {s}x{r}", "{n}: {s} series de {r} con {w} {u}"],
        "single": ["{n} {w} {u} 1x{r}", "{n} {w}{u} x{r}"],
        "run": ["corrí {d} km en {t}", "carrera {d} km, {mi} min", "salí a correr: {d} km en {t}"],
        "run_notime": ["corrí {d} km"],
        "sleep": ["dormí {x} horas", "dormí {h}h {m}min", "sueño: {x} h"],
        "qty": {"coffee": ["{v} cafés", "café x{v}"], "glass": ["{v} vasos de agua"],
                "steps": ["{vd} pasos", "{v} pasos"], "page": ["leí {v} páginas"]},
        "food": {"paella": "paella", "schnitzel": "escalope", "croissant": "croissant", "ramen_jp": "ramen",
                 "dumplings": "empanadillas"},
        "meals": {"breakfast": "desayuno", "lunch": "comida", "dinner": "cena"},
        "heading": "## Entreno", "comments": ["¡récord!", "me sentí fuerte", "como el plan"],
    },
    "de": {
        "lift": {"squat": ["Kniebeuge", "Kniebeugen"], "bench press": ["Bankdrücken", "Bankdrucken"],
                 "deadlift": ["Kreuzheben"], "overhead press": ["Schulterdrücken", "Überkopfdrücken"], "row": ["Rudern", "Langhantelrudern"]},
        "multi": ["{n} {w}{u} {s}x{r}", "{n} {w} {u} {s}x{r}", "{n}: {s} Sätze à {r} mit {w} {u}"],
        "single": ["{n} {w}{u} 1x{r}", "{n} {w} {u} x{r}"],
        "run": ["{d} km gelaufen in {t}", "Lauf {d} km, {mi} min", "Joggen: {d} km ({t})"],
        "run_notime": ["{d} km gelaufen"],
        "sleep": ["{xc} Stunden geschlafen", "Schlaf: {xc} h", "{h} Std. {m} Min. geschlafen"],
        "qty": {"coffee": ["{v} Tassen Kaffee", "Kaffee x{v}"], "glass": ["{v} Gläser Wasser"],
                "steps": ["{vd} Schritte", "{v} Schritte"], "page": ["{v} Seiten gelesen"]},
        "food": {"paella": "Paella", "schnitzel": "Schnitzel mit Kartoffelsalat", "croissant": "Croissant",
                 "ramen_jp": "Ramen", "dumplings": "Maultaschen"},
        "meals": {"breakfast": "Frühstück", "lunch": "Mittagessen", "dinner": "Abendessen"},
        "heading": "## Training", "comments": ["PR!", "fühlte mich stark", "wie geplant"],
    },
    "fr": {
        "lift": {"squat": ["squat", "Squat"], "bench press": ["développé couché", "DC", "developpe couche"],
                 "deadlift": ["soulevé de terre", "SDT"], "overhead press": ["développé militaire"], "row": ["rowing barre", "rowing"]},
        "multi": ["{n} {w} {u} {s}x{r}", "{n} {w}{u} {s}x{r}", "{n} : {s} séries de {r} à {w} {u}"],
        "single": ["{n} {w} {u} 1x{r}", "{n} {w}{u} x{r}"],
        "run": ["couru {d} km en {t}", "footing {d} km, {mi} min", "course : {d} km en {mi} min"],
        "run_notime": ["couru {d} km"],
        "sleep": ["dormi {h}h{m2}", "nuit de {xc} h", "sommeil : {xc} heures"],
        "qty": {"coffee": ["{v} cafés", "café x{v}"], "glass": ["{v} verres d'eau"],
                "steps": ["{vs} pas", "{v} pas"], "page": ["lu {v} pages"]},
        "food": {"paella": "paella", "schnitzel": "escalope panée", "croissant": "croissant", "ramen_jp": "ramen",
                 "dumplings": "raviolis"},
        "meals": {"breakfast": "petit-déj", "lunch": "déjeuner", "dinner": "dîner"},
        "heading": "## Séance", "comments": ["record !", "bonnes sensations", "comme prévu"],
    },
    "ja": {
        "lift": {"squat": ["スクワット"], "bench press": ["ベンチプレス", "ベンチ"], "deadlift": ["デッドリフト", "デッド"],
                 "overhead press": ["ショルダープレス", "オーバーヘッドプレス"], "row": ["ベントオーバーロー", "バーベルロー"]},
        "multi": ["{n} {w}{u} {r}回 {s}セット", "{n} {w}{u}×{r}回×{s}セット", "{n} {w}{u} {s}x{r}"],
        "single": ["{n} {w}{u} {r}回", "{n} {w}{u} {r}回 1セット"],
        "run": ["ランニング {d}km {mi}分", "ジョギング {d}km（{t}）", "{d}km走った {mi}分"],
        "run_notime": ["ランニング {d}km"],
        "sleep": ["睡眠 {h}時間", "睡眠 {h}時間{m}分", "{x}時間寝た"],
        "qty": {"coffee": ["コーヒー {v}杯"], "glass": ["水 {v}杯"], "steps": ["{v}歩", "歩数 {vc}"],
                "page": ["読書 {v}ページ"]},
        "food": {"paella": "パエリア", "schnitzel": "とんかつ", "croissant": "クロワッサン", "ramen_jp": "ラーメン",
                 "dumplings": "餃子"},
        "meals": {"breakfast": "朝食", "lunch": "昼食", "dinner": "夕食"},
        "heading": "## 筋トレ", "comments": ["自己ベスト！", "調子よかった", "予定通り"],
    },
    "zh": {
        "lift": {"squat": ["深蹲"], "bench press": ["卧推", "杠铃卧推"], "deadlift": ["硬拉"], "overhead press": ["推举", "站姿推举"],
                 "row": ["杠铃划船", "划船"]},
        "multi": ["{n} {w}公斤 {r}次 {s}组", "{n} {w}{u} {r}次 {s}组", "{n} {w}{u} {s}x{r}"],
        "single": ["{n} {w}公斤 {r}次", "{n} {w}{u} {r}次 1组"],
        "run": ["跑步 {d}公里 {mi}分钟", "跑了{d}公里，用时{t}", "慢跑 {d}km {mi}分钟"],
        "run_notime": ["跑步 {d}公里"],
        "sleep": ["睡了{h}个小时", "睡眠 {x}小时", "睡了{h}小时{m}分钟"],
        "qty": {"coffee": ["咖啡 {v}杯", "喝了{v}杯咖啡"], "glass": ["喝水 {v}杯"], "steps": ["{v}步", "步数 {vc}"],
                "page": ["看书 {v}页"]},
        "food": {"paella": "海鲜饭", "schnitzel": "炸猪排", "croissant": "牛角包", "ramen_jp": "拉面",
                 "dumplings": "饺子"},
        "meals": {"breakfast": "早餐", "lunch": "午饭", "dinner": "晚饭"},
        "heading": "## 训练", "comments": ["破纪录！", "感觉很好", "按计划"],
    },
}
MULTI_ORDER = ["es", "de", "fr", "ja", "zh"]


class Multi(Style):
    name, lang = "multi", "multi"
    daily_folder, daily_format = "Notes", "YYYY-MM-DD"

    def day_lang(self, d):
        return MULTI_ORDER[(d.isocalendar()[1]) % len(MULTI_ORDER)]

    def food_name(self, d, key):
        return MULTI[self.day_lang(d)]["food"][key]

    def render(self, day, rng):
        d = day["date"]
        lang = self.day_lang(d)
        t = MULTI[lang]
        n = Note()
        n.add(f"# {d.isoformat()}").blank()
        lifts, runs, sleep, qty = split_day(day)
        if lifts:
            n.add(t["heading"])
            for main, cont in merge_continuations(lifts):
                english = rng.random() < 0.12  # some English slips in
                if main.hints.get("typo"):
                    name = EN_TYPO[main.name]
                elif english:
                    name = pick(rng, EN_LIFT[main.name])
                else:
                    name = pick(rng, t["lift"][main.name])
                multi = [f for f in t["multi"] if "公斤" not in f or main.fields["unit"]]
                single = [f for f in t["single"] if "公斤" not in f or main.fields["unit"]]
                txt = fill_lift(main, multi, single, EN_UNITS, name, rng)
                w = fmt_num(main.fields["weight"])
                if "." in w and lang in ("de", "fr", "es") and rng.random() < 0.6:
                    txt = txt.replace(w, w.replace(".", ","), 1)  # decimal comma: 82,5 kg
                for c in cont:
                    txt += f", 1x{c.fields['reps']}"
                    inherit_unit(c, main)
                n.add("- " + maybe_comment(txt, main, rng, t["comments"]), [main] + cont)
            n.blank()
        for r in runs:
            if r.hints["no_time"]:
                line = pick(rng, t["run_notime"]).format(d=fmt_num(r.hints["shown"]))
            else:
                fmt = pick(rng, t["run"])
                m = r.hints["minutes"]
                if "{mi}" in fmt:
                    r.fields["duration_min"] = round(m)
                line = fmt.format(d=fmt_num(r.hints["shown"]).replace(".", "," if lang in ("de", "fr", "es") else "."),
                                  mi=round(m), t=mmss(m))
            n.add("- " + maybe_comment(line, r, rng, t["comments"]), [r])
        for r in sleep:
            x = r.fields["hours"]
            h, m = hours_words(x)
            fmt = pick(rng, [f for f in t["sleep"] if sleep_fmt_ok(f, x)] or t["sleep"])
            if m == "0":
                fmt = fmt.replace(" {m} Min.", "").replace("{h}h {m}min", "{h} horas").replace("{h}h{m2}", "{h}h")
            n.add("- " + fmt.format(x=fmt_num(x), xc=fmt_num(x).replace(".", ","), h=h, m=m, m2=f"{int(m):02d}"), [r])
        for r in qty:
            v = r.fields["value"]
            line = pick(rng, t["qty"][r.name]).format(v=v, vc=f"{v:,}", vd=f"{v:,}".replace(",", "."),
                                                        vs=f"{v:,}".replace(",", "\u202f"))
            n.add("- " + line, [r])
        for meal, food in day["meals"]:
            n.add(f"- {t['meals'][meal]}: {t['food'][food]}")
        return n.text()

    def extras(self, rng, today):
        recipe = ("# Pfannkuchen\n\nFür 2 Personen.\n\n- 200 g Mehl\n- 3 Eier\n- 400 ml Milch\n\n"
                  "Ca. 25 g Protein und 600 kcal pro Portion.\n")
        open_tasks = ["reservar el hotel en Kioto", "comprar el JR Pass", "renovar el pasaporte"]
        proj = "# Viaje a Japón\n\n" + "".join(f"- [ ] {t}\n" for t in open_tasks) + "- [x] comprar los vuelos\n"
        return [{"path": "Rezepte/Pfannkuchen.md", "text": recipe, "mtime": today - dt.timedelta(days=7),
                 "tasks": {}},
                {"path": "Proyectos/Viaje a Japón.md", "text": proj, "mtime": today - dt.timedelta(days=10),
                 "tasks": {"Viaje a Japón": open_tasks}}]


STYLES = {s.name: s for s in (EnBullets(), EnProse(), EnTables(), Korean(), Multi())}
