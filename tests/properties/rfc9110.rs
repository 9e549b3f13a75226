//! A plain reference model of RFC 9110 §13.2.2 for a GET or HEAD of one representation, and
//! the request headers it is checked against. The headers are generated as structures (which
//! member is our tag, which is garbage, which date in which format) and rendered to bytes, so
//! the model reads the structure, not the bytes: it needs no parser of its own.

use proptest::collection::vec;
use proptest::prelude::*;

/// One member of an If-Match / If-None-Match list.
#[derive(Debug, Clone)]
pub enum Member {
    /// Our strong tag.
    Ours,
    /// `W/` + our tag.
    OursWeak,
    /// Another valid tag (strong or weak), never ours.
    Other(Vec<u8>),
    /// `*`
    Star,
    /// Not an entity-tag (RFC 9110 §8.8.3 grammar); it matches nothing. Its bytes have no
    /// comma and no unbalanced quote, so it cannot swallow its neighbours.
    Garbage(Vec<u8>),
}

/// One header line: members with separators, and at its end maybe an unterminated tag.
#[derive(Debug, Clone)]
pub struct TagLine {
    pub members: Vec<Member>,
    pub separators: Vec<&'static str>,
    pub unterminated_tail: bool,
}

impl TagLine {
    pub fn render(&self, ours: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, member) in self.members.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(self.separators[i % self.separators.len()].as_bytes());
            }
            match member {
                Member::Ours => out.extend_from_slice(ours),
                Member::OursWeak => {
                    out.extend_from_slice(b"W/");
                    out.extend_from_slice(ours);
                }
                Member::Other(tag) | Member::Garbage(tag) => out.extend_from_slice(tag),
                Member::Star => out.push(b'*'),
            }
        }
        if self.unterminated_tail {
            out.extend_from_slice(b", \"unterminated");
        }
        out
    }

    /// Whether a member matches our tag: `*`, or our tag compared strongly (If-Match) or
    /// weakly (If-None-Match), RFC 9110 §8.8.3.2 and §13.1.1-2. (`*` as one member of a
    /// longer list is outside the grammar; like a client's intent, it is taken as "any".)
    pub fn matches(&self, strong: bool) -> bool {
        self.members.iter().any(|m| match m {
            Member::Ours | Member::Star => true,
            Member::OursWeak => !strong,
            Member::Other(_) | Member::Garbage(_) => false,
        })
    }
}

/// The three HTTP-date formats of RFC 9110 §5.6.7.
#[derive(Debug, Clone, Copy)]
pub enum DateFormat {
    ImfFixdate,
    Rfc850,
    Asctime,
}

#[derive(Debug, Clone)]
pub enum DateLine {
    /// A valid HTTP-date for this many seconds since 1970 (negative: before).
    Valid {
        secs: i64,
        format: DateFormat,
        padded: bool,
    },
    Invalid(&'static str),
}

const DAY: i64 = 86_400;
const WEEKDAYS: [&str; 7] = [
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Days since 1970-01-01 to (year, month 1-12, day 1-31), proleptic Gregorian calendar.
fn civil(days: i64) -> (i64, usize, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month as usize, day)
}

/// (year, month 1-12, day) to days since 1970-01-01.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl DateLine {
    pub fn render(&self) -> String {
        let (secs, format, padded) = match self {
            DateLine::Invalid(text) => return (*text).to_owned(),
            DateLine::Valid {
                secs,
                format,
                padded,
            } => (*secs, *format, *padded),
        };
        let days = secs.div_euclid(DAY);
        let time = secs.rem_euclid(DAY);
        let (year, month, day) = civil(days);
        let weekday = WEEKDAYS[days.rem_euclid(7) as usize];
        let month = MONTHS[month - 1];
        let (h, m, s) = (time / 3600, time / 60 % 60, time % 60);
        let text = match format {
            DateFormat::ImfFixdate => {
                format!(
                    "{}, {day:02} {month} {year:04} {h:02}:{m:02}:{s:02} GMT",
                    &weekday[..3]
                )
            }
            DateFormat::Rfc850 => format!(
                "{weekday}, {day:02}-{month}-{:02} {h:02}:{m:02}:{s:02} GMT",
                year.rem_euclid(100)
            ),
            DateFormat::Asctime => {
                format!(
                    "{} {month} {day:>2} {h:02}:{m:02}:{s:02} {year:04}",
                    &weekday[..3]
                )
            }
        };
        if padded { format!(" {text}\t") } else { text }
    }

    /// The instant a recipient must read from this line, if it is a valid HTTP-date.
    pub fn instant(&self) -> Option<i64> {
        match self {
            DateLine::Valid { secs, .. } => Some(*secs),
            DateLine::Invalid(_) => None,
        }
    }
}

/// The instant a recipient reads from the rfc850-date written for `secs` (which has only
/// the last two digits of the year): the year in the current century, unless that is more
/// than 50 years in the future, then the century before (RFC 9110 §5.6.7). `None` when that
/// day does not exist in the year read (Feb 29).
fn as_read_from_rfc850(secs: i64, now: i64) -> Option<i64> {
    let (year, month, day) = civil(secs.div_euclid(DAY));
    let (now_year, _, _) = civil(now.div_euclid(DAY));
    let mut read_year = now_year - now_year.rem_euclid(100) + year.rem_euclid(100);
    if read_year > now_year + 50 {
        read_year -= 100;
    }
    let days = days_from_civil(read_year, month as i64, day);
    let (_, m, d) = civil(days);
    (m == month && d == day).then(|| days * DAY + secs.rem_euclid(DAY))
}

fn now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    i64::try_from(since.unwrap().as_secs()).unwrap()
}

/// The date of a field that must be one HTTP-date: several lines, or a line that is not a
/// valid date, make the field ignored (RFC 9110 §13.1.3-4).
pub fn single_instant(lines: &Option<Vec<DateLine>>) -> Option<i64> {
    match lines.as_deref() {
        Some([line]) => line.instant(),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok = 200,
    NotModified = 304,
    PreconditionFailed = 412,
}

/// The precondition headers of one request.
#[derive(Debug, Clone)]
pub struct Preconditions {
    pub if_match: Option<Vec<TagLine>>,
    pub if_none_match: Option<Vec<TagLine>>,
    pub if_modified_since: Option<Vec<DateLine>>,
    pub if_unmodified_since: Option<Vec<DateLine>>,
}

impl Preconditions {
    /// RFC 9110 §13.2.2, steps 1-5, for GET and HEAD.
    pub fn model(&self, last_modified: Option<i64>) -> Outcome {
        // Step 1: If-Match; step 2: else If-Unmodified-Since (ignored without a date).
        if let Some(lines) = &self.if_match {
            if !lines.iter().any(|l| l.matches(true)) {
                return Outcome::PreconditionFailed;
            }
        } else if let (Some(since), Some(modified)) =
            (single_instant(&self.if_unmodified_since), last_modified)
        {
            if modified > since {
                return Outcome::PreconditionFailed;
            }
        }
        // Step 3: If-None-Match; step 4: else If-Modified-Since.
        if let Some(lines) = &self.if_none_match {
            if lines.iter().any(|l| l.matches(false)) {
                return Outcome::NotModified;
            }
        } else if let (Some(since), Some(modified)) =
            (single_instant(&self.if_modified_since), last_modified)
        {
            if modified <= since {
                return Outcome::NotModified;
            }
        }
        // Step 5.
        Outcome::Ok
    }

    /// The header lines, in the order sent.
    pub fn lines(&self, ours: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        let mut out = Vec::new();
        for (name, tags) in [
            ("if-match", &self.if_match),
            ("if-none-match", &self.if_none_match),
        ] {
            for line in tags.iter().flatten() {
                out.push((name, line.render(ours)));
            }
        }
        for (name, dates) in [
            ("if-modified-since", &self.if_modified_since),
            ("if-unmodified-since", &self.if_unmodified_since),
        ] {
            for line in dates.iter().flatten() {
                out.push((name, line.render().into_bytes()));
            }
        }
        out
    }
}

fn member() -> impl Strategy<Value = Member> {
    // etagc = %x21 / %x23-7E / obs-text, and a comma inside quotes is legal.
    let opaque = prop_oneof![
        "[!#-~]{0,8}".prop_map(String::into_bytes),
        Just(b"a,b".to_vec()),
        Just(vec![0xe2, 0x82, 0xac]),
        Just(vec![0xff]),
    ];
    let other = (any::<bool>(), opaque).prop_map(|(weak, opaque)| {
        let mut tag = if weak {
            b"W/\"".to_vec()
        } else {
            b"\"".to_vec()
        };
        tag.extend(opaque);
        tag.push(b'"');
        tag
    });
    let garbage = prop_oneof![
        "[a-zA-Z0-9]{1,6}".prop_map(String::into_bytes),
        Just(b"W/abc".to_vec()),
        Just(b"w/\"abc\"".to_vec()),
        Just(b"\"a b\"".to_vec()),
        Just(b"W/ \"abc\"".to_vec()),
        Just(b"\"abc\"x".to_vec()),
        Just(b"**".to_vec()),
        Just(b"* x".to_vec()),
        Just(b"\"\"\"".to_vec()),
        Just(b"\"abc\"\"".to_vec()),
    ];
    prop_oneof![
        2 => Just(Member::Ours),
        1 => Just(Member::OursWeak),
        3 => other.prop_map(|tag| Member::Other(tag.to_vec())),
        1 => Just(Member::Star),
        2 => garbage.prop_map(Member::Garbage),
    ]
}

fn tag_line() -> impl Strategy<Value = TagLine> {
    let separator = prop_oneof![Just(", "), Just(","), Just(" ,\t"), Just(",,  ,")];
    (
        vec(member(), 0..4),
        vec(separator, 1..3),
        proptest::bool::weighted(0.1),
    )
        .prop_map(|(members, separators, unterminated_tail)| TagLine {
            members,
            separators,
            unterminated_tail,
        })
}

fn tag_lines() -> impl Strategy<Value = Option<Vec<TagLine>>> {
    prop_oneof![
        3 => Just(None),
        2 => vec(tag_line(), 1..2).prop_map(Some),
        1 => vec(tag_line(), 2..4).prop_map(Some),
    ]
}

fn date_line(last_modified: i64) -> impl Strategy<Value = DateLine> {
    let format = prop_oneof![
        Just(DateFormat::ImfFixdate),
        Just(DateFormat::Rfc850),
        Just(DateFormat::Asctime)
    ];
    // Around Last-Modified (before, equal, after), and anywhere from year 1 to 9999.
    let near = prop_oneof![
        Just(0i64),
        Just(-1),
        Just(1),
        -DAY..DAY,
        -(100 * 365 * DAY)..(100 * 365 * DAY),
    ]
    .prop_map(move |delta| last_modified + delta);
    let anywhere = days_from_civil(1, 1, 1) * DAY..days_from_civil(10_000, 1, 1) * DAY;
    let secs = prop_oneof![4 => near, 1 => anywhere];
    let invalid = prop_oneof![
        Just("yesterday"),
        Just(""),
        Just("Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:37 GMT"),
        Just("Sun, 06 Nov 1994 08:49:37 UTC"),
        Just("Sun, 6 Nov 1994 08:49:37 GMT"),
        Just("Sun, 31 Nov 1994 08:49:37 GMT"),
        Just("Sun, 06 Nov 1994 25:49:37 GMT"),
        Just("1994-11-06T08:49:37Z"),
        Just("784111777"),
        Just("Sun, 06 Nov 1994 08:49:37 GMT x"),
    ];
    prop_oneof![
        6 => (secs, format, proptest::bool::weighted(0.2)).prop_filter_map(
            "a Feb 29 the two-digit year cannot carry",
            |(secs, format, padded)| {
                // An rfc850-date is generated as the instant a recipient reads from it, so
                // its weekday is that instant's.
                let secs = match format {
                    DateFormat::Rfc850 => as_read_from_rfc850(secs, now())?,
                    _ => secs,
                };
                Some(DateLine::Valid { secs, format, padded })
            }
        ),
        1 => invalid.prop_map(DateLine::Invalid),
    ]
}

fn date_lines(last_modified: i64) -> impl Strategy<Value = Option<Vec<DateLine>>> {
    prop_oneof![
        3 => Just(None),
        3 => vec(date_line(last_modified), 1..2).prop_map(Some),
        1 => vec(date_line(last_modified), 2..3).prop_map(Some),
    ]
}

pub fn preconditions(last_modified: i64) -> impl Strategy<Value = Preconditions> {
    (
        tag_lines(),
        tag_lines(),
        date_lines(last_modified),
        date_lines(last_modified),
    )
        .prop_map(
            |(if_match, if_none_match, if_modified_since, if_unmodified_since)| Preconditions {
                if_match,
                if_none_match,
                if_modified_since,
                if_unmodified_since,
            },
        )
}
