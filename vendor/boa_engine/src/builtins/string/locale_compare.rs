//! Patched (code-runtime-boa), new: `String.prototype.localeCompare` without the `intl` feature,
//! close to ICU's root collation for Latin text: letters compare without regard to case or
//! accents first (`a` < `B` < `c`, `é` beside `e`), then by accents, then lowercase before
//! uppercase; whitespace < punctuation and symbols < digits < letters. Options: `sensitivity`
//! (`base` and `accent` ignore case, `base` also accents) and `numeric` (digit runs compare as
//! numbers, `item2` < `item10`). The locale argument is not consulted. Upstream compared UTF-16
//! code units (`B` < `a`) and ignored the options.

use std::cmp::Ordering;

use icu_normalizer::DecomposingNormalizerBorrowed;

use crate::{Context, JsNativeError, JsResult, JsString, JsValue, js_string};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Sensitivity {
    Base,
    Accent,
    Case,
    Variant,
}

pub(crate) struct Options {
    sensitivity: Sensitivity,
    numeric: bool,
}

impl Options {
    /// Reads the `options` argument of `localeCompare` (or of an `Intl.Collator`).
    pub(crate) fn read(options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let mut read = Self {
            sensitivity: Sensitivity::Variant,
            numeric: false,
        };
        let Some(options) = options.as_object() else {
            return Ok(read);
        };
        let sensitivity = options.get(js_string!("sensitivity"), context)?;
        if !sensitivity.is_undefined() {
            read.sensitivity = match sensitivity.to_string(context)?.to_std_string_escaped().as_str() {
                "base" => Sensitivity::Base,
                "accent" => Sensitivity::Accent,
                "case" => Sensitivity::Case,
                "variant" => Sensitivity::Variant,
                other => {
                    return Err(JsNativeError::range()
                        .with_message(format!(
                            "Value {other} out of range for Intl.Collator options property sensitivity"
                        ))
                        .into());
                }
            };
        }
        read.numeric = options.get(js_string!("numeric"), context)?.to_boolean();
        Ok(read)
    }
}

/// One unit of comparison: a character (or, with `numeric`, a run of digits) with its accents.
struct Element {
    primary: Primary,
    accents: Vec<char>,
    uppercase: bool,
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Primary {
    Space(char),
    Symbol(char),
    /// A run of digits without its leading zeros; a longer run is a larger number.
    Number(usize, String),
    Letter(char),
}

/// Compares level by level, each a stream over both texts: the primary level decides unless the
/// texts are equal there, then accents, then case. Nothing is built per text, only per element
/// (a huge string once took 72 bytes per character here: 3 GiB for a 2^26-character compare), and
/// every element counts a step, so a budget stops a long compare.
pub(crate) fn compare(
    a: &JsString,
    b: &JsString,
    options: &Options,
    context: &mut Context,
) -> JsResult<Ordering> {
    let level = |context: &mut Context, key: fn(&Element, &Element) -> Ordering, by_length| {
        compare_level(a, b, options.numeric, context, key, by_length)
    };
    let primary = level(context, |a, b| a.primary.cmp(&b.primary), true)?;
    if primary.is_ne() || options.sensitivity == Sensitivity::Base {
        return Ok(primary);
    }
    let accents = |context: &mut Context| level(context, |a, b| a.accents.cmp(&b.accents), false);
    // Lowercase sorts first, as in ICU's root collation.
    let case = |context: &mut Context| level(context, |a, b| a.uppercase.cmp(&b.uppercase), false);
    match options.sensitivity {
        Sensitivity::Accent => accents(context),
        Sensitivity::Case => case(context),
        Sensitivity::Variant | Sensitivity::Base => match accents(context)? {
            Ordering::Equal => case(context),
            order => Ok(order),
        },
    }
}

/// The first difference between the texts' elements on one level; with `by_length` (the primary
/// level), a text that ends first is less.
fn compare_level(
    a: &JsString,
    b: &JsString,
    numeric: bool,
    context: &mut Context,
    key: fn(&Element, &Element) -> Ordering,
    by_length: bool,
) -> JsResult<Ordering> {
    let normalizer = DecomposingNormalizerBorrowed::new_nfd();
    let mut a = Elements::new(normalizer.normalize_iter(a.as_str().code_points_lossy()), numeric);
    let mut b = Elements::new(normalizer.normalize_iter(b.as_str().code_points_lossy()), numeric);
    loop {
        context.count_steps(1)?;
        let order = match (a.next(), b.next()) {
            (Some(a), Some(b)) => key(&a, &b),
            (None, None) => return Ok(Ordering::Equal),
            (Some(_), None) if by_length => Ordering::Greater,
            (None, Some(_)) if by_length => Ordering::Less,
            (Some(_), None) | (None, Some(_)) => return Ok(Ordering::Equal),
        };
        if order.is_ne() {
            return Ok(order);
        }
    }
}

/// The elements of a decomposed text, one at a time.
struct Elements<I: Iterator<Item = char>> {
    chars: std::iter::Peekable<I>,
    numeric: bool,
}

impl<I: Iterator<Item = char>> Elements<I> {
    fn new(chars: I, numeric: bool) -> Self {
        Self {
            chars: chars.peekable(),
            numeric,
        }
    }
}

impl<I: Iterator<Item = char>> Iterator for Elements<I> {
    type Item = Element;

    fn next(&mut self) -> Option<Element> {
        // Combining marks go with the element before them; one that starts the text stands alone.
        let c = self.chars.next()?;
        let primary = if self.numeric && c.is_ascii_digit() {
            let mut run = String::from(c);
            while let Some(next) = self.chars.next_if(char::is_ascii_digit) {
                run.push(next);
            }
            let significant = run.trim_start_matches('0').to_owned();
            Primary::Number(significant.len(), significant)
        } else if c.is_whitespace() || c.is_control() {
            Primary::Space(c)
        } else if c.is_alphanumeric() {
            // Digits sort before letters; both by their lowercase form.
            match c.to_lowercase().next() {
                Some(lower) if c.is_ascii_digit() => Primary::Number(1, lower.to_string()),
                Some(lower) => Primary::Letter(lower),
                None => Primary::Letter(c),
            }
        } else {
            Primary::Symbol(c)
        };
        let mut accents = Vec::new();
        while let Some(mark) = self.chars.next_if(|&next| is_combining_mark(next)) {
            accents.push(mark);
        }
        Some(Element {
            primary,
            accents,
            uppercase: c.is_uppercase(),
        })
    }
}

fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}
