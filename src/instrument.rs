//! Prepares stripped JavaScript for Boa: checks it, inserts budget checkpoints at every loop
//! iteration, function entry and default-value expression, and for sessions turns top-level
//! declarations into globals so later programs see them. Only text is inserted, never a newline,
//! and every insertion is recorded in a [`PositionMap`] so errors report original positions.

use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, AssignPat, AssignPatProp, ClassDecl, ClassProp, Constructor, Decl,
    DoWhileStmt, Expr, ForInStmt, ForOfStmt, ForStmt, Function, FunctionBody, Ident, ObjectPatProp,
    Pat, PrivateProp, StaticBlock, Stmt, VarDeclKind, WhileStmt,
};
use swc_ecma_parser::{Parser, StringInput, Syntax};
use swc_ecma_visit::{Visit, VisitWith};

use crate::error::ProgramError;
use crate::positions::{LineIndex, PositionMap};
use crate::strip::{SHELL_CLOSE, SHELL_OPEN, syntax_error};

/// Identifiers the instrumentation uses; programs may not declare or reference them.
pub const RESERVED_PREFIX: &str = "__crb_";
/// Counts checkpoints down to the next native check (see `budget`).
const COUNTER: &str = "__crb_n";
/// The native checkpoint; returns the next countdown or stops the program.
pub const CHECKPOINT: &str = "__crb_cp";
/// The global object, for sessions' function declarations.
pub const GLOBAL: &str = "__crb_g";

const CHECK_STMT: &str = "if(--__crb_n<0)__crb_n=__crb_cp();";
/// Loops count down a local of their function instead: Boa keeps a local nothing captures in a
/// register, while the shared counter lives in a closure's environment and costs several times
/// more per access. The local starts from the shared countdown at each call.
const LOOP_COUNTER: &str = "let __crb_l=__crb_n;";
const LOOP_CHECK: &str = "if(--__crb_l<0)__crb_l=__crb_cp();";
const CHECK_EXPR_OPEN: &str = "((--__crb_n<0&&(__crb_n=__crb_cp())),";

/// Deepest statement/expression nesting accepted: Boa's parser and compiler recurse on the
/// program thread's stack, so absurd nesting is refused before it gets there.
pub const MAX_NESTING: usize = 1000;

/// Largest program accepted. Programs are code, not data: data belongs in bindings or inputs.
pub const MAX_SOURCE_BYTES: usize = 1024 * 1024;

/// Refuses programs whose size or bracket nesting would make parsing them a hazard, before any
/// parser sees them. Brackets inside strings count too: a program needs a thousand more opening
/// than closing brackets in its strings to be refused wrongly.
pub fn check_shape(source: &str) -> Result<(), ProgramError> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(syntax_error(
            source,
            &format!("the program is {} bytes, more than the {MAX_SOURCE_BYTES} accepted; pass data through bindings instead of source", source.len()),
            None,
        ));
    }
    let mut depth = 0usize;
    for (at, byte) in source.bytes().enumerate() {
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
    Ok(())
}

/// How the program's top level is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A one-shot run: top-level declarations are local to the program.
    Isolated,
    /// A session execute: top-level declarations become globals of the session's realm.
    Notebook,
}

/// The script Boa evaluates: it evaluates to a function taking the checkpoint and the global
/// object and returning the program's promise.
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

/// Instruments `body` (JavaScript, already through [`check_shape`] with the original positions of the program's source).
pub fn prepare(body: &str, scope: Scope, checkpoints: bool) -> Result<Prepared, ProgramError> {
    let shelled = format!("{SHELL_OPEN}{body}{SHELL_CLOSE}");
    let open = SHELL_OPEN.len();
    let to_body = |pos: BytePos| (pos.0 as usize).saturating_sub(open).min(body.len());
    let fail = |message: &str, pos: BytePos| syntax_error(body, message, Some(to_body(pos)));

    let mut parser = Parser::new(
        Syntax::Es(Default::default()),
        StringInput::new(&shelled, BytePos(0), BytePos(shelled.len() as u32)),
        None,
    );
    let script = parser.parse_script().map_err(|e| fail(&e.kind().msg(), e.span().lo))?;
    if let Some(e) = parser.take_errors().into_iter().next() {
        return Err(fail(&e.kind().msg(), e.span().lo));
    }
    let shell_body = shell_body(&script.body, shelled.len()).ok_or_else(|| {
        syntax_error(
            body,
            "the program closes its own function body: a `}` or `)` has no opening partner",
            None,
        )
    })?;

    let mut collector = Instrumenter { edits: Vec::new(), depth: 0, error: None, checkpoints, bodies: Vec::new() };
    collector.enter_body(body_start(shell_body));
    shell_body.visit_with(&mut collector);
    collector.exit_body();
    if let Some((message, pos)) = collector.error {
        return Err(fail(&message, pos));
    }
    let mut edits = collector.edits;
    let mut globals = Vec::new();
    if scope == Scope::Notebook {
        let mut hoisted = Vec::new();
        hoist_top_level(&shell_body.stmts, &mut hoisted, &mut globals);
        hoisted.append(&mut edits);
        edits = hoisted;
    }

    let edits = order_edits(edits);
    let mut out = String::with_capacity(shelled.len() + edits.len() * CHECK_STMT.len());
    let mut insertions = Vec::new();
    let index = LineIndex::new(body);
    let mut cursor = 0;
    for edit in &edits {
        let at = edit.at - open;
        out.push_str(&body[cursor..at]);
        out.push_str(&edit.text);
        cursor = at + edit.remove;
        let grown = edit.text.len() - edit.remove;
        if grown > 0 {
            let (line, column) = index.line_col(at);
            insertions.push((line, column, grown as u32));
        }
    }
    out.push_str(&body[cursor..]);

    let declarations = if globals.is_empty() { String::new() } else { format!("var {};", globals.join(",")) };
    let prefix = format!(
        // The counter lives in the program's own function: one scope closer to every checkpoint.
        "{declarations}(function({CHECKPOINT},{GLOBAL}){{\"use strict\";return(async function(){{let {COUNTER}=0;"
    );
    let script = format!("{prefix}{out}\n}})()}})");
    Ok(Prepared {
        positions: PositionMap::new(prefix.chars().count() as u32, insertions, body.split('\n').count() as u32),
        script,
    })
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
fn shell_body(stmts: &[Stmt], end: usize) -> Option<&FunctionBody> {
    let [Stmt::Expr(stmt)] = stmts else { return None };
    let Expr::Paren(paren) = &*stmt.expr else { return None };
    let Expr::Fn(function) = &*paren.expr else { return None };
    let body = function.function.body.as_ref()?;
    (paren.span.hi.0 as usize == end).then_some(body)
}

struct Instrumenter {
    edits: Vec<Edit>,
    depth: usize,
    error: Option<(String, BytePos)>,
    checkpoints: bool,
    /// The function bodies being visited: where a loop counter would be declared, and whether
    /// a loop of theirs needs one.
    bodies: Vec<(BytePos, bool)>,
}

/// Where a body's first statement may go: after its `{` and any directive prologue.
fn body_start(block: &FunctionBody) -> BytePos {
    let directives = block.stmts.iter().take_while(|stmt| is_directive(stmt)).last();
    directives.map_or(block.span.lo + BytePos(1), |stmt| stmt.span().hi)
}

impl Instrumenter {
    fn insert(&mut self, at: BytePos, text: &str) {
        if self.checkpoints {
            self.edits.push(Edit::open(at.0 as usize, 0, text.to_owned()));
        }
    }

    fn insert_closing(&mut self, at: BytePos, text: &str) {
        if self.checkpoints {
            self.edits.push(Edit::close(at.0 as usize, text));
        }
    }

    fn enter_body(&mut self, at: BytePos) {
        self.bodies.push((at, false));
    }

    /// Declares the loop counter of the body being left, if a loop of its own needs it.
    fn exit_body(&mut self) {
        if let Some((at, true)) = self.bodies.pop() {
            self.insert(at, LOOP_COUNTER);
        }
    }

    /// A function body: a checkpoint on entry, and a loop counter if it has loops.
    fn visit_body<N: VisitWith<Self>>(&mut self, block: &FunctionBody, node: &N) {
        let at = body_start(block);
        self.insert(at, CHECK_STMT);
        self.enter_body(at);
        node.visit_children_with(self);
        self.exit_body();
    }

    /// A checkpoint before each run of a loop body.
    fn check_loop_body(&mut self, body: &Stmt) {
        if let Some(top) = self.bodies.last_mut() {
            top.1 = true;
        }
        match body {
            Stmt::Block(block) => self.insert(block.span.lo + BytePos(1), LOOP_CHECK),
            other => {
                self.insert(other.span().lo, &format!("{{{LOOP_CHECK}"));
                self.insert_closing(other.span().hi, "}");
            }
        }
    }

    /// A checkpoint evaluated just before an expression (bodies of arrows, default values).
    fn check_expr(&mut self, expr: &Expr) {
        self.insert(expr.span().lo, CHECK_EXPR_OPEN);
        self.insert_closing(expr.span().hi, ")");
    }

    fn nested(&mut self, span: Span, visit: impl FnOnce(&mut Self)) {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            if self.error.is_none() {
                self.error = Some((format!("the program nests deeper than {MAX_NESTING} levels; flatten it"), span.lo));
            }
        } else {
            visit(self);
        }
        self.depth -= 1;
    }
}

fn is_directive(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(e) if matches!(&*e.expr, Expr::Lit(swc_ecma_ast::Lit::Str(_))))
}

/// A checkpoint before each run of the body, for every kind of loop.
macro_rules! loop_visitors {
    ($($method:ident: $node:ty),* $(,)?) => {
        $(fn $method(&mut self, stmt: &$node) {
            self.check_loop_body(&stmt.body);
            stmt.visit_children_with(self);
        })*
    };
}

impl Visit for Instrumenter {
    fn visit_ident(&mut self, ident: &Ident) {
        if ident.sym.starts_with(RESERVED_PREFIX) && self.error.is_none() {
            self.error = Some((
                format!("identifiers starting with `{RESERVED_PREFIX}` are reserved by the runtime; rename `{}`", ident.sym),
                ident.span.lo,
            ));
        }
    }

    fn visit_stmt(&mut self, stmt: &Stmt) {
        self.nested(stmt.span(), |this| stmt.visit_children_with(this));
    }

    fn visit_expr(&mut self, expr: &Expr) {
        self.nested(expr.span(), |this| expr.visit_children_with(this));
    }

    fn visit_function(&mut self, function: &Function) {
        match &function.body {
            Some(body) => self.visit_body(body, function),
            None => function.visit_children_with(self),
        }
    }

    fn visit_arrow_expr(&mut self, arrow: &ArrowExpr) {
        match &*arrow.body {
            ArrowFunctionBody::FunctionBody(block) => self.visit_body(block, arrow),
            ArrowFunctionBody::Expr(expr) => {
                self.check_expr(expr);
                arrow.visit_children_with(self);
            }
        }
    }

    fn visit_constructor(&mut self, constructor: &Constructor) {
        match &constructor.body {
            Some(body) => self.visit_body(body, constructor),
            None => constructor.visit_children_with(self),
        }
    }

    // A static block is a body of its own: its loops need their own counter.
    fn visit_static_block(&mut self, block: &StaticBlock) {
        self.enter_body(block.body.span.lo + BytePos(1));
        block.visit_children_with(self);
        self.exit_body();
    }

    // Field initialisers and default values run code without a function body of their own:
    // `class A { x = new A() }` recurses through the implicit constructor.
    fn visit_class_prop(&mut self, prop: &ClassProp) {
        if let Some(value) = &prop.value {
            self.check_expr(value);
        }
        prop.visit_children_with(self);
    }

    fn visit_private_prop(&mut self, prop: &PrivateProp) {
        if let Some(value) = &prop.value {
            self.check_expr(value);
        }
        prop.visit_children_with(self);
    }

    fn visit_assign_pat(&mut self, pat: &AssignPat) {
        self.check_expr(&pat.right);
        pat.visit_children_with(self);
    }

    fn visit_assign_pat_prop(&mut self, prop: &AssignPatProp) {
        if let Some(value) = &prop.value {
            self.check_expr(value);
        }
        prop.visit_children_with(self);
    }

    loop_visitors!(
        visit_for_stmt: ForStmt,
        visit_for_in_stmt: ForInStmt,
        visit_for_of_stmt: ForOfStmt,
        visit_while_stmt: WhileStmt,
        visit_do_while_stmt: DoWhileStmt,
    );
}

/// Rewrites a session program's top-level declarations into assignments to globals declared
/// before it runs: `const a = 1` becomes `;(    a = 1)` and `class A {}` becomes `;(A=class A {})`.
/// Function declarations stay hoisted and are copied to the global object when the program
/// starts. A later program can redeclare any of them, as in a notebook.
fn hoist_top_level(stmts: &[Stmt], edits: &mut Vec<Edit>, globals: &mut Vec<String>) {
    let mut function_copies = String::new();
    for stmt in stmts {
        let Stmt::Decl(decl) = stmt else { continue };
        match decl {
            Decl::Var(var) => {
                let keyword = match var.kind {
                    VarDeclKind::Var => "var",
                    VarDeclKind::Let => "let",
                    VarDeclKind::Const => "const",
                };
                let at = var.span.lo.0 as usize;
                edits.push(Edit::open(at, keyword.len(), format!("{:<width$}", ";(", width = keyword.len())));
                // `let x;` resets x; `var x;` keeps the global's value, as a redeclaration would.
                let resets = |d: &swc_ecma_ast::VarDeclarator| d.init.is_none() && var.kind != VarDeclKind::Var;
                for declarator in &var.decls {
                    bound_names(&declarator.name, globals);
                }
                if let Some((last, others)) = var.decls.split_last() {
                    for declarator in others.iter().filter(|d| resets(d)) {
                        edits.push(Edit::open(declarator.name.span().hi.0 as usize, 0, "=void 0".to_owned()));
                    }
                    let close = if resets(last) { "=void 0);" } else { ");" };
                    edits.push(Edit::close(last.span.hi.0 as usize, close));
                }
            }
            Decl::Class(ClassDecl { ident, class, .. }) => {
                globals.push(ident.sym.to_string());
                edits.push(Edit::open(class.span.lo.0 as usize, 0, format!(";({}=", ident.sym)));
                edits.push(Edit::close(class.span.hi.0 as usize, ");"));
            }
            Decl::Fn(function) => {
                globals.push(function.ident.sym.to_string());
                function_copies.push_str(&format!("{GLOBAL}.{0}={0};", function.ident.sym));
            }
            _ => {}
        }
    }
    if !function_copies.is_empty() {
        // At the very start of the body, where hoisted functions already exist.
        let start = stmts.first().map_or(0, |s| s.span().lo.0 as usize);
        let at = stmts
            .iter()
            .take_while(|stmt| is_directive(stmt))
            .last()
            .map_or(start, |stmt| stmt.span().hi.0 as usize);
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

    fn body_of(prepared: &Prepared) -> &str {
        let start = prepared.script.find("let __crb_n=0;").unwrap() + "let __crb_n=0;".len();
        &prepared.script[start..prepared.script.len() - "\n})()})".len()]
    }

    #[test]
    fn loops_and_functions_get_checkpoints() {
        let prepared = prepare("while (x) y()\nfunction f() { 'use strict'; return 1 }\nconst g = a => a", Scope::Isolated, true).unwrap();
        let body = body_of(&prepared);
        assert!(body.starts_with(LOOP_COUNTER), "{body}");
        assert!(body.contains(&format!("while (x) {{{LOOP_CHECK}y()}}")), "{body}");
        assert!(body.contains(&format!("{{ 'use strict';{CHECK_STMT} return 1 }}")), "{body}");
        assert!(body.contains(&format!("a => {CHECK_EXPR_OPEN}a)")), "{body}");
        assert_eq!(body.lines().count(), 3, "no line is added");
    }

    #[test]
    fn each_function_with_loops_declares_its_own_counter() {
        let prepared = prepare("function f() { for (;;) {} }\nfunction g() { return 1 }\nclass A { static { while (1) {} } }", Scope::Isolated, true).unwrap();
        let body = body_of(&prepared);
        assert!(!body.starts_with(LOOP_COUNTER), "the program itself has no loop: {body}");
        assert!(body.contains(&format!("function f() {{{CHECK_STMT}{LOOP_COUNTER} for (;;) {{{LOOP_CHECK}}} }}")), "{body}");
        assert!(body.contains(&format!("function g() {{{CHECK_STMT} return 1 }}")), "{body}");
        assert!(body.contains(&format!("static {{{LOOP_COUNTER} while (1) {{{LOOP_CHECK}}} }}")), "{body}");
    }

    #[test]
    fn nested_closings_at_one_offset_close_inner_first() {
        let prepared = prepare("while (1) f = () => g", Scope::Isolated, true).unwrap();
        let body = body_of(&prepared);
        assert!(body.ends_with(&format!("() => {CHECK_EXPR_OPEN}g)}}")), "{body}");
        assert!(body.contains(&format!("while (1) {{{LOOP_CHECK}f")), "{body}");
    }

    #[test]
    fn default_values_and_fields_get_checkpoints() {
        let prepared = prepare("function f(a = f()) {}\nclass A { x = new A() }", Scope::Isolated, true).unwrap();
        let body = body_of(&prepared);
        assert!(body.contains(&format!("a = {CHECK_EXPR_OPEN}f())")), "{body}");
        assert!(body.contains(&format!("x = {CHECK_EXPR_OPEN}new A())")), "{body}");
    }

    #[test]
    fn positions_map_back_through_insertions() {
        let prepared = prepare("for (;;) { x }\n  while (1) boom()", Scope::Isolated, true).unwrap();
        let line2 = prepared.script.lines().nth(1).unwrap();
        let column = line2.find("boom").unwrap() as u32 + 1;
        assert_eq!(prepared.positions.original(2, column), Some((2, 13)));
        let line1 = prepared.script.lines().next().unwrap();
        let column = line1.find('x').unwrap() as u32 + 1;
        assert_eq!(prepared.positions.original(1, column), Some((1, 12)));
    }

    #[test]
    fn reserved_identifiers_are_refused() {
        let err = prepare("let __crb_n = 5", Scope::Isolated, true).unwrap_err();
        assert!(err.message.contains("reserved"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(1), Some(5)));
    }

    #[test]
    fn a_stray_brace_cannot_close_the_shell() {
        let err = prepare("return 1 }) ; (function () {", Scope::Isolated, true).unwrap_err();
        assert!(err.message.contains("closes its own function body"), "{}", err.message);
    }

    #[test]
    fn absurd_nesting_is_refused_before_parsing() {
        let source = format!("return {}1{}", "[".repeat(100_000), "]".repeat(100_000));
        let err = check_shape(&source).unwrap_err();
        assert!(err.message.contains("nests deeper"), "{}", err.message);
        assert_eq!(err.column, Some(8 + MAX_NESTING as u32));
    }

    #[test]
    fn deep_chains_without_brackets_are_refused() {
        // Run where programs run: on a thread with a program's stack.
        let source = format!("return {}x", "!".repeat(5_000));
        let err = std::thread::Builder::new()
            .stack_size(crate::engine::PROGRAM_STACK_BYTES)
            .spawn(move || prepare(&source, Scope::Isolated, true).unwrap_err())
            .unwrap()
            .join()
            .unwrap();
        assert!(err.message.contains("nests deeper"), "{}", err.message);
    }

    #[test]
    fn oversized_programs_are_refused() {
        let err = check_shape(&"1;".repeat(MAX_SOURCE_BYTES)).unwrap_err();
        assert!(err.message.contains("bytes"), "{}", err.message);
    }

    #[test]
    fn notebook_function_copies_precede_a_rewritten_declaration() {
        let prepared = prepare("const a = 1; function f() { return a }", Scope::Notebook, true).unwrap();
        let body = body_of(&prepared);
        assert!(body.starts_with(&format!("{GLOBAL}.f=f;;(    a = 1);")), "{body}");
    }

    #[test]
    fn notebook_scope_hoists_declarations_to_globals() {
        let prepared = prepare("const {a, b: [c]} = o, d = 1\nlet e\nclass K {}\nfunction f() {}", Scope::Notebook, true).unwrap();
        assert!(prepared.script.starts_with("var a,c,d,e,K,f;"), "{}", prepared.script);
        let body = body_of(&prepared);
        assert!(body.contains(";(    {a, b: [c]} = o, d = 1);"), "{body}");
        assert!(body.contains(";(  e=void 0);"), "{body}");
        assert!(body.contains(";(K=class K {});"), "{body}");
        assert!(body.starts_with(&format!("{GLOBAL}.f=f;")), "{body}");
    }
}
