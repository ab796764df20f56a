//! Body parts that stand for groups of lifts ("leg day", "하체", "가슴 운동"): gym logs and
//! questions are often organised by them rather than by exercise.

use super::cues;
use super::read::is_hangul;

/// A body part: its name in answers, the words for it, and the lifts (canonical names)
/// that train it.
pub struct BodyPart {
    pub name: &'static str,
    words: &'static [&'static str],
    pub lifts: &'static [&'static str],
}

/// The body parts, as data.
pub const BODY_PARTS: &[BodyPart] = &[
    BodyPart {
        name: "legs",
        words: &[
            "legs",
            "leg day",
            "leg days",
            "lower body",
            "하체",
            "다리",
            "下半身",
            "脚の日",
            "腿",
            "练腿",
            "piernas",
            "beine",
            "beintag",
            "jambes",
        ],
        lifts: &[
            "squat",
            "front squat",
            "hack squat",
            "goblet squat",
            "split squat",
            "box squat",
            "smith machine squat",
            "leg press",
            "lunge",
            "leg extension",
            "leg curl",
            "calf raise",
            "romanian deadlift",
            "hip thrust",
            "hip abduction",
        ],
    },
    BodyPart {
        name: "chest",
        words: &[
            "chest",
            "pecs",
            "chest day",
            "가슴",
            "胸",
            "胸部",
            "练胸",
            "pecho",
            "brust",
            "pectoraux",
        ],
        lifts: &[
            "bench press",
            "incline bench press",
            "decline bench press",
            "dumbbell bench press",
            "incline dumbbell press",
            "close-grip bench press",
            "fly",
            "pec deck",
            "cable crossover",
            "chest press",
            "dip",
            "push-up",
        ],
    },
    BodyPart {
        name: "back",
        words: &[
            "back day",
            "back days",
            "back session",
            "back sessions",
            "train back",
            "trained back",
            "back workout",
            "back workouts",
            "back training",
            "등",
            "背中",
            "背部",
            "练背",
            "espalda",
            "rücken",
            "dos",
        ],
        lifts: &[
            "deadlift",
            "sumo deadlift",
            "trap bar deadlift",
            "rack pull",
            "row",
            "seated row",
            "pull-up",
            "chin-up",
            "lat pulldown",
        ],
    },
    BodyPart {
        name: "shoulders",
        words: &[
            "shoulders",
            "shoulder",
            "shoulder day",
            "shoulder days",
            "delts",
            "delt",
            "어깨",
            "肩",
            "练肩",
            "hombros",
            "schultern",
            "épaules",
        ],
        lifts: &[
            "overhead press",
            "shoulder press",
            "dumbbell shoulder press",
            "arnold press",
            "push press",
            "lateral raise",
            "face pull",
        ],
    },
    BodyPart {
        name: "arms",
        words: &[
            "arms", "arm day", "biceps", "triceps", "팔", "이두", "삼두", "腕", "二頭", "三頭",
            "手臂", "二头", "三头", "brazos", "arme", "bras",
        ],
        lifts: &[
            "curl",
            "barbell curl",
            "hammer curl",
            "triceps pushdown",
            "triceps extension",
            "skull crusher",
            "close-grip bench press",
            "dip",
        ],
    },
    BodyPart {
        name: "upper body",
        words: &[
            "upper body",
            "upper-body",
            "상체",
            "上半身",
            "上肢",
            "tren superior",
            "oberkörper",
            "haut du corps",
        ],
        lifts: &[
            "bench press",
            "incline bench press",
            "decline bench press",
            "dumbbell bench press",
            "incline dumbbell press",
            "close-grip bench press",
            "fly",
            "pec deck",
            "cable crossover",
            "chest press",
            "dip",
            "push-up",
            "row",
            "seated row",
            "pull-up",
            "chin-up",
            "lat pulldown",
            "overhead press",
            "shoulder press",
            "dumbbell shoulder press",
            "arnold press",
            "push press",
            "lateral raise",
            "face pull",
            "curl",
            "barbell curl",
            "hammer curl",
            "triceps pushdown",
            "triceps extension",
            "skull crusher",
        ],
    },
    BodyPart {
        name: "core",
        words: &[
            "abs",
            "core",
            "복근",
            "코어",
            "腹筋",
            "腹肌",
            "abdominales",
            "bauch",
        ],
        lifts: &["crunch", "plank", "leg raise", "sit-up"],
    },
];

/// The body part a lowercase question names, if any.
pub fn named_in(q: &str) -> Option<&'static BodyPart> {
    BODY_PARTS
        .iter()
        .find(|part| part.words.iter().any(|w| names(q, w)))
}

/// The body part called `name`.
pub fn by_name(name: &str) -> Option<&'static BodyPart> {
    BODY_PARTS.iter().find(|p| p.name == name)
}

/// Whether `word` is in `q`. A one-syllable Korean word (`등`, `팔`) counts only as a word
/// of its own or with a particle (`등 운동`, `등은`), never inside another (`등산`, `팔굽혀펴기`).
fn names(q: &str, word: &str) -> bool {
    let short_hangul = word.chars().count() == 1 && word.chars().all(is_hangul);
    if !short_hangul {
        return cues::has(q, &[word]);
    }
    const PARTICLES: [char; 10] = ['은', '는', '을', '를', '이', '가', '도', '만', '운', '/'];
    q.match_indices(word).any(|(i, _)| {
        let before = q[..i].chars().next_back();
        let after = q[i + word.len()..].chars().next();
        !before.is_some_and(is_hangul)
            && after.is_none_or(|c| !is_hangul(c) || PARTICLES.contains(&c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_parts_in_questions() {
        let part = |q: &str| named_in(q).map(|p| p.name);
        assert_eq!(part("하체 운동 언제 했어?"), Some("legs"));
        assert_eq!(part("지난주 등 운동 몇 번?"), Some("back"));
        assert_eq!(part("등은 언제 했지"), Some("back"));
        assert_eq!(part("how many leg days this month"), Some("legs"));
        assert_eq!(part("등산 몇 번 갔어?"), None);
        assert_eq!(part("팔굽혀펴기 몇 개"), None);
        assert_eq!(part("how far did I run"), None);
    }
}
