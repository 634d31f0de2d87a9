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

pub(crate) fn compare(a: &JsString, b: &JsString, options: &Options) -> Ordering {
    let a = elements(&a.to_std_string_lossy(), options.numeric);
    let b = elements(&b.to_std_string_lossy(), options.numeric);
    let by = |key: fn(&Element, &Element) -> Ordering| {
        a.iter()
            .zip(&b)
            .map(|(a, b)| key(a, b))
            .find(|order| order.is_ne())
            .unwrap_or(Ordering::Equal)
    };
    let primary = by(|a, b| a.primary.cmp(&b.primary)).then(a.len().cmp(&b.len()));
    let accents = || by(|a, b| a.accents.cmp(&b.accents));
    // Lowercase sorts first, as in ICU's root collation.
    let case = || by(|a, b| a.uppercase.cmp(&b.uppercase));
    match options.sensitivity {
        Sensitivity::Base => primary,
        Sensitivity::Accent => primary.then_with(accents),
        Sensitivity::Case => primary.then_with(case),
        Sensitivity::Variant => primary.then_with(accents).then_with(case),
    }
}

fn elements(text: &str, numeric: bool) -> Vec<Element> {
    let decomposed = DecomposingNormalizerBorrowed::new_nfd().normalize(text);
    let mut elements: Vec<Element> = Vec::with_capacity(decomposed.len());
    let mut chars = decomposed.chars().peekable();
    while let Some(c) = chars.next() {
        if is_combining_mark(c) {
            if let Some(last) = elements.last_mut() {
                last.accents.push(c);
                continue;
            }
        }
        let primary = if numeric && c.is_ascii_digit() {
            let mut run = String::from(c);
            while let Some(&next) = chars.peek().filter(|next| next.is_ascii_digit()) {
                run.push(next);
                chars.next();
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
        elements.push(Element {
            primary,
            accents: Vec::new(),
            uppercase: c.is_uppercase(),
        });
    }
    elements
}

fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}
