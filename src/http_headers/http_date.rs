//! Reading an HTTP-date (RFC 9110 §5.6.7) in any of its three formats, for the date
//! preconditions and the audit's reading of Last-Modified. `httpdate` reads IMF-fixdate and
//! asctime for the years 1970-9999 and reads an rfc850-date's two-digit year as 1970-2069;
//! RFC 9110 asks for more on both counts:
//!
//! - a valid date before 1970 is still a date (`If-Unmodified-Since: ... 1969` must fail
//!   against a card modified in 1970, not be ignored);
//! - a two-digit year is the one in the current century unless that is more than 50 years
//!   in the future, then the century before.
//!
//! So each format is first rewritten as an IMF-fixdate with its full year, and a year before
//! 1970 is read 400·k years later and moved back: the Gregorian calendar repeats every 400
//! years (146,097 days, whole weeks), weekdays included. `httpdate` still checks every field,
//! the weekday against the date too.

use std::time::{Duration, SystemTime};

const DAYS_IN_400_YEARS: u64 = 146_097;
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// The instant `text` names, or `None` when it is not a valid HTTP-date. `now` decides the
/// century of a two-digit year.
pub(crate) fn parse(text: &str, now: SystemTime) -> Option<SystemTime> {
    let text = text.trim_matches([' ', '\t']);
    if !text.is_ascii() {
        return None;
    }
    let imf = as_imf_fixdate(text.as_bytes(), now)?;
    if !imf[12..16].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let year: u64 = std::str::from_utf8(&imf[12..16]).ok()?.parse().ok()?;
    let cycles = if year < 1970 {
        (1970 - year).div_ceil(400)
    } else {
        0
    };
    let mut shifted = imf;
    shifted.splice(12..16, format!("{:04}", year + 400 * cycles).into_bytes());
    let time = httpdate::parse_http_date(std::str::from_utf8(&shifted).ok()?).ok()?;
    time.checked_sub(Duration::from_secs(cycles * DAYS_IN_400_YEARS * 86_400))
}

/// The same date as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), when `s` has the shape
/// of one of the three formats; the fields themselves are checked later.
fn as_imf_fixdate(s: &[u8], now: SystemTime) -> Option<Vec<u8>> {
    match s.len() {
        // IMF-fixdate already.
        29 if s[3] == b',' => Some(s.to_vec()),
        // asctime-date: `Sun Nov  6 08:49:37 1994`
        24 if s[3] == b' ' && s[7] == b' ' && s[10] == b' ' && s[19] == b' ' => {
            let day = if s[8] == b' ' { b'0' } else { s[8] };
            let mut out = Vec::with_capacity(29);
            out.extend_from_slice(&s[..3]);
            out.extend_from_slice(b", ");
            out.extend_from_slice(&[day, s[9], b' ']);
            out.extend_from_slice(&s[4..7]);
            out.push(b' ');
            out.extend_from_slice(&s[20..24]);
            out.extend_from_slice(&s[10..19]);
            out.extend_from_slice(b" GMT");
            Some(out)
        }
        // rfc850-date: `Sunday, 06-Nov-94 08:49:37 GMT`
        _ => {
            let weekday = WEEKDAYS
                .iter()
                .find(|w| s.starts_with(w.as_bytes()) && s[w.len()..].starts_with(b", "))?;
            let rest = &s[weekday.len() + 2..];
            if rest.len() != 22 || rest[2] != b'-' || rest[6] != b'-' || rest[9] != b' ' {
                return None;
            }
            let two_digits = std::str::from_utf8(&rest[7..9]).ok()?;
            if !two_digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let year = full_year(two_digits.parse().ok()?, now);
            let mut out = Vec::with_capacity(29);
            out.extend_from_slice(&weekday.as_bytes()[..3]);
            out.extend_from_slice(b", ");
            out.extend_from_slice(&rest[..2]);
            out.push(b' ');
            out.extend_from_slice(&rest[3..6]);
            out.push(b' ');
            out.extend_from_slice(format!("{year:04}").as_bytes());
            out.extend_from_slice(&rest[9..]);
            Some(out)
        }
    }
}

/// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years in the future is the
/// most recent past year with those last two digits.
fn full_year(two_digits: u64, now: SystemTime) -> u64 {
    let now_year: u64 = httpdate::fmt_http_date(now)[12..16].parse().unwrap_or(1970);
    let year = now_year - now_year % 100 + two_digits;
    if year > now_year + 50 {
        year - 100
    } else {
        year
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400;

    fn now() -> SystemTime {
        // Sun, 29 Nov 2026 00:00:00 GMT
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_910_400)
    }

    fn secs(text: &str) -> Option<i128> {
        let time = parse(text, now())?;
        Some(match time.duration_since(SystemTime::UNIX_EPOCH) {
            Ok(after) => i128::from(after.as_secs()),
            Err(before) => -i128::from(before.duration().as_secs()),
        })
    }

    #[test]
    fn the_three_formats_name_the_same_instant() {
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            " \tSun, 06 Nov 1994 08:49:37 GMT ",
        ] {
            assert_eq!(secs(text), Some(784_111_777), "{text}");
        }
    }

    #[test]
    fn dates_before_1970_are_dates() {
        assert_eq!(secs("Wed, 31 Dec 1969 23:59:59 GMT"), Some(-1));
        assert_eq!(secs("Wed Dec 31 23:59:59 1969"), Some(-1));
        // 0001-01-01 is a Monday in the proleptic Gregorian calendar.
        assert_eq!(secs("Mon, 01 Jan 0001 00:00:00 GMT"), Some(-62_135_596_800));
        // The weekday is still checked.
        assert_eq!(secs("Tue, 31 Dec 1969 23:59:59 GMT"), None);
    }

    #[test]
    fn two_digit_years_follow_the_fifty_year_rule() {
        // In 2026, 70 is 2070 (44 years ahead), 77 is 1977 (2077 would be 51 years ahead).
        let y2070 = secs("Wednesday, 01-Jan-70 00:00:00 GMT").unwrap();
        assert_eq!(y2070, 3_155_760_000);
        assert_eq!(
            secs("Thursday, 01-Jan-70 00:00:00 GMT"),
            None,
            "1970's weekday"
        );
        assert_eq!(
            secs("Saturday, 01-Jan-77 00:00:00 GMT"),
            Some(i128::from(7 * 365 * DAY + 2 * DAY))
        );
    }

    #[test]
    fn not_dates() {
        for text in [
            "",
            "yesterday",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-9x 08:49:37 GMT",
            "Sunday, 06-Nov-+4 08:49:37 GMT",
            "Sun, 06 Nov -994 08:49:37 GMT",
            "Sun Nov  6 08:49:37 +994",
            "Sün, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT, Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT x",
        ] {
            assert_eq!(secs(text), None, "{text:?}");
        }
    }
}
