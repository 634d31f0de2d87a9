//! TypeScript to JavaScript by erasure: `swc_ts_fast_strip` in strip-only mode (the rules Node.js
//! uses) replaces types with whitespace, so every position in the output is the position in the
//! source. The program is stripped inside an async-function shell, so top-level `await` and
//! `return` parse. The stripper's syntax tree, whose positions are those of the stripped code, is
//! kept for `prepare`, so a TypeScript program is parsed once.

use std::sync::{Arc, Mutex};

use swc_common::comments::SingleThreadedComments;
use swc_common::errors::{DiagnosticBuilder, Emitter, Handler};
use swc_common::sync::Lrc;
use swc_common::{BytePos, SourceMap, Spanned};
use swc_ecma_ast::Script;
use swc_ecma_parser::error::SyntaxError;
use swc_ecma_parser::{Parser, StringInput, Syntax};
use swc_ts_fast_strip::{Options, operate};

use crate::error::{ErrorKind, ProgramError};
use crate::source::positions::LineIndex;

/// The shell the program is parsed in; it shares the program's first line and adds one after
/// the last, so a trailing `//` comment cannot swallow the closing brace.
pub const SHELL_OPEN: &str = "(async function () {";
pub const SHELL_CLOSE: &str = "\n})";

/// A program parsed inside the shell: the shelled JavaScript (for a TypeScript program, with its
/// types erased), its syntax tree and its comments, whose positions count from `start`.
#[derive(Debug)]
pub struct Shelled {
    pub code: String,
    pub tree: Script,
    pub comments: SingleThreadedComments,
    pub start: BytePos,
}

impl Shelled {
    /// The program's own text: the code without the shell.
    pub fn body(&self) -> &str {
        &self.code[SHELL_OPEN.len()..self.code.len() - SHELL_CLOSE.len()]
    }

    /// The offset in [`Shelled::body`] of a position in the tree.
    pub fn body_offset(&self, pos: BytePos) -> usize {
        body_offset(pos, self.start, self.body().len())
    }
}

/// The offset in a program of `body_len` bytes of a position in it parsed inside the shell from
/// `start`; positions in the shell fall on the program's nearest end.
pub fn body_offset(pos: BytePos, start: BytePos, body_len: usize) -> usize {
    (pos.0.saturating_sub(start.0) as usize).saturating_sub(SHELL_OPEN.len()).min(body_len)
}

/// A diagnostic as the stripper reported it: message and byte offset in the shelled source.
struct Diagnostic {
    message: String,
    offset: Option<u32>,
}

#[derive(Clone, Default)]
struct Collector(Arc<Mutex<Vec<Diagnostic>>>);

impl Emitter for Collector {
    fn emit(&mut self, db: &mut DiagnosticBuilder<'_>) {
        let offset = db.span.primary_span().map(|span| span.lo.0);
        if let Ok(mut diagnostics) = self.0.lock() {
            diagnostics.push(Diagnostic { message: db.message(), offset });
        }
    }
}

/// Strips the types from `source`, keeping every position, and keeps what the stripper parsed.
pub fn strip_types(source: &str) -> Result<Shelled, ProgramError> {
    let shelled = format!("{SHELL_OPEN}{source}{SHELL_CLOSE}");
    let shelled_len = shelled.len();
    let cm: Lrc<SourceMap> = Default::default();
    let collector = Collector::default();
    let handler = Handler::with_emitter(true, false, Box::new(collector.clone()));
    let options = Options { module: Some(false), ..Default::default() };
    // The source map numbers its first file from 1.
    let start = BytePos(1);
    match operate(&cm, &handler, shelled, options) {
        Ok(output) => {
            let code = output.code;
            if !(code.len() == shelled_len && code.starts_with(SHELL_OPEN) && code.ends_with(SHELL_CLOSE)) {
                return Err(ProgramError::new(
                    ErrorKind::Syntax,
                    "SyntaxError",
                    "the program does not fit in a function body (an unbalanced `}` or `)` closes it early)",
                ));
            }
            // `module: Some(false)` parses a script.
            let stripped = Shelled { code, tree: output.program.expect_script(), comments: output.comments, start };
            drop_erased_comments(&stripped, source);
            Ok(stripped)
        }
        Err(err) => {
            let diagnostics = collector.0.lock().map(|mut d| std::mem::take(&mut *d)).unwrap_or_default();
            let first = diagnostics.into_iter().next();
            let message = first.as_ref().map_or_else(|| err.message.clone(), |d| d.message.clone());
            let offset = first.and_then(|d| d.offset).map(BytePos);
            // Node's stripper (amaro) words this mistake as swc does for a module.
            let shelled = format!("{SHELL_OPEN}{source}{SHELL_CLOSE}");
            let (message, offset) = match misplaced_await(&shelled, start, Syntax::Typescript(Default::default()), offset) {
                Some(at) => ("await isn't allowed in non-async function".to_owned(), Some(at)),
                None => (with_rewrite_hint(&message), offset),
            };
            Err(syntax_error(source, &message, offset.map(|at| body_offset(at, start, source.len()))))
        }
    }
}

/// Where an `await` sits in a function that is not async, when that is what makes `shelled` (a
/// program in the shell, positions from `start`) fail to parse at `failed_at`. A script reads
/// such an `await` as an identifier and fails on the token after it (`Expected ',', got
/// 'ident'`); parsed as a module, where `await` is reserved, swc names the mistake itself.
pub fn misplaced_await(shelled: &str, start: BytePos, syntax: Syntax, failed_at: Option<BytePos>) -> Option<BytePos> {
    let end = BytePos(start.0 + shelled.len() as u32);
    let mut parser = Parser::new(syntax, StringInput::new(shelled, start, end), None);
    let result = parser.parse_module().err();
    let at = result
        .into_iter()
        .chain(parser.take_errors())
        .find(|error| matches!(error.kind(), SyntaxError::AwaitInFunction))
        .map(|error| error.span().lo)?;
    failed_at.is_none_or(|failed_at| at <= failed_at).then_some(at)
}

/// Drops the comments the stripper erased with the types around them (`x as /* why */ T`): they
/// are whitespace in the stripped code, not comments. The others are as they were in `source`.
fn drop_erased_comments(stripped: &Shelled, source: &str) {
    let body = stripped.body();
    let (mut leading, mut trailing) = stripped.comments.borrow_all_mut();
    for comments in leading.values_mut().chain(trailing.values_mut()) {
        comments.retain(|comment| {
            let text = stripped.body_offset(comment.span.lo)..stripped.body_offset(comment.span.hi);
            body.get(text.clone()) == source.get(text)
        });
    }
}

/// A 'syntax' error at a byte offset of the original source, with its code frame.
pub fn syntax_error(source: &str, message: &str, offset: Option<usize>) -> ProgramError {
    source_error(source, "SyntaxError", message, offset)
}

/// An error of kind 'syntax' (the program never ran) named `name`, at a byte offset of the
/// original source, with its code frame.
pub fn source_error(source: &str, name: &str, message: &str, offset: Option<usize>) -> ProgramError {
    match offset {
        Some(offset) => {
            let index = LineIndex::new(source);
            let (line, column) = index.line_col(offset);
            syntax_error_at(&index, name, message, line, column)
        }
        None => ProgramError::new(ErrorKind::Syntax, name, message),
    }
}

/// A 'syntax' error named `name` at a 1-based line and column of the source `index` indexes,
/// with its code frame.
pub fn syntax_error_at(index: &LineIndex, name: &str, message: &str, line: u32, column: u32) -> ProgramError {
    let mut error = ProgramError::new(ErrorKind::Syntax, name, message);
    error.line = Some(line);
    error.column = Some(column);
    error.code_frame = Some(index.code_frame(line, column).into());
    error.stack = Some(format!("{name}: {message}\n    at program:{line}:{column}").into());
    error
}

/// Names the erasable rewrite for each construct strip-only mode refuses (the stripper's own
/// message names it for an angle-bracket assertion).
fn with_rewrite_hint(message: &str) -> String {
    let hint = if message.contains("enum") {
        "use a `const` object with `as const` and a union type instead, e.g. `const Color = { Red: 'red' } as const`"
    } else if message.contains("namespace") || message.contains("`module` keyword") {
        "use plain top-level declarations or an object instead of a namespace"
    } else if message.contains("parameter property") {
        "declare the field in the class body and assign it in the constructor (`x: number; constructor(x: number) { this.x = x }`)"
    } else if message.contains("import equals") || message.contains("export assignment") {
        "programs cannot import or export; use the bindings the host provides"
    } else {
        return message.to_owned();
    };
    format!("{message}: {hint}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_become_whitespace_and_positions_hold() {
        let source = "const a: number = 1\nfunction f<T>(x: T): T { return x }\nreturn f(a) as number";
        let stripped = strip_types(source).unwrap();
        let js = stripped.body();
        assert_eq!(js.len(), source.len());
        assert_eq!(js.lines().count(), 3);
        assert!(js.starts_with("const a         = 1"), "{js}");
        assert!(js.contains("return f(a)"), "{js}");
        assert!(!js.contains("number"), "{js}");
    }

    #[test]
    fn types_outside_ascii_keep_positions() {
        // Blanked character for character, each with whitespace of its UTF-8 length.
        let source = "type Statut = 'ouvert' | 'fermé' | '✓' | '😀'\nconst s: Statut = 'fermé'; return s";
        let stripped = strip_types(source).unwrap();
        let js = stripped.body();
        assert_eq!(js.len(), source.len());
        // An erased statement keeps a `;` in its place.
        assert_eq!(js.lines().next().unwrap().trim(), ";", "{js}");
        assert_eq!(js.lines().nth(1).unwrap().chars().count(), source.lines().nth(1).unwrap().chars().count());
        assert!(js.ends_with("const s         = 'fermé'; return s"), "{js}");
    }

    #[test]
    fn top_level_await_and_return_parse() {
        let stripped = strip_types("const x = await Promise.resolve(1 as const)\nreturn x").unwrap();
        let js = stripped.body();
        assert!(js.contains("await Promise.resolve(1"), "{js}");
    }

    #[test]
    fn enum_is_a_syntax_error_naming_the_rewrite() {
        let err = strip_types("let a = 1\n  enum Color { Red }\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::Syntax);
        assert!(err.message.contains("enum"), "{}", err.message);
        assert!(err.message.contains("as const"), "{}", err.message);
        assert_eq!(err.line, Some(2));
        assert_eq!(err.column, Some(3));
        assert!(err.code_frame.unwrap().contains("> 2 |"));
    }

    #[test]
    fn await_in_a_function_that_is_not_async_is_named_at_the_await() {
        let err = strip_types("const ids: number[] = [1]\nconst users = ids.map((id) => await load(id))").unwrap_err();
        assert_eq!(err.message, "await isn't allowed in non-async function");
        assert_eq!((err.line, err.column), (Some(2), Some(31)));
        // An earlier mistake is still the one reported.
        let err = strip_types("const a = ;\nconst users = ids.map((id) => await load(id))").unwrap_err();
        assert_eq!(err.line, Some(1), "{}", err.message);
    }

    #[test]
    fn parameter_property_names_the_rewrite() {
        let err = strip_types("class A { constructor(private x: number) {} }").unwrap_err();
        assert!(err.message.contains("constructor"), "{}", err.message);
    }

    #[test]
    fn syntax_error_reports_original_position() {
        let err = strip_types("const a = 1\nconst b = ;\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(11)), "{}", err.message);
    }
}
