//! Local patch (code-runtime-boa): `JSON.parse` builds values straight from the text.
//!
//! Boa validated the text with `serde_json`, threw that away, then ran the JavaScript parser,
//! compiler and interpreter on `(text)`; the parser alone was two thirds of the cost. This reads
//! the code units once and makes the values as it goes, with JavaScript's rules where they
//! differ from a generic JSON reader: lone surrogates in strings are kept, a repeated key keeps
//! its first position and its last value, `__proto__` is a plain data property, and numbers
//! round as JavaScript's `Number()` does.
use crate::{
    Context, JsNativeError, JsObject, JsResult, JsStr, JsString, JsValue, builtins::Array,
    property::PropertyDescriptor,
};

/// Parses the whole of `text` as one JSON value.
pub(super) fn parse_json_text(text: &JsString, context: &mut Context) -> JsResult<JsValue> {
    match text.as_str().variant() {
        crate::string::JsStrVariant::Latin1(units) => JsonReader { units, pos: 0 }.text(context),
        crate::string::JsStrVariant::Utf16(units) => JsonReader { units, pos: 0 }.text(context),
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

struct JsonReader<'a, T> {
    units: &'a [T],
    pos: usize,
}

impl<T: Unit> JsonReader<'_, T> {
    fn text(mut self, context: &mut Context) -> JsResult<JsValue> {
        let value = self.value(context)?;
        self.skip_whitespace();
        if self.pos < self.units.len() {
            return Err(self.unexpected());
        }
        Ok(value)
    }

    fn peek(&self) -> Option<u16> {
        self.units.get(self.pos).map(|u| u.unit())
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(0x20 | 0x09 | 0x0A | 0x0D)) {
            self.pos += 1;
        }
    }

    /// The `SyntaxError` for whatever is at the current position, in V8's words.
    fn unexpected(&self) -> crate::JsError {
        let message = match self.peek() {
            None => "Unexpected end of JSON input".to_owned(),
            Some(unit) => format!(
                "Unexpected token '{}' in JSON at position {}",
                char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER),
                self.pos
            ),
        };
        JsNativeError::syntax().with_message(message).into()
    }

    fn expect(&mut self, unit: u8) -> JsResult<()> {
        if self.peek() == Some(u16::from(unit)) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn value(&mut self, context: &mut Context) -> JsResult<JsValue> {
        // Each value is a step toward the interrupt, as each instruction of the script it
        // replaces was.
        context.count_steps(1)?;
        self.skip_whitespace();
        match self.peek() {
            Some(0x7B) => self.object(context),
            Some(0x5B) => self.array(context),
            Some(0x22) => Ok(self.string()?.into()),
            Some(0x74) => self.literal(b"true", JsValue::new(true)),
            Some(0x66) => self.literal(b"false", JsValue::new(false)),
            Some(0x6E) => self.literal(b"null", JsValue::null()),
            Some(0x2D | 0x30..=0x39) => self.number(),
            _ => Err(self.unexpected()),
        }
    }

    fn literal(&mut self, word: &[u8], value: JsValue) -> JsResult<JsValue> {
        for &unit in word {
            self.expect(unit)?;
        }
        Ok(value)
    }

    fn object(&mut self, context: &mut Context) -> JsResult<JsValue> {
        // Nesting recurses natively once per level.
        context.check_native_stack()?;
        self.pos += 1;
        let object = JsObject::with_object_proto(context.intrinsics());
        self.skip_whitespace();
        if self.peek() == Some(0x7D) {
            self.pos += 1;
            return Ok(object.into());
        }
        loop {
            self.skip_whitespace();
            if self.peek() != Some(0x22) {
                return Err(self.unexpected());
            }
            let key = self.string()?;
            self.skip_whitespace();
            self.expect(b':')?;
            let value = self.value(context)?;
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
            self.skip_whitespace();
            match self.peek() {
                Some(0x2C) => self.pos += 1,
                Some(0x7D) => {
                    self.pos += 1;
                    return Ok(object.into());
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    fn array(&mut self, context: &mut Context) -> JsResult<JsValue> {
        context.check_native_stack()?;
        self.pos += 1;
        let mut elements = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(0x5D) {
            self.pos += 1;
            return Ok(Array::create_array_from_list(elements, context).into());
        }
        loop {
            elements.push(self.value(context)?);
            self.skip_whitespace();
            match self.peek() {
                Some(0x2C) => self.pos += 1,
                Some(0x5D) => {
                    self.pos += 1;
                    return Ok(Array::create_array_from_list(elements, context).into());
                }
                _ => return Err(self.unexpected()),
            }
        }
    }

    fn string(&mut self) -> JsResult<JsString> {
        self.pos += 1;
        let start = self.pos;
        // The common case, no escapes: one slice of the text.
        while let Some(unit) = self.peek() {
            match unit {
                0x22 => {
                    let string = self.slice_string(start, self.pos);
                    self.pos += 1;
                    return Ok(string);
                }
                0x5C => break,
                0x00..=0x1F => return Err(self.unexpected()),
                _ => self.pos += 1,
            }
        }
        let mut decoded: Vec<u16> = self.units[start..self.pos].iter().map(|u| u.unit()).collect();
        loop {
            match self.peek() {
                None | Some(0x00..=0x1F) => return Err(self.unexpected()),
                Some(0x22) => {
                    self.pos += 1;
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
                                    .ok_or_else(|| self.unexpected())?;
                                code = code * 16 + digit as u16;
                            }
                            code
                        }
                        _ => return Err(self.unexpected()),
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

    fn slice_string(&self, start: usize, end: usize) -> JsString {
        let units = &self.units[start..end];
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
            Some(0x30) => self.pos += 1,
            Some(0x31..=0x39) => self.digits(),
            _ => return Err(self.unexpected()),
        }
        let integer_end = self.pos;
        if self.peek() == Some(0x2E) {
            self.pos += 1;
            self.required_digits()?;
        }
        if matches!(self.peek(), Some(0x65 | 0x45)) {
            self.pos += 1;
            if matches!(self.peek(), Some(0x2B | 0x2D)) {
                self.pos += 1;
            }
            self.required_digits()?;
        }
        // The grammar above admits only ASCII.
        let text: Vec<u8> = self.units[start..self.pos].iter().map(|u| u.unit() as u8).collect();
        // A short integer is exact as an i32; `-0` is not one.
        if integer_end == self.pos && text.len() <= 10 && text != b"-0" {
            if let Some(int) = std::str::from_utf8(&text)
                .ok()
                .and_then(|t| t.parse::<i32>().ok())
            {
                return Ok(JsValue::new(int));
            }
        }
        let number: f64 = fast_float2::parse(&text).map_err(|_| self.unexpected())?;
        Ok(JsValue::new(number))
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(0x30..=0x39)) {
            self.pos += 1;
        }
    }

    fn required_digits(&mut self) -> JsResult<()> {
        if !matches!(self.peek(), Some(0x30..=0x39)) {
            return Err(self.unexpected());
        }
        self.digits();
        Ok(())
    }
}
