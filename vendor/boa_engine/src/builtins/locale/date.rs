//! Patched (code-runtime-boa), new: Dates as en-US formats them in UTC, the realm's only time zone
//! (`Intl.DateTimeFormat`, `Date.prototype.toLocaleString`, `toLocaleDateString`,
//! `toLocaleTimeString`): `dateStyle` and `timeStyle`, the fields `weekday`, `year`, `month`,
//! `day`, `hour`, `minute`, `second` in every width, `fractionalSecondDigits` beside seconds,
//! `hour12`/`hourCycle`, `timeZoneName`, and `timeZone` for UTC and its aliases. The patterns are
//! those ICU 78's pattern generator picks for en-US (quirks included: `{ year, day }` is `2024
//! (day: 5)`). Refused, naming the option: another time zone, `era`, `dayPeriod`, a calendar other
//! than `gregory` and a numbering system other than `latn`.

use super::Options;
use crate::builtins::date::utils::{
    date_from_time, hour_from_time, min_from_time, month_from_time, ms_from_time, sec_from_time, year_from_time,
};
use crate::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.DateTimeFormat";

/// The time zone names Node resolves to UTC.
const UTC_NAMES: [&str; 16] = [
    "UTC",
    "Etc/UTC",
    "Etc/UCT",
    "UCT",
    "Etc/Universal",
    "Universal",
    "Etc/Zulu",
    "Zulu",
    "GMT",
    "Etc/GMT",
    "Etc/GMT+0",
    "Etc/GMT-0",
    "Etc/GMT0",
    "GMT+0",
    "GMT-0",
    "GMT0",
];

const MONTHS: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

#[derive(Debug, Clone, Copy, PartialEq)]
enum Text {
    Long,
    Short,
    Narrow,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Width {
    Numeric,
    TwoDigit,
    Text(Text),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum HourCycle {
    H11,
    H12,
    H23,
    H24,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum ZoneName {
    Short,
    Long,
    ShortOffset,
    LongOffset,
    ShortGeneric,
    LongGeneric,
}

const ZONE_NAMES: [&str; 6] = ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"];
const STYLES: [&str; 4] = ["full", "long", "medium", "short"];

/// Which fields a `toLocale*String` needs and which it adds when none is given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Required {
    Date,
    Time,
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Defaults {
    Date,
    Time,
    All,
}

/// One piece of a pattern.
#[derive(Debug, Clone, PartialEq)]
#[allow(variant_size_differences, reason = "a pattern is a dozen tokens")]
enum Token {
    Literal(&'static str),
    Weekday(Text),
    Year(Width),
    Month(Width),
    Day(Width),
    /// Padded to two digits or not.
    Hour(bool),
    Minute(bool),
    Second(bool),
    Fraction(u32),
    DayPeriod,
    Zone(ZoneName),
}

/// A resolved `Intl.DateTimeFormat`: its pattern and what `resolvedOptions()` reports.
#[derive(Debug, Clone)]
pub(crate) struct DateTimeFormat {
    locale: JsString,
    pattern: Vec<Token>,
    hour_cycle: Option<HourCycle>,
    styles: Option<(Option<usize>, Option<usize>)>,
}

/// The fields asked for, each `None` when absent.
#[derive(Debug, Default, Clone, Copy)]
struct Fields {
    weekday: Option<Text>,
    year: Option<Width>,
    month: Option<Width>,
    day: Option<Width>,
    hour: Option<Width>,
    minute: Option<Width>,
    second: Option<Width>,
    fraction: Option<u32>,
    zone: Option<ZoneName>,
}

impl DateTimeFormat {
    /// CreateDateTimeFormat: reads `options` in ECMA-402's order.
    pub(crate) fn new(
        locales: &JsValue,
        options: &JsValue,
        required: Required,
        defaults: Defaults,
        context: &mut Context,
    ) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, super::english_only, context)?;
        let options = Options::coerce(options, SERVICE, context)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        if let Some(calendar) = options.text("calendar", context)? {
            if calendar != "gregory" {
                return Err(options.unsupported("calendar", &calendar, "use 'gregory' (the only calendar it has)"));
            }
        }
        options.latin_digits(context)?;
        let hour12 = options.boolean("hour12", context)?;
        let hour_cycle = match options.string("hourCycle", &["h11", "h12", "h23", "h24"], context)? {
            Some("h11") => Some(HourCycle::H11),
            Some("h12") => Some(HourCycle::H12),
            Some("h23") => Some(HourCycle::H23),
            Some("h24") => Some(HourCycle::H24),
            _ => None,
        };
        // `hour12` wins over `hourCycle`; Node 20 takes `hour12: false` in en-US as h24.
        let hour_cycle = match hour12 {
            Some(true) => HourCycle::H12,
            Some(false) => HourCycle::H24,
            None => hour_cycle.unwrap_or(HourCycle::H12),
        };
        if let Some(zone) = options.text("timeZone", context)? {
            if !UTC_NAMES.iter().any(|name| name.eq_ignore_ascii_case(&zone)) {
                return Err(options.unsupported(
                    "timeZone",
                    &zone,
                    "dates are formatted in UTC only (timeZone: 'UTC', the realm's time zone)",
                ));
            }
        }
        let numeric = ["numeric", "2-digit"];
        let texts = ["narrow", "short", "long"];
        let width = |value: Option<&str>| match value {
            Some("numeric") => Some(Width::Numeric),
            Some("2-digit") => Some(Width::TwoDigit),
            Some("long") => Some(Width::Text(Text::Long)),
            Some("short") => Some(Width::Text(Text::Short)),
            Some("narrow") => Some(Width::Text(Text::Narrow)),
            _ => None,
        };
        let mut fields = Fields::default();
        fields.weekday = match width(options.string("weekday", &texts, context)?) {
            Some(Width::Text(text)) => Some(text),
            _ => None,
        };
        if let Some(era) = options.string("era", &texts, context)? {
            return Err(options.unsupported("era", era, "leave it out (years are shown without an era)"));
        }
        fields.year = width(options.string("year", &numeric, context)?);
        fields.month = width(options.string("month", &["numeric", "2-digit", "narrow", "short", "long"], context)?);
        fields.day = width(options.string("day", &numeric, context)?);
        if let Some(period) = options.string("dayPeriod", &texts, context)? {
            return Err(options.unsupported("dayPeriod", period, "leave it out (12-hour times show AM and PM)"));
        }
        fields.hour = width(options.string("hour", &numeric, context)?);
        fields.minute = width(options.string("minute", &numeric, context)?);
        fields.second = width(options.string("second", &numeric, context)?);
        fields.fraction = options.number("fractionalSecondDigits", 1, 3, context)?;
        fields.zone = options.string("timeZoneName", &ZONE_NAMES, context)?.map(|name| match name {
            "long" => ZoneName::Long,
            "shortOffset" => ZoneName::ShortOffset,
            "longOffset" => ZoneName::LongOffset,
            "shortGeneric" => ZoneName::ShortGeneric,
            "longGeneric" => ZoneName::LongGeneric,
            _ => ZoneName::Short,
        });
        options.string("formatMatcher", &["basic", "best fit"], context)?;
        let date_style = options.string("dateStyle", &STYLES, context)?.map(style_index);
        let time_style = options.string("timeStyle", &STYLES, context)?.map(style_index);

        if date_style.is_some() || time_style.is_some() {
            if required == Required::Date && time_style.is_some() {
                return Err(JsNativeError::typ().with_message("Invalid option : timeStyle").into());
            }
            if required == Required::Time && date_style.is_some() {
                return Err(JsNativeError::typ().with_message("Invalid option : dateStyle").into());
            }
            let explicit = [
                ("weekday", fields.weekday.is_some()),
                ("year", fields.year.is_some()),
                ("month", fields.month.is_some()),
                ("day", fields.day.is_some()),
                ("hour", fields.hour.is_some()),
                ("minute", fields.minute.is_some()),
                ("second", fields.second.is_some()),
                ("fractionalSecondDigits", fields.fraction.is_some()),
                ("timeZoneName", fields.zone.is_some()),
            ];
            if let Some((name, _)) = explicit.iter().find(|(_, given)| *given) {
                return Err(JsNativeError::typ()
                    .with_message(format!(
                        "Can't set option {name} when {} is used",
                        if date_style.is_some() { "dateStyle" } else { "timeStyle" }
                    ))
                    .into());
            }
            let pattern = style_pattern(date_style, time_style, hour_cycle);
            let hour_cycle = time_style.map(|_| hour_cycle);
            return Ok(Self { locale, pattern, hour_cycle, styles: Some((date_style, time_style)) });
        }

        let has_date = fields.weekday.is_some() || fields.year.is_some() || fields.month.is_some() || fields.day.is_some();
        let has_time = fields.hour.is_some() || fields.minute.is_some() || fields.second.is_some() || fields.fraction.is_some();
        let need_defaults = match required {
            Required::Date => !has_date,
            Required::Time => !has_time,
            Required::Any => !has_date && !has_time,
        };
        if need_defaults && matches!(defaults, Defaults::Date | Defaults::All) {
            fields.year = Some(Width::Numeric);
            fields.month = Some(Width::Numeric);
            fields.day = Some(Width::Numeric);
        }
        if need_defaults && matches!(defaults, Defaults::Time | Defaults::All) {
            fields.hour = Some(Width::Numeric);
            fields.minute = Some(Width::Numeric);
            fields.second = Some(Width::Numeric);
        }
        if fields.fraction.is_some() && (fields.second.is_none() || (fields.hour.is_some() && fields.minute.is_none())) {
            return Err(options.unsupported(
                "fractionalSecondDigits",
                &fields.fraction.unwrap_or_default().to_string(),
                "it is shown after seconds: ask for second (and minute, with an hour) too",
            ));
        }
        if fields.zone.is_some() && fields.hour.is_some() && fields.second.is_some() && fields.minute.is_none() {
            return Err(options.unsupported(
                "timeZoneName",
                ZONE_NAMES[fields.zone.unwrap_or(ZoneName::Short) as usize],
                "with an hour and a second, ask for the minute too",
            ));
        }
        let pattern = field_pattern(&fields, hour_cycle);
        let hour_cycle = fields.hour.map(|_| hour_cycle);
        Ok(Self { locale, pattern, hour_cycle, styles: None })
    }

    /// `format(date)`: RangeError for a time value outside the Date range. ICU puts a narrow
    /// no-break space before AM and PM; V8 gives `format` a plain space there (its parts keep
    /// the narrow one).
    pub(crate) fn format(&self, t: f64) -> JsResult<String> {
        Ok(self.parts(t)?.into_iter().map(|(_, text)| text).collect::<String>().replace('\u{202f}', " "))
    }

    pub(crate) fn parts(&self, t: f64) -> JsResult<Vec<(&'static str, String)>> {
        if !t.is_finite() || t.abs() > 8.64e15 {
            return Err(JsNativeError::range().with_message("Invalid time value").into());
        }
        let t = t.trunc();
        let hour = hour_from_time(t);
        let two = |n: u32, pad: bool| if pad { format!("{n:02}") } else { n.to_string() };
        let mut parts: Vec<(&'static str, String)> = Vec::with_capacity(self.pattern.len());
        for token in &self.pattern {
            let part = match token {
                Token::Literal(text) => ("literal", (*text).to_owned()),
                Token::Weekday(width) => {
                    let weekday = ((t / 86_400_000.0).floor() + 4.0).rem_euclid(7.0) as usize;
                    ("weekday", name(WEEKDAYS[weekday], *width))
                }
                Token::Year(width) => {
                    let year = year_from_time(t);
                    // Before year 1, the year of the era before it (1 BC for year 0).
                    let year = if year <= 0 { 1 - i64::from(year) } else { i64::from(year) };
                    let text = match width {
                        Width::TwoDigit => format!("{:02}", year % 100),
                        _ => year.to_string(),
                    };
                    ("year", text)
                }
                Token::Month(width) => {
                    let month = month_from_time(t);
                    let text = match width {
                        Width::Text(text) => name(MONTHS[usize::from(month)], *text),
                        width => two(u32::from(month) + 1, *width == Width::TwoDigit),
                    };
                    ("month", text)
                }
                Token::Day(width) => ("day", two(u32::from(date_from_time(t)), *width == Width::TwoDigit)),
                Token::Hour(pad) => {
                    let hour = u32::from(hour);
                    let hour = match self.hour_cycle.unwrap_or(HourCycle::H12) {
                        HourCycle::H11 => hour % 12,
                        HourCycle::H12 => (hour + 11) % 12 + 1,
                        HourCycle::H23 => hour,
                        HourCycle::H24 => (hour + 23) % 24 + 1,
                    };
                    ("hour", two(hour, *pad))
                }
                Token::Minute(pad) => ("minute", two(u32::from(min_from_time(t)), *pad)),
                Token::Second(pad) => ("second", two(u32::from(sec_from_time(t)), *pad)),
                Token::Fraction(digits) => {
                    let millis = format!("{:03}", ms_from_time(t));
                    ("fractionalSecond", millis[..*digits as usize].to_owned())
                }
                Token::DayPeriod => ("dayPeriod", (if hour < 12 { "AM" } else { "PM" }).to_owned()),
                Token::Zone(name) => {
                    let text = match name {
                        ZoneName::Short => "UTC",
                        ZoneName::Long => "Coordinated Universal Time",
                        ZoneName::ShortOffset | ZoneName::ShortGeneric => "GMT+0",
                        ZoneName::LongOffset | ZoneName::LongGeneric => "GMT+00:00",
                    };
                    ("timeZoneName", text.to_owned())
                }
            };
            // Adjacent literals are one part, as ICU gives them (`), ` after `(day: 5`).
            match (parts.last_mut(), part) {
                (Some(("literal", last)), ("literal", text)) => last.push_str(&text),
                (_, part) => parts.push(part),
            }
        }
        Ok(parts)
    }

    /// `resolvedOptions()`, with Node 20's properties in Node's order; field widths are those
    /// of the pattern (an hour shown with two digits is `2-digit`).
    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        let mut set = |name: &str, value: JsValue| object.create_data_property_or_throw(js_string!(name), value, context).map(|_| ());
        set("locale", self.locale.clone().into())?;
        set("calendar", js_string!("gregory").into())?;
        set("numberingSystem", js_string!("latn").into())?;
        set("timeZone", js_string!("UTC").into())?;
        if let Some(cycle) = self.hour_cycle {
            let (name, twelve) = match cycle {
                HourCycle::H11 => ("h11", true),
                HourCycle::H12 => ("h12", true),
                HourCycle::H23 => ("h23", false),
                HourCycle::H24 => ("h24", false),
            };
            set("hourCycle", js_string!(name).into())?;
            set("hour12", twelve.into())?;
        }
        if let Some((date, time)) = self.styles {
            if let Some(date) = date {
                set("dateStyle", js_string!(STYLES[date]).into())?;
            }
            if let Some(time) = time {
                set("timeStyle", js_string!(STYLES[time]).into())?;
            }
            return Ok(object);
        }
        // V8 reads the widths back from ICU's pattern, by searching it for each field's letters
        // (longest first), literal text included: `2024 (day: 5)` has a day, and
        // `Fri (month: J)` an hour and a minute (the `h` and `m` of "month").
        let pattern = self.icu_pattern();
        let fields: [(&str, &[(&str, &'static str)]); 9] = [
            ("weekday", &[("EEEEE", "narrow"), ("EEEE", "long"), ("EEE", "short")]),
            ("year", &[("yy", "2-digit"), ("y", "numeric")]),
            ("month", &[("MMMMM", "narrow"), ("MMMM", "long"), ("MMM", "short"), ("MM", "2-digit"), ("M", "numeric")]),
            ("day", &[("dd", "2-digit"), ("d", "numeric")]),
            (
                "hour",
                &[
                    ("HH", "2-digit"),
                    ("H", "numeric"),
                    ("hh", "2-digit"),
                    ("h", "numeric"),
                    ("kk", "2-digit"),
                    ("k", "numeric"),
                    ("KK", "2-digit"),
                    ("K", "numeric"),
                ],
            ),
            ("minute", &[("mm", "2-digit"), ("m", "numeric")]),
            ("second", &[("ss", "2-digit"), ("s", "numeric")]),
            ("fractionalSecondDigits", &[]),
            (
                "timeZoneName",
                &[
                    ("zzzz", "long"),
                    ("z", "short"),
                    ("OOOO", "longOffset"),
                    ("O", "shortOffset"),
                    ("vvvv", "longGeneric"),
                    ("v", "shortGeneric"),
                ],
            ),
        ];
        for (name, letters) in fields {
            if name == "fractionalSecondDigits" {
                if let Some(Token::Fraction(digits)) = self.pattern.iter().find(|t| matches!(t, Token::Fraction(_))) {
                    set(name, (*digits).into())?;
                }
            } else if let Some((_, width)) = letters.iter().find(|(letters, _)| pattern.contains(letters)) {
                set(name, js_string!(*width).into())?;
            }
        }
        Ok(object)
    }
}

impl DateTimeFormat {
    /// The pattern as ICU writes it (`EEEE, MMMM d, y`), its literal text unquoted.
    fn icu_pattern(&self) -> String {
        let hour = match self.hour_cycle.unwrap_or(HourCycle::H12) {
            HourCycle::H11 => 'K',
            HourCycle::H12 => 'h',
            HourCycle::H23 => 'H',
            HourCycle::H24 => 'k',
        };
        let repeat = |letter: char, count: usize| letter.to_string().repeat(count);
        let numeric = |letter: char, width: Width| repeat(letter, if width == Width::TwoDigit { 2 } else { 1 });
        self.pattern
            .iter()
            .map(|token| match token {
                Token::Literal(text) => (*text).to_owned(),
                Token::Weekday(text) => repeat('E', [4, 3, 5][*text as usize]),
                Token::Year(width) => numeric('y', *width),
                Token::Day(width) => numeric('d', *width),
                Token::Month(Width::Text(text)) => repeat('M', [4, 3, 5][*text as usize]),
                Token::Month(width) => numeric('M', *width),
                Token::Hour(pad) => repeat(hour, 1 + usize::from(*pad)),
                Token::Minute(pad) => repeat('m', 1 + usize::from(*pad)),
                Token::Second(pad) => repeat('s', 1 + usize::from(*pad)),
                Token::Fraction(digits) => repeat('S', *digits as usize),
                Token::DayPeriod => "a".to_owned(),
                Token::Zone(name) => ["z", "zzzz", "O", "OOOO", "v", "vvvv"][*name as usize].to_owned(),
            })
            .collect()
    }
}

fn style_index(style: &str) -> usize {
    STYLES.iter().position(|s| *s == style).unwrap_or(0)
}

fn name(full: &str, width: Text) -> String {
    match width {
        Text::Long => full.to_owned(),
        Text::Short => full[..3].to_owned(),
        Text::Narrow => full[..1].to_owned(),
    }
}

/// A pattern written with `{E}` `{y}` `{M}` `{d}` (the date fields at their asked widths),
/// `{h}` `{m}` `{s}` (hour, and minute and second padded), `{n}` `{S}` (minute and second
/// unpadded), `{a}` (AM/PM), `{f}` (fraction of a second) and `{z}` (zone name) as tokens.
fn tokens(template: &'static str, fields: &Fields, hour_padded: bool) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        if start > 0 {
            tokens.push(Token::Literal(&rest[..start]));
        }
        let field = rest.as_bytes()[start + 1];
        tokens.push(match field {
            b'E' => Token::Weekday(fields.weekday.unwrap_or(Text::Long)),
            b'y' => Token::Year(fields.year.unwrap_or(Width::Numeric)),
            b'M' => Token::Month(fields.month.unwrap_or(Width::Numeric)),
            b'd' => Token::Day(fields.day.unwrap_or(Width::Numeric)),
            b'h' => Token::Hour(hour_padded),
            b'm' => Token::Minute(true),
            b'n' => Token::Minute(false),
            b's' => Token::Second(true),
            b'S' => Token::Second(false),
            b'a' => Token::DayPeriod,
            b'f' => Token::Fraction(fields.fraction.unwrap_or(3)),
            _ => Token::Zone(fields.zone.unwrap_or(ZoneName::Short)),
        });
        rest = &rest[start + 3..];
    }
    if !rest.is_empty() {
        tokens.push(Token::Literal(rest));
    }
    tokens
}

/// The pattern for explicit fields: the date's, the time's, joined as ICU joins them.
fn field_pattern(fields: &Fields, cycle: HourCycle) -> Vec<Token> {
    let date = date_template(fields);
    let time = time_template(fields, cycle);
    let twelve_hour = matches!(cycle, HourCycle::H11 | HourCycle::H12);
    let hour_padded = !twelve_hour || fields.hour == Some(Width::TwoDigit);
    let mut pattern = date.map(|date| tokens(date, fields, hour_padded)).unwrap_or_default();
    // A long month joins what follows with ` at `; a weekday alone and an hour with its minute
    // (or a 12-hour hour alone) are one of en's own patterns (`Fri 1:07 PM`).
    let glue = if fields.month == Some(Width::Text(Text::Long)) { " at " } else { ", " };
    if let Some(time) = time {
        if !pattern.is_empty() {
            let weekday_only = fields.year.is_none() && fields.month.is_none() && fields.day.is_none();
            let with_weekday = weekday_only
                && fields.hour.is_some()
                && fields.zone.is_none()
                && (fields.minute.is_some() || (twelve_hour && fields.second.is_none()));
            pattern.push(Token::Literal(if with_weekday { " " } else { glue }));
        }
        pattern.extend(tokens(time, fields, hour_padded));
    }
    if let Some(zone) = fields.zone {
        pattern.push(Token::Literal(if time.is_none() { glue } else { " " }));
        pattern.push(Token::Zone(zone));
    }
    pattern
}

fn date_template(fields: &Fields) -> Option<&'static str> {
    let text_month = matches!(fields.month, Some(Width::Text(_)));
    let pick = |numeric: &'static str, text: &'static str| if text_month { text } else { numeric };
    Some(match (fields.weekday, fields.year.is_some(), fields.month.is_some(), fields.day.is_some()) {
        (None, false, false, false) => return None,
        (None, false, false, true) => "{d}",
        (None, false, true, false) => "{M}",
        (None, false, true, true) => pick("{M}/{d}", "{M} {d}"),
        (None, true, false, false) => "{y}",
        (None, true, false, true) if fields.year == Some(Width::TwoDigit) && fields.day == Some(Width::Numeric) => "{d} {y}",
        (None, true, false, true) => "{y} (day: {d})",
        (None, true, true, false) => pick("{M}/{y}", "{M} {y}"),
        (None, true, true, true) => pick("{M}/{d}/{y}", "{M} {d}, {y}"),
        (Some(_), false, false, false) => "{E}",
        (Some(_), false, false, true) => "{d} {E}",
        (Some(weekday), false, true, false) => match (weekday, fields.month) {
            (Text::Short, Some(Width::TwoDigit | Width::Text(Text::Long | Text::Narrow)))
            | (Text::Long, Some(Width::Text(Text::Narrow))) => "{E} (month: {M})",
            _ => "{M} {E}",
        },
        (Some(_), false, true, true) => pick("{E}, {M}/{d}", "{E}, {M} {d}"),
        (Some(Text::Short), true, false, false) if fields.year == Some(Width::TwoDigit) => "{E} {y}",
        (Some(_), true, false, false) => "{y} {E}",
        (Some(_), true, false, true) => "{d} {E} {y}",
        (Some(_), true, true, false) => pick("{M}/{y} {E}", "{M} {y} {E}"),
        (Some(_), true, true, true) => pick("{E}, {M}/{d}/{y}", "{E}, {M} {d}, {y}"),
    })
}

fn time_template(fields: &Fields, cycle: HourCycle) -> Option<&'static str> {
    let twelve_hour = matches!(cycle, HourCycle::H11 | HourCycle::H12);
    let fraction = fields.fraction.is_some();
    Some(match (fields.hour.is_some(), fields.minute.is_some(), fields.second.is_some()) {
        (false, false, false) => return None,
        (false, false, true) if fraction => "{S}.{f}",
        (false, false, true) => "{S}",
        (false, true, false) => "{n}",
        (false, true, true) if fraction => "{m}:{s}.{f}",
        (false, true, true) => "{m}:{s}",
        (true, false, false) if twelve_hour => "{h}\u{202f}{a}",
        (true, false, false) => "{h}",
        (true, false, true) if twelve_hour => "{h}\u{202f}{a} (second: {S})",
        (true, false, true) => match (cycle, fields.hour, fields.second) {
            (HourCycle::H23, Some(Width::Numeric), _) | (HourCycle::H23, _, Some(Width::TwoDigit)) => "{h} (second: {S})",
            _ => "{S} (hour: {h})",
        },
        (true, true, false) if twelve_hour => "{h}:{m}\u{202f}{a}",
        (true, true, false) => "{h}:{m}",
        (true, true, true) => match (twelve_hour, fraction) {
            (true, true) => "{h}:{m}:{s}.{f}\u{202f}{a}",
            (true, false) => "{h}:{m}:{s}\u{202f}{a}",
            (false, true) => "{h}:{m}:{s}.{f}",
            (false, false) => "{h}:{m}:{s}",
        },
    })
}

/// The patterns of `dateStyle` and `timeStyle` (indices into `STYLES`), joined with ` at ` after
/// a full or long date.
fn style_pattern(date: Option<usize>, time: Option<usize>, cycle: HourCycle) -> Vec<Token> {
    const DATE: [&str; 4] = ["{E}, {M} {d}, {y}", "{M} {d}, {y}", "{M} {d}, {y}", "{M}/{d}/{y}"];
    let date_fields = |style: usize| Fields {
        weekday: Some(Text::Long),
        year: Some(if style == 3 { Width::TwoDigit } else { Width::Numeric }),
        month: Some([Width::Text(Text::Long), Width::Text(Text::Long), Width::Text(Text::Short), Width::Numeric][style]),
        day: Some(Width::Numeric),
        ..Fields::default()
    };
    let twelve_hour = matches!(cycle, HourCycle::H11 | HourCycle::H12);
    let mut pattern = Vec::new();
    if let Some(style) = date {
        pattern = tokens(DATE[style], &date_fields(style), false);
    }
    if let Some(style) = time {
        if let Some(date) = date {
            pattern.push(Token::Literal(if date < 2 { " at " } else { ", " }));
        }
        let template = match (style, twelve_hour) {
            (3, true) => "{h}:{m}\u{202f}{a}",
            (3, false) => "{h}:{m}",
            (_, true) => "{h}:{m}:{s}\u{202f}{a}",
            (_, false) => "{h}:{m}:{s}",
        };
        pattern.extend(tokens(template, &Fields::default(), !twelve_hour));
        if style < 2 {
            pattern.push(Token::Literal(" "));
            pattern.push(Token::Zone(if style == 0 { ZoneName::Long } else { ZoneName::Short }));
        }
    }
    pattern
}
