//! Patched (code-runtime-boa), new: Numbers as en-US formats them (`Intl.NumberFormat`,
//! `Number.prototype.toLocaleString`), following ECMA-402's option reading and rounding (V8 11,
//! Node 20) and ICU's en patterns: decimal, percent, currency (symbols and digits for ISO 4217
//! codes as ICU 78 has them) and unit styles; standard, compact, scientific and engineering
//! notation; significant and fraction digits with every rounding mode and priority; grouping; sign
//! display. Values are rounded on their shortest decimal form, as ICU does (`1.005` to two digits
//! is `1.01`). Refused, naming the option: `currencyDisplay: 'name'`, a `numberingSystem` other
//! than `latn` and a `roundingIncrement` other than 1.

use super::{Options, default_number};
use crate::{Context, JsBigInt, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.NumberFormat";

/// A resolved `Intl.NumberFormat`: what every format call uses.
#[derive(Debug, Clone)]
pub(crate) struct NumberFormat {
    pub(crate) locale: JsString,
    style: Style,
    notation: Notation,
    compact_long: bool,
    digits: Digits,
    grouping: Grouping,
    sign_display: SignDisplay,
}

#[derive(Debug, Clone)]
enum Style {
    Decimal,
    Percent,
    Currency { code: String, display: CurrencyDisplay, accounting: bool },
    Unit { unit: UnitId, display: UnitDisplay },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum CurrencyDisplay {
    Symbol,
    NarrowSymbol,
    Code,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum UnitDisplay {
    Short,
    Narrow,
    Long,
}

/// A sanctioned unit or a `numerator-per-denominator` pair (indices into `UNITS`).
#[derive(Debug, Clone, Copy)]
struct UnitId {
    numerator: usize,
    denominator: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Notation {
    Standard,
    Scientific,
    Engineering,
    Compact,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Grouping {
    Off,
    Min2,
    Auto,
    Always,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum SignDisplay {
    Auto,
    Never,
    Always,
    ExceptZero,
    Negative,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum RoundingType {
    Fraction,
    Significant,
    MorePrecision,
    LessPrecision,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum RoundingMode {
    Ceil,
    Floor,
    Expand,
    Trunc,
    HalfCeil,
    HalfFloor,
    HalfExpand,
    HalfTrunc,
    HalfEven,
}

const ROUNDING_MODES: [&str; 9] = ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"];

/// The digit options of SetNumberFormatDigitOptions, resolved.
#[derive(Debug, Clone)]
struct Digits {
    minimum_integer: usize,
    minimum_fraction: usize,
    maximum_fraction: usize,
    minimum_significant: usize,
    maximum_significant: usize,
    rounding: RoundingType,
    /// What `resolvedOptions().roundingPriority` says (`auto` unless asked, or compact's).
    priority: &'static str,
    mode: RoundingMode,
    strip_if_integer: bool,
}

/// One piece of a formatted number, as `formatToParts` names it.
pub(crate) type Part = (&'static str, String);

impl NumberFormat {
    /// InitializeNumberFormat: reads `options` in ECMA-402's order.
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, super::english_only, context)?;
        let options = Options::coerce(options, SERVICE, context)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        options.latin_digits(context)?;
        let style = read_style(&options, context)?;
        let (default_minimum, default_maximum) = match &style {
            Style::Currency { code, .. } => {
                let digits = currency(code).map_or(2, |c| c.3);
                (digits, digits)
            }
            Style::Percent => (0, 0),
            _ => (0, 3),
        };
        let notation = match options.string("notation", &["standard", "scientific", "engineering", "compact"], context)? {
            Some("scientific") => Notation::Scientific,
            Some("engineering") => Notation::Engineering,
            Some("compact") => Notation::Compact,
            _ => Notation::Standard,
        };
        let digits = read_digits(&options, default_minimum, default_maximum, notation, context)?;
        let compact_long = options.string("compactDisplay", &["short", "long"], context)? == Some("long");
        let grouping = read_grouping(&options, notation, context)?;
        let sign_display = match options.string("signDisplay", &["auto", "never", "always", "exceptZero", "negative"], context)? {
            Some("never") => SignDisplay::Never,
            Some("always") => SignDisplay::Always,
            Some("exceptZero") => SignDisplay::ExceptZero,
            Some("negative") => SignDisplay::Negative,
            _ => SignDisplay::Auto,
        };
        Ok(Self { locale, style, notation, compact_long, digits, grouping, sign_display })
    }

    /// `format(value)`: a Number, a BigInt, or a string read as an exact decimal.
    pub(crate) fn format_value(&self, value: &JsValue, context: &mut Context) -> JsResult<String> {
        Ok(join(&self.parts_of_value(value, context)?))
    }

    pub(crate) fn parts_of_value(&self, value: &JsValue, context: &mut Context) -> JsResult<Vec<Part>> {
        let number = match value.to_primitive(context, crate::value::PreferredType::Number)? {
            primitive if primitive.is_bigint() => {
                let bigint: JsBigInt = primitive.to_bigint(context)?;
                let text = bigint.to_string();
                Value::Finite(Decimal::parse(&text).expect("a BigInt's digits are a decimal"))
            }
            primitive => match primitive.as_string().and_then(|s| Decimal::parse(s.to_std_string_escaped().trim())) {
                Some(decimal) => Value::Finite(decimal),
                None => Value::from_f64(primitive.to_number(context)?),
            },
        };
        Ok(self.parts(number))
    }

    /// `x` formatted, as one string.
    pub(crate) fn format(&self, x: f64) -> String {
        join(&self.parts_of_f64(x))
    }

    pub(crate) fn parts_of_f64(&self, x: f64) -> Vec<Part> {
        self.parts(Value::from_f64(x))
    }

    fn parts(&self, value: Value) -> Vec<Part> {
        let mut value = value;
        if matches!(self.style, Style::Percent) {
            if let Value::Finite(decimal) = &mut value {
                if !decimal.is_zero() {
                    decimal.exponent += 2;
                }
            }
        }
        let negative = value.is_negative();
        let mut number = Vec::new();
        // NaN takes no sign under `exceptZero`, as zero does.
        let (rounded_zero, plural_one) = match value {
            Value::NaN => {
                number.push(("nan", "NaN".to_owned()));
                (true, false)
            }
            Value::Infinite(_) => {
                number.push(("infinity", "∞".to_owned()));
                (false, false)
            }
            Value::Finite(decimal) => {
                let exponent = self.exponent(&decimal);
                let mut scaled = decimal;
                scaled.exponent -= exponent;
                let rounded = self.round(&scaled);
                let plural_one = exponent == 0 && rounded.is_plural_one();
                self.push_digits(&rounded, &mut number);
                self.push_exponent(exponent, &mut number);
                (rounded.decimal.is_zero(), plural_one)
            }
        };
        let sign = match self.sign_display {
            SignDisplay::Auto => negative.then_some("-"),
            SignDisplay::Never => None,
            SignDisplay::Always => Some(if negative { "-" } else { "+" }),
            SignDisplay::ExceptZero if rounded_zero => None,
            SignDisplay::ExceptZero => Some(if negative { "-" } else { "+" }),
            SignDisplay::Negative => (negative && !rounded_zero).then_some("-"),
        };
        let mut parts = Vec::new();
        let accounting_negative = matches!(self.style, Style::Currency { accounting: true, .. }) && sign == Some("-");
        match sign {
            _ if accounting_negative => parts.push(("literal", "(".to_owned())),
            Some("-") => parts.push(("minusSign", "-".to_owned())),
            Some(plus) => parts.push(("plusSign", plus.to_owned())),
            None => {}
        }
        match &self.style {
            Style::Decimal => parts.append(&mut number),
            Style::Percent => {
                parts.append(&mut number);
                // ICU 78 formats a compact percentage as a unit.
                let kind = if self.notation == Notation::Compact { "unit" } else { "percentSign" };
                parts.push((kind, "%".to_owned()));
            }
            Style::Currency { code, display, .. } => {
                let symbol = currency_symbol(code, *display);
                // ICU's currency spacing: a space between a digit and a symbol ending in a
                // letter or a full stop (`CHF`, `kr`, `Cg.`), not a currency sign (`$`, `฿`).
                let spaced = number.first().is_some_and(|(kind, _)| *kind == "integer")
                    && symbol.chars().last().is_some_and(|c| c.is_alphabetic() || c == '.');
                parts.push(("currency", symbol.to_owned()));
                if spaced {
                    parts.push(("literal", "\u{a0}".to_owned()));
                }
                parts.append(&mut number);
            }
            Style::Unit { unit, display } => {
                parts.append(&mut number);
                push_unit(*unit, *display, plural_one, &mut parts);
            }
        }
        if accounting_negative {
            parts.push(("literal", ")".to_owned()));
        }
        parts
    }

    /// ComputeExponent: the power of ten the notation takes out of `x` (0 for standard).
    fn exponent(&self, x: &Decimal) -> i32 {
        if self.notation == Notation::Standard || x.is_zero() {
            return 0;
        }
        let magnitude = x.exponent;
        let exponent = self.exponent_for_magnitude(magnitude);
        let mut scaled = x.clone();
        scaled.exponent -= exponent;
        let rounded = self.round(&scaled).decimal;
        if rounded.is_zero() || rounded.exponent == magnitude - exponent { exponent } else { self.exponent_for_magnitude(magnitude + 1) }
    }

    fn exponent_for_magnitude(&self, magnitude: i32) -> i32 {
        match self.notation {
            Notation::Standard => 0,
            Notation::Scientific => magnitude,
            Notation::Engineering => magnitude.div_euclid(3) * 3,
            // en has thousands to trillions, the largest for everything above.
            Notation::Compact if magnitude < 3 => 0,
            Notation::Compact => magnitude.min(14) / 3 * 3,
        }
    }

    /// FormatNumericToString's rounding: by fraction or significant digits, or whichever of
    /// the two is more (or less) precise.
    fn round(&self, x: &Decimal) -> Rounded {
        let digits = &self.digits;
        let significant = || {
            let magnitude = if x.is_zero() { 0 } else { x.exponent };
            let decimal = x.round(magnitude - digits.maximum_significant as i32 + 1, digits.mode);
            // Rounding up may have added a digit (9.99 to 10.0): the position stays.
            let magnitude = if decimal.is_zero() { 0 } else { decimal.exponent.max(magnitude) };
            let shown = (digits.minimum_significant as i32 - magnitude - 1).max(0) as usize;
            (Rounded { decimal, minimum_fraction: shown }, magnitude - digits.maximum_significant as i32 + 1)
        };
        let fraction = || {
            let decimal = x.round(-(digits.maximum_fraction as i32), digits.mode);
            (Rounded { decimal, minimum_fraction: digits.minimum_fraction }, -(digits.maximum_fraction as i32))
        };
        let mut rounded = match digits.rounding {
            RoundingType::Fraction => fraction().0,
            RoundingType::Significant => significant().0,
            RoundingType::MorePrecision | RoundingType::LessPrecision => {
                let (by_significant, significant_magnitude) = significant();
                let (by_fraction, fraction_magnitude) = fraction();
                let significant_more_precise = significant_magnitude <= fraction_magnitude;
                if significant_more_precise == (digits.rounding == RoundingType::MorePrecision) { by_significant } else { by_fraction }
            }
        };
        if digits.strip_if_integer && rounded.decimal.is_integer() {
            rounded.minimum_fraction = 0;
        }
        rounded
    }

    /// The integer, group, decimal and fraction parts of a rounded value.
    fn push_digits(&self, rounded: &Rounded, parts: &mut Vec<Part>) {
        let decimal = &rounded.decimal;
        let integer_count = (decimal.exponent + 1).max(1) as usize;
        let integer_count = integer_count.max(self.digits.minimum_integer);
        let mut integer = String::with_capacity(integer_count);
        for place in (0..integer_count as i32).rev() {
            integer.push(char::from(b'0' + decimal.digit_at(place)));
        }
        let minimum_grouping = match self.grouping {
            Grouping::Off => usize::MAX,
            Grouping::Min2 => 5,
            Grouping::Auto | Grouping::Always => 4,
        };
        if integer.len() >= minimum_grouping {
            let first = match integer.len() % 3 {
                0 => 3,
                n => n,
            };
            parts.push(("integer", integer[..first].to_owned()));
            for group in integer.as_bytes()[first..].chunks(3) {
                parts.push(("group", ",".to_owned()));
                parts.push(("integer", String::from_utf8_lossy(group).into_owned()));
            }
        } else {
            parts.push(("integer", integer));
        }
        let last_place = decimal.last_place().min(0);
        let fraction_count = ((-last_place) as usize).max(rounded.minimum_fraction);
        if fraction_count > 0 {
            let fraction = (1..=fraction_count as i32).map(|place| char::from(b'0' + decimal.digit_at(-place))).collect();
            parts.push(("decimal", ".".to_owned()));
            parts.push(("fraction", fraction));
        }
    }

    fn push_exponent(&self, exponent: i32, parts: &mut Vec<Part>) {
        match self.notation {
            Notation::Standard => {}
            Notation::Scientific | Notation::Engineering => {
                parts.push(("exponentSeparator", "E".to_owned()));
                if exponent < 0 {
                    parts.push(("exponentMinusSign", "-".to_owned()));
                }
                parts.push(("exponentInteger", exponent.unsigned_abs().to_string()));
            }
            Notation::Compact if exponent == 0 => {}
            Notation::Compact => {
                let (short, long) = match exponent {
                    3 => ("K", "thousand"),
                    6 => ("M", "million"),
                    9 => ("B", "billion"),
                    _ => ("T", "trillion"),
                };
                if self.compact_long {
                    parts.push(("literal", " ".to_owned()));
                    parts.push(("compact", long.to_owned()));
                } else {
                    parts.push(("compact", short.to_owned()));
                }
            }
        }
    }

    /// `resolvedOptions()`, with Node 20's properties in Node's order.
    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        let mut set = |name: &str, value: JsValue| object.create_data_property_or_throw(js_string!(name), value, context).map(|_| ());
        set("locale", self.locale.clone().into())?;
        set("numberingSystem", js_string!("latn").into())?;
        let style = match self.style {
            Style::Decimal => "decimal",
            Style::Percent => "percent",
            Style::Currency { .. } => "currency",
            Style::Unit { .. } => "unit",
        };
        set("style", js_string!(style).into())?;
        match &self.style {
            Style::Currency { code, display, accounting } => {
                set("currency", js_string!(code.as_str()).into())?;
                let display = match display {
                    CurrencyDisplay::Symbol => "symbol",
                    CurrencyDisplay::NarrowSymbol => "narrowSymbol",
                    CurrencyDisplay::Code => "code",
                };
                set("currencyDisplay", js_string!(display).into())?;
                set("currencySign", js_string!(if *accounting { "accounting" } else { "standard" }).into())?;
            }
            Style::Unit { unit, display } => {
                let mut id = UNITS[unit.numerator].id.to_owned();
                if let Some(denominator) = unit.denominator {
                    id = format!("{id}-per-{}", UNITS[denominator].id);
                }
                set("unit", js_string!(id).into())?;
                let display = match display {
                    UnitDisplay::Short => "short",
                    UnitDisplay::Narrow => "narrow",
                    UnitDisplay::Long => "long",
                };
                set("unitDisplay", js_string!(display).into())?;
            }
            Style::Decimal | Style::Percent => {}
        }
        let digits = &self.digits;
        set("minimumIntegerDigits", (digits.minimum_integer as u32).into())?;
        if digits.rounding != RoundingType::Fraction {
            set("minimumSignificantDigits", (digits.minimum_significant as u32).into())?;
            set("maximumSignificantDigits", (digits.maximum_significant as u32).into())?;
        }
        if digits.rounding != RoundingType::Significant {
            set("minimumFractionDigits", (digits.minimum_fraction as u32).into())?;
            set("maximumFractionDigits", (digits.maximum_fraction as u32).into())?;
        }
        let grouping = match self.grouping {
            Grouping::Off => JsValue::from(false),
            Grouping::Min2 => js_string!("min2").into(),
            Grouping::Auto => js_string!("auto").into(),
            Grouping::Always => js_string!("always").into(),
        };
        set("useGrouping", grouping)?;
        let notation = match self.notation {
            Notation::Standard => "standard",
            Notation::Scientific => "scientific",
            Notation::Engineering => "engineering",
            Notation::Compact => "compact",
        };
        set("notation", js_string!(notation).into())?;
        if self.notation == Notation::Compact {
            set("compactDisplay", js_string!(if self.compact_long { "long" } else { "short" }).into())?;
        }
        let sign = match self.sign_display {
            SignDisplay::Auto => "auto",
            SignDisplay::Never => "never",
            SignDisplay::Always => "always",
            SignDisplay::ExceptZero => "exceptZero",
            SignDisplay::Negative => "negative",
        };
        set("signDisplay", js_string!(sign).into())?;
        set("roundingMode", js_string!(ROUNDING_MODES[digits.mode as usize]).into())?;
        set("roundingIncrement", 1.into())?;
        set("trailingZeroDisplay", js_string!(if digits.strip_if_integer { "stripIfInteger" } else { "auto" }).into())?;
        set("roundingPriority", js_string!(digits.priority).into())?;
        Ok(object)
    }

    /// Whether a value formats as en's plural category `one` (`1`, not `1.0` or `1K`), for
    /// `Intl.PluralRules`.
    pub(crate) fn is_plural_one(&self, x: f64) -> bool {
        match Value::from_f64(x) {
            Value::Finite(decimal) => self.exponent(&decimal) == 0 && self.round(&decimal).is_plural_one(),
            _ => false,
        }
    }

    /// The integer digits of `x` rounded as this format rounds, `None` when it is not finite
    /// or keeps a fraction (`Intl.PluralRules`'s ordinal rules read only whole numbers).
    pub(crate) fn rounded_integer(&self, x: f64) -> Option<String> {
        let Value::Finite(decimal) = Value::from_f64(x) else { return None };
        let rounded = self.round(&decimal).decimal;
        rounded.is_integer().then(|| (0..=rounded.exponent.max(0)).rev().map(|p| char::from(b'0' + rounded.digit_at(p))).collect())
    }

    /// A format with these digit options, for other services that format numbers (plural
    /// rules, relative times).
    pub(crate) fn with_digit_options(locale: JsString, options: &Options, context: &mut Context) -> JsResult<Self> {
        let digits = read_digits(options, 0, 3, Notation::Standard, context)?;
        Ok(Self {
            locale,
            style: Style::Decimal,
            notation: Notation::Standard,
            compact_long: false,
            digits,
            grouping: Grouping::Auto,
            sign_display: SignDisplay::Auto,
        })
    }

    /// The digit options `resolvedOptions()` of a plural rules object shows.
    pub(crate) fn resolved_digit_options(&self, object: &JsObject, context: &mut Context) -> JsResult<()> {
        let digits = &self.digits;
        let mut set = |name: &str, value: u32| object.create_data_property_or_throw(js_string!(name), value, context).map(|_| ());
        set("minimumIntegerDigits", digits.minimum_integer as u32)?;
        if digits.rounding != RoundingType::Fraction {
            set("minimumSignificantDigits", digits.minimum_significant as u32)?;
            set("maximumSignificantDigits", digits.maximum_significant as u32)?;
        }
        if digits.rounding != RoundingType::Significant {
            set("minimumFractionDigits", digits.minimum_fraction as u32)?;
            set("maximumFractionDigits", digits.maximum_fraction as u32)?;
        }
        Ok(())
    }
}

pub(crate) fn join(parts: &[Part]) -> String {
    parts.iter().map(|(_, text)| text.as_str()).collect()
}

fn read_style(options: &Options, context: &mut Context) -> JsResult<Style> {
    let style = options.string("style", &["decimal", "percent", "currency", "unit"], context)?;
    let code = options.text("currency", context)?;
    if let Some(code) = &code {
        if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(JsNativeError::range().with_message(format!("Invalid currency code : {code}")).into());
        }
    }
    let currency_display = options.string("currencyDisplay", &["code", "symbol", "narrowSymbol", "name"], context)?;
    let accounting = options.string("currencySign", &["standard", "accounting"], context)? == Some("accounting");
    let unit = options.text("unit", context)?;
    let unit = match unit {
        Some(unit) => Some(
            unit_id(&unit)
                .ok_or_else(|| JsNativeError::range().with_message(format!("Invalid unit argument for Intl.NumberFormat() '{unit}'")))?,
        ),
        None => None,
    };
    let unit_display = options.string("unitDisplay", &["short", "narrow", "long"], context)?;
    Ok(match style {
        None | Some("decimal") => Style::Decimal,
        Some("percent") => Style::Percent,
        Some("currency") => {
            let Some(code) = code else {
                return Err(JsNativeError::typ().with_message("Currency code is required with currency style.").into());
            };
            let display = match currency_display {
                None | Some("symbol") => CurrencyDisplay::Symbol,
                Some("narrowSymbol") => CurrencyDisplay::NarrowSymbol,
                Some("code") => CurrencyDisplay::Code,
                Some(other) => {
                    return Err(options.unsupported("currencyDisplay", other, "use 'symbol', 'narrowSymbol' or 'code'"));
                }
            };
            Style::Currency { code: code.to_ascii_uppercase(), display, accounting }
        }
        _ => {
            let Some(unit) = unit else {
                return Err(JsNativeError::typ().with_message("Invalid unit argument for Intl.NumberFormat() ''").into());
            };
            let display = match unit_display {
                Some("narrow") => UnitDisplay::Narrow,
                Some("long") => UnitDisplay::Long,
                _ => UnitDisplay::Short,
            };
            Style::Unit { unit, display }
        }
    })
}

/// SetNumberFormatDigitOptions (ECMA-402 2023).
fn read_digits(
    options: &Options,
    default_minimum: usize,
    default_maximum: usize,
    notation: Notation,
    context: &mut Context,
) -> JsResult<Digits> {
    let minimum_integer = options.number("minimumIntegerDigits", 1, 21, context)?.unwrap_or(1) as usize;
    let minimum_fraction = options.get("minimumFractionDigits", context)?;
    let maximum_fraction = options.get("maximumFractionDigits", context)?;
    let minimum_significant = options.get("minimumSignificantDigits", context)?;
    let maximum_significant = options.get("maximumSignificantDigits", context)?;
    let increment = options.number("roundingIncrement", 1, 5000, context)?.unwrap_or(1);
    if ![1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].contains(&increment) {
        return Err(JsNativeError::range().with_message("roundingIncrement value is out of range.").into());
    }
    let mode = match options.string("roundingMode", &ROUNDING_MODES, context)? {
        Some(mode) => [
            RoundingMode::Ceil,
            RoundingMode::Floor,
            RoundingMode::Expand,
            RoundingMode::Trunc,
            RoundingMode::HalfCeil,
            RoundingMode::HalfFloor,
            RoundingMode::HalfExpand,
            RoundingMode::HalfTrunc,
            RoundingMode::HalfEven,
        ][ROUNDING_MODES.iter().position(|m| *m == mode).expect("one of the modes")],
        None => RoundingMode::HalfExpand,
    };
    let priority = options.string("roundingPriority", &["auto", "morePrecision", "lessPrecision"], context)?.unwrap_or("auto");
    let strip_if_integer = options.string("trailingZeroDisplay", &["auto", "stripIfInteger"], context)? == Some("stripIfInteger");
    if increment != 1 {
        return Err(options.unsupported("roundingIncrement", &increment.to_string(), "round with maximumFractionDigits instead"));
    }
    let has_significant = !minimum_significant.is_undefined() || !maximum_significant.is_undefined();
    let has_fraction = !minimum_fraction.is_undefined() || !maximum_fraction.is_undefined();
    let (mut need_significant, mut need_fraction) = (true, true);
    if priority == "auto" {
        need_significant = has_significant;
        if need_significant || (!has_fraction && notation == Notation::Compact) {
            need_fraction = false;
        }
    }
    let mut digits = Digits {
        minimum_integer,
        minimum_fraction: default_minimum,
        maximum_fraction: default_maximum,
        minimum_significant: 1,
        maximum_significant: 21,
        rounding: RoundingType::Fraction,
        priority,
        mode,
        strip_if_integer,
    };
    if need_significant && has_significant {
        let minimum = default_number(minimum_significant, "minimumSignificantDigits", 1, 21, context)?.unwrap_or(1);
        let maximum = default_number(maximum_significant, "maximumSignificantDigits", minimum, 21, context)?.unwrap_or(21);
        digits.minimum_significant = minimum as usize;
        digits.maximum_significant = maximum as usize;
    }
    if need_fraction && has_fraction {
        let minimum = default_number(minimum_fraction, "minimumFractionDigits", 0, 100, context)?;
        let maximum = default_number(maximum_fraction, "maximumFractionDigits", 0, 100, context)?;
        let (minimum, maximum) = match (minimum, maximum) {
            (None, Some(maximum)) => ((default_minimum as u32).min(maximum), maximum),
            (Some(minimum), None) => (minimum, (default_maximum as u32).max(minimum)),
            (Some(minimum), Some(maximum)) if minimum > maximum => {
                return Err(JsNativeError::range().with_message("maximumFractionDigits value is out of range.").into());
            }
            (minimum, maximum) => (minimum.unwrap_or_default(), maximum.unwrap_or_default()),
        };
        digits.minimum_fraction = minimum as usize;
        digits.maximum_fraction = maximum as usize;
    }
    digits.rounding = if !need_significant && !need_fraction {
        digits.minimum_fraction = 0;
        digits.maximum_fraction = 0;
        digits.minimum_significant = 1;
        digits.maximum_significant = 2;
        digits.priority = "morePrecision";
        RoundingType::MorePrecision
    } else {
        match priority {
            "morePrecision" => RoundingType::MorePrecision,
            "lessPrecision" => RoundingType::LessPrecision,
            _ if has_significant => RoundingType::Significant,
            _ => RoundingType::Fraction,
        }
    };
    Ok(digits)
}

/// GetBooleanOrStringNumberFormatOption for `useGrouping`.
fn read_grouping(options: &Options, notation: Notation, context: &mut Context) -> JsResult<Grouping> {
    let default = if notation == Notation::Compact { Grouping::Min2 } else { Grouping::Auto };
    let value = options.get("useGrouping", context)?;
    if value.is_undefined() {
        return Ok(default);
    }
    if value.as_boolean() == Some(true) {
        return Ok(Grouping::Always);
    }
    if !value.to_boolean() {
        return Ok(Grouping::Off);
    }
    let text = value.to_string(context)?.to_std_string_escaped();
    match text.as_str() {
        "min2" => Ok(Grouping::Min2),
        "auto" => Ok(Grouping::Auto),
        "always" => Ok(Grouping::Always),
        "true" | "false" => Ok(default),
        _ => Err(options.out_of_range("useGrouping", &text)),
    }
}

/// A number to format: ±∞, NaN, or a finite decimal with its sign.
enum Value {
    NaN,
    Infinite(bool),
    Finite(Decimal),
}

impl Value {
    fn from_f64(x: f64) -> Self {
        if x.is_nan() {
            Self::NaN
        } else if x.is_infinite() {
            Self::Infinite(x < 0.0)
        } else {
            Self::Finite(Decimal::from_f64(x))
        }
    }

    fn is_negative(&self) -> bool {
        match self {
            Self::NaN => false,
            Self::Infinite(negative) => *negative,
            Self::Finite(decimal) => decimal.negative,
        }
    }
}

/// A finite decimal: `digits` (each 0-9, no leading or trailing zero; none for zero) with the
/// first one at the place `exponent` (`12.5` is `[1, 2, 5]` at 1).
#[derive(Debug, Clone)]
pub(crate) struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exponent: i32,
}

impl Decimal {
    /// The shortest decimal that reads back as `x` (what ICU formats).
    pub(crate) fn from_f64(x: f64) -> Self {
        // `{:e}` is the shortest round-trip form: `1.2345e3`, `5e-7`, `0e0`.
        let text = format!("{:e}", x.abs());
        let (mantissa, exponent) = text.split_once('e').expect("exponent form");
        let digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        let mut decimal = Self { negative: x.is_sign_negative(), digits, exponent: exponent.parse().expect("an exponent") };
        decimal.trim();
        decimal
    }

    /// A decimal literal (`-12.50`, `1e21`, `.5`), exactly; `None` for anything else.
    pub(crate) fn parse(text: &str) -> Option<Self> {
        let (negative, unsigned) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
            Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().ok()?),
            None => (unsigned, 0),
        };
        let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if integer.is_empty() && fraction.is_empty() || !integer.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = integer.bytes().chain(fraction.bytes()).map(|b| b - b'0').collect();
        let mut decimal = Self { negative, digits, exponent: exponent.checked_add(integer.len() as i32 - 1)? };
        decimal.trim();
        Some(decimal)
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        let leading = self.digits.iter().take_while(|d| **d == 0).count();
        self.digits.drain(..leading);
        self.exponent -= leading as i32;
        if self.digits.is_empty() {
            self.exponent = 0;
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    fn is_integer(&self) -> bool {
        self.last_place() >= 0
    }

    /// The place of the last digit (0 for zero).
    fn last_place(&self) -> i32 {
        self.exponent - self.digits.len() as i32 + 1
    }

    fn digit_at(&self, place: i32) -> u8 {
        let index = self.exponent - place;
        if index < 0 {
            return 0;
        }
        self.digits.get(index as usize).copied().unwrap_or(0)
    }

    /// Rounded to a multiple of 10^`place`, as `mode` rounds.
    fn round(&self, place: i32, mode: RoundingMode) -> Self {
        if self.is_zero() || self.last_place() >= place {
            return self.clone();
        }
        // The digits kept (possibly none) and what the dropped ones are worth against half a unit.
        let kept = (self.exponent - place + 1).max(0) as usize;
        let first_dropped = if self.exponent < place - 1 { 0 } else { self.digits[kept] };
        let rest_nonzero = self.exponent < place - 1 || self.digits[kept + 1..].iter().any(|d| *d != 0);
        let above_half = first_dropped > 5 || (first_dropped == 5 && rest_nonzero);
        let at_half = first_dropped == 5 && !rest_nonzero;
        let last_kept_odd = kept > 0 && self.digits[kept - 1] % 2 == 1;
        let away_from_zero = match (mode, self.negative) {
            (RoundingMode::Expand, _) | (RoundingMode::Ceil, false) | (RoundingMode::Floor, true) => true,
            (RoundingMode::Trunc, _) | (RoundingMode::Ceil, true) | (RoundingMode::Floor, false) => false,
            (RoundingMode::HalfExpand, _) | (RoundingMode::HalfCeil, false) | (RoundingMode::HalfFloor, true) => above_half || at_half,
            (RoundingMode::HalfTrunc, _) | (RoundingMode::HalfCeil, true) | (RoundingMode::HalfFloor, false) => above_half,
            (RoundingMode::HalfEven, _) => above_half || (at_half && last_kept_odd),
        };
        let mut digits = self.digits[..kept].to_vec();
        let mut exponent = self.exponent;
        if away_from_zero {
            if digits.is_empty() {
                digits.push(1);
                exponent = place;
            } else if increment(&mut digits) {
                digits.insert(0, 1);
                exponent += 1;
            }
        }
        let mut rounded = Self { negative: self.negative, digits, exponent };
        rounded.trim();
        rounded
    }
}

/// Adds one to a run of decimal digits; whether it carried out of the first.
fn increment(digits: &mut [u8]) -> bool {
    for digit in digits.iter_mut().rev() {
        if *digit == 9 {
            *digit = 0;
        } else {
            *digit += 1;
            return false;
        }
    }
    true
}

/// A rounded value and how many fraction digits it shows at least.
struct Rounded {
    decimal: Decimal,
    minimum_fraction: usize,
}

impl Rounded {
    /// en's plural `one`: an integer 1 showing no fraction digits.
    fn is_plural_one(&self) -> bool {
        self.decimal.digits == [1] && self.decimal.exponent == 0 && self.minimum_fraction == 0
    }
}

/// The symbol, ISO code or narrow symbol for a currency (its code when en has no symbol).
fn currency_symbol(code: &str, display: CurrencyDisplay) -> &str {
    let Some((_, symbol, narrow, _)) = currency(code) else { return code };
    match display {
        CurrencyDisplay::Code => code,
        CurrencyDisplay::Symbol if !symbol.is_empty() => symbol,
        CurrencyDisplay::NarrowSymbol if !narrow.is_empty() => narrow,
        CurrencyDisplay::NarrowSymbol if !symbol.is_empty() => symbol,
        _ => code,
    }
}

fn currency(code: &str) -> Option<&'static (&'static str, &'static str, &'static str, usize)> {
    CURRENCIES.binary_search_by(|c| c.0.cmp(code)).ok().map(|i| &CURRENCIES[i])
}

/// en's currency data as ICU 78 has it, for the codes whose symbol, narrow symbol or number of
/// digits is not the code itself with two digits: (code, symbol, narrow symbol, digits), an
/// empty symbol meaning the code.
static CURRENCIES: [(&str, &str, &str, usize); 117] = [
    ("AFN", "", "؋", 0),
    ("ALL", "", "", 0),
    ("AMD", "", "֏", 2),
    ("AOA", "", "Kz", 2),
    ("ARS", "", "$", 2),
    ("AUD", "A$", "$", 2),
    ("AZN", "", "₼", 2),
    ("BAM", "", "KM", 2),
    ("BBD", "", "$", 2),
    ("BDT", "", "৳", 2),
    ("BHD", "", "", 3),
    ("BIF", "", "", 0),
    ("BMD", "", "$", 2),
    ("BND", "", "$", 2),
    ("BOB", "", "Bs", 2),
    ("BRL", "R$", "", 2),
    ("BSD", "", "$", 2),
    ("BWP", "", "P", 2),
    ("BZD", "", "$", 2),
    ("CAD", "CA$", "$", 2),
    ("CLP", "", "$", 0),
    ("CNY", "CN¥", "¥", 2),
    ("COP", "", "$", 0),
    ("CRC", "", "₡", 2),
    ("CUC", "", "$", 2),
    ("CUP", "", "$", 2),
    ("CZK", "", "Kč", 2),
    ("DJF", "", "", 0),
    ("DKK", "", "kr", 2),
    ("DOP", "", "$", 2),
    ("EGP", "", "E£", 2),
    ("EUR", "€", "", 2),
    ("FJD", "", "$", 2),
    ("FKP", "", "£", 2),
    ("GBP", "£", "", 2),
    ("GEL", "", "₾", 2),
    ("GHS", "", "GH₵", 2),
    ("GIP", "", "£", 2),
    ("GNF", "", "FG", 0),
    ("GTQ", "", "Q", 2),
    ("GYD", "", "$", 2),
    ("HKD", "HK$", "$", 2),
    ("HNL", "", "L", 2),
    ("HRK", "", "kn", 2),
    ("HUF", "", "Ft", 0),
    ("IDR", "", "Rp", 0),
    ("ILS", "₪", "", 2),
    ("INR", "₹", "", 2),
    ("IQD", "", "", 0),
    ("IRR", "", "", 0),
    ("ISK", "", "kr", 0),
    ("JMD", "", "$", 2),
    ("JOD", "", "", 3),
    ("JPY", "¥", "", 0),
    ("KGS", "", "⃀", 2),
    ("KHR", "", "៛", 2),
    ("KMF", "", "CF", 0),
    ("KPW", "", "₩", 0),
    ("KRW", "₩", "", 0),
    ("KWD", "", "", 3),
    ("KYD", "", "$", 2),
    ("KZT", "", "₸", 2),
    ("LAK", "", "₭", 0),
    ("LBP", "", "L£", 0),
    ("LKR", "", "Rs", 2),
    ("LRD", "", "$", 2),
    ("LYD", "", "", 3),
    ("MGA", "", "Ar", 0),
    ("MMK", "", "K", 0),
    ("MNT", "", "₮", 2),
    ("MUR", "", "Rs", 2),
    ("MXN", "MX$", "$", 2),
    ("MYR", "", "RM", 2),
    ("NAD", "", "$", 2),
    ("NGN", "", "₦", 2),
    ("NIO", "", "C$", 2),
    ("NOK", "", "kr", 2),
    ("NPR", "", "Rs", 2),
    ("NZD", "NZ$", "$", 2),
    ("OMR", "", "", 3),
    ("PHP", "₱", "", 2),
    ("PKR", "", "Rs", 0),
    ("PLN", "", "zł", 2),
    ("PYG", "", "₲", 0),
    ("RON", "", "lei", 2),
    ("RUB", "", "₽", 2),
    ("RWF", "", "RF", 0),
    ("SBD", "", "$", 2),
    ("SEK", "", "kr", 2),
    ("SGD", "", "$", 2),
    ("SHP", "", "£", 2),
    ("SLL", "", "", 0),
    ("SOS", "", "", 0),
    ("SRD", "", "$", 2),
    ("SSP", "", "£", 2),
    ("STN", "", "Db", 2),
    ("SYP", "", "£", 0),
    ("THB", "", "฿", 2),
    ("TND", "", "", 3),
    ("TOP", "", "T$", 2),
    ("TRY", "", "₺", 2),
    ("TTD", "", "$", 2),
    ("TWD", "NT$", "$", 2),
    ("UAH", "", "₴", 2),
    ("UGX", "", "", 0),
    ("USD", "$", "", 2),
    ("UYU", "", "$", 2),
    ("VND", "₫", "", 0),
    ("VUV", "", "", 0),
    ("XAF", "FCFA", "", 0),
    ("XCD", "EC$", "$", 2),
    ("XCG", "Cg.", "", 2),
    ("XOF", "F CFA", "", 0),
    ("XPF", "CFPF", "", 0),
    ("YER", "", "", 0),
    ("ZAR", "", "R", 2),
    ("ZMW", "", "ZK", 2),
];

/// A unit's en forms: the suffix after the number (with its space, if any) for one and other
/// in short, narrow and long display, and its form after `per` in short and narrow display.
struct Unit {
    id: &'static str,
    short: [&'static str; 2],
    narrow: &'static str,
    long: [&'static str; 2],
    per: [&'static str; 2],
}

/// The units ECMA-402 sanctions, as en names them (ICU 78).
static UNITS: [Unit; 45] = [
    Unit { id: "acre", short: [" ac", " ac"], narrow: "ac", long: [" acre", " acres"], per: ["ac", "ac"] },
    Unit { id: "bit", short: [" bit", " bit"], narrow: "bit", long: [" bit", " bits"], per: ["bit", "bit"] },
    Unit { id: "byte", short: [" byte", " byte"], narrow: "B", long: [" byte", " bytes"], per: ["byte", "B"] },
    Unit { id: "celsius", short: ["°C", "°C"], narrow: "°C", long: [" degree Celsius", " degrees Celsius"], per: ["°C", "°C"] },
    Unit { id: "centimeter", short: [" cm", " cm"], narrow: "cm", long: [" centimeter", " centimeters"], per: ["cm", "cm"] },
    Unit { id: "day", short: [" day", " days"], narrow: "d", long: [" day", " days"], per: ["d", "d"] },
    Unit { id: "degree", short: [" deg", " deg"], narrow: "°", long: [" degree", " degrees"], per: ["deg", "°"] },
    Unit { id: "fahrenheit", short: ["°F", "°F"], narrow: "°", long: [" degree Fahrenheit", " degrees Fahrenheit"], per: ["°F", "°"] },
    Unit {
        id: "fluid-ounce",
        short: [" fl oz", " fl oz"],
        narrow: "fl oz",
        long: [" fluid ounce", " fluid ounces"],
        per: ["fl oz", "fl oz"],
    },
    Unit { id: "foot", short: [" ft", " ft"], narrow: "′", long: [" foot", " feet"], per: ["ft", "ft"] },
    Unit { id: "gallon", short: [" gal", " gal"], narrow: "gal", long: [" gallon", " gallons"], per: ["gal US", "gal"] },
    Unit { id: "gigabit", short: [" Gb", " Gb"], narrow: "Gb", long: [" gigabit", " gigabits"], per: ["Gb", "Gb"] },
    Unit { id: "gigabyte", short: [" GB", " GB"], narrow: "GB", long: [" gigabyte", " gigabytes"], per: ["GB", "GB"] },
    Unit { id: "gram", short: [" g", " g"], narrow: "g", long: [" gram", " grams"], per: ["g", "g"] },
    Unit { id: "hectare", short: [" ha", " ha"], narrow: "ha", long: [" hectare", " hectares"], per: ["ha", "ha"] },
    Unit { id: "hour", short: [" hr", " hr"], narrow: "h", long: [" hour", " hours"], per: ["h", "h"] },
    Unit { id: "inch", short: [" in", " in"], narrow: "″", long: [" inch", " inches"], per: ["in", "in"] },
    Unit { id: "kilobit", short: [" kb", " kb"], narrow: "kb", long: [" kilobit", " kilobits"], per: ["kb", "kb"] },
    Unit { id: "kilobyte", short: [" kB", " kB"], narrow: "kB", long: [" kilobyte", " kilobytes"], per: ["kB", "kB"] },
    Unit { id: "kilogram", short: [" kg", " kg"], narrow: "kg", long: [" kilogram", " kilograms"], per: ["kg", "kg"] },
    Unit { id: "kilometer", short: [" km", " km"], narrow: "km", long: [" kilometer", " kilometers"], per: ["km", "km"] },
    Unit { id: "liter", short: [" L", " L"], narrow: "L", long: [" liter", " liters"], per: ["L", "L"] },
    Unit { id: "megabit", short: [" Mb", " Mb"], narrow: "Mb", long: [" megabit", " megabits"], per: ["Mb", "Mb"] },
    Unit { id: "megabyte", short: [" MB", " MB"], narrow: "MB", long: [" megabyte", " megabytes"], per: ["MB", "MB"] },
    Unit { id: "meter", short: [" m", " m"], narrow: "m", long: [" meter", " meters"], per: ["m", "m"] },
    Unit { id: "microsecond", short: [" μs", " μs"], narrow: "μs", long: [" microsecond", " microseconds"], per: ["μs", "μs"] },
    Unit { id: "mile", short: [" mi", " mi"], narrow: "mi", long: [" mile", " miles"], per: ["mi", "mi"] },
    Unit {
        id: "mile-scandinavian",
        short: [" smi", " smi"],
        narrow: "smi",
        long: [" mile-scandinavian", " miles-scandinavian"],
        per: ["smi", "smi"],
    },
    Unit { id: "milliliter", short: [" mL", " mL"], narrow: "mL", long: [" milliliter", " milliliters"], per: ["mL", "mL"] },
    Unit { id: "millimeter", short: [" mm", " mm"], narrow: "mm", long: [" millimeter", " millimeters"], per: ["mm", "mm"] },
    Unit { id: "millisecond", short: [" ms", " ms"], narrow: "ms", long: [" millisecond", " milliseconds"], per: ["ms", "ms"] },
    Unit { id: "minute", short: [" min", " min"], narrow: "m", long: [" minute", " minutes"], per: ["min", "min"] },
    Unit { id: "month", short: [" mth", " mths"], narrow: "m", long: [" month", " months"], per: ["m", "m"] },
    Unit { id: "nanosecond", short: [" ns", " ns"], narrow: "ns", long: [" nanosecond", " nanoseconds"], per: ["ns", "ns"] },
    Unit { id: "ounce", short: [" oz", " oz"], narrow: "oz", long: [" ounce", " ounces"], per: ["oz", "oz"] },
    Unit { id: "percent", short: ["%", "%"], narrow: "%", long: [" percent", " percent"], per: ["%", "%"] },
    Unit { id: "petabyte", short: [" PB", " PB"], narrow: "PB", long: [" petabyte", " petabytes"], per: ["PB", "PB"] },
    Unit { id: "pound", short: [" lb", " lb"], narrow: "#", long: [" pound", " pounds"], per: ["lb", "lb"] },
    Unit { id: "second", short: [" sec", " sec"], narrow: "s", long: [" second", " seconds"], per: ["s", "s"] },
    Unit { id: "stone", short: [" st", " st"], narrow: "st", long: [" stone", " stones"], per: ["st", "st"] },
    Unit { id: "terabit", short: [" Tb", " Tb"], narrow: "Tb", long: [" terabit", " terabits"], per: ["Tb", "Tb"] },
    Unit { id: "terabyte", short: [" TB", " TB"], narrow: "TB", long: [" terabyte", " terabytes"], per: ["TB", "TB"] },
    Unit { id: "week", short: [" wk", " wks"], narrow: "w", long: [" week", " weeks"], per: ["w", "w"] },
    Unit { id: "yard", short: [" yd", " yd"], narrow: "yd", long: [" yard", " yards"], per: ["yd", "yd"] },
    Unit { id: "year", short: [" yr", " yrs"], narrow: "y", long: [" year", " years"], per: ["y", "y"] },
];

/// A sanctioned unit or a `unit-per-unit` pair of them.
fn unit_id(id: &str) -> Option<UnitId> {
    let find = |id: &str| UNITS.iter().position(|unit| unit.id == id);
    if let Some(numerator) = find(id) {
        return Some(UnitId { numerator, denominator: None });
    }
    let (numerator, denominator) = id.split_once("-per-")?;
    Some(UnitId { numerator: find(numerator)?, denominator: Some(find(denominator)?) })
}

fn push_unit(unit: UnitId, display: UnitDisplay, plural_one: bool, parts: &mut Vec<Part>) {
    let numerator = &UNITS[unit.numerator];
    let plural = usize::from(!plural_one);
    let mut suffix = match display {
        UnitDisplay::Short => numerator.short[plural].to_owned(),
        UnitDisplay::Narrow => numerator.narrow.to_owned(),
        UnitDisplay::Long => numerator.long[plural].to_owned(),
    };
    if let Some(denominator) = unit.denominator {
        let denominator = &UNITS[denominator];
        match (display, numerator.id, denominator.id) {
            (UnitDisplay::Long, ..) => {
                suffix.push_str(" per ");
                suffix.push_str(denominator.long[0].trim_start());
            }
            // CLDR's own names for these two; a percent per anything shows as a percent in
            // short and narrow display (ICU 78).
            (UnitDisplay::Short, "mile", "hour") => suffix = " mph".to_owned(),
            (UnitDisplay::Narrow, "mile", "hour") => suffix = "mph".to_owned(),
            (UnitDisplay::Short, "mile", "gallon") => suffix = " mpg".to_owned(),
            (UnitDisplay::Narrow, "mile", "gallon") => suffix = "mpg".to_owned(),
            (_, "percent", _) => {}
            (UnitDisplay::Short, ..) => {
                suffix.push('/');
                suffix.push_str(denominator.per[0]);
            }
            (UnitDisplay::Narrow, ..) => {
                suffix.push('/');
                suffix.push_str(denominator.per[1]);
            }
        }
    }
    match suffix.strip_prefix(' ') {
        Some(name) => {
            parts.push(("literal", " ".to_owned()));
            parts.push(("unit", name.to_owned()));
        }
        None => parts.push(("unit", suffix)),
    }
}
