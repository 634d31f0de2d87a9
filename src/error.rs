//! What a run reports when it does not end with a value. Every failure is data for the host to
//! show the model, never an exception thrown at the host.

use crate::run::memory::HeapBytes;

/// Why a run failed, as the `kind` field of the public `RunError`.
#[napi_derive::napi(string_enum = "snake_case")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Syntax,
    Runtime,
    Result,
    ComputeBudget,
    WallBudget,
    MemoryBudget,
    Aborted,
    Disposed,
}

/// The public `RunError`: positions are 1-based and in the program's original source.
#[napi_derive::napi(object)]
#[derive(Debug, Clone, thiserror::Error)]
#[error("{name}: {message}")]
pub struct ProgramError {
    pub kind: ErrorKind,
    pub name: String,
    pub message: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub stack: Option<String>,
    pub code_frame: Option<String>,
}

impl HeapBytes for ProgramError {
    fn heap_bytes(&self) -> usize {
        self.name.heap_bytes() + self.message.heap_bytes() + self.stack.heap_bytes() + self.code_frame.heap_bytes()
    }
}

impl ProgramError {
    pub fn new(kind: ErrorKind, name: impl Into<String>, message: impl Into<String>) -> Self {
        Self { kind, name: name.into(), message: message.into(), line: None, column: None, stack: None, code_frame: None }
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
    #[error("{path} refers back to one of its own ancestors (a cycle); only tree-shaped data can cross")]
    Cycle { path: String },
    #[error("{path} is nested deeper than {limit} levels; flatten the data before it crosses")]
    TooDeep { path: String, limit: usize },
    #[error("the value is larger than {limit} bytes as JSON; return or send less data")]
    TooLarge { limit: usize },
}
