//! What a run reports when it does not end with a value. Every failure is data for the host to
//! show the model, never an exception thrown at the host.

/// Why a run failed, as the `kind` field of the public `RunError`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    Syntax,
    Runtime,
    Result,
    ComputeBudget,
    WallBudget,
    MemoryBudget,
    Aborted,
    Disposed,
    /// A binding paused the run (durable runs): the result carries the token to resume it.
    Paused,
    /// A resumed program did something else on replay than the token's log holds.
    Replay,
    /// The program called `process.exit()` (a realm with `process`): it ended before it completed.
    Exit,
    /// The child process running the program died or broke the protocol (`process` substrate,
    /// which Windows does not have).
    #[cfg_attr(not(unix), allow(dead_code))]
    Crashed,
}

/// The public `RunError`: positions are 1-based and in the program's original source. The
/// optional texts are boxed so a `Result` of it stays small.
#[derive(Debug, Clone, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[error("{name}: {message}")]
pub struct ProgramError {
    pub kind: ErrorKind,
    pub name: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stack: Option<Box<str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code_frame: Option<Box<str>>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Box<Detail>>,
}

/// What a failure carries beside its message, for a host that shows failures its own way.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Detail {
    /// The code the program passed to `process.exit()` (kind `exit`).
    ExitCode(i32),
    /// A thrown value that is not an object, as `String(value)` writes it (the message says
    /// `Uncaught 'text'`, as Node does).
    Thrown(Box<str>),
}

impl ProgramError {
    pub fn new(kind: ErrorKind, name: impl Into<String>, message: impl Into<String>) -> Self {
        Self { kind, name: name.into(), message: message.into(), line: None, column: None, stack: None, code_frame: None, detail: None }
    }

    /// What a run reports when the engine panicked and no budget explains it.
    pub fn crashed() -> Self {
        Self::new(ErrorKind::Runtime, "InternalError", "the engine failed while running the program; the run was abandoned")
    }
}

/// Why a value could not cross the bridge or become the result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConversionError {
    #[error("{path} is a {what}, which cannot cross to the host: {hint}")]
    Unsupported { path: String, what: &'static str, hint: &'static str },
    #[error(
        "{path} has a key with a lone surrogate (not well-formed UTF-16), which cannot cross to the host: make the key well-formed first (key.toWellFormed() replaces lone surrogates with U+FFFD)"
    )]
    LoneSurrogateKey { path: String },
    #[error("{path} refers back to one of its own ancestors (a cycle); only tree-shaped data can cross")]
    Cycle { path: String },
    #[error("{path} is nested deeper than {limit} levels; flatten the data before it crosses")]
    TooDeep { path: String, limit: usize },
    #[error("the value is larger than {limit} bytes as JSON; return or send less data")]
    TooLarge { limit: usize },
}
