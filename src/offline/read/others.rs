//! Other people's numbers: `친구는 벤치 100 친다`, `트레이너쌤은 벤치 100kg 10개 하심`,
//! `my buddy ran 10k in 45 min`. What a friend, a coach or a crew mate did is told in the
//! note but is none of the person's own lifts or runs.

use super::lexicon::lexicon;

/// People a log talks about, in Korean: each may carry a topic or subject particle
/// (`형은`, `친구가`) and they combine (`트레이너쌤`, `크루형`).
const KO_PEOPLE: &[&str] = &[
    "친구",
    "형",
    "누나",
    "언니",
    "오빠",
    "동생",
    "쌤",
    "선생님",
    "트레이너",
    "코치",
    "관장님",
    "pt쌤",
    "지인",
    "와이프",
    "남편",
    "아내",
    "여친",
    "남친",
    "여자친구",
    "남자친구",
    "동료",
    "회원님",
    "크루",
    "아빠",
    "엄마",
    "선배",
    "후배",
];

/// Topic and subject particles: `친구랑` (with a friend) keeps the person the subject.
const KO_PARTICLES: &[&str] = &["은", "는", "이", "가"];

/// Openings that make someone else the subject, other than a possessive and a person
/// (`my buddy`, `mi compañero`: see the `others` words of the lexicon).
const OTHERS: &[&str] = &[
    "friend of mine",
    "夫は",
    "妻は",
    "彼は",
    "彼女は",
    "母は",
    "父は",
    "兄は",
    "姉は",
    "友達は",
    "友人は",
    "コーチは",
    "トレーナーは",
    "トレーナーさんは",
    "先輩は",
    "後輩は",
    "彼氏は",
    "同僚は",
    "同僚が",
    "友達が",
    "友人が",
    "先輩が",
    "後輩が",
    "コーチが",
    "トレーナーが",
    "夫が",
    "妻が",
    "彼氏が",
    "彼女が",
];

/// People who open a Chinese clause as its subject, the verb glued on (`教练硬拉200kg×3`,
/// `室友跑了半马`).
const ZH_PEOPLE: &[&str] = &[
    "教练",
    "私教",
    "朋友",
    "室友",
    "同事",
    "同学",
    "队友",
    "搭子",
    "邻居",
    "老公",
    "老婆",
    "男朋友",
    "女朋友",
    "男友",
    "女友",
    "师兄",
    "师姐",
    "哥哥",
    "姐姐",
    "弟弟",
    "妹妹",
    "爸爸",
    "妈妈",
    "老爸",
    "老妈",
    "他们",
    "她们",
    "他",
    "她",
];

/// Surnames that make a nickname with `小` or `老` before them (`小王`, `老李`).
const ZH_SURNAMES: &str = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯董程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶潘杜戴夏钟汪田姜范石姚谭廖邹熊陆郝孔崔毛邱秦史顾侯邵孟段雷钱汤尹黎龚";

/// Words for the people a log mentions, as the subject of a verb of doing a workout
/// (`Coach hit a 220kg deadlift`).
const PEOPLE_NOUNS: &[&str] = &[
    "coach", "trainer", "friend", "buddy", "partner", "brother", "sister", "wife", "husband",
    "dad", "mom", "mum", "roommate", "teammate",
];

/// Past participles of doing a workout, that close a German or French clause whose
/// subject is a name (`Markus ist 21,1 km gelaufen`, `Julien a couru un semi`).
const PARTICIPLES: &[&str] = &[
    "gelaufen",
    "gerannt",
    "gejoggt",
    "gezogen",
    "gedrückt",
    "gestemmt",
    "gehoben",
    "geschafft",
    "geschwommen",
    "couru",
    "tiré",
    "soulevé",
    "poussé",
    "nagé",
];

/// Verbs of doing a workout, in the past, after a name (`Sam ran 22:10`).
const DID: &[&str] = &[
    "ran",
    "did",
    "benched",
    "squatted",
    "deadlifted",
    "pulled",
    "pressed",
    "lifted",
    "hit",
    "swam",
    "rode",
    "cycled",
    "jogged",
    "finished",
    "clocked",
    "got",
    "set",
    "pr'd",
    "pb'd",
    "smashed",
    "crushed",
    "managed",
    "corrió",
    "corrio",
    "hizo",
    "levantó",
    "nadó",
    "leyó",
    "caminó",
    "lief",
    "schwamm",
    "courut",
    "correu",
    "nadou",
    "leu",
    // German, French and Spanish present tense: `Lisa drückt jetzt 60 kg auf der Bank`.
    "drückt",
    "läuft",
    "zieht",
    "hebt",
    "stemmt",
    "schafft",
    "tire",
    "court",
    "soulève",
    "pousse",
    "corre",
    "levanta",
];

/// Capitalised words that open a person's own sentence before such a verb.
const OPENERS: &[&str] = &[
    "i",
    "we",
    "then",
    "also",
    "finally",
    "today",
    "yesterday",
    "tonight",
    "just",
    "easy",
    "long",
    "tempo",
    "legs",
    "it",
    "that",
    "this",
    "still",
    "barely",
    "almost",
    "nearly",
    "again",
    "only",
    "morning",
    "evening",
    "afternoon",
    "everything",
    "nothing",
    "and",
    "but",
    "so",
    "somehow",
    "actually",
    "officially",
    "new",
    "bench",
    "squat",
    "deadlift",
    "run",
    "watch",
    "garmin",
    "strava",
    "coach",
    "plan",
    "warmup",
    "warm-up",
    "heute",
    "gestern",
    "training",
    "lauf",
    "es",
    "das",
    "alles",
    "einheit",
    "aujourd'hui",
    "hier",
    "séance",
    "tout",
    "the",
    "der",
    "die",
    "le",
    "la",
    "el",
];

/// Whether the clause tells what someone else did: `text` lowercase, `raw` as written.
pub fn someone_else(text: &str, raw: &str) -> bool {
    // `Obs: o personal fez supino com 120kg`: a short label before the sentence.
    let (text, raw) = (unlabelled(text), unlabelled(raw));
    // Most clauses open with a number or a word of the person's own log: one look at the
    // first word rules them out before any list is searched.
    let first = text
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    const OPENING: [&str; 31] = [
        "my", "a", "friend", "mi", "mein", "meine", "mon", "ma", "and", "but", "while", "also",
        "today", "he", "the", "our", "der", "die", "unser", "le", "la", "l", "el", "il", "elle",
        "er", "o", "obs", "meu", "minha", "ele",
    ];
    let capitalised = raw
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .starts_with(char::is_uppercase);
    let lex = lexicon();
    if first.is_ascii()
        && !OPENING.contains(&first)
        && !lex.possessives.iter().any(|p| p == first)
        && !PEOPLE_NOUNS.contains(&first)
        && !capitalised
        && !matches!(first, "she" | "they")
    {
        return false;
    }
    if OTHERS.iter().any(|o| starts_word(text, o)) || possessed_person(text) || named_person(raw) {
        return true;
    }
    if !crate::domains::has_spaceless(text) {
        return false;
    }
    if chinese_person(text) || japanese_person(text) {
        return true;
    }
    // The person comes before the first number: `같이 운동하는 형은 데드 220 친다`.
    let head = before_first_digit(text);
    // `PT쌤 데드 180`, `쌤 시범 데드 140`: a person word alone opens the clause (not `쌤
    // 덕분에 벤치 50 성공`: what the person did, helped).
    const HELPED: [&str; 8] = [
        "덕분",
        "피드백",
        "말대로",
        "보조",
        "도움",
        "지도",
        "코칭",
        "따라",
    ];
    let opener = head.split_whitespace().next().unwrap_or("");
    // `크루 정기런 9km`: a run with the crew is the person's own.
    const GROUPS: [&str; 1] = ["크루"];
    head.split_whitespace().any(is_person_with_particle)
        || opener.chars().any(super::words::is_hangul)
            && only_people(opener)
            && !GROUPS.contains(&opener)
            && !HELPED.iter().any(|w| head.contains(w))
}

/// `Sam ran 22:10`, `She benched 100`: a name or a pronoun other than I, then a verb of
/// doing a workout.
fn named_person(raw: &str) -> bool {
    let mut words = raw
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split_whitespace();
    let (Some(first), Some(verb)) = (words.next(), words.next()) else {
        return false;
    };
    let name = first.trim_end_matches([',', ':']);
    // `Workout: ran 6.5 km`: a key naming the kind of activity labels the person's own.
    if first.ends_with(':') && super::properties::kind_words().contains(&name.to_lowercase()) {
        return false;
    }
    // `Dave's Zwift race: 42 km`: a name's own workout.
    if let Some(owner) = name.strip_suffix("'s").or(name.strip_suffix("’s")) {
        return is_name(owner);
    }
    let lower = name.to_lowercase();
    let pronoun = matches!(lower.as_str(), "he" | "she" | "they");
    let verb = verb.to_lowercase();
    if (pronoun || is_name(name) || PEOPLE_NOUNS.contains(&lower.as_str()))
        && DID.contains(&verb.as_str())
    {
        return true;
    }
    // `Markus ist 21,1 km in 1:45 gelaufen`, `Julien a couru un semi en 1h42`, `elle a
    // tiré 120 kg`: a name or a pronoun, an auxiliary, and a participle of working out.
    let third_person = is_name(name) || matches!(lower.as_str(), "er" | "sie" | "il" | "elle");
    third_person
        && matches!(verb.as_str(), "hat" | "ist" | "a")
        && words.any(|w| {
            let w = w
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            PARTICIPLES.contains(&w.as_str())
        })
}

/// `教练硬拉200kg×3`, `室友跑了半马`, `小王深蹲140kg`: a person opens the clause, after at
/// most a word for when (`今天`).
/// `text` without a short label before it (`Obs:`, `PS:`), borrowed, not copied: this is
/// asked of every clause.
fn unlabelled(text: &str) -> &str {
    match text.split_once(':') {
        Some((label, rest))
            if (1..=5).contains(&label.trim().chars().count())
                && label.trim().chars().all(char::is_alphabetic) =>
        {
            rest.trim_start()
        }
        _ => text,
    }
}

/// The text before the first digit (where the person doing it is named).
fn before_first_digit(text: &str) -> &str {
    text.find(|c: char| c.is_ascii_digit())
        .map_or(text, |i| &text[..i])
}

/// `ジムで隣の人がデッド200kg引いてた`, `田中さんがベンチ100kg`: someone named before the
/// first number, as the subject (が, は).
fn japanese_person(text: &str) -> bool {
    const SUBJECTS: [&str; 12] = [
        "人が",
        "人は",
        "さんが",
        "さんは",
        "くんが",
        "くんは",
        "ちゃんが",
        "ちゃんは",
        "先生が",
        "選手が",
        "たちが",
        "達が",
    ];
    let head = before_first_digit(text);
    SUBJECTS.iter().any(|s| head.contains(s))
}

fn chinese_person(text: &str) -> bool {
    const WHEN: [&str; 6] = ["今天", "昨天", "刚才", "早上", "晚上", "下午"];
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let text = WHEN
        .iter()
        .find_map(|w| text.strip_prefix(w))
        .unwrap_or(text);
    // `朋友陪我跑了5公里`, `教练带我练腿`: the person did it too.
    const WITH_ME: [&str; 8] = [
        "陪我", "和我", "跟我", "带我", "让我", "叫我", "帮我", "一起",
    ];
    let rest = match ZH_PEOPLE.iter().find_map(|p| text.strip_prefix(p)) {
        Some(rest) => rest,
        None => {
            let mut chars = text.chars();
            let nickname = matches!(chars.next(), Some('小' | '老'))
                && chars.next().is_some_and(|c| ZH_SURNAMES.contains(c));
            if !nickname {
                return false;
            }
            chars.as_str()
        }
    };
    !WITH_ME.iter().any(|w| rest.starts_with(w))
}

/// `Sam`, `Dave`: a capitalised word of two letters or more that opens no sentence of the
/// person's own (`Finally`, `Today`).
fn is_name(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
        && word.chars().skip(1).all(char::is_lowercase)
        && word.chars().count() >= 2
        && !OPENERS.contains(&word.to_lowercase().as_str())
}

/// `형은`, `트레이너쌤은`, `친구가`: people words and then a particle, nothing else.
fn is_person_with_particle(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    KO_PARTICLES.iter().any(|p| {
        word.strip_suffix(p)
            .is_some_and(|rest| !rest.is_empty() && only_people(rest))
    })
}

/// Whether `word` is people words end to end (`트레이너쌤`, `크루형`).
fn only_people(word: &str) -> bool {
    word.is_empty()
        || KO_PEOPLE
            .iter()
            .any(|p| word.strip_suffix(p).is_some_and(only_people))
}

/// Words that may join a clause about someone else to the one before: `and my buddy ran…`.
const JOINING: [&str; 5] = ["and", "but", "while", "also", "today"];

/// `my buddy ran 10k`, `mi compañero levantó 140 kg`, `o meu parceiro fez 120kg`: one or
/// two possessives or articles and a person open the clause.
fn possessed_person(text: &str) -> bool {
    let lex = lexicon();
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let after_possessive = |t: &'_ str| -> Vec<String> {
        lex.possessives
            .iter()
            .filter_map(|p| {
                let rest = t.strip_prefix(p.as_str())?;
                if p.ends_with('\'') {
                    Some(rest.to_string())
                } else {
                    rest.strip_prefix(' ').map(str::to_string)
                }
            })
            .collect()
    };
    let person = |t: &str| lex.people.iter().any(|p| starts_word(t, p));
    // `and my buddy ran…`: after at most a joining word.
    let joined = text
        .split_once(' ')
        .filter(|(first, _)| JOINING.contains(first))
        .map(|(_, rest)| rest.trim_start());
    std::iter::once(text).chain(joined).any(|text| {
        after_possessive(text)
            .iter()
            .any(|rest| person(rest) || after_possessive(rest).iter().any(|rest| person(rest)))
    })
}

/// Whether `text` opens with `phrase` (after at most a joining word: `and my buddy ran…`)
/// and a word ends there.
fn starts_word(text: &str, phrase: &str) -> bool {
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let rest = text.strip_prefix(phrase).or_else(|| {
        let (first, rest) = text.split_once(' ')?;
        JOINING
            .contains(&first)
            .then(|| rest.trim_start().strip_prefix(phrase))?
    });
    rest.is_some_and(|rest| {
        phrase.ends_with(|c: char| !c.is_ascii())
            || !rest.starts_with(|c: char| c.is_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::someone_else;

    #[test]
    fn friends_coaches_and_crew_are_someone_else() {
        for text in [
            "친구는 벤치 100 친다",
            "트레이너쌤은 벤치 100kg 10개 하심",
            "같이 운동하는 형은 데드 220 친다",
            "크루 형은 하프 1시간 35분이래",
            "친구는 10km 45분에 뛴다",
            "my buddy ran 10k in 45 min",
            "and my training partner pulled 200kg",
            "O meu parceiro fez 120 kg no supino",
            "my friend benched 100kg today",
            "Sam ran 22:10",
            "Dave's Zwift race: 42 km in 1:05:00",
            "Pablo corrió 21 km el domingo",
            "mi hermana leyó 300 páginas",
            "夫は10km走ったらしい",
            "教练硬拉200kg×3",
            "小王深蹲140kg 5次",
            "Trainer hat 200 kg Kreuzheben gezogen",
            "Julien a couru un semi en 1h42",
            "le coach tire 180 kg au SDT",
            "Coach hit a 220kg deadlift today",
        ] {
            assert!(someone_else(&text.to_lowercase(), text), "{text}");
        }
    }

    #[test]
    fn the_persons_own_lines_are_theirs() {
        for text in [
            "벤치 100kg 5회 3세트",
            "체형은 좋아지는 중, 스쿼트 100kg 5x5",
            "형광펜 3개 샀다",
            "친구랑",
            "ran 10k with a friend in 45 min",
            "squat 100kg 5x5 friendly weight",
            "Finally hit 100kg bench",
            "I ran 5k in 25:00",
            "Ran 5k in 25:00",
            "Today's run: 5 km in 26:00",
            "Il a fait chaud, 10 km en 52'",
            "Training ist gut gelaufen, 10 km",
            "小腿有点酸，深蹲 80kg 5x5",
            "coach says 5x5 at 80kg",
            "朋友陪我跑了5公里",
            "教练带我练腿，深蹲 80kg 5x5",
            "쌤 덕분에 벤치 50kg 성공",
        ] {
            assert!(!someone_else(&text.to_lowercase(), text), "{text}");
        }
    }
}
