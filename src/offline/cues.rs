//! Words that say what a question asks for, in the languages people write in: kinds of
//! answer (count, total, average, last, best, trend, list, summary, tasks), category words
//! that stand for whole domains ("workouts", "운동"), and unit words ("km", "몇 쪽").
//!
//! Latin-script cues match as whole words; cues in Hangul, kana or ideographs match inside
//! longer runs of letters (particles attach without a space), see [`has`].

use super::read::find_word;

/// Whether the lowercase `text` holds any of `cues` (see the module doc for how).
pub fn has(text: &str, cues: &[&str]) -> bool {
    cues.iter().any(|c| find_word(text, c).is_some())
}

/// Open to-do items: "what's left to do on X", "open tasks".
pub const TASKS: &[&str] = &[
    "left to do",
    "to do",
    "todo",
    "todos",
    "to-do",
    "to-dos",
    "open tasks",
    "tasks",
    "task",
    "unchecked",
    "unfinished",
    "still open",
    "할 일",
    "할일",
    "남은 일",
    "tareas",
    "pendientes",
    "pendiente",
    "aufgaben",
    "offene",
    "tâches",
    "à faire",
    "reste à faire",
    "やること",
    "タスク",
    "未完了",
    "待办",
    "任务",
    "要做",
];

/// A digest of a period.
pub const SUMMARY: &[&str] = &[
    "summarize",
    "summarise",
    "summary",
    "recap",
    "digest",
    "overview",
    "how was my week",
    "how was my month",
    "요약",
    "정리해",
    "resumen",
    "resume",
    "resumir",
    "zusammenfassung",
    "zusammenfassen",
    "fasse",
    "résumé",
    "résume",
    "résumer",
    "bilan",
    "まとめ",
    "要約",
    "总结",
    "概括",
    "汇总",
];

/// Change over time.
pub const TREND: &[&str] = &[
    "trend",
    "trending",
    "progress",
    "progressed",
    "progressing",
    "improving",
    "improved",
    "getting better",
    "getting worse",
    "over time",
    "changed",
    "stronger",
    "faster",
    "going up",
    "gone up",
    "go up",
    "늘고",
    "늘었",
    "늘어",
    "향상",
    "발전",
    "추이",
    "진척",
    "변화",
    "변했",
    "progreso",
    "progresando",
    "mejorando",
    "fortschritt",
    "fortschritte",
    "stärker",
    "progrès",
    "progresse",
    "progression",
    "伸び",
    "上達",
    "推移",
    "进步",
    "提高",
    "趋势",
    "涨了",
    "涨",
    "提升",
    "增长",
    "长进",
];

/// The latest entry ("last time", "when did I last"). A bare "last" also counts once the
/// period phrase ("last week") has been taken out of the question.
pub const LAST: &[&str] = &[
    "last time",
    "most recent",
    "latest",
    "last",
    "previous time",
    "지난번",
    "마지막",
    "최근에",
    "최근",
    "저번에",
    "última vez",
    "ultima vez",
    "zuletzt",
    "letzte mal",
    "letztes mal",
    "dernier",
    "dernière",
    "derniere",
    "letztes",
    "letzter",
    "letzte",
    "dernière fois",
    "derniere fois",
    "前回",
    "最後",
    "最近の",
    "上次",
    "最近一次",
    "最后一次",
    // What one lifts now: `요즘 스쿼트 얼마나 들어?`.
    "요즘",
    "these days",
    "nowadays",
    "currently",
];

/// A mean over days.
pub const AVERAGE: &[&str] = &[
    "average",
    "avg",
    "mean",
    "typical",
    "typically",
    "usually",
    "per day",
    "per night",
    "a day",
    "a night",
    "each day",
    "each night",
    "daily",
    "nightly",
    "on average",
    "how did i sleep",
    "how well",
    "평균",
    "하루",
    "promedio",
    "media",
    "al día",
    "por día",
    "por noche",
    "durchschnitt",
    "durchschnittlich",
    "durchschnittlicher",
    "durchschnittliche",
    "durchschnittlichen",
    "im schnitt",
    "pro tag",
    "pro nacht",
    "moyenne",
    "en moyenne",
    "par jour",
    "par nuit",
    "平均",
    "一日",
    "毎日",
    "每天",
    "一天",
];

/// The highest (or, for times, fastest) value.
pub const BEST: &[&str] = &[
    "best",
    "max",
    "maximum",
    "heaviest",
    "longest",
    "most",
    "pr",
    "prs",
    "pb",
    "pbs",
    "personal best",
    "personal record",
    "record",
    "highest",
    "top",
    "fastest",
    "furthest",
    "farthest",
    "biggest",
    "최고",
    "제일",
    "가장",
    "최장",
    "최대",
    "mejor",
    "máximo",
    "maximo",
    "más larga",
    "más largo",
    "más pesado",
    "récord",
    "beste",
    "bestes",
    "bester",
    "besten",
    "maximal",
    "schwerste",
    "schwersten",
    "längste",
    "längster",
    "längsten",
    "schnellste",
    "rekord",
    "bestleistung",
    "bestleistungen",
    "bestwert",
    "schwerstes",
    "schwerster",
    "record personnel",
    "meilleur",
    "meilleure",
    "plus long",
    "plus longue",
    "plus lourd",
    "最高",
    "最大",
    "最長",
    "最重",
    "一番",
    "最快",
    "最长",
    "最好",
    "最远",
];

/// The lowest value.
pub const WORST: &[&str] = &[
    "worst",
    "least",
    "lowest",
    "shortest",
    "minimum",
    "min",
    "slowest",
    "fewest",
    "최저",
    "가장 적",
    "peor",
    "mínimo",
    "schlechteste",
    "wenigste",
    "pire",
    "最低",
    "最少",
    "最短",
];

/// A number of sessions or occasions.
pub const COUNT: &[&str] = &[
    "how often",
    "times",
    "how many sessions",
    "number of",
    "count",
    "몇 번",
    "몇번",
    "몇 회",
    "며칠",
    "횟수",
    "veces",
    "wie oft",
    "wie viele male",
    "combien de fois",
    "fois",
    "何回",
    "何日",
    "回数",
    "几次",
    "多少次",
    "几天",
    "次数",
];

/// An amount asked for ("how many", "total"): a total when a unit or an amount is named,
/// else a count.
pub const HOW_MANY: &[&str] = &[
    "how many",
    "how much",
    "how far",
    "how long",
    "total",
    "in total",
    "altogether",
    "sum",
    "몇",
    "총",
    "얼마나",
    "cuántos",
    "cuántas",
    "cuánto",
    "cuánta",
    "wie viele",
    "wie viel",
    "wie weit",
    "insgesamt",
    "combien",
    "au total",
    "何",
    "どのくらい",
    "合計",
    "多少",
    "几",
    "总共",
    "一共",
];

/// "What did I eat / do / log": the entries of a period.
pub const LIST: &[&str] = &[
    "what did i",
    "what have i",
    "what was i",
    "what i",
    "show me",
    "뭐 먹",
    "뭐 했",
    "보여줘",
    "보여 줘",
    "뭘 먹",
    "뭘 했",
    "무엇을",
    "qué comí",
    "qué hice",
    "que comí",
    "que hice",
    "was habe ich",
    "was hab ich",
    "qu'est-ce que j'ai",
    "qu’est-ce que j’ai",
    "何を食べ",
    "何をした",
    "何した",
    "吃了什么",
    "做了什么",
    "干了什么",
];

/// Verbs of eating: a list of what was eaten keeps to food lines.
pub const EAT: &[&str] = &[
    "eat", "ate", "eaten", "food", "meals", "먹었", "먹은", "먹", "comí", "comer", "gegessen",
    "mangé", "食べ", "吃",
];

/// Words that stand for the strength domain: sessions in the gym.
pub const STRENGTH_WORDS: &[&str] = &[
    "gym",
    "lift",
    "lifts",
    "lifted",
    "lifting",
    "weights",
    "weight training",
    "strength",
    "gym sessions",
    "헬스",
    "헬스장",
    "웨이트",
    "근력",
    "gimnasio",
    "pesas",
    "fitnessstudio",
    "krafttraining",
    "krafttrainings",
    "krafteinheiten",
    "muscu",
    "musculation",
    "salle",
    "ジム",
    "筋トレ",
    "健身房",
    "健身",
    "力量",
];

/// Words that stand for all training: lifting and cardio.
pub const TRAINING_WORDS: &[&str] = &[
    "deporte",
    "ejercicio",
    "hice ejercicio",
    "workout",
    "workouts",
    "work out",
    "worked out",
    "working out",
    "training",
    "train",
    "trained",
    "exercise",
    "exercised",
    "exercising",
    "sessions",
    "session",
    "운동",
    "entrenamiento",
    "entrenamientos",
    "entrené",
    "entrenar",
    "trainiert",
    "trainingseinheiten",
    "trainingstage",
    "trainingstagen",
    "trainingstag",
    "training days",
    "jours d'entraînement",
    "días de entrenamiento",
    "entraînement",
    "entraînements",
    "séances",
    "séance",
    "entraîné",
    "entraînée",
    "entraîner",
    "entrainé",
    "entrainement",
    "トレーニング",
    "運動",
    "运动",
    "锻炼",
    "训练",
];

/// Running words the domain vocabulary may lack in question forms ("달린", "carrera").
pub const RUN_WORDS: &[&str] = &[
    "달린",
    "달리",
    "뛴",
    "뛰었",
    "tirada",
    "tiradas",
    "rodaje",
    "rodajes",
    "corrido",
    "carrera",
    "carreras",
    "corrí",
    "laufen",
    "gelaufen",
    "läufe",
    "laufkilometer",
    "couru",
    "courses",
    "走",
    "跑",
];

/// Words that ask for running distance ("how far", "거리", "longest").
pub const DISTANCE_WORDS: &[&str] = &[
    "far",
    "distance",
    "longest",
    "furthest",
    "farthest",
    "거리",
    "최장",
    "가장 길게",
    "distancia",
    "más larga",
    "strecke",
    "längste",
    "längster",
    "weiteste",
    "plus longue",
    "距離",
    "距离",
    "最長",
    "最长",
    "最远",
];

/// Meal words: a list of what was eaten keeps to lines with these or food vocabulary.
pub const MEALS: &[&str] = &[
    "breakfast",
    "lunch",
    "dinner",
    "snack",
    "meal",
    "아침",
    "점심",
    "저녁",
    "간식",
    "desayuno",
    "almuerzo",
    "comida",
    "cena",
    "frühstück",
    "mittag",
    "mittagessen",
    "abendessen",
    "abend",
    "petit-déjeuner",
    "déjeuner",
    "dîner",
    "midi",
    "soir",
    "朝食",
    "昼食",
    "夕食",
    "朝ごはん",
    "昼ごはん",
    "晩ごはん",
    "早饭",
    "午饭",
    "晚饭",
    "早餐",
    "午餐",
    "晚餐",
];

/// Question words for units -> the unit names the reader stores (`page`, `minute`...).
/// Words a unit already implies (pages are read, from books): they do not narrow a
/// question to the measures named after them ("pages read" counts `60 pages of Dune` too).
/// Words in scripts without spaces count when a question word starts with them (`읽었어`).
pub const UNIT_IMPLIES: &[(&str, &[&str])] = &[(
    "page",
    &[
        "read", "reading", "book", "books", "책", "독서", "읽", "読", "本", "libro", "libros",
        "leí", "leer", "leído", "buch", "bücher", "gelesen", "livre", "livres", "lu", "lire", "书",
        "读", "看书",
    ],
)];

pub const UNITS: &[(&str, &str)] = &[
    ("km", "km"),
    ("kms", "km"),
    ("kilometers", "km"),
    ("kilometres", "km"),
    ("kilómetros", "km"),
    ("kilometer", "km"),
    ("laufkilometer", "km"),
    ("kilomètres", "km"),
    ("몇 km", "km"),
    ("몇 킬로", "km"),
    ("몇 키로", "km"),
    ("몇키로", "km"),
    ("何km", "km"),
    ("何キロ", "km"),
    ("公里", "km"),
    ("miles", "mile"),
    ("mile", "mile"),
    ("millas", "mile"),
    ("meilen", "mile"),
    ("hours", "hour"),
    ("hrs", "hour"),
    ("horas", "hour"),
    ("stunden", "hour"),
    ("heures", "hour"),
    ("몇 시간", "hour"),
    ("何時間", "hour"),
    ("小时", "hour"),
    ("minutes", "minute"),
    ("mins", "minute"),
    ("minutos", "minute"),
    ("minuten", "minute"),
    ("몇 분", "minute"),
    ("何分", "minute"),
    ("分钟", "minute"),
    ("pages", "page"),
    ("páginas", "page"),
    ("seiten", "page"),
    ("페이지", "page"),
    ("몇 쪽", "page"),
    ("ページ", "page"),
    ("页", "page"),
    ("chapters", "chapter"),
    ("kapitel", "chapter"),
    ("cups", "cup"),
    ("tazas", "cup"),
    ("tasses", "cup"),
    ("tassen", "cup"),
    ("杯", "cup"),
    ("glasses", "glass"),
    ("vasos", "glass"),
    ("gläser", "glass"),
    ("verres", "glass"),
    ("몇 잔", "glass"),
    ("bottles", "bottle"),
    ("episodes", "episode"),
    ("laps", "lap"),
    ("liters", "l"),
    ("litres", "l"),
    ("steps", "steps"),
    ("걸음", "steps"),
    ("pasos", "steps"),
    ("schritte", "steps"),
    ("歩", "steps"),
    ("步", "steps"),
    ("kcal", "kcal"),
    ("calories", "kcal"),
    ("grams", "g"),
];

/// The unit names the question asks about, deduplicated, in table order.
pub fn units(text: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (word, unit) in UNITS {
        if find_word(text, word).is_some() && !out.contains(unit) {
            out.push(unit);
        }
    }
    out
}

/// A word reduced to a rough English stem (`meditation`, `meditated`, `meditating` ->
/// `medit`; `pages` -> `page`), for matching what a measure was about.
pub fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    for suffix in [
        "ations", "ation", "ating", "ated", "ate", "ing", "ies", "ed", "s",
    ] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.chars().count() >= 3 {
                return base.to_string();
            }
        }
    }
    w
}

/// "When did I…": the latest time, when a measure is named.
pub const WHEN: &[&str] = &[
    "when did",
    "when was",
    "언제",
    "いつ",
    "什么时候",
    "何时",
    "cuándo",
    "wann",
    "quand",
];

/// The volume lifted: weight × reps × sets.
pub const VOLUME: &[&str] = &[
    "volume",
    "tonnage",
    "total weight",
    "볼륨",
    "총 중량",
    "총중량",
    "ボリューム",
    "総負荷",
    "训练量",
    "总重量",
    "volumen",
    "trainingsvolumen",
];

/// An estimated one-rep max.
pub const ONE_REP_MAX: &[&str] = &[
    "1rm",
    "1 rm",
    "e1rm",
    "one rep max",
    "one-rep max",
    "1 rep max",
    "1-rep max",
    "max single",
    "원알엠",
    "1회 최대",
    "最大挙上",
    "1次最大",
    "repetición máxima",
    "maximalkraft",
];

/// The sum of the best squat, bench press and deadlift.
pub const BIG_THREE: &[&str] = &[
    "3대",
    "삼대",
    "big three",
    "big 3",
    "big-three",
    "big-3",
    "big3",
    "trois mouvements",
    "total des trois",
    "sbd",
    "powerlifting total",
    "ビッグスリー",
    "ビッグ3",
    "三大项",
    "三大項",
];

/// Reps, when asked about a lift.
pub const REPS: &[&str] = &[
    "reps",
    "repetitions",
    // Not a bare `개`: it starts `개인` (personal) in `개인 최고 기록`.
    "몇 개",
    "몇개",
    "개수",
    "个数",
    "レップ",
    "wiederholungen",
    "repeticiones",
    "répétitions",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_match_words_in_spaced_and_spaceless_scripts() {
        assert!(has("how many times did i run", COUNT));
        assert!(!has("this week", COUNT));
        assert!(has("지난주 몇 번 달렸어?", COUNT));
        assert!(!has("이번 주 러닝", COUNT), "이번 is not 번");
        assert_eq!(units("how many pages did i read"), ["page"]);
        assert_eq!(units("지난주 명상 몇 분 했어?"), ["minute"]);
        assert_eq!(stem("meditation"), stem("meditated"));
        assert_eq!(stem("pages"), "page");
    }
}
