//! Patched (code-runtime-boa), new: Comparing strings as ICU's root collation does for Latin text
//! (`Intl.Collator`, `String.prototype.localeCompare`), level by level: first the letters without
//! regard to accents or case (`a` < `B`, `é` beside `e`, `ß` as `ss`, `æ` as `ae`), with
//! whitespace, punctuation, symbols and digits before letters in ICU's order; then the accents, in
//! ICU's order of them (acute before grave); then case (lowercase first). The tables cover Latin-1
//! and Latin Extended-A; other letters compare by their lowercase code point, after Latin. Control
//! and format characters are ignored, as in ICU. Options: `sensitivity`, `numeric` (digit runs
//! compare as numbers, `item2` < `item10`), `caseFirst` and `ignorePunctuation`.

use std::cmp::Ordering;

use icu_normalizer::DecomposingNormalizerBorrowed;

use super::Options;
use crate::{Context, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.Collator";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sensitivity {
    Base,
    Accent,
    Case,
    Variant,
}

/// A resolved `Intl.Collator`.
#[derive(Debug, Clone)]
pub(crate) struct Collator {
    locale: JsString,
    sensitivity: Sensitivity,
    numeric: bool,
    upper_first: bool,
    case_first: &'static str,
    ignore_punctuation: bool,
}

/// Languages whose CLDR collation is the root one this module implements.
pub(crate) fn accepts_locale(tag: &str) -> bool {
    let mut subtags = tag.split('-');
    let language = subtags.next().unwrap_or_default().to_ascii_lowercase();
    let region = subtags.next();
    subtags.next().is_none()
        && ["de", "en", "fr", "it", "nl", "pt"].contains(&language.as_str())
        && region.is_none_or(|region| region.len() == 2 && !(language == "fr" && region.eq_ignore_ascii_case("CA")))
}

impl Collator {
    /// InitializeCollator.
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, accepts_locale, context)?;
        let options = Options::coerce(options, SERVICE, context)?;
        if let Some(usage) = options.string("usage", &["sort", "search"], context)? {
            if usage == "search" {
                return Err(options.unsupported("usage", usage, "use 'sort' (the default)"));
            }
        }
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        if let Some(collation) = options.text("collation", context)? {
            if collation != "default" {
                return Err(options.unsupported("collation", &collation, "leave it out (the root collation is the only one)"));
            }
        }
        let numeric = options.boolean("numeric", context)?.unwrap_or(false);
        let case_first = options.string("caseFirst", &["upper", "lower", "false"], context)?.unwrap_or("false");
        let sensitivity = match options.string("sensitivity", &["base", "accent", "case", "variant"], context)? {
            Some("base") => Sensitivity::Base,
            Some("accent") => Sensitivity::Accent,
            Some("case") => Sensitivity::Case,
            _ => Sensitivity::Variant,
        };
        let ignore_punctuation = options.boolean("ignorePunctuation", context)?.unwrap_or(false);
        Ok(Self { locale, sensitivity, numeric, upper_first: case_first == "upper", case_first, ignore_punctuation })
    }

    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        let sensitivity = match self.sensitivity {
            Sensitivity::Base => "base",
            Sensitivity::Accent => "accent",
            Sensitivity::Case => "case",
            Sensitivity::Variant => "variant",
        };
        let properties: [(&str, JsValue); 7] = [
            ("locale", self.locale.clone().into()),
            ("usage", js_string!("sort").into()),
            ("sensitivity", js_string!(sensitivity).into()),
            ("ignorePunctuation", self.ignore_punctuation.into()),
            ("collation", js_string!("default").into()),
            ("numeric", self.numeric.into()),
            ("caseFirst", js_string!(self.case_first).into()),
        ];
        for (name, value) in properties {
            object.create_data_property_or_throw(js_string!(name), value, context)?;
        }
        Ok(object)
    }

    /// Compares level by level, each a stream over both texts: the primary level decides
    /// unless the texts are equal there, then accents, then case. Nothing is built per text,
    /// only per element (a huge string once took 72 bytes per character here: 3 GiB for a
    /// 2^26-character compare), and every element counts a step, so a budget stops a long
    /// compare.
    pub(crate) fn compare(&self, a: &JsString, b: &JsString, context: &mut Context) -> JsResult<Ordering> {
        let primary = self.compare_level(a, b, context, Level::Primary)?;
        if primary.is_ne() || self.sensitivity == Sensitivity::Base {
            return Ok(primary);
        }
        match self.sensitivity {
            Sensitivity::Accent => self.compare_level(a, b, context, Level::Secondary),
            Sensitivity::Case => self.compare_level(a, b, context, Level::Case),
            Sensitivity::Variant | Sensitivity::Base => match self.compare_level(a, b, context, Level::Secondary)? {
                Ordering::Equal => self.compare_level(a, b, context, Level::Tertiary),
                order => Ok(order),
            },
        }
    }

    /// The first difference between the texts' elements on one level; on the primary level, a
    /// text that ends first is less.
    fn compare_level(&self, a: &JsString, b: &JsString, context: &mut Context, level: Level) -> JsResult<Ordering> {
        let (mut a, mut b) = (self.elements(a, level), self.elements(b, level));
        loop {
            context.count_steps(1)?;
            let order = match (a.next(), b.next()) {
                (Some(a), Some(b)) => match level {
                    Level::Primary => a.primary.cmp(&b.primary),
                    Level::Secondary => a.accents.cmp(&b.accents),
                    Level::Case => a.case_key(self.upper_first).cmp(&b.case_key(self.upper_first)),
                    Level::Tertiary => a.tertiary_key(self.upper_first).cmp(&b.tertiary_key(self.upper_first)),
                },
                (None, None) => return Ok(Ordering::Equal),
                (Some(_), None) if level == Level::Primary => Ordering::Greater,
                (None, Some(_)) if level == Level::Primary => Ordering::Less,
                (Some(_), None) | (None, Some(_)) => return Ok(Ordering::Equal),
            };
            if order.is_ne() {
                return Ok(order);
            }
        }
    }
}

impl Collator {
    /// A text's elements; on the primary level, only those with a primary weight.
    fn elements<'a>(&'a self, text: &'a JsString, level: Level) -> impl Iterator<Item = Element> + 'a {
        let normalizer = DecomposingNormalizerBorrowed::new_nfd();
        Elements::new(normalizer.normalize_iter(text.as_str().code_points_lossy()), self)
            .filter(move |element| level != Level::Primary || element.primary.is_some())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Primary,
    Secondary,
    Case,
    Tertiary,
}

/// One unit of comparison: a letter (or, with `numeric`, a run of digits, or a symbol) with its
/// accents and case.
#[derive(Clone)]
struct Element {
    /// `None` for a combining mark with no letter before it: it has accents only.
    primary: Option<Primary>,
    accents: Vec<u16>,
    upper: bool,
    /// A compatibility variant (`ß`, `æ`, `ĳ`: after the plain letters at the third level) or
    /// a modifier letter (`ª`, after uppercase).
    variant: Variant,
    /// For a space or a hyphen that ICU tells from others only on the third level.
    third_level_place: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Variant {
    Plain,
    Compatibility,
    Modifier,
}

impl Element {
    fn case_key(&self, upper_first: bool) -> bool {
        self.upper != upper_first
    }

    fn tertiary_key(&self, upper_first: bool) -> (u8, bool, Variant, u8) {
        match self.variant {
            Variant::Modifier => (1, false, Variant::Modifier, 0),
            variant => (0, self.case_key(upper_first), variant, self.third_level_place),
        }
    }
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Primary {
    /// Whitespace, punctuation, symbols and currency signs, by their place in ICU's order.
    Symbol(u32),
    /// A run of digits without its leading zeros; a longer run is a larger number.
    Number(usize, String),
    /// A letter: its base letter's code point, times four, plus its place among the letters
    /// ICU sorts right after that one (`ı` after `i`).
    Letter(u32),
}

/// The elements of a decomposed text, one at a time.
struct Elements<'c, I: Iterator<Item = char>> {
    chars: std::iter::Peekable<I>,
    collator: &'c Collator,
    /// The elements after the first of a character that expands (`ß` to `s` `s`), last first.
    pending: Vec<Element>,
}

impl<'c, I: Iterator<Item = char>> Elements<'c, I> {
    fn new(chars: I, collator: &'c Collator) -> Self {
        Self { chars: chars.peekable(), collator, pending: Vec::new() }
    }
}

impl<I: Iterator<Item = char>> Iterator for Elements<'_, I> {
    type Item = Element;

    fn next(&mut self) -> Option<Element> {
        if let Some(element) = self.pending.pop() {
            return Some(element);
        }
        let c = loop {
            let c = self.chars.next()?;
            if !is_ignorable(c) && !(self.collator.ignore_punctuation && is_variable(c)) {
                break c;
            }
        };
        let upper = c.is_uppercase();
        let mut element = Element { primary: None, accents: Vec::new(), upper, variant: Variant::Plain, third_level_place: 0 };
        if let Some(rank) = mark_rank(c) {
            // A mark with no letter before it.
            element.accents.push(rank);
        } else if self.collator.numeric && c.is_ascii_digit() {
            let mut run = String::from(c);
            while let Some(next) = self.chars.next_if(char::is_ascii_digit) {
                run.push(next);
            }
            let significant = run.trim_start_matches('0').to_owned();
            element.primary = Some(Primary::Number(significant.len(), significant));
        } else if c.is_ascii_digit() {
            element.primary = Some(Primary::Number(1, c.to_string()));
        } else if let Some((primary, accent, second, variant)) = special_letter(c) {
            element.primary = Some(primary);
            element.accents.extend(accent);
            element.variant = variant;
            if let Some(second) = second {
                self.pending.push(Element { primary: Some(letter(second, 0)), accents: Vec::new(), upper, variant, third_level_place: 0 });
            }
        } else if c.is_alphabetic() {
            let lower = c.to_lowercase().next().unwrap_or(c);
            element.primary = Some(Primary::Letter(u32::from(lower) * 4));
        } else if let Some(count) = match c {
            '\u{2025}' => Some(2),
            '\u{2026}' => Some(3),
            _ => None,
        } {
            // Two and three dot leaders are that many full stops, a third-level variant of them.
            element.primary = Some(Primary::Symbol(symbol_rank('.')));
            element.variant = Variant::Compatibility;
            self.pending = (1..count).map(|_| element.clone()).collect();
        } else {
            let (rank, place) = symbol(c);
            element.primary = Some(Primary::Symbol(rank));
            match place {
                0 => {}
                1..100 => element.accents.push(u16::from(place)),
                _ => element.third_level_place = place - 100,
            }
        }
        while let Some(&next) = self.chars.peek() {
            let Some(rank) = mark_rank(next) else { break };
            self.chars.next();
            if is_ignorable(next) {
                continue;
            }
            if let Some(pending) = self.pending.first_mut() {
                pending.accents.push(rank);
            } else {
                element.accents.push(rank);
            }
        }
        Some(element)
    }
}

fn letter(base: char, after: u32) -> Primary {
    Primary::Letter(u32::from(base) * 4 + after)
}

/// Letters that do not decompose into a base letter and marks, as ICU sorts them: the letter
/// they sort as (`ı` as a letter of its own right after `i`), the accent they add, a second
/// letter for a ligature (`ß` is `s` `s`), and their third-level variant.
fn special_letter(c: char) -> Option<(Primary, Option<u16>, Option<char>, Variant)> {
    use Variant::{Compatibility, Modifier, Plain};
    let stroke = Some(MARKS[0x35]);
    let (base, after, accent, second, variant) = match c.to_lowercase().next().unwrap_or(c) {
        'ß' => ('s', 0, Some(SHARP_S), Some('s'), Compatibility),
        'æ' => ('a', 0, Some(LIGATURE), Some('e'), Compatibility),
        'œ' => ('o', 0, Some(LIGATURE), Some('e'), Compatibility),
        'ĳ' => ('i', 0, None, Some('j'), Compatibility),
        'ø' => ('o', 0, Some(MARKS[0x38]), None, Plain),
        'đ' => ('d', 0, stroke, None, Plain),
        'ħ' => ('h', 0, stroke, None, Plain),
        'ł' => ('l', 0, stroke, None, Plain),
        'ð' => ('d', 0, Some(AFTER_DOUBLE_INVERTED_BREVE), None, Plain),
        'ŀ' => ('l', 0, Some(AFTER_DOUBLE_INVERTED_BREVE), None, Plain),
        'ſ' => ('s', 0, Some(AFTER_DOUBLE_INVERTED_BREVE), None, Compatibility),
        'ª' => ('a', 0, None, None, Modifier),
        'º' => ('o', 0, None, None, Modifier),
        'ı' => ('i', 1, None, None, Plain),
        'ĸ' => ('q', 1, None, None, Plain),
        'ŋ' => ('n', 1, None, None, Plain),
        'ŧ' => ('t', 1, None, None, Plain),
        'þ' => ('z', 1, None, None, Plain),
        _ => return None,
    };
    Some((letter(base, after), accent, second, variant))
}

/// Control and format characters (and the combining grapheme joiner), which ICU ignores.
fn is_ignorable(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{85}'))
        || matches!(c, '\u{ad}' | '\u{34f}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// Whitespace and punctuation, which `ignorePunctuation` ignores (ICU's variable characters).
fn is_variable(c: char) -> bool {
    matches!(c, '\u{2025}' | '\u{2026}') || symbol_rank(c) <= LAST_PUNCTUATION
}

/// A symbol's place in ICU's order; characters the table does not know come after those it
/// does, by code point, and before digits.
fn symbol_rank(c: char) -> u32 {
    symbol(c).0
}

/// A symbol's rank and its place among the symbols of that rank (see `SYMBOLS`).
fn symbol(c: char) -> (u32, u8) {
    match SYMBOLS.binary_search_by_key(&u32::from(c), |(code, ..)| *code) {
        Ok(index) => (u32::from(SYMBOLS[index].1), SYMBOLS[index].2),
        Err(_) if c.is_whitespace() => (u32::from(SPACE_RANK), 0),
        Err(_) => (SYMBOLS_END + u32::from(c), 0),
    }
}

/// The accent a combining mark adds, by its place in ICU's order of accents; `None` for a
/// character that is not a combining mark.
fn mark_rank(c: char) -> Option<u16> {
    let code = u32::from(c);
    if (0x300..=0x36f).contains(&code) {
        return Some(MARKS[(code - 0x300) as usize]);
    }
    let combining = matches!(c, '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}');
    combining.then(|| 1000 + (code & 0x7fff) as u16)
}

/// The accent of each combining mark U+0300-U+036F, by its place in ICU's order of accents
/// (even numbers; equal for marks ICU does not tell apart).
#[rustfmt::skip]
static MARKS: [u16; 112] = [
    12, 10, 16, 30, 40, 50, 14, 32, 24, 52, 20, 28, 18, 42, 42, 54,
    56, 58, 42, 6, 8, 42, 44, 44, 44, 44, 42, 60, 44, 44, 44, 44,
    44, 62, 64, 66, 68, 70, 72, 36, 38, 44, 44, 44, 44, 74, 76, 44,
    78, 80, 4, 44, 82, 48, 46, 46, 34, 84, 44, 44, 44, 42, 42, 42,
    12, 10, 22, 6, 26, 86, 42, 44, 44, 44, 42, 42, 42, 44, 44, 2,
    42, 42, 42, 44, 44, 44, 44, 42, 88, 44, 44, 42, 44, 42, 42, 44,
    90, 92, 44, 94, 100, 104, 108, 114, 96, 98, 102, 106, 110, 112, 116, 118,
];
/// The accents of letters that carry one without a mark, between two marks' ranks.
const LIGATURE: u16 = 99;
const SHARP_S: u16 = 111;
const AFTER_DOUBLE_INVERTED_BREVE: u16 = 93;

/// Whitespace, punctuation, symbols and currency signs of Latin-1, General Punctuation and
/// Currency Symbols (and a few arrows and math signs), in ICU's order: (code point, rank, and
/// for characters ICU tells apart only after the first level, their place among those of the
/// same rank: below 100 on the second level, from 100 on the third).
#[rustfmt::skip]
static SYMBOLS: [(u32, u16, u8); 188] = [
    (0x9, 0, 0), (0xa, 1, 0), (0xb, 2, 0), (0xc, 3, 0), (0xd, 4, 0), (0x20, 8, 0), (0x21, 23, 0),
    (0x22, 46, 0), (0x23, 69, 0), (0x24, 129, 0), (0x25, 70, 0), (0x26, 67, 0), (0x27, 43, 0),
    (0x28, 49, 0), (0x29, 50, 0), (0x2a, 62, 0), (0x2b, 109, 0), (0x2c, 19, 0), (0x2d, 12, 0),
    (0x2e, 32, 0), (0x2f, 65, 0), (0x3a, 22, 0), (0x3b, 20, 0), (0x3c, 113, 0), (0x3d, 114, 0),
    (0x3e, 115, 0), (0x3f, 27, 0), (0x40, 61, 0), (0x5b, 51, 0), (0x5c, 66, 0), (0x5d, 52, 0),
    (0x5e, 98, 0), (0x5f, 10, 0), (0x60, 96, 0), (0x7b, 53, 0), (0x7c, 117, 0), (0x7d, 54, 0),
    (0x7e, 119, 0), (0x85, 5, 0), (0xa0, 8, 112), (0xa1, 26, 0), (0xa2, 128, 0), (0xa3, 130, 0),
    (0xa4, 127, 0), (0xa5, 131, 0), (0xa6, 118, 0), (0xa7, 58, 0), (0xa8, 100, 0), (0xa9, 103, 0),
    (0xab, 47, 0), (0xac, 116, 0), (0xae, 104, 0), (0xaf, 99, 0), (0xb0, 102, 0), (0xb1, 110, 0),
    (0xb4, 97, 0), (0xb6, 59, 0), (0xb7, 33, 0), (0xb8, 101, 0), (0xbb, 48, 0), (0xbf, 30, 0),
    (0xd7, 112, 0), (0xf7, 111, 0), (0x2000, 8, 101), (0x2001, 8, 102), (0x2002, 8, 103),
    (0x2003, 8, 104), (0x2004, 8, 105), (0x2005, 8, 106), (0x2006, 8, 107), (0x2007, 8, 113),
    (0x2008, 8, 108), (0x2009, 8, 109), (0x200a, 8, 110), (0x2010, 13, 0), (0x2011, 13, 101),
    (0x2012, 14, 0), (0x2013, 15, 0), (0x2014, 16, 0), (0x2015, 17, 0), (0x2016, 57, 0),
    (0x2017, 11, 0), (0x2018, 43, 1), (0x2019, 43, 2), (0x201a, 43, 3), (0x201b, 43, 4),
    (0x201c, 46, 1), (0x201d, 46, 2), (0x201e, 46, 3), (0x201f, 46, 4), (0x2020, 73, 0),
    (0x2021, 74, 0), (0x2022, 75, 0), (0x2023, 76, 0), (0x2024, 32, 101), (0x2027, 77, 0),
    (0x2028, 6, 0), (0x2029, 7, 0), (0x202f, 8, 114), (0x2030, 71, 0), (0x2031, 72, 0),
    (0x2032, 81, 0), (0x2033, 82, 0), (0x2034, 83, 0), (0x2035, 85, 0), (0x2036, 86, 0),
    (0x2037, 87, 0), (0x2038, 88, 0), (0x2039, 44, 0), (0x203a, 45, 0), (0x203b, 89, 0),
    (0x203c, 24, 0), (0x203d, 31, 0), (0x203e, 9, 0), (0x203f, 90, 0), (0x2040, 92, 0),
    (0x2041, 94, 0), (0x2042, 95, 0), (0x2043, 78, 0), (0x2044, 122, 0), (0x2045, 55, 0),
    (0x2046, 56, 0), (0x2047, 29, 0), (0x2048, 28, 0), (0x2049, 25, 0), (0x204a, 68, 0),
    (0x204b, 60, 0), (0x204c, 79, 0), (0x204d, 80, 0), (0x204e, 63, 0), (0x204f, 21, 0),
    (0x2050, 93, 0), (0x2051, 64, 0), (0x2052, 121, 0), (0x2053, 18, 0), (0x2054, 91, 0),
    (0x2055, 34, 0), (0x2056, 35, 0), (0x2057, 84, 0), (0x2058, 36, 0), (0x2059, 37, 0),
    (0x205a, 38, 0), (0x205b, 39, 0), (0x205c, 40, 0), (0x205d, 41, 0), (0x205e, 42, 0),
    (0x205f, 8, 111), (0x20a0, 132, 0), (0x20a1, 133, 0), (0x20a2, 134, 0), (0x20a3, 135, 0),
    (0x20a4, 136, 0), (0x20a5, 137, 0), (0x20a6, 138, 0), (0x20a9, 139, 0), (0x20aa, 140, 0),
    (0x20ab, 141, 0), (0x20ac, 142, 0), (0x20ad, 143, 0), (0x20ae, 144, 0), (0x20af, 145, 0),
    (0x20b0, 146, 0), (0x20b1, 147, 0), (0x20b2, 148, 0), (0x20b3, 149, 0), (0x20b4, 150, 0),
    (0x20b5, 151, 0), (0x20b6, 152, 0), (0x20b7, 153, 0), (0x20b8, 154, 0), (0x20b9, 155, 0),
    (0x20ba, 156, 0), (0x20bb, 157, 0), (0x20bc, 158, 0), (0x20bd, 159, 0), (0x20be, 160, 0),
    (0x20bf, 161, 0), (0x20c0, 162, 0), (0x2190, 105, 0), (0x2191, 107, 0), (0x2192, 106, 0),
    (0x2193, 108, 0), (0x2212, 120, 0), (0x221e, 123, 0), (0x2260, 114, 1), (0x2264, 124, 0),
    (0x2265, 125, 0), (0x2713, 126, 0),
];
/// The rank of a space; the last rank of punctuation (`ignorePunctuation` ignores up to it);
/// where characters the table does not know start.
const SPACE_RANK: u16 = 8;
const LAST_PUNCTUATION: u32 = 95;
const SYMBOLS_END: u32 = 163;
