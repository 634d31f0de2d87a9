//! Prepares stripped JavaScript for Boa: checks its size, nesting and shape, wraps it in the
//! function that runs it, and for sessions turns top-level declarations into globals so later
//! programs see them. Only text is inserted, never a newline, and every insertion is recorded in a
//! [`PositionMap`] so errors report original positions. Budgets need no rewriting: the engine's
//! interrupt enforces them (see `budget`).

use std::ops::Range;

use swc_common::comments::SingleThreadedComments;
use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{ClassDecl, Decl, Expr, FunctionBody, Ident, ObjectPatProp, Pat, SeqExpr, Stmt, UsingDecl, VarDeclKind};
use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax};
use swc_ecma_visit::{Visit, VisitWith};

use crate::error::{ErrorKind, ProgramError};
use crate::source::nesting;
use crate::source::positions::{LineIndex, PositionMap};
use crate::source::strip::{SHELL_CLOSE, SHELL_OPEN, Shelled, body_offset, misplaced_await, syntax_error};

/// Identifiers the runtime's wrapper uses; programs may not declare or reference them.
pub const RESERVED_PREFIX: &str = "__crb_";
/// The global object, for sessions' function declarations.
const GLOBAL: &str = "__crb_g";

/// Deepest statement/expression nesting accepted: Boa's parser and compiler recurse on the
/// program thread's stack, so absurd nesting is refused before it gets there.
pub const MAX_NESTING: usize = 1000;

/// Largest program accepted. Programs are code, not data: data belongs in bindings or inputs.
pub const MAX_SOURCE_BYTES: usize = 1024 * 1024;

/// Most arrows (`=>`) accepted. swc's parser recurses once per nested arrow body without
/// growing its stack (`x => x => ...` 300,000 deep overflowed a 512 MiB stack), and the nesting
/// check only runs after it parsed; real programs have a few hundred arrows at most.
pub const MAX_ARROWS: usize = 10_000;

/// Memory the parsers may take per byte of source, for the source-size cap under a memory
/// budget. Parsing runs before any budget check and allocates as it goes: measured up to 190
/// bytes per byte in Boa's parser and compiler (`f(1,1,1,...)`; 150 for plain statements).
pub const PARSE_BYTES_PER_SOURCE_BYTE: usize = 256;

/// Refuses programs whose size, bracket nesting, arrow count or unbracketed nesting would make
/// parsing them a hazard, before any parser sees them; the size is capped at [`MAX_SOURCE_BYTES`]
/// and at what parsing can take within `max_memory_bytes`. Brackets and arrows inside strings
/// count too here: a program needs a thousand more opening than closing brackets in its strings
/// to be refused wrongly.
pub fn check_shape(source: &str, max_memory_bytes: usize) -> Result<(), ProgramError> {
    let memory_cap = max_memory_bytes / PARSE_BYTES_PER_SOURCE_BYTE;
    if source.len() > MAX_SOURCE_BYTES.min(memory_cap) {
        let advice = "pass data through bindings instead of source";
        if memory_cap < MAX_SOURCE_BYTES {
            // The budget, not the program's form, refuses it: reported like any other overrun of it.
            return Err(ProgramError::new(
                ErrorKind::MemoryBudget,
                "BudgetExceeded",
                format!(
                    "the program is {} bytes, more than the {memory_cap} a memory budget of {max_memory_bytes} bytes accepts (parsing takes up to {PARSE_BYTES_PER_SOURCE_BYTE} bytes of memory per byte of source); raise limits.maxMemoryBytes or {advice}",
                    source.len()
                ),
            ));
        }
        return Err(syntax_error(
            source,
            &format!("the program is {} bytes, more than the {MAX_SOURCE_BYTES} accepted; {advice}", source.len()),
            None,
        ));
    }
    let mut depth = 0usize;
    let mut arrows = 0usize;
    for (at, byte) in source.bytes().enumerate() {
        if byte == b'>' && at > 0 && source.as_bytes()[at - 1] == b'=' {
            arrows += 1;
            if arrows > MAX_ARROWS {
                return Err(syntax_error(
                    source,
                    &format!("the program has more than {MAX_ARROWS} arrow functions; split it up"),
                    Some(at),
                ));
            }
        }
        match byte {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(syntax_error(source, &format!("the program nests deeper than {MAX_NESTING} levels; flatten it"), Some(at)));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    nesting::check_nesting(source)
}

/// How the program's top level is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A one-shot run: top-level declarations are local to the program.
    Isolated,
    /// A session execute: top-level declarations become globals of the session's realm.
    Notebook,
}

/// The script Boa evaluates: it evaluates to a function taking the global object and returning
/// the program's promise.
#[derive(Debug)]
pub struct Prepared {
    pub script: String,
    pub positions: PositionMap,
}

struct Edit {
    at: usize,
    remove: usize,
    text: String,
    /// Closes a construct opened by an earlier edit: at one offset, closings come first, inner
    /// (later) ones before outer ones.
    closing: bool,
}

impl Edit {
    fn open(at: usize, remove: usize, text: String) -> Self {
        Self { at, remove, text, closing: false }
    }

    fn close(at: usize, text: &str) -> Self {
        Self { at, remove: 0, text: text.to_owned(), closing: true }
    }
}

/// The script for `body` (JavaScript, already through [`check_shape`]), with the original
/// positions of the program's source.
pub fn script(body: &str, scope: Scope) -> Result<Prepared, ProgramError> {
    prepare(&parse(body)?, scope)
}

/// Parses a JavaScript program inside the shell, as the stripper parses a TypeScript one.
fn parse(body: &str) -> Result<Shelled, ProgramError> {
    let code = format!("{SHELL_OPEN}{body}{SHELL_CLOSE}");
    let start = BytePos(0);
    // `using` declarations parse, as in TypeScript, so that the checker refuses them in its words.
    let syntax = Syntax::Es(EsSyntax { explicit_resource_management: true, ..Default::default() });
    let fail = |e: swc_ecma_parser::error::Error| {
        // V8's words for an `await` in a function that is not async.
        let (message, at) = match misplaced_await(&code, start, syntax, Some(e.span().lo)) {
            Some(at) => ("await is only valid in async functions and the top level bodies of modules".into(), at),
            None => (e.kind().msg(), e.span().lo),
        };
        syntax_error(body, &message, Some(body_offset(at, start, body.len())))
    };
    let comments = SingleThreadedComments::default();
    let mut parser = Parser::new(syntax, StringInput::new(&code, start, BytePos(code.len() as u32)), Some(&comments));
    let tree = parser.parse_script().map_err(fail)?;
    if let Some(e) = parser.take_errors().into_iter().next() {
        return Err(fail(e));
    }
    drop(parser);
    Ok(Shelled { code, tree, comments, start })
}

/// The script for a program parsed inside the shell: JavaScript as [`script`] parses it,
/// TypeScript as `strip_types` parsed it (the tree of the TypeScript, the code stripped), with the
/// original positions of the program's source.
pub fn prepare(program: &Shelled, scope: Scope) -> Result<Prepared, ProgramError> {
    let body = program.body();
    let offset = |pos: BytePos| program.body_offset(pos);
    let range = |span: &Span| offset(span.lo)..offset(span.hi);
    let fail = |message: &str, pos: BytePos| syntax_error(body, message, Some(offset(pos)));

    let end = BytePos(program.start.0 + program.code.len() as u32);
    let shell_body = shell_body(&program.tree.body, end)
        .ok_or_else(|| syntax_error(body, "the program closes its own function body: a `}` or `)` has no opening partner", None))?;

    let mut checker = Checker { depth: 0, error: None, literals: Vec::new() };
    shell_body.visit_with(&mut checker);
    if let Some((message, pos)) = checker.error {
        return Err(fail(&message, pos));
    }
    let (leading, trailing) = program.comments.borrow_all();
    let comments = leading.values().chain(trailing.values()).flatten().map(|c| range(&c.span)).collect();
    let literals = checker.literals.iter().map(range).collect();
    if let Some(at) = html_like_comment(body, literals, comments) {
        return Err(syntax_error(
            body,
            "HTML-like comments (`<!--`, and `-->` at the start of a line) are not accepted; put that text in a string or a `//` comment",
            Some(at),
        ));
    }
    let mut edits = Vec::new();
    let mut globals = Vec::new();
    if scope == Scope::Notebook {
        hoist_top_level(&shell_body.stmts, &offset, &mut edits, &mut globals);
    }

    let edits = order_edits(edits);
    let mut out = String::with_capacity(program.code.len());
    let mut insertions = Vec::new();
    let index = LineIndex::new(body);
    let mut cursor = 0;
    for edit in &edits {
        let at = edit.at;
        out.push_str(&body[cursor..at]);
        out.push_str(&edit.text);
        cursor = at + edit.remove;
        let grown = edit.text.len() - edit.remove;
        if grown > 0 {
            // Boa counts the script's columns in characters.
            let (line, column) = index.line_char_col(at);
            insertions.push((line, column, grown as u32));
        }
    }
    out.push_str(&body[cursor..]);

    let declarations = if globals.is_empty() { String::new() } else { format!("var {};", globals.join(",")) };
    let prefix = format!("{declarations}(function({GLOBAL}){{\"use strict\";return(async function(){{");
    let script = format!("{prefix}{out}\n}})()}})");
    Ok(Prepared { positions: PositionMap::new(prefix.chars().count() as u32, insertions, &index), script })
}

fn order_edits(edits: Vec<Edit>) -> Vec<Edit> {
    let mut keyed: Vec<(usize, bool, isize, Edit)> = edits
        .into_iter()
        .enumerate()
        .map(|(seq, edit)| {
            let seq = seq as isize;
            (edit.at, !edit.closing, if edit.closing { -seq } else { seq }, edit)
        })
        .collect();
    keyed.sort_by_key(|&(at, opening, order, _)| (at, opening, order));
    keyed.into_iter().map(|(_, _, _, edit)| edit).collect()
}

/// The body of the shell function, if the script is exactly the shell: anything else means the
/// program's text closed the shell and continued outside it.
fn shell_body(stmts: &[Stmt], end: BytePos) -> Option<&FunctionBody> {
    let [Stmt::Expr(stmt)] = stmts else { return None };
    let Expr::Paren(paren) = &*stmt.expr else { return None };
    let Expr::Fn(function) = &*paren.expr else { return None };
    let body = function.function.body.as_ref()?;
    (paren.span.hi == end).then_some(body)
}

/// Where `body` has an HTML-like comment as Boa's script parser reads one (Annex B: `<!--`
/// anywhere in code, `-->` first on a line), outside string, template and regular-expression
/// literals and ordinary comments (`literals` and `comments`, as ranges of `body`). Boa and swc
/// disagree on these, so a program using them could be checked as one text and run as another:
/// they are refused outright.
fn html_like_comment(body: &str, literals: Vec<Range<usize>>, comments: Vec<Range<usize>>) -> Option<usize> {
    let comments = sorted(comments);
    // swc may read an HTML-like comment as a comment: only `//` and `/*` ones are ordinary.
    if let Some(comment) = comments.iter().find(|&c| !matches!(body.get(c.clone()).and_then(|text| text.get(..2)), Some("//" | "/*"))) {
        // swc's span of a `<!--` comment starts after its `<`.
        return Some(if body[..comment.start].ends_with('<') { comment.start - 1 } else { comment.start });
    }
    let quiet = sorted(literals.into_iter().chain(comments.iter().cloned()));
    let quoted = |at: usize| quiet[..quiet.partition_point(|r| r.start <= at)].last().is_some_and(|r| r.contains(&at));
    let opening = body.match_indices("<!--").map(|(at, _)| at).find(|&at| !quoted(at));
    let closing = body.match_indices("-->").map(|(at, _)| at).find(|&at| !quoted(at) && first_on_line(body, at, &comments));
    opening.into_iter().chain(closing).min()
}

/// `ranges`, which do not overlap, in order.
fn sorted(ranges: impl IntoIterator<Item = Range<usize>>) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = ranges.into_iter().collect();
    ranges.sort_by_key(|r| r.start);
    ranges
}

/// Whether only whitespace and comments (`comments`, in order) precede `at` on its line, a comment
/// spanning lines counting as a line break (as Boa's lexer reads `-->`). The body's start counts as
/// a line start.
fn first_on_line(body: &str, mut at: usize, comments: &[Range<usize>]) -> bool {
    let is_line_break = |c: char| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}');
    while at > 0 {
        let before = &comments[..comments.partition_point(|c| c.end <= at)];
        if let Some(comment) = before.last().filter(|c| c.end == at) {
            if body[comment.clone()].contains(is_line_break) {
                return true;
            }
            at = comment.start;
            continue;
        }
        let Some(c) = body[..at].chars().next_back() else { return true };
        if is_line_break(c) {
            return true;
        }
        if !(c.is_whitespace() || c == '\u{feff}') {
            return false;
        }
        at -= c.len_utf8();
    }
    true
}

/// Refuses nesting deeper than [`MAX_NESTING`], the runtime's reserved identifiers and `using`
/// declarations, and collects where literals are, whose text is not code.
struct Checker {
    depth: usize,
    error: Option<(String, BytePos)>,
    literals: Vec<Span>,
}

impl Checker {
    fn nested(&mut self, span: Span, levels: usize, visit: impl FnOnce(&mut Self)) {
        self.depth += levels;
        if self.depth > MAX_NESTING {
            if self.error.is_none() {
                self.error = Some((format!("the program nests deeper than {MAX_NESTING} levels; flatten it"), span.lo));
            }
        } else {
            visit(self);
        }
        self.depth -= levels;
    }
}

fn is_directive(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(e) if matches!(&*e.expr, Expr::Lit(swc_ecma_ast::Lit::Str(_))))
}

impl Visit for Checker {
    fn visit_ident(&mut self, ident: &Ident) {
        if ident.sym.starts_with(RESERVED_PREFIX) && self.error.is_none() {
            self.error = Some((
                format!("identifiers starting with `{RESERVED_PREFIX}` are reserved by the runtime; rename `{}`", ident.sym),
                ident.span.lo,
            ));
        }
    }

    fn visit_using_decl(&mut self, using: &UsingDecl) {
        // Boa parses them but never disposes, and Node 20 has none: refused rather than run wrong.
        if self.error.is_none() {
            let keyword = if using.is_await { "await using" } else { "using" };
            self.error = Some((
                format!(
                    "`{keyword}` declarations are not supported (nor in Node 20); declare the resource with `const` and dispose of it in a `finally` block"
                ),
                using.span.lo,
            ));
        }
    }

    fn visit_str(&mut self, literal: &swc_ecma_ast::Str) {
        self.literals.push(literal.span);
    }

    fn visit_tpl_element(&mut self, literal: &swc_ecma_ast::TplElement) {
        self.literals.push(literal.span);
    }

    fn visit_regex(&mut self, literal: &swc_ecma_ast::Regex) {
        self.literals.push(literal.span);
    }

    fn visit_stmt(&mut self, stmt: &Stmt) {
        self.nested(stmt.span(), 1, |this| stmt.visit_children_with(this));
    }

    fn visit_expr(&mut self, expr: &Expr) {
        self.nested(expr.span(), 1, |this| expr.visit_children_with(this));
    }

    fn visit_seq_expr(&mut self, seq: &SeqExpr) {
        // swc reads `a, b, c` as one list, Boa as pairs nested one level per comma (and its
        // parser clones them recursively): 500,000 commas overflowed a 512 MiB stack.
        self.nested(seq.span, seq.exprs.len().saturating_sub(1), |this| seq.visit_children_with(this));
    }
}

/// Rewrites a session program's top-level declarations into assignments to globals declared
/// before it runs: `const a = 1` becomes `;(    a = 1)` and `class A {}` becomes `;(A=class A {})`.
/// Function declarations stay hoisted and are copied to the global object when the program
/// starts. A later program can redeclare any of them, as in a notebook. TypeScript's declarations
/// without code (`declare`, overload signatures, interfaces, types) are erased, so nothing is
/// declared for them. Edits are at offsets of the program's text (`offset` of a position).
fn hoist_top_level(stmts: &[Stmt], offset: &impl Fn(BytePos) -> usize, edits: &mut Vec<Edit>, globals: &mut Vec<String>) {
    let mut function_copies = String::new();
    for stmt in stmts {
        let Stmt::Decl(decl) = stmt else { continue };
        match decl {
            Decl::Var(var) if !var.declare => {
                let keyword = match var.kind {
                    VarDeclKind::Var => "var",
                    VarDeclKind::Let => "let",
                    VarDeclKind::Const => "const",
                };
                let at = offset(var.span.lo);
                edits.push(Edit::open(at, keyword.len(), format!("{:<width$}", ";(", width = keyword.len())));
                // `let x;` resets x; `var x;` keeps the global's value, as a redeclaration would.
                let resets = |d: &swc_ecma_ast::VarDeclarator| d.init.is_none() && var.kind != VarDeclKind::Var;
                for declarator in &var.decls {
                    bound_names(&declarator.name, globals);
                }
                if let Some((last, others)) = var.decls.split_last() {
                    for declarator in others.iter().filter(|d| resets(d)) {
                        edits.push(Edit::open(offset(declarator.name.span().hi), 0, "=void 0".to_owned()));
                    }
                    let close = if resets(last) { "=void 0);" } else { ");" };
                    edits.push(Edit::close(offset(last.span.hi), close));
                }
            }
            Decl::Class(ClassDecl { ident, class, declare: false }) => {
                globals.push(ident.sym.to_string());
                edits.push(Edit::open(offset(class.span.lo), 0, format!(";({}=", ident.sym)));
                edits.push(Edit::close(offset(class.span.hi), ");"));
            }
            // A `declare function` or an overload signature has no body.
            Decl::Fn(function) if function.function.body.is_some() => {
                globals.push(function.ident.sym.to_string());
                function_copies.push_str(&format!("{GLOBAL}.{0}={0};", function.ident.sym));
            }
            _ => {}
        }
    }
    if !function_copies.is_empty() {
        // At the very start of the body, where hoisted functions already exist.
        let start = stmts.first().map_or(0, |s| offset(s.span().lo));
        let at = stmts.iter().take_while(|stmt| is_directive(stmt)).last().map_or(start, |stmt| offset(stmt.span().hi));
        // First among the edits at this offset: a declaration rewritten there comes after it.
        edits.insert(0, Edit::open(at, 0, function_copies));
    }
}

/// The names a declaration pattern binds (not those in its default-value expressions).
fn bound_names(pat: &Pat, names: &mut Vec<String>) {
    match pat {
        Pat::Ident(ident) => names.push(ident.id.sym.to_string()),
        Pat::Array(array) => array.elems.iter().flatten().for_each(|p| bound_names(p, names)),
        Pat::Rest(rest) => bound_names(&rest.arg, names),
        Pat::Assign(assign) => bound_names(&assign.left, names),
        Pat::Object(object) => {
            for prop in &object.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => bound_names(&kv.value, names),
                    ObjectPatProp::Assign(assign) => names.push(assign.key.id.sym.to_string()),
                    ObjectPatProp::Rest(rest) => bound_names(&rest.arg, names),
                }
            }
        }
        Pat::Expr(_) | Pat::Invalid(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY_OPENS: &str = "return(async function(){";

    fn body_of(prepared: &Prepared) -> &str {
        let start = prepared.script.find(BODY_OPENS).unwrap() + BODY_OPENS.len();
        &prepared.script[start..prepared.script.len() - "\n})()})".len()]
    }

    #[test]
    fn a_one_shot_program_runs_as_written() {
        let source = "while (x) y()\nfunction f() { 'use strict'; return 1 }\nconst g = a => a";
        let prepared = script(source, Scope::Isolated).unwrap();
        assert_eq!(body_of(&prepared), source);
        let line1 = prepared.script.lines().next().unwrap();
        let column = line1.find("y()").unwrap() as u32 + 1;
        assert_eq!(prepared.positions.original(1, column), Some((1, 11)));
        assert_eq!(prepared.positions.original(2, 5), Some((2, 5)));
    }

    #[test]
    fn positions_map_back_through_insertions() {
        let prepared = script("let a = 1; boom()\n  const b = 2; boom()", Scope::Notebook).unwrap();
        let line2 = prepared.script.lines().nth(1).unwrap();
        let column = line2.find("boom").unwrap() as u32 + 1;
        assert_eq!(prepared.positions.original(2, column), Some((2, 16)));
        let line1 = prepared.script.lines().next().unwrap();
        let column = line1.find("boom").unwrap() as u32 + 1;
        assert_eq!(prepared.positions.original(1, column), Some((1, 12)));
    }

    #[test]
    fn reserved_identifiers_are_refused() {
        let err = script("let __crb_g = 5", Scope::Isolated).unwrap_err();
        assert!(err.message.contains("reserved"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(1), Some(5)));
    }

    #[test]
    fn a_stray_brace_cannot_close_the_shell() {
        let err = script("return 1 }) ; (function () {", Scope::Isolated).unwrap_err();
        assert!(err.message.contains("closes its own function body"), "{}", err.message);
    }

    #[test]
    fn await_in_a_function_that_is_not_async_is_named_in_v8s_words() {
        let err = script("function load(id) {\n  return await fetchUser(id)\n}", Scope::Isolated).unwrap_err();
        assert_eq!(err.message, "await is only valid in async functions and the top level bodies of modules");
        assert_eq!((err.line, err.column), (Some(2), Some(10)));
    }

    #[test]
    fn absurd_nesting_is_refused_before_parsing() {
        let source = format!("return {}1{}", "[".repeat(100_000), "]".repeat(100_000));
        let err = check_shape(&source, usize::MAX).unwrap_err();
        assert!(err.message.contains("nests deeper"), "{}", err.message);
        assert_eq!(err.column, Some(8 + MAX_NESTING as u32));
    }

    #[test]
    fn deep_chains_without_brackets_are_refused() {
        // Run where programs run: on a thread with a program's stack.
        let source = format!("return {}x", "!".repeat(5_000));
        let err = std::thread::Builder::new()
            .stack_size(crate::engine::PROGRAM_STACK_BYTES)
            .spawn(move || script(&source, Scope::Isolated).unwrap_err())
            .unwrap()
            .join()
            .unwrap();
        assert!(err.message.contains("nests deeper"), "{}", err.message);
    }

    #[test]
    fn long_comma_sequences_count_as_nesting() {
        let source = format!("let a = 1; return ({}a)", "a,".repeat(5_000));
        let err = script(&source, Scope::Isolated).unwrap_err();
        assert!(err.message.contains("nests deeper"), "{}", err.message);
        assert!(script(&format!("let a = 1; return ({}a)", "a,".repeat(500)), Scope::Isolated).is_ok());
    }

    #[test]
    fn arrow_chains_are_refused_before_parsing() {
        let source = format!("let f = {}x", "x=>".repeat(MAX_ARROWS + 1));
        let err = check_shape(&source, usize::MAX).unwrap_err();
        assert!(err.message.contains("arrow functions"), "{}", err.message);
    }

    #[test]
    fn html_like_comments_are_refused_where_they_are_code() {
        for source in ["a <!--b\nreturn 1", "x = 1\n  --> comment", "x = 1 /*\n*/ --> y", "<!-- x"] {
            // Refused by the check, or earlier by swc if it reads the text as code.
            assert!(script(source, Scope::Isolated).is_err(), "{source}");
        }
        let err = script("let a = 1\nlet b = a <!--b\n", Scope::Isolated).unwrap_err();
        assert!(err.message.contains("HTML-like"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(2), Some(11)));
    }

    #[test]
    fn html_like_text_in_literals_and_comments_is_code_as_usual() {
        let source = "const s = '<!-- x -->' + `<!--${1}-->` + \"-->\"; // <!-- x\n/* --> */ let n = 2; n-->0; return /<!--/.test(s)";
        let prepared = script(source, Scope::Isolated).unwrap();
        assert_eq!(body_of(&prepared), source);
    }

    #[test]
    fn oversized_programs_are_refused() {
        let err = check_shape(&"1;".repeat(MAX_SOURCE_BYTES), usize::MAX).unwrap_err();
        assert!(err.message.contains("bytes"), "{}", err.message);
    }

    #[test]
    fn the_source_cap_follows_the_memory_budget() {
        let source = "f(1);".repeat(20_000);
        assert!(check_shape(&source, 64 << 20).is_ok());
        let err = check_shape(&source, 16 << 20).unwrap_err();
        assert_eq!(err.kind, ErrorKind::MemoryBudget);
        assert!(err.message.contains("more than the 65536 a memory budget of 16777216 bytes accepts"), "{}", err.message);
    }

    #[test]
    fn notebook_function_copies_precede_a_rewritten_declaration() {
        let prepared = script("const a = 1; function f() { return a }", Scope::Notebook).unwrap();
        let body = body_of(&prepared);
        assert!(body.starts_with(&format!("{GLOBAL}.f=f;;(    a = 1);")), "{body}");
    }

    fn typescript(source: &str, scope: Scope) -> Result<Prepared, ProgramError> {
        prepare(&crate::source::strip::strip_types(source)?, scope)
    }

    #[test]
    fn notebook_scope_declares_nothing_for_typescript_declarations_without_code() {
        let source = [
            "declare const x: number, y: string",
            "declare function g(): void",
            "declare class D { v: number }",
            "interface Point { x: number }",
            "type Pair = [number, number]",
            "function twice(n: number): number",
            "function twice(s: string): string",
            "function twice(v: any) { return v + v }",
            "abstract class Shape { abstract area(): number }",
            "let p: Point, q!: Pair",
        ]
        .join("\n");
        let prepared = typescript(&source, Scope::Notebook).unwrap();
        assert!(prepared.script.starts_with("var twice,Shape,p,q;"), "{}", prepared.script);
        let body = body_of(&prepared);
        assert!(body.starts_with(&format!("{GLOBAL}.twice=twice;")), "{body}");
        assert_eq!(body.matches(GLOBAL).count(), 1, "{body}");
        assert!(body.contains(";(Shape=") && body.contains("class Shape {"), "{body}");
        assert_eq!(body.lines().last(), Some(";(  p       =void 0, q       =void 0);"), "{body}");
        assert_eq!(body.lines().count(), source.lines().count());
    }

    #[test]
    fn typescript_errors_keep_their_positions() {
        let err = typescript("let a = 1 as number\nlet __crb_g: number = 5", Scope::Isolated).unwrap_err();
        assert!(err.message.contains("reserved"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(2), Some(5)));
        let err = typescript("let a: number = 1\nlet b = a <!--b\n", Scope::Notebook).unwrap_err();
        assert!(err.message.contains("HTML-like"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(2), Some(11)));
    }

    #[test]
    fn comments_erased_with_types_are_not_comments_of_the_script() {
        // Erased, a comment is blank text, which the HTML-like comment check would otherwise read
        // as a comment other than `//` and `/*`.
        let source = "const a = 1 as /* <!-- */ number; let n: /* é\n */ number = 2\nwhile (n --> 0); return a";
        let prepared = typescript(source, Scope::Isolated).unwrap();
        assert!(!body_of(&prepared).contains("<!--"), "{}", prepared.script);
        // A line break erased with a comment still ends the line.
        let err = typescript("let n = 2 as /* \n */ number\n  --> 0", Scope::Isolated).unwrap_err();
        assert_eq!((err.line, err.column), (Some(3), Some(6)), "{}", err.message);
    }

    #[test]
    fn notebook_scope_hoists_declarations_to_globals() {
        let prepared = script("const {a, b: [c]} = o, d = 1\nlet e\nclass K {}\nfunction f() {}", Scope::Notebook).unwrap();
        assert!(prepared.script.starts_with("var a,c,d,e,K,f;"), "{}", prepared.script);
        let body = body_of(&prepared);
        assert!(body.contains(";(    {a, b: [c]} = o, d = 1);"), "{body}");
        assert!(body.contains(";(  e=void 0);"), "{body}");
        assert!(body.contains(";(K=class K {});"), "{body}");
        assert!(body.starts_with(&format!("{GLOBAL}.f=f;")), "{body}");
    }
}
