//! A bound on how deep the parsers will recurse on a program, computed in one linear pass over its
//! tokens before any parser sees it (the pass also refuses BigInt literals larger than the
//! engine's largest BigInt, which the parsers would spend time quadratic in their digits on).
//! swc (stripping and checking) and Boa (parsing and compiling) recurse once per level of nesting
//! on the program thread's stack, with no check of their own, so `'!'.repeat(3e5)`,
//! `'if (1) '.repeat(1e5)` or 3 * 10^4 nested `class extends` touched 60-190 MiB of stack before
//! any budget could see it. Measured per level (Boa's parser is the
//! deepest phase every time): an opening bracket in an expression 23-28 KiB, a prefix operator or
//! a binary operator of a chain 1.7-2.2 KiB, a statement prefix (`if (x)`, `else`, `await`,
//! ternary `?`) about 3 KiB, `class extends` 4.5 KiB per word.
//!
//! The bound: every token that can open a level of nesting (punctuators, keywords, an opening
//! bracket after an expression: a call, an index, a tagged template) costs [`TOKEN_BYTES`], every
//! open bracket [`GROUP_BYTES`] more, and a label [`LABEL_BYTES`] (Boa copies the enclosing labels
//! at each one). Tokens cost until the construct they belong to must have ended: a `;`, a comma,
//! or a line break or `}` followed by a token that cannot continue the statement (ASI's rule),
//! unless the next token continues it (`else`, `catch`, `finally`, `while`). What is still open
//! at any token, summed over the open brackets, is the estimate; past [`MAX_PARSE_STACK_BYTES`]
//! the program is refused with the line where it happened.
//!
//! The pass reads strings, templates, comments and regular-expression literals as the parsers
//! do, deciding between a regular expression and a division from the token before (as
//! tokenizers without a parser do). A misreading could only hide the rest of one line inside a
//! regular expression, so the punctuation inside every regular-expression literal costs as if it
//! were code.

use boa_engine::JsBigInt;
use boa_engine::bigint::MAX_BIGINT_BITS;

use crate::error::ProgramError;
use crate::source::strip::source_error;

/// Estimated stack past which a program is refused (the deepest real program tried, a JSON-like
/// literal 500 brackets deep, comes to 14 MiB).
pub const MAX_PARSE_STACK_BYTES: usize = 16 << 20;
/// An open bracket: Boa's parser runs its whole expression grammar (a dozen frames) per level.
const GROUP_BYTES: usize = 28 << 10;
/// A token that may open a level without a bracket (the worst measured, `class extends`, is 4.5
/// KiB per word).
const TOKEN_BYTES: usize = 5 << 10;
/// A label: Boa's parser keeps the list of enclosing labels and copies it at each label, so a
/// chain of them costs the square of its length in time and memory (10^5 labels: minutes).
const LABEL_BYTES: usize = 64 << 10;

#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupKind {
    Paren,
    Bracket,
    Block,
    Object,
    /// `${` in a template: its `}` resumes the template's text.
    Substitution,
    /// The program itself.
    Top,
}

struct Group {
    kind: GroupKind,
    /// What the open constructs of this bracket's current statement or list item cost.
    open_bytes: usize,
    /// The part of `open_bytes` a comma cannot end (`if (x) a, b` is still inside the `if`).
    statement_bytes: usize,
    /// `?` not yet matched by a `:`.
    ternaries: usize,
    /// `<` not yet matched by a `>`: inside TypeScript type arguments a comma ends nothing
    /// (`F<x, F<x, F<x, ...>>>` nests without a bracket).
    angles: usize,
    /// The parentheses of a statement header (`if (...)`), after which a statement starts.
    header: bool,
}

impl Group {
    fn new(kind: GroupKind, header: bool) -> Self {
        Self { kind, open_bytes: 0, statement_bytes: 0, ternaries: 0, angles: 0, header }
    }

    /// A bracket holding statements, where ASI and `;` end what is open.
    fn holds_statements(&self) -> bool {
        matches!(self.kind, GroupKind::Block | GroupKind::Top)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    /// A number, string, template without substitutions or regular expression.
    Literal,
    /// A template without substitutions: after an expression, a tagged template, which nests.
    Template,
    /// The start of a template with substitutions (its `${`).
    TemplateHead,
    Punct(&'a str),
}

/// Keywords that are values, so they end an expression and cost nothing.
const VALUE_WORDS: &[&str] = &["this", "null", "true", "false", "super"];
/// Reserved words that open a level of nesting (statements, prefix operators); a `/` after one
/// starts a regular expression.
const RESERVED_NESTING_WORDS: &[&str] = &[
    "if",
    "else",
    "while",
    "for",
    "do",
    "with",
    "switch",
    "case",
    "default",
    "try",
    "catch",
    "finally",
    "return",
    "throw",
    "new",
    "delete",
    "typeof",
    "void",
    "await",
    "yield",
    "in",
    "instanceof",
    "class",
    "extends",
    "function",
    "let",
    "const",
    "var",
    "import",
    "export",
];
/// Contextual words that may open a level (TypeScript's type operators, modifiers); they are
/// identifiers too often to read a `/` after them as a regular expression.
const CONTEXTUAL_NESTING_WORDS: &[&str] = &[
    "of",
    "async",
    "as",
    "satisfies",
    "keyof",
    "infer",
    "is",
    "asserts",
    "readonly",
    "unique",
    "debugger",
    "break",
    "continue",
    "enum",
    "interface",
    "implements",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "type",
    "declare",
    "namespace",
    "module",
    "abstract",
    "get",
    "set",
    "accessor",
    "override",
    "using",
];
/// Words that begin statements: what a comma in the statement cannot end.
const STATEMENT_WORDS: &[&str] =
    &["if", "else", "while", "for", "do", "with", "switch", "case", "default", "try", "return", "throw", "let", "const", "var"];
/// Words that continue the statement before them across a `;` or a line break.
const CONTINUING_WORDS: &[&str] = &["else", "catch", "finally", "while"];
/// Words that are binary operators: after a line break they continue the expression.
const OPERATOR_WORDS: &[&str] = &["in", "instanceof", "of", "as", "satisfies"];
/// Words whose `(...)` is a statement header, after which an expression starts.
const HEADER_WORDS: &[&str] = &["if", "while", "for", "with", "switch", "catch"];

/// Longest punctuators first: a prefix of each is a punctuator too.
const PUNCTUATORS: &[&str] = &[
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.",
    "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
];

/// What the token before the current one was, for the regular-expression and ASI decisions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Previous {
    /// Start of the program or of a bracket, or a token after which an expression starts.
    Operator,
    /// A token an expression can end with (`x`, `1`, `)`, `]`, an object's `}`, `x++`).
    ExpressionEnd,
    /// The `}` of a block: a statement ended, but a regular expression may follow.
    BlockEnd,
    /// A `;`.
    Semicolon,
    /// A `=>`: a block or an expression follows.
    Arrow,
    /// An identifier that begins a statement: with a `:` after it, a label.
    StatementStartWord,
    /// A keyword (`if`, `return`, ...): a regular expression or an object literal may follow.
    Keyword(&'static str),
    /// The `)` of a statement header (`if (x)`): a statement follows.
    HeaderEnd,
}

struct Scanner<'a> {
    source: &'a str,
    bytes: &'a [u8],
    at: usize,
    groups: Vec<Group>,
    /// What the groups below the innermost cost, open brackets included.
    outer_bytes: usize,
    previous: Previous,
    /// Whether a line break came since the previous token.
    line_break: bool,
    /// Whether the next `(` is a statement header's.
    header_next: bool,
    /// Whether the previous token was the first of a statement (a label may follow).
    statement_start: bool,
}

/// Refuses a program its parsers would recurse on too deeply (see the module's comment).
pub fn check_nesting(source: &str) -> Result<(), ProgramError> {
    let mut scanner = Scanner {
        source,
        bytes: source.as_bytes(),
        at: 0,
        groups: vec![Group::new(GroupKind::Top, false)],
        outer_bytes: 0,
        previous: Previous::Operator,
        line_break: true,
        header_next: false,
        statement_start: true,
    };
    scanner.run()
}

impl<'a> Scanner<'a> {
    fn run(&mut self) -> Result<(), ProgramError> {
        if self.source.starts_with("#!") {
            self.skip_line();
        }
        loop {
            self.skip_trivia();
            let start = self.at;
            let Some(token) = self.next_token()? else { return Ok(()) };
            self.take(token, start)?;
        }
    }

    fn innermost(&mut self) -> &mut Group {
        self.groups.last_mut().expect("the program's own group is never closed")
    }

    /// Adds `bytes` to what is open in the innermost bracket, refusing the program past the limit.
    fn cost(&mut self, bytes: usize, statement: bool, at: usize) -> Result<(), ProgramError> {
        let group = self.innermost();
        group.open_bytes += bytes;
        if statement {
            group.statement_bytes += bytes;
        }
        let open = group.open_bytes;
        if self.outer_bytes + open > MAX_PARSE_STACK_BYTES {
            return Err(too_deep(self.source, at));
        }
        Ok(())
    }

    /// Ends the statement open in the innermost bracket.
    fn end_statement(&mut self) {
        let group = self.innermost();
        group.open_bytes = 0;
        group.statement_bytes = 0;
        group.ternaries = 0;
        group.angles = 0;
    }

    fn take(&mut self, token: Token<'a>, at: usize) -> Result<(), ProgramError> {
        let holds_statements = self.groups.last().is_some_and(Group::holds_statements);
        let continues = matches!(token, Token::Word(w) if CONTINUING_WORDS.contains(&w));
        let starts_statement = match token {
            Token::Word(word) => !OPERATOR_WORDS.contains(&word) && !continues,
            Token::Literal | Token::Template => true,
            Token::Punct(p) => matches!(p, "!" | "~" | "++" | "--"),
            Token::TemplateHead => false,
        };
        let ended = match self.previous {
            Previous::Semicolon => !continues,
            Previous::ExpressionEnd | Previous::BlockEnd => {
                holds_statements && starts_statement && (self.line_break || self.previous == Previous::BlockEnd)
            }
            _ => false,
        };
        if ended || (holds_statements && token == Token::Word("case")) {
            self.end_statement();
            self.statement_start = true;
        }
        let statement_start = std::mem::replace(&mut self.statement_start, false);
        let after_expression = matches!(self.previous, Previous::ExpressionEnd);

        match token {
            Token::Word(word) => {
                if VALUE_WORDS.contains(&word) {
                    self.previous = Previous::ExpressionEnd;
                } else if let Some(&reserved) = RESERVED_NESTING_WORDS.iter().find(|&&k| k == word) {
                    self.cost(TOKEN_BYTES, STATEMENT_WORDS.contains(&word), at)?;
                    self.header_next = HEADER_WORDS.contains(&word);
                    self.statement_start = matches!(word, "else" | "do" | "try" | "finally");
                    self.previous = Previous::Keyword(reserved);
                } else if CONTEXTUAL_NESTING_WORDS.contains(&word) {
                    self.cost(TOKEN_BYTES, false, at)?;
                    self.previous = Previous::ExpressionEnd;
                } else {
                    self.previous = if statement_start { Previous::StatementStartWord } else { Previous::ExpressionEnd };
                }
            }
            Token::Literal => self.previous = Previous::ExpressionEnd,
            Token::Template | Token::TemplateHead => {
                if after_expression {
                    self.cost(TOKEN_BYTES, false, at)?;
                }
                self.previous = Previous::ExpressionEnd;
                if token == Token::TemplateHead {
                    self.open(GroupKind::Substitution, false, at)?;
                    self.previous = Previous::Operator;
                }
            }
            Token::Punct(p) => self.punctuator(p, at, after_expression, statement_start)?,
        }
        Ok(())
    }

    fn punctuator(&mut self, p: &str, at: usize, after_expression: bool, statement_start: bool) -> Result<(), ProgramError> {
        match p {
            "(" | "[" | "{" => {
                // A call, an index or a block after an expression nests in it (`f()()()`).
                if after_expression {
                    self.cost(TOKEN_BYTES, false, at)?;
                }
                let kind = match p {
                    "(" => GroupKind::Paren,
                    "[" => GroupKind::Bracket,
                    _ if self.brace_is_object(statement_start) => GroupKind::Object,
                    _ => GroupKind::Block,
                };
                let header = std::mem::take(&mut self.header_next) && kind == GroupKind::Paren;
                self.open(kind, header, at)?;
                self.statement_start = kind == GroupKind::Block;
                self.previous = Previous::Operator;
            }
            ")" | "]" | "}" => self.close(p, at)?,
            ";" => {
                self.end_statement();
                self.previous = Previous::Semicolon;
                self.statement_start = true;
            }
            "," => {
                let group = self.innermost();
                if group.angles == 0 {
                    group.open_bytes = group.statement_bytes;
                }
                self.previous = Previous::Operator;
            }
            ":" => {
                let group = self.innermost();
                let (kind, ternary) = (group.kind, group.ternaries > 0);
                if ternary {
                    group.ternaries -= 1;
                    self.cost(TOKEN_BYTES, false, at)?;
                } else if self.previous == Previous::StatementStartWord {
                    self.cost(LABEL_BYTES, true, at)?;
                } else if kind != GroupKind::Object {
                    self.cost(TOKEN_BYTES, false, at)?;
                }
                // After a label, `case x:` or `default:`, a statement starts.
                self.statement_start = !ternary && matches!(kind, GroupKind::Block | GroupKind::Top);
                self.previous = Previous::Operator;
            }
            _ => {
                let group = self.innermost();
                match p {
                    "?" => group.ternaries += 1,
                    "<" => group.angles += 1,
                    ">" | ">>" | ">>>" => group.angles = group.angles.saturating_sub(p.len()),
                    _ => {}
                }
                self.cost(TOKEN_BYTES, false, at)?;
                // `x++` and `x--` end an expression; every other punctuator expects one.
                self.previous = match p {
                    "++" | "--" if after_expression => Previous::ExpressionEnd,
                    "=>" => Previous::Arrow,
                    _ => Previous::Operator,
                };
            }
        }
        Ok(())
    }

    /// Whether a `{` here opens an object literal (or a type literal) rather than a block: it does
    /// after an operator, an opening bracket, a comma, or a keyword that takes an expression,
    /// unless a statement starts there (`{ {`, a label's `:`).
    fn brace_is_object(&self, statement_start: bool) -> bool {
        match self.previous {
            Previous::Operator => !statement_start,
            Previous::Keyword(word) => !matches!(word, "else" | "do" | "try" | "catch" | "finally" | "class"),
            // An arrow's body, a function's or a class's body, a statement's block.
            _ => false,
        }
    }

    fn open(&mut self, kind: GroupKind, header: bool, at: usize) -> Result<(), ProgramError> {
        let innermost = self.groups.last().map_or(0, |g| g.open_bytes);
        self.outer_bytes += innermost + GROUP_BYTES;
        self.groups.push(Group::new(kind, header));
        if self.outer_bytes > MAX_PARSE_STACK_BYTES {
            return Err(too_deep(self.source, at));
        }
        Ok(())
    }

    /// Closes the innermost bracket if `closer` matches it; an unmatched closer leaves it open,
    /// which can only make the estimate larger (the parsers refuse such a program anyway).
    fn close(&mut self, closer: &str, at: usize) -> Result<(), ProgramError> {
        let Some(group) = self.groups.last() else { return Ok(()) };
        let matches = match group.kind {
            GroupKind::Paren => closer == ")",
            GroupKind::Bracket => closer == "]",
            GroupKind::Block | GroupKind::Object | GroupKind::Substitution => closer == "}",
            GroupKind::Top => false,
        };
        if !matches {
            self.previous = Previous::ExpressionEnd;
            return Ok(());
        }
        let group = self.groups.pop().expect("checked above");
        let innermost = self.groups.last().map_or(0, |g| g.open_bytes);
        self.outer_bytes -= innermost + GROUP_BYTES;
        self.previous = match group.kind {
            GroupKind::Paren if group.header => {
                self.statement_start = true;
                Previous::HeaderEnd
            }
            GroupKind::Block => Previous::BlockEnd,
            _ => Previous::ExpressionEnd,
        };
        if group.kind == GroupKind::Substitution && self.skip_template() {
            self.open(GroupKind::Substitution, false, at)?;
            self.previous = Previous::Operator;
        }
        Ok(())
    }

    fn peek(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.at + offset).copied()
    }

    /// Skips whitespace and comments, noting line breaks.
    fn skip_trivia(&mut self) {
        self.line_break = false;
        while let Some(c) = self.source[self.at..].chars().next() {
            match c {
                '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
                    self.line_break = true;
                    self.at += c.len_utf8();
                }
                '/' if self.peek(1) == Some(b'/') => self.skip_line(),
                '/' if self.peek(1) == Some(b'*') => {
                    let end = self.source[self.at + 2..].find("*/").map_or(self.bytes.len(), |i| self.at + 2 + i + 2);
                    if self.source[self.at..end].contains(['\n', '\r', '\u{2028}', '\u{2029}']) {
                        self.line_break = true;
                    }
                    self.at = end;
                }
                // HTML-like comments, as Boa's and swc's script parsers read them (Annex B).
                '<' if self.source[self.at..].starts_with("<!--") => self.skip_line(),
                '-' if self.source[self.at..].starts_with("-->") && (self.line_break || self.at == 0) => self.skip_line(),
                c if c.is_whitespace() || c == '\u{feff}' => self.at += c.len_utf8(),
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        self.at = self.source[self.at..].find(['\n', '\r', '\u{2028}', '\u{2029}']).map_or(self.bytes.len(), |i| self.at + i);
    }

    fn next_token(&mut self) -> Result<Option<Token<'a>>, ProgramError> {
        let source: &'a str = self.source;
        let Some(c) = source[self.at..].chars().next() else { return Ok(None) };
        let start = self.at;
        if c.is_ascii_digit() || (c == '.' && self.peek(1).is_some_and(|b| b.is_ascii_digit())) {
            self.skip_number()?;
            return Ok(Some(Token::Literal));
        }
        if is_word_char(c) {
            while let Some(c) = source[self.at..].chars().next().filter(|&c| is_word_char(c)) {
                self.at += c.len_utf8();
            }
            return Ok(Some(Token::Word(&source[start..self.at])));
        }
        match c {
            '\'' | '"' => {
                self.skip_string(c as u8);
                Ok(Some(Token::Literal))
            }
            '`' => {
                self.at += 1;
                Ok(Some(if self.skip_template() { Token::TemplateHead } else { Token::Template }))
            }
            '/' if self.regex_allowed() => {
                self.skip_regex(start)?;
                Ok(Some(Token::Literal))
            }
            _ => {
                let rest = &source[self.at..];
                let punct = PUNCTUATORS.iter().find(|p| rest.starts_with(**p)).map_or(&rest[..c.len_utf8()], |p| &rest[..p.len()]);
                // `?.5` is a `?` and a number.
                let punct = if punct == "?." && self.peek(2).is_some_and(|b| b.is_ascii_digit()) { "?" } else { punct };
                self.at += punct.len();
                Ok(Some(Token::Punct(punct)))
            }
        }
    }

    fn regex_allowed(&self) -> bool {
        !matches!(self.previous, Previous::ExpressionEnd | Previous::StatementStartWord)
    }

    /// Skips a number literal; a BigInt literal larger than the engine's largest BigInt is
    /// refused here, before the parsers spend time quadratic in its digits on it.
    fn skip_number(&mut self) -> Result<(), ProgramError> {
        let digits = |s: &mut Self, hex: bool| {
            while s.peek(0).is_some_and(|b| b == b'_' || b.is_ascii_digit() || (hex && b.is_ascii_hexdigit())) {
                s.at += 1;
            }
        };
        let start = self.at;
        let mut radix = 10;
        if self.peek(0) == Some(b'0') && self.peek(1).is_some_and(|b| matches!(b | 0x20, b'x' | b'o' | b'b')) {
            radix = match self.peek(1).map(|b| b | 0x20) {
                Some(b'x') => 16,
                Some(b'o') => 8,
                _ => 2,
            };
            self.at += 2;
            digits(self, true);
        } else {
            digits(self, false);
            if self.peek(0) == Some(b'.') {
                self.at += 1;
                digits(self, false);
            }
            if self.peek(0).is_some_and(|b| b | 0x20 == b'e') {
                self.at += 1;
                if self.peek(0).is_some_and(|b| b == b'+' || b == b'-') {
                    self.at += 1;
                }
                digits(self, false);
            }
        }
        if self.peek(0) == Some(b'n') {
            let digits = &self.source[start + if radix == 10 { 0 } else { 2 }..self.at];
            if JsBigInt::digits_exceed_max_size(digits, radix) {
                return Err(source_error(
                    self.source,
                    "RangeError",
                    &format!(
                        "Maximum BigInt size exceeded: this BigInt literal has more than {MAX_BIGINT_BITS} bits, the most a BigInt may have here"
                    ),
                    Some(start),
                ));
            }
            self.at += 1;
        }
        Ok(())
    }

    /// Skips a string literal; an unescaped line break ends it (the parsers refuse it there).
    fn skip_string(&mut self, quote: u8) {
        self.at += 1;
        while let Some(b) = self.peek(0) {
            self.at += 1;
            match b {
                // A line continuation may be `\` and CR LF.
                b'\\' => self.at = (self.at + if self.source[self.at..].starts_with("\r\n") { 2 } else { 1 }).min(self.bytes.len()),
                b'\n' | b'\r' => return,
                _ if b == quote => return,
                _ => {}
            }
        }
    }

    /// Skips template text up to its end (false) or its next `${` (true).
    fn skip_template(&mut self) -> bool {
        while let Some(b) = self.peek(0) {
            self.at += 1;
            match b {
                b'\\' => self.at = (self.at + 1).min(self.bytes.len()),
                b'`' => return false,
                b'$' if self.peek(0) == Some(b'{') => {
                    self.at += 1;
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    /// Skips a regular-expression literal, whose punctuation costs as code would (see the
    /// module's comment).
    fn skip_regex(&mut self, start: usize) -> Result<(), ProgramError> {
        self.at += 1;
        let mut in_class = false;
        let mut punctuation = 0;
        while let Some(b) = self.peek(0) {
            match b {
                b'\n' | b'\r' => break,
                b'\\' => self.at += 1,
                b'[' => in_class = true,
                b']' => in_class = false,
                b'/' if !in_class => {
                    self.at += 1;
                    break;
                }
                _ => {}
            }
            if b.is_ascii_punctuation() {
                punctuation += 1;
            }
            self.at = (self.at + 1).min(self.bytes.len());
        }
        while self.peek(0).is_some_and(|b| b.is_ascii_alphanumeric()) {
            self.at += 1;
        }
        self.cost(punctuation * TOKEN_BYTES, false, start)?;
        // The literal's own cost ends with it, as a parenthesized expression's does.
        let group = self.innermost();
        group.open_bytes -= punctuation * TOKEN_BYTES;
        Ok(())
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '\\' | '#' | '@') || (!c.is_ascii() && !c.is_whitespace() && c != '\u{feff}')
}

fn too_deep(source: &str, at: usize) -> ProgramError {
    source_error(
        source,
        "RangeError",
        "Maximum call stack size exceeded: the program nests too deeply here for the parser (a long chain of \
         unbracketed operators, statements, labels or brackets inside each other); split it into smaller \
         statements or functions, or pass deep data through a binding instead of writing it in the source",
        Some(at),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused_at(source: &str) -> Option<(u32, u32)> {
        check_nesting(source).err().map(|e| (e.line.unwrap(), e.column.unwrap()))
    }

    #[test]
    fn deep_unbracketed_chains_are_refused_with_their_line() {
        let chains = [
            format!("return {}1", "!".repeat(100_000)),
            format!("return {}1", "- ".repeat(100_000)),
            format!("{}return 1", "if (1) ".repeat(100_000)),
            format!("return typeof {}Object{}", "class extends ".repeat(30_000), " {}".repeat(30_000)),
            format!("let x: {}number{} = [] as any", "Array<".repeat(100_000), ">".repeat(100_000)),
            format!("return {}1", "1 + ".repeat(100_000)),
            format!("return o{}", ".a".repeat(100_000)),
            format!("{}return 1", "if (0) {} else ".repeat(100_000)),
            format!("return {}1{}", "1 ? ".repeat(100_000), " : 0".repeat(100_000)),
            format!("let a; return {}1", "a = ".repeat(100_000)),
            format!("{}break", (0..100_000).map(|i| format!("l{i}: ")).collect::<String>()),
            format!("return f{}", "()".repeat(100_000)),
            format!("return {}1{}", "(".repeat(900), ")".repeat(900)),
            format!("let x: {}number{} = 1", "F<x, ".repeat(100_000), ">".repeat(100_000)),
        ];
        for source in chains {
            assert!(refused_at(&format!("x\n{source}")).is_some_and(|(line, _)| line == 2), "{}", &source[..40]);
        }
    }

    #[test]
    fn real_programs_pass() {
        let statements = (0..5_000).map(|i| format!("const v{i} = f(a.b[c], {{ k: `t${{i}}` }}) + g(i) * 2\n")).collect::<String>();
        let semicolons = (0..5_000).map(|i| format!("x{i} = y.z(w => w + 1, [1, 2]);")).collect::<String>();
        let json = |depth: usize| format!("return {}1{}", "{\"a\": [1, ".repeat(depth), "]}".repeat(depth));
        let programs = [
            statements,
            semicolons,
            format!("return {}1", "1 + ".repeat(500)),
            format!("return [{}]", "1,".repeat(200_000)),
            format!("return {{{}}}", (0..20_000).map(|i| format!("k{i}: {i},")).collect::<String>()),
            json(250),
            format!("return {}1{}", "[".repeat(500), "]".repeat(500)),
            format!("const s = '{}'; return /[a-z(]+\\/x/.test(s)", "-!(".repeat(100_000)),
            format!("const t = `{}`", "(!-".repeat(100_000)),
            format!("/* {} */ return 1", "((".repeat(100_000)),
            format!("return f({})", "a < b, c > d, ".repeat(300)),
            (0..3_000).map(|i| format!("if (x > {i}) {{ y() }} else {{ z() }}\nfunction f{i}() {{ return 1 }}\n")).collect(),
            (0..3_000).map(|i| format!("switch (x) {{ case {i}: a(); break; default: b() }}\n")).collect(),
            format!("{{\n{}}}", "x = a.b(c) + 1\n".repeat(5_000)),
            format!("try {{}} catch {{\n{}}}", "x = a.b(c) + 1\n".repeat(5_000)),
            format!("const C = class {{\n{}}}", (0..5_000).map(|i| format!("f{i} = a.b(c) + 1\n")).collect::<String>()),
            format!("a: {{\n{}}}", "x = a.b(c) + 1\n".repeat(5_000)),
        ];
        for program in programs {
            assert_eq!(refused_at(&program), None, "{}", &program[..60.min(program.len())]);
        }
    }

    #[test]
    fn bigint_literals_larger_than_the_largest_bigint_are_refused() {
        let digits = |n: usize| format!("return 1 + {}n", "9".repeat(n));
        let err = check_nesting(&digits(400_000)).unwrap_err();
        assert_eq!((err.name.as_str(), err.line, err.column), ("RangeError", Some(1), Some(12)));
        assert!(err.message.starts_with("Maximum BigInt size exceeded"), "{}", err.message);
        assert!(check_nesting(&format!("return 0x{}n", "f".repeat(270_000))).is_err());
        assert_eq!(check_nesting(&digits(300_000)).err().map(|e| e.message), None);
        assert_eq!(check_nesting(&format!("return 0x{}1n + 1.5e10 + 0b1n", "0".repeat(500_000))).err().map(|e| e.message), None);
    }

    #[test]
    fn text_the_parsers_skip_costs_nothing_but_code_after_it_does() {
        // A regular expression read as a division would cost its punctuation as code anyway.
        assert!(refused_at(&format!("return a / {}b / c", "!".repeat(10_000))).is_some());
        assert!(refused_at(&format!("const s = `${{{}1}}`", "!".repeat(10_000))).is_some());
        assert_eq!(refused_at(&format!("x = 1 <!-- {}\nreturn 1", "!".repeat(10_000))), None);
        // A line continuation with CR LF keeps the string open: its backtick opens no template.
        let continued = format!("const s = 'a\\\r\n`'\nreturn {}x\nconst t = `", "!".repeat(10_000));
        assert_eq!(refused_at(&continued).map(|(line, _)| line), Some(3));
    }
}
