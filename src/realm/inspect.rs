//! Formats program values for the console the way Node's `util.format` / `util.inspect` do in the
//! common cases: strings bare at the top level, `{ a: 1, b: [ 1, 2 ] }`, `Map(1) { 'a' => 1 }`,
//! errors with their stack, `[Circular *1]`. Accessors are shown, never run.

use boa_engine::object::builtins::{JsArrayBuffer, JsDate, JsMap, JsPromise, JsRegExp, JsSet, JsTypedArray};
use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::property::PropertyKey;
use boa_engine::builtins::promise::PromiseState;
use boa_engine::native_function::NativeFunctionObject;
use boa_engine::{Context, JsObject, JsResult, JsValue, js_string};

use crate::realm::convert::{OwnProperty, is_identifier, length_of, own_property};
use crate::source::positions::PositionMap;

const MAX_DEPTH: usize = 2;
const MAX_ITEMS: usize = 100;
const BREAK_LENGTH: usize = 72;

/// `console.log(...)`'s text for its arguments, with `%s`-style substitutions in the first.
pub fn format_args(args: &[JsValue], positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    let mut out = String::new();
    let mut rest = args;
    if let Some(first) = args.first().and_then(JsValue::as_string) {
        let template = first.to_std_string_escaped();
        rest = &args[1..];
        let mut chars = template.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            let Some(&spec) = chars.peek() else {
                out.push('%');
                break;
            };
            let substituted = match spec {
                '%' => Some("%".to_owned()),
                's' | 'd' | 'i' | 'f' | 'j' | 'o' | 'O' | 'c' if !rest.is_empty() => {
                    let arg = &rest[0];
                    rest = &rest[1..];
                    Some(match spec {
                        's' if arg.is_string() => arg.to_string(context)?.to_std_string_escaped(),
                        'd' | 'i' => {
                            let n = arg.to_number(context)?;
                            let n = if spec == 'i' { n.trunc() } else { n };
                            number(n)
                        }
                        'f' => number(arg.to_number(context)?),
                        'j' => match crate::realm::convert::to_json(arg, crate::realm::convert::Bounds { max_depth: 64, max_bytes: 1 << 20 }, context) {
                            Ok(Some(v)) => v.to_string(),
                            Ok(None) => "undefined".to_owned(),
                            Err(_) => "[Circular]".to_owned(),
                        },
                        'c' => String::new(),
                        _ => inspect(arg, positions, context)?,
                    })
                }
                _ => None,
            };
            match substituted {
                Some(text) => {
                    out.push_str(&text);
                    chars.next();
                }
                None => out.push('%'),
            }
        }
    }
    for arg in rest {
        if !out.is_empty() || !std::ptr::eq(arg, &args[0]) {
            out.push(' ');
        }
        if arg.is_string() {
            out.push_str(&arg.to_string(context)?.to_std_string_escaped());
        } else {
            out.push_str(&inspect(arg, positions, context)?);
        }
    }
    Ok(out)
}

/// `util.inspect(value)`.
pub fn inspect(value: &JsValue, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    let mut inspector = Inspector { seen: Vec::new(), circular: Vec::new(), positions };
    inspector.value(value, 0, context)
}

struct Inspector<'a> {
    seen: Vec<JsObject>,
    circular: Vec<JsObject>,
    positions: &'a PositionMap,
}

fn number(n: f64) -> String {
    if n == 0.0 && n.is_sign_negative() {
        "-0".to_owned()
    } else {
        JsValue::from(n).display().to_string()
    }
}

fn quote(s: &str) -> String {
    let escaped = s.replace('\\', "\\\\").replace('\n', "\\n");
    if !s.contains('\'') {
        format!("'{escaped}'")
    } else if !s.contains('"') {
        format!("\"{escaped}\"")
    } else {
        format!("'{}'", escaped.replace('\'', "\\'"))
    }
}

fn key_text(key: &PropertyKey) -> String {
    match key {
        PropertyKey::String(s) => {
            let s = s.to_std_string_escaped();
            if is_identifier(&s) { s } else { quote(&s) }
        }
        PropertyKey::Index(i) => format!("'{}'", i.get()),
        PropertyKey::Symbol(s) => format!("[{}]", s.descriptive_string().to_std_string_escaped()),
    }
}

/// `{ a, b }` on one line when it fits, else one entry per line.
fn group(open: &str, entries: &[String], close: &str, depth: usize) -> String {
    if entries.is_empty() {
        return format!("{}{close}", open.trim_end());
    }
    let single = format!("{open} {} {close}", entries.join(", "));
    if single.len() <= BREAK_LENGTH && !single.contains('\n') {
        return single;
    }
    let indent = "  ".repeat(depth + 1);
    let outer = "  ".repeat(depth);
    format!("{open}\n{indent}{}\n{outer}{close}", entries.join(&format!(",\n{indent}")))
}

impl Inspector<'_> {
    fn value(&mut self, value: &JsValue, depth: usize, context: &mut Context) -> JsResult<String> {
        if let Some(s) = value.as_string() {
            return Ok(quote(&s.to_std_string_escaped()));
        }
        if let Some(n) = value.as_number() {
            return Ok(number(n));
        }
        if let Some(big) = value.as_bigint() {
            return Ok(format!("{big}n"));
        }
        if let Some(symbol) = value.as_symbol() {
            return Ok(symbol.descriptive_string().to_std_string_escaped());
        }
        let Some(object) = value.as_object() else {
            return Ok(value.display().to_string());
        };
        if self.seen.contains(&object) {
            if !self.circular.contains(&object) {
                self.circular.push(object.clone());
            }
            let index = self.circular.iter().position(|o| o == &object).unwrap_or(0) + 1;
            return Ok(format!("[Circular *{index}]"));
        }
        self.seen.push(object.clone());
        let text = self.object(&object, depth, context);
        self.seen.pop();
        let text = text?;
        Ok(match self.circular.iter().position(|o| o == &object) {
            Some(index) => format!("<ref *{}> {text}", index + 1),
            None => text,
        })
    }

    fn object(&mut self, object: &JsObject, depth: usize, context: &mut Context) -> JsResult<String> {
        if object.is_callable() {
            let name = object.get(js_string!("name"), context)?;
            let name = name.as_string().map(|s| s.to_std_string_escaped()).filter(|s| !s.is_empty());
            let is_class = object.is_constructor() && {
                let source = object.get(js_string!("prototype"), context)?;
                source.as_object().is_some_and(|p| !p.is_callable()) && name.as_deref().is_some_and(|n| n.starts_with(char::is_uppercase))
            };
            return Ok(match (is_class, name) {
                (true, Some(name)) => format!("[class {name}]"),
                (_, Some(name)) => format!("[Function: {name}]"),
                (_, None) => "[Function (anonymous)]".to_owned(),
            });
        }
        if self.is_error(object, context) {
            return self.error(object, context);
        }
        if let Ok(date) = JsDate::from_object(object.clone()) {
            let iso = date.to_iso_string(context);
            return Ok(iso.map_or_else(|_| "Invalid Date".to_owned(), |s| s.to_string(context).map(|s| s.to_std_string_escaped()).unwrap_or_default()));
        }
        if JsRegExp::from_object(object.clone()).is_ok() {
            return Ok(JsValue::from(object.clone()).to_string(context)?.to_std_string_escaped());
        }
        if let Ok(promise) = JsPromise::from_object(object.clone()) {
            let state = match promise.state() {
                PromiseState::Pending => "<pending>".to_owned(),
                PromiseState::Fulfilled(v) => self.value(&v, depth + 1, context)?,
                PromiseState::Rejected(v) => format!("<rejected> {}", self.value(&v, depth + 1, context)?),
            };
            return Ok(format!("Promise {{ {state} }}"));
        }
        if depth > MAX_DEPTH {
            return Ok(if object.is_array() { "[Array]".to_owned() } else { "[Object]".to_owned() });
        }
        if let Ok(map) = JsMap::from_object(object.clone()) {
            let mut pairs = Vec::new();
            map.for_each_native(|k, v| {
                pairs.push((k, v));
                Ok(())
            })?;
            let mut entries = Vec::new();
            for (k, v) in pairs.iter().take(MAX_ITEMS) {
                entries.push(format!("{} => {}", self.value(k, depth + 1, context)?, self.value(v, depth + 1, context)?));
            }
            more(&mut entries, pairs.len());
            return Ok(group(&format!("Map({}) {{", pairs.len()), &entries, "}", depth));
        }
        if let Ok(set) = JsSet::from_object(object.clone()) {
            let mut items = Vec::new();
            set.for_each_native(|v| {
                items.push(v);
                Ok(())
            })?;
            let mut entries = Vec::new();
            for v in items.iter().take(MAX_ITEMS) {
                entries.push(self.value(v, depth + 1, context)?);
            }
            more(&mut entries, items.len());
            return Ok(group(&format!("Set({}) {{", items.len()), &entries, "}", depth));
        }
        if let Ok(typed) = JsTypedArray::from_object(object.clone()) {
            let length = typed.length(context)?;
            let name = object.get(js_string!("constructor"), context)?;
            let name = match name.as_object() {
                Some(c) => c.get(js_string!("name"), context)?.to_string(context)?.to_std_string_escaped(),
                None => "TypedArray".to_owned(),
            };
            let mut entries = Vec::new();
            for i in 0..length.min(MAX_ITEMS) {
                entries.push(self.value(&typed.get(i, context)?, depth + 1, context)?);
            }
            more(&mut entries, length);
            return Ok(group(&format!("{name}({length}) ["), &entries, "]", depth));
        }
        if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            let length = buffer.data().map_or(0, |d| d.len());
            return Ok(format!("ArrayBuffer {{ byteLength: {length} }}"));
        }
        if object.is_array() {
            let length = length_of(object, context)? as usize;
            let mut entries = Vec::new();
            for i in 0..length.min(MAX_ITEMS) {
                let key = PropertyKey::from(i as u32);
                entries.push(match own_property(object, &key, context)? {
                    Some(property) => self.property(&property, depth, context)?,
                    None => "<1 empty item>".to_owned(),
                });
            }
            more(&mut entries, length);
            return Ok(group("[", &entries, "]", depth));
        }
        let mut entries = Vec::new();
        for key in object.own_property_keys(context)? {
            let Some(property) = own_property(object, &key, context)? else { continue };
            if !property.enumerable {
                continue;
            }
            entries.push(format!("{}: {}", key_text(&key), self.property(&property, depth, context)?));
        }
        let prefix = if object.prototype().is_none() { "[Object: null prototype] {" } else { "{" };
        Ok(group(prefix, &entries, "}", depth))
    }

    fn property(&mut self, property: &OwnProperty, depth: usize, context: &mut Context) -> JsResult<String> {
        if let Some(value) = &property.value {
            return self.value(value, depth + 1, context);
        }
        Ok(match (property.getter, property.setter) {
            (true, true) => "[Getter/Setter]",
            (true, false) => "[Getter]",
            _ => "[Setter]",
        }
        .to_owned())
    }

    fn is_error(&self, object: &JsObject, context: &mut Context) -> bool {
        let error_prototype = context.intrinsics().constructors().error().prototype();
        let mut current = object.prototype();
        while let Some(proto) = current {
            if proto == error_prototype {
                return true;
            }
            current = proto.prototype();
        }
        false
    }

    fn error(&mut self, object: &JsObject, context: &mut Context) -> JsResult<String> {
        let name = data_string(object, "name", context).unwrap_or_else(|| "Error".to_owned());
        let message = data_string(object, "message", context).unwrap_or_default();
        let head = if message.is_empty() { name } else { format!("{name}: {message}") };
        let stack = data_string(object, "stack", context).unwrap_or_default();
        let stack = map_stack(&stack, self.positions);
        Ok(if stack.is_empty() { format!("[{head}]") } else { format!("{head}\n{stack}") })
    }
}

fn more(entries: &mut Vec<String>, total: usize) {
    if total > MAX_ITEMS {
        entries.push(format!("... {} more item{}", total - MAX_ITEMS, if total - MAX_ITEMS == 1 { "" } else { "s" }));
    }
}

/// A string data property of an error, own or inherited, read without running program code:
/// only data properties and the engine's own native `stack` accessor are read.
pub fn data_string(object: &JsObject, key: &str, context: &mut Context) -> Option<String> {
    let key = PropertyKey::from(js_string!(key));
    let mut current = Some(object.clone());
    while let Some(holder) = current {
        if let Some(property) = own_property(&holder, &key, context).ok()? {
            if let Some(value) = property.value {
                return value.as_string().map(|s| s.to_std_string_escaped());
            }
            let native_getter = accessor_of(&holder, &key, context).filter(|g| g.is::<NativeFunctionObject>())?;
            let value = native_getter.call(&object.clone().into(), &[], context).ok()?;
            return value.as_string().map(|s| s.to_std_string_escaped());
        }
        current = holder.prototype();
    }
    None
}

fn accessor_of(holder: &JsObject, key: &PropertyKey, context: &mut Context) -> Option<JsObject> {
    let args = [JsValue::from(holder.clone()), JsValue::from(key.clone())];
    let descriptor = OrdinaryObject::get_own_property_descriptor(&JsValue::undefined(), &args, context).ok()?;
    descriptor.as_object()?.get(js_string!("get"), context).ok()?.as_object()
}

/// Rewrites Boa's `    at f (program.js:L:C)` frames to the original source's positions, drops
/// the runtime's own wrapper frames, and names the file `program`.
pub fn map_stack(stack: &str, positions: &PositionMap) -> String {
    stack
        .lines()
        .filter_map(|line| {
            let open = line.rfind('(')?;
            let inner = line[open + 1..].strip_suffix(')')?;
            let mut parts = inner.rsplitn(3, ':');
            let column: u32 = parts.next()?.parse().ok()?;
            let row: u32 = parts.next()?.parse().ok()?;
            let (row, column) = positions.original(row, column)?;
            let name = line[..open].trim().trim_start_matches("at ").trim();
            let name = if name.is_empty() || name == "<main>" { "<program>" } else { name };
            Some(format!("    at {name} (program:{row}:{column})"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first frame's original position, for an error's line and column.
pub fn first_position(mapped_stack: &str) -> Option<(u32, u32)> {
    let line = mapped_stack.lines().next()?;
    let inner = line.rsplit_once("(program:")?.1.strip_suffix(')')?;
    let (row, column) = inner.split_once(':')?;
    Some((row.parse().ok()?, column.parse().ok()?))
}
