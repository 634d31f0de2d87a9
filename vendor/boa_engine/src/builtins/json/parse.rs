//! Local patch (code-runtime-boa): `JSON.parse` builds values straight from the text.
//!
//! Boa validated the text with `serde_json`, threw that away, then ran the JavaScript parser,
//! compiler and interpreter on `(text)`; the parser alone was two thirds of the cost. This reads
//! the code units once and makes the values as it goes, with JavaScript's rules where they
//! differ from a generic JSON reader: lone surrogates in strings are kept, a repeated key keeps
//! its first position and its last value, `__proto__` is a plain data property, and numbers
//! round as JavaScript's `Number()` does. With a reviver it also records each value's source
//! text, which the reviver's walk hands to it (`context.source`). A text that is not JSON is
//! refused with V8's message for it (`Expected ',' or '}' after property value in JSON at
//! position 9`, `"undefined" is not valid JSON`), which a program's author may act on.
use super::JsonNode;
use crate::{
    Context, JsNativeError, JsObject, JsResult, JsStr, JsString, JsValue,
    builtins::{Array, OrdinaryObject, string::comparison_steps},
    property::PropertyDescriptor,
};

/// Parses the whole of `text` as one JSON value. With `with_sources`, also the tree of each
/// value's source text that a reviver is given (`context.source`, for primitives).
pub(super) fn parse_json_text(
    text: &JsString,
    with_sources: bool,
    context: &mut Context,
) -> JsResult<(JsValue, Option<JsonNode>)> {
    match text.as_str().variant() {
        crate::string::JsStrVariant::Latin1(units) => {
            JsonReader::new(units, with_sources).text(context)
        }
        crate::string::JsStrVariant::Utf16(units) => {
            JsonReader::new(units, with_sources).text(context)
        }
    }
}

/// A code unit of either string encoding.
trait Unit: Copy + Sized {
    fn unit(self) -> u16;
    /// The units as Latin1 bytes, when they are (then a string is a plain copy).
    fn as_latin1(units: &[Self]) -> Option<&[u8]>;
}
impl Unit for u8 {
    fn unit(self) -> u16 {
        self.into()
    }
    fn as_latin1(units: &[Self]) -> Option<&[u8]> {
        Some(units)
    }
}
impl Unit for u16 {
    fn unit(self) -> u16 {
        self
    }
    fn as_latin1(_: &[Self]) -> Option<&[u8]> {
        None
    }
}

/// How many keys [`JsonReader::key`] remembers.
const KEY_CACHE_SLOTS: usize = 64;

/// Code units of a string token read between two step counts (local patch, see `string`).
const UNITS_PER_STEP_CHECK: usize = 4096;

/// The most members an object gets a shared shape for ([`JsonReader::make_object`]).
const SHARED_SHAPE_MEMBERS: usize = 64;

struct JsonReader<'a, T> {
    units: &'a [T],
    pos: usize,
    /// Keys read so far, by a hash of their text: the records of a reply repeat the same keys,
    /// which then share one string instead of one allocation each.
    keys: [Option<JsString>; KEY_CACHE_SLOTS],
    /// The members of the objects being read, innermost last, until their object is made.
    members: Vec<(JsString, JsValue)>,
    /// The source nodes of the values read and not yet taken by their parent, when recording
    /// them for a reviver.
    sources: Option<Vec<JsonNode>>,
}

impl<'a, T: Unit> JsonReader<'a, T> {
    fn new(units: &'a [T], with_sources: bool) -> Self {
        Self {
            units,
            pos: 0,
            keys: [const { None }; KEY_CACHE_SLOTS],
            members: Vec::new(),
            sources: with_sources.then(Vec::new),
        }
    }

    fn text(mut self, context: &mut Context) -> JsResult<(JsValue, Option<JsonNode>)> {
        let value = self.value(context)?;
        self.skip_whitespace();
        if self.pos < self.units.len() {
            return Err(JsNativeError::syntax()
                .with_message(format!(
                    "Unexpected non-whitespace character after JSON at position {}",
                    self.pos
                ))
                .into());
        }
        Ok((value, self.sources.and_then(|mut nodes| nodes.pop())))
    }

    /// Records the source text of the primitive that ends here and began at `start`.
    fn record_primitive(&mut self, start: usize) {
        if let Some(nodes) = &mut self.sources {
            let text = self.units[start..self.pos].iter().map(|u| u.unit());
            nodes.push(JsonNode::Primitive(
                char::decode_utf16(text)
                    .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                    .collect(),
            ));
        }
    }

    /// Replaces the nodes recorded since there were `base` with the node of their container.
    fn record_container(&mut self, base: usize, keys: Option<Vec<String>>) {
        if let Some(nodes) = &mut self.sources {
            let children = nodes.split_off(base);
            nodes.push(match keys {
                Some(keys) => JsonNode::Object(keys.into_iter().zip(children).collect()),
                None => JsonNode::Array(children),
            });
        }
    }

    fn peek(&self) -> Option<u16> {
        self.units.get(self.pos).map(|u| u.unit())
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(0x20 | 0x09 | 0x0A | 0x0D)) {
            self.pos += 1;
        }
    }

    /// `SyntaxError: <problem> in JSON at position <n>`, at the current position.
    fn error_here(&self, problem: &str) -> crate::JsError {
        JsNativeError::syntax()
            .with_message(format!("{problem} in JSON at position {}", self.pos))
            .into()
    }

    /// The `SyntaxError` for whatever is at the current position where a value, a literal's next
    /// letter or (after the first member) a `:` should be, worded as V8 words it: by the kind of
    /// token found there, and for other characters with the text around it.
    fn unexpected(&self) -> crate::JsError {
        let message = match self.peek() {
            None => "Unexpected end of JSON input".to_owned(),
            Some(0x22) => format!("Unexpected string in JSON at position {}", self.pos),
            Some(0x2D | 0x30..=0x39) => format!("Unexpected number in JSON at position {}", self.pos),
            Some(unit) => self.unexpected_token(unit),
        };
        JsNativeError::syntax().with_message(message).into()
    }

    /// `Unexpected token 'x', "..." is not valid JSON`, with up to ten code units of the text
    /// either side of the token (the whole text when it is shorter than 21), or only the text when
    /// it is one a program passes by mistake (`undefined`, `NaN`, `Infinity`, `[object Object]`).
    fn unexpected_token(&self, unit: u16) -> String {
        const CONTEXT: usize = 10;
        let text = |range: std::ops::Range<usize>| {
            String::from_utf16_lossy(&self.units[range].iter().map(|u| u.unit()).collect::<Vec<_>>())
        };
        let whole = text(0..self.units.len());
        if ["[object Object]", "undefined", "Infinity", "NaN"].contains(&whole.as_str()) {
            return format!("\"{whole}\" is not valid JSON");
        }
        let token = String::from_utf16_lossy(&[unit]);
        let (pos, len) = (self.pos, self.units.len());
        if len < 2 * CONTEXT + 1 {
            format!("Unexpected token '{token}', \"{whole}\" is not valid JSON")
        } else if pos < CONTEXT {
            let start = text(0..pos + CONTEXT);
            format!("Unexpected token '{token}', \"{start}\"... is not valid JSON")
        } else if pos < len - CONTEXT {
            let around = text(pos - CONTEXT..pos + CONTEXT);
            format!("Unexpected token '{token}', ...\"{around}\"... is not valid JSON")
        } else {
            let end = text(pos - CONTEXT..len);
            format!("Unexpected token '{token}', ...\"{end}\" is not valid JSON")
        }
    }

    /// Skips whitespace and the `unit` that should follow, or fails with `problem`.
    fn expect_next(&mut self, unit: u8, problem: &str) -> JsResult<()> {
        self.skip_whitespace();
        if self.peek() == Some(u16::from(unit)) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error_here(problem))
        }
    }

    fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        // Each value is a step toward the interrupt, as each instruction of the script it
        // replaces was.
        context.count_steps(1)?;
        self.skip_whitespace();
        let start = self.pos;
        let primitive = match self.peek() {
            Some(0x7B) => return self.object(context),
            Some(0x5B) => return self.array(context),
            Some(0x22) => self.string(context)?.into(),
            Some(0x74) => self.literal(b"true", JsValue::new(true))?,
            Some(0x66) => self.literal(b"false", JsValue::new(false))?,
            Some(0x6E) => self.literal(b"null", JsValue::null())?,
            Some(0x2D | 0x30..=0x39) => self.number()?,
            _ => return Err(self.unexpected()),
        };
        self.record_primitive(start);
        Ok(primitive)
    }

    fn literal(&mut self, word: &[u8], value: JsValue) -> JsResult<JsValue> {
        for &unit in word {
            if self.peek() != Some(u16::from(unit)) {
                return Err(self.unexpected());
            }
            self.pos += 1;
        }
        Ok(value)
    }

    fn object(&mut self, context: &mut Context) -> JsResult<JsValue> {
        // Nesting recurses natively once per level.
        context.check_native_stack()?;
        self.pos += 1;
        let members = self.members.len();
        let base = self.sources.as_ref().map_or(0, Vec::len);
        let mut keys = self.sources.is_some().then(Vec::new);
        self.skip_whitespace();
        if self.peek() == Some(0x7D) {
            self.pos += 1;
            self.record_container(base, keys);
            return Ok(self.make_object(members, context).into());
        }
        if self.peek() != Some(0x22) {
            return Err(self.error_here("Expected property name or '}'"));
        }
        let mut first = true;
        loop {
            let key = self.key(context)?;
            if let Some(keys) = &mut keys {
                keys.push(key.to_std_string_escaped());
            }
            self.skip_whitespace();
            // V8 names the missing `:` after the first key only.
            if first {
                self.expect_next(b':', "Expected ':' after property name")?;
            } else if self.peek() == Some(0x3A) {
                self.pos += 1;
            } else {
                return Err(self.unexpected());
            }
            first = false;
            let value = self.value(context)?;
            self.members.push((key, value));
            self.skip_whitespace();
            match self.peek() {
                Some(0x2C) => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() != Some(0x22) {
                        return Err(self.error_here("Expected double-quoted property name"));
                    }
                }
                Some(0x7D) => {
                    self.pos += 1;
                    self.record_container(base, keys);
                    return Ok(self.make_object(members, context).into());
                }
                _ => return Err(self.error_here("Expected ',' or '}' after property value")),
            }
        }
    }

    /// The object of the members read since there were `base`. Up to [`SHARED_SHAPE_MEMBERS`]
    /// members it gets a shared shape, as an object literal does, so the records of a reply
    /// share their shapes (and property reads their inline caches) instead of each carrying a
    /// property table of its own; a larger object, more likely a map keyed by data, keeps its
    /// own table rather than a chain of shapes.
    fn make_object(&mut self, base: usize, context: &Context) -> JsObject {
        let object = if self.members.len() - base <= SHARED_SHAPE_MEMBERS {
            context
                .intrinsics()
                .templates()
                .ordinary_object()
                .create(OrdinaryObject, Vec::default())
        } else {
            JsObject::with_object_proto(context.intrinsics())
        };
        for (key, value) in self.members.drain(base..) {
            // `CreateDataProperty` on a fresh ordinary object, without the generic
            // `[[DefineOwnProperty]]` path: a repeated key keeps its slot and takes the value.
            object.insert_property(
                key,
                PropertyDescriptor::builder()
                    .value(value)
                    .writable(true)
                    .enumerable(true)
                    .configurable(true),
            );
        }
        object
    }

    fn array(&mut self, context: &mut Context) -> JsResult<JsValue> {
        context.check_native_stack()?;
        self.pos += 1;
        let mut elements = Vec::new();
        let base = self.sources.as_ref().map_or(0, Vec::len);
        self.skip_whitespace();
        if self.peek() == Some(0x5D) {
            self.pos += 1;
            self.record_container(base, None);
            return Ok(Array::create_array_from_list(elements, context).into());
        }
        loop {
            elements.push(self.value(context)?);
            self.skip_whitespace();
            match self.peek() {
                Some(0x2C) => self.pos += 1,
                Some(0x5D) => {
                    self.pos += 1;
                    self.record_container(base, None);
                    return Ok(Array::create_array_from_list(elements, context).into());
                }
                _ => return Err(self.error_here("Expected ',' or ']' after array element")),
            }
        }
    }

    /// A member's key: a string, shared with the same key read before when it has no escapes.
    fn key(&mut self, context: &mut Context) -> JsResult<JsString> {
        let start = self.pos + 1;
        let Some(length) = self.units[start..]
            .iter()
            .position(|u| matches!(u.unit(), 0x22 | 0x5C | 0x00..=0x1F))
            .filter(|&length| self.units[start + length].unit() == 0x22)
        else {
            return self.string(context);
        };
        let units = &self.units[start..start + length];
        let hash = units.iter().fold(length, |hash, unit| {
            (hash.rotate_left(5) ^ usize::from(unit.unit())).wrapping_mul(0x9E37_79B9)
        });
        let slot = &mut self.keys[hash % KEY_CACHE_SLOTS];
        let key = match slot {
            Some(key) if key.len() == length && key.iter().zip(units).all(|(a, b)| a == b.unit()) => {
                key.clone()
            }
            _ => {
                let key = Self::slice_string(units);
                *slot = Some(key.clone());
                key
            }
        };
        self.pos = start + length + 1;
        Ok(key)
    }

    /// A string token. Both loops count a step per [`UNITS_PER_STEP_CHECK`] units read and the
    /// decoded string grows through the allocation check: a 10^8-unit string token ran 160 ms
    /// past a 50 ms budget.
    fn string(&mut self, context: &mut Context) -> JsResult<JsString> {
        self.pos += 1;
        let start = self.pos;
        // The common case, no escapes: one slice of the text, found a chunk at a time.
        loop {
            let chunk_end = (self.pos + UNITS_PER_STEP_CHECK).min(self.units.len());
            let special = self.units[self.pos..chunk_end]
                .iter()
                .position(|u| matches!(u.unit(), 0x22 | 0x5C | 0x00..=0x1F));
            let Some(offset) = special else {
                self.pos = chunk_end;
                if chunk_end == self.units.len() {
                    return Err(self.error_here("Unterminated string"));
                }
                context.count_steps(comparison_steps(UNITS_PER_STEP_CHECK))?;
                continue;
            };
            self.pos += offset;
            match self.peek() {
                Some(0x22) => {
                    let string = Self::slice_string(&self.units[start..self.pos]);
                    self.pos += 1;
                    return Ok(string);
                }
                Some(0x5C) => break,
                _ => return Err(self.error_here("Bad control character in string literal")),
            }
        }
        let mut unchecked = 0;
        context.reserve_memory((self.pos - start) * 2)?;
        let mut decoded: Vec<u16> = self.units[start..self.pos].iter().map(|u| u.unit()).collect();
        loop {
            unchecked += 1;
            if unchecked == UNITS_PER_STEP_CHECK {
                unchecked = 0;
                context.count_steps(comparison_steps(UNITS_PER_STEP_CHECK))?;
            }
            context.reserve_utf16_room(&mut decoded, 1)?;
            match self.peek() {
                None => return Err(self.error_here("Unterminated string")),
                Some(0x00..=0x1F) => {
                    return Err(self.error_here("Bad control character in string literal"));
                }
                Some(0x22) => {
                    self.pos += 1;
                    context.reserve_string(decoded.len(), false)?;
                    return Ok(JsString::from(&decoded[..]));
                }
                Some(0x5C) => {
                    self.pos += 1;
                    let escaped = match self.peek() {
                        Some(0x22) => 0x22,
                        Some(0x5C) => 0x5C,
                        Some(0x2F) => 0x2F,
                        Some(0x62) => 0x08,
                        Some(0x66) => 0x0C,
                        Some(0x6E) => 0x0A,
                        Some(0x72) => 0x0D,
                        Some(0x74) => 0x09,
                        Some(0x75) => {
                            let mut code = 0u16;
                            for _ in 0..4 {
                                self.pos += 1;
                                let digit = self
                                    .peek()
                                    .and_then(|u| char::from_u32(u32::from(u))?.to_digit(16))
                                    .ok_or_else(|| self.error_here("Bad Unicode escape"))?;
                                code = code * 16 + digit as u16;
                            }
                            code
                        }
                        // The text ends, or a character outside Latin1 follows the backslash.
                        None | Some(0x100..) => return Err(self.unexpected()),
                        _ => return Err(self.error_here("Bad escaped character")),
                    };
                    self.pos += 1;
                    decoded.push(escaped);
                }
                Some(unit) => {
                    self.pos += 1;
                    decoded.push(unit);
                }
            }
        }
    }

    fn slice_string(units: &[T]) -> JsString {
        if let Some(latin1) = T::as_latin1(units) {
            JsString::from(JsStr::latin1(latin1))
        } else {
            JsString::from(&units.iter().map(|u| u.unit()).collect::<Vec<_>>()[..])
        }
    }

    fn number(&mut self) -> JsResult<JsValue> {
        let start = self.pos;
        if self.peek() == Some(0x2D) {
            self.pos += 1;
        }
        match self.peek() {
            Some(0x30) => {
                self.pos += 1;
                if matches!(self.peek(), Some(0x30..=0x39)) {
                    return Err(self.error_here("Unexpected number"));
                }
            }
            Some(0x31..=0x39) => self.digits(),
            _ => return Err(self.error_here("No number after minus sign")),
        }
        let integer_end = self.pos;
        if self.peek() == Some(0x2E) {
            self.pos += 1;
            self.required_digits("Unterminated fractional number")?;
        }
        if matches!(self.peek(), Some(0x65 | 0x45)) {
            self.pos += 1;
            if matches!(self.peek(), Some(0x2B | 0x2D)) {
                self.pos += 1;
            }
            self.required_digits("Exponent part is missing a number")?;
        }
        let text = &self.units[start..self.pos];
        // A short integer is exact as an i32, read without a copy of its text; `-0` is not one.
        if integer_end == self.pos && text.len() <= 10 {
            let (negative, digits) = match text.split_first() {
                Some((sign, digits)) if sign.unit() == 0x2D => (true, digits),
                _ => (false, text),
            };
            let magnitude = digits
                .iter()
                .fold(0i64, |n, digit| n * 10 + i64::from(digit.unit() - 0x30));
            let int = if negative { -magnitude } else { magnitude };
            if let Ok(int) = i32::try_from(int)
                && !(negative && int == 0)
            {
                return Ok(JsValue::new(int));
            }
        }
        // The grammar above admits only ASCII. Latin1 text is read where it is: a copy of a
        // long number's digits doubled what `JSON.rawJSON` of it held.
        let number: f64 = match T::as_latin1(text) {
            Some(bytes) => fast_float2::parse(bytes),
            None => fast_float2::parse(text.iter().map(|u| u.unit() as u8).collect::<Vec<_>>()),
        }
        .map_err(|_| self.error_here("Unexpected number"))?;
        Ok(JsValue::new(number))
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(0x30..=0x39)) {
            self.pos += 1;
        }
    }

    /// Digits, at least one, or the error `problem`.
    fn required_digits(&mut self, problem: &str) -> JsResult<()> {
        if !matches!(self.peek(), Some(0x30..=0x39)) {
            return Err(self.error_here(problem));
        }
        self.digits();
        Ok(())
    }
}
