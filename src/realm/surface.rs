//! What the host gives a program besides its source: its bindings (the functions, the namespaces
//! that hold them, the error classes their failures take), how values cross to them, and the
//! Node-like globals it asked for. Crosses N-API as a plain object and reaches a process
//! substrate's child in its request.

use crate::realm::console::ConsoleStyle;
use crate::run::memory::HeapBytes;

#[napi_derive::napi(object)]
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Surface {
    /// Each binding's path: its names joined by `.`, where a `.` or `\` inside a name is escaped
    /// by a `\` (`lib/bridge.js` writes them), so a name may be any string.
    pub paths: Vec<String>,
    /// Namespaces that exist even with no binding in them, as paths.
    pub namespaces: Vec<String>,
    pub error_classes: Vec<ErrorClass>,
    /// Values cross only as lossless JSON (`crossing: 'lossless-json'`, `realm::lossless`).
    pub lossless: bool,
    /// The realm has a `process` whose `env` holds these (`realm::process`).
    pub env: Option<Vec<EnvVar>>,
    pub console: Option<ConsoleStyle>,
}

#[napi_derive::napi(object)]
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct EnvVar {
    pub name: String,
    pub value: String,
}

/// A global error class the failures of one namespace's calls take: a call whose binding
/// rejected, or whose arguments could not cross, rejects with `new <name>(member, message)`,
/// whose own property `member_property` names the function called.
#[napi_derive::napi(object)]
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct ErrorClass {
    /// The namespace's path (as in [`Surface::paths`]).
    pub namespace: String,
    pub name: String,
    pub member_property: String,
}

impl Surface {
    /// The environment's names and values.
    pub fn env_vars(&self) -> Option<Vec<(String, String)>> {
        self.env.as_ref().map(|env| env.iter().map(|var| (var.name.clone(), var.value.clone())).collect())
    }
}

impl HeapBytes for Surface {
    fn heap_bytes(&self) -> usize {
        self.paths.heap_bytes() + self.namespaces.heap_bytes() + self.error_classes.heap_bytes() + self.env.heap_bytes()
    }
}

impl HeapBytes for ErrorClass {
    fn heap_bytes(&self) -> usize {
        self.namespace.heap_bytes() + self.name.heap_bytes() + self.member_property.heap_bytes()
    }
}

impl HeapBytes for EnvVar {
    fn heap_bytes(&self) -> usize {
        self.name.heap_bytes() + self.value.heap_bytes()
    }
}

/// A path's names, unescaped.
pub fn split_path(path: &str) -> Vec<String> {
    let mut names = vec![String::new()];
    let mut chars = path.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => names.last_mut().expect("never empty").extend(chars.next()),
            '.' => names.push(String::new()),
            c => names.last_mut().expect("never empty").push(c),
        }
    }
    names
}

/// A path as a program writes it, for messages: its names joined by `.`.
pub fn display_path(path: &str) -> String {
    split_path(path).join(".")
}

/// The path of the namespace holding the binding at `path` (`""` at the top level).
pub fn namespace_of(path: &str) -> &str {
    let mut escaped = false;
    let mut last_dot = None;
    for (at, c) in path.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '.' => last_dot = Some(at),
            _ => {}
        }
    }
    last_dot.map_or("", |at| &path[..at])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_names_keep_their_dots_and_backslashes() {
        assert_eq!(split_path("tools.search"), ["tools", "search"]);
        assert_eq!(split_path(r"tools.a\.b.c\\"), ["tools", "a.b", r"c\"]);
        assert_eq!(split_path("tools."), ["tools", ""]);
        assert_eq!(display_path(r"mcp.get\.sum"), "mcp.get.sum");
        assert_eq!(namespace_of(r"mcp.get\.sum"), "mcp");
        assert_eq!(namespace_of(r"a\.b"), "");
        assert_eq!(namespace_of("a.b.c"), "a.b");
    }
}
