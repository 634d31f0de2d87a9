//! Local patch (code-runtime-boa, see vendor/README.md): `operate` returns the program it parsed
//! and its comments with the stripped code, so the caller checks the program without parsing the
//! stripped code again. Strip-only is the only mode: transform mode, its options, the WebAssembly
//! bindings and the dependencies only they used (swc's code generator and transforms, anyhow,
//! wasm-bindgen) are removed.

use std::fmt::Display;

use serde::{Deserialize, Serialize};
use swc_common::{
    comments::{Comments, SingleThreadedComments},
    errors::{DiagnosticId, Handler, HANDLER},
    sync::Lrc,
    BytePos, FileName, SourceMap, Span, Spanned,
};
use swc_ecma_ast::{Decl, EsVersion, ModuleDecl, Program, Stmt, TsModuleDecl};
use swc_ecma_parser::{
    lexer::Lexer,
    unstable::{Capturing, Token, TokenAndSpan},
    Parser, StringInput, Syntax, TsSyntax,
};
use swc_ecma_visit::{Visit, VisitWith};

mod edit;
mod erase;
mod token_cursor;

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Options {
    #[serde(default)]
    pub module: Option<bool>,
    #[serde(default)]
    pub filename: Option<String>,

    #[serde(default = "default_ts_syntax")]
    pub parser: TsSyntax,

    // Local patch: `mode`, `transform` and `source_map` removed with transform mode.
    #[serde(default)]
    pub deprecated_ts_module_as_error: Option<bool>,
}

fn default_ts_syntax() -> TsSyntax {
    TsSyntax {
        decorators: true,
        ..Default::default()
    }
}

// Local patch: the parsed program and its comments instead of a source map, which only transform
// mode made.
#[derive(Debug)]
pub struct TransformOutput {
    pub code: String,
    pub program: Program,
    pub comments: SingleThreadedComments,
}

#[derive(Debug, Serialize)]
pub struct TsError {
    pub message: String,
    pub code: ErrorCode,
}

impl std::fmt::Display for TsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.code, self.message)
    }
}

impl std::error::Error for TsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        None
    }
}

#[non_exhaustive]
#[derive(Debug, Clone, Copy, Serialize)]
pub enum ErrorCode {
    InvalidSyntax,
    UnsupportedSyntax,
    Unknown,
}

impl Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

pub fn operate(
    cm: &Lrc<SourceMap>,
    handler: &Handler,
    input: String,
    options: Options,
) -> Result<TransformOutput, TsError> {
    let deprecated_ts_module_as_error = options.deprecated_ts_module_as_error.unwrap_or_default();

    let filename = options
        .filename
        .map_or(FileName::Anon, |f| FileName::Real(f.into()));

    let fm = cm.new_source_file(filename.into(), input);

    let syntax = Syntax::Typescript(options.parser);
    let target = EsVersion::latest();

    // Local patch: comments are always collected, for the caller; strip-only mode always captures
    // tokens.
    let comments = SingleThreadedComments::default();
    let lexer = Capturing::new(Lexer::new(
        syntax,
        target,
        StringInput::from(&*fm),
        Some(&comments as &dyn Comments),
    ));
    let mut parser = Parser::new_from(lexer);

    let program = match options.module {
        Some(true) => parser.parse_module().map(Program::Module),
        Some(false) => parser.parse_script().map(Program::Script),
        None => parser.parse_program(),
    };
    let errors = parser.take_errors();
    let tokens = parser.input_mut().iter_mut().take();
    debug_assert!(
        tokens
            .windows(2)
            .all(|tokens| tokens[0].span.lo < tokens[1].span.lo),
        "captured tokens must be ordered by source position"
    );

    let program = match program {
        Ok(program) => program,
        Err(err) => {
            err.into_diagnostic(handler)
                .code(DiagnosticId::Error("InvalidSyntax".into()))
                .emit();

            for e in errors {
                e.into_diagnostic(handler)
                    .code(DiagnosticId::Error("InvalidSyntax".into()))
                    .emit();
            }

            return Err(TsError {
                message: "Syntax error".to_string(),
                code: ErrorCode::InvalidSyntax,
            });
        }
    };

    if !errors.is_empty() {
        for e in errors {
            e.into_diagnostic(handler)
                .code(DiagnosticId::Error("InvalidSyntax".into()))
                .emit();
        }

        return Err(TsError {
            message: "Syntax error".to_string(),
            code: ErrorCode::InvalidSyntax,
        });
    }

    if deprecated_ts_module_as_error {
        program.visit_with(&mut ErrorOnTsModule {
            src: &fm.src,
            source_start: fm.start_pos,
            tokens: &tokens,
        });
        if handler.has_errors() {
            return Err(TsError {
                message: "Unsupported syntax".to_string(),
                code: ErrorCode::UnsupportedSyntax,
            });
        }
    }

    let code = erase::strip(&program, &fm.src, fm.start_pos, &tokens)
        .map_err(|errors| {
            for error in errors {
                error.emit(handler);
            }
            TsError {
                message: "Unsupported syntax".to_string(),
                code: ErrorCode::UnsupportedSyntax,
            }
        })?
        .into_owned();
    Ok(TransformOutput {
        code,
        program,
        comments,
    })
}

struct ErrorOnTsModule<'a> {
    src: &'a str,
    source_start: BytePos,
    tokens: &'a [TokenAndSpan],
}

// All namespaces or modules are either at the top level or nested within
// another namespace or module.
impl Visit for ErrorOnTsModule<'_> {
    fn visit_stmt(&mut self, n: &Stmt) {
        if n.is_decl() {
            n.visit_children_with(self);
        }
    }

    fn visit_decl(&mut self, n: &Decl) {
        if n.is_ts_module() {
            n.visit_children_with(self);
        }
    }

    fn visit_module_decl(&mut self, n: &ModuleDecl) {
        if n.is_export_decl() {
            n.visit_children_with(self);
        }
    }

    fn visit_ts_module_decl(&mut self, n: &TsModuleDecl) {
        n.visit_children_with(self);

        if n.global || n.id.is_str() {
            return;
        }

        let mut pos = n.span.lo;

        if n.declare {
            let declare_index = self
                .tokens
                .binary_search_by_key(&pos, |t| t.span.lo)
                .unwrap();

            debug_assert_eq!(self.tokens[declare_index].token, Token::Declare);

            let TokenAndSpan { token, span, .. } = &self.tokens[declare_index + 1];
            // declare global
            // declare module
            // declare namespace
            if matches!(token, Token::Namespace) {
                return;
            }

            pos = span.lo;
        } else {
            let offset = (pos.0 - self.source_start.0) as usize;
            if self.src.as_bytes()[offset] != b'm' {
                return;
            }
        }

        if HANDLER.is_set() {
            HANDLER.with(|handler| {
                handler
                    .struct_span_err(
                        span(pos, n.id.span().hi),
                        "`module` keyword is not supported. Use `namespace` instead.",
                    )
                    .code(DiagnosticId::Error("UnsupportedSyntax".into()))
                    .emit();
            });
        }
    }
}

fn span(lo: BytePos, hi: BytePos) -> Span {
    Span::new(lo, hi)
}
