//! The `process` substrate: runs and sessions execute in pre-started child processes instead of
//! threads of the host. The child is the same engine (this library, loaded by a small launcher,
//! `src/bin/code-runtime-boa-child.rs`) behind a pipe; the host proxies its events to the same
//! sinks the thread substrate feeds, and distrusts everything it sends (`host.rs`).

pub mod child;
pub mod host;
mod outbox;
pub mod platform;
pub mod region;
pub mod wire;

use std::collections::HashMap;

use crate::realm::surface::Surface;
use crate::run::budget::LimitOverrides;
use crate::run::program::Language;

/// What the host asks of a child. A child holds one run or one session at a time, so requests
/// name no id: they are about what it holds now.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(tag = "op", rename_all = "camelCase")]
pub enum Request {
    /// The first frame: the runtime's settings.
    Hello {
        defaults: LimitOverrides,
        enforce_budgets: bool,
    },
    Run {
        source: String,
        language: Language,
        surface: Surface,
        limits: LimitOverrides,
        modules: HashMap<String, String>,
        stream_logs: bool,
        tape: Option<String>,
    },
    OpenSession {
        surface: Surface,
        limits: LimitOverrides,
        frame: Option<serde_json::Value>,
    },
    Execute {
        execution: u32,
        source: String,
        language: Language,
        limits: LimitOverrides,
    },
    /// The staged bytes are the frame's one buffer.
    Stage {
        name: String,
    },
    /// With `slots_json`, the frame's buffers are the reply's binary data.
    Reply {
        call_id: u32,
        value_json: Option<String>,
        slots_json: Option<String>,
    },
    ReplyError {
        call_id: u32,
        name: String,
        message: String,
    },
    Pause {
        call_id: u32,
    },
    Stop {
        disposed: bool,
    },
}

/// The text of a child's first frame, once its engine is ready for a run.
pub const READY: &str = r#"{"kind":"ready"}"#;

/// The child executable's file name, beside the addon.
#[cfg(unix)]
pub const CHILD_EXECUTABLE: &str = "code-runtime-boa-child";
#[cfg(windows)]
pub const CHILD_EXECUTABLE: &str = "code-runtime-boa-child.exe";
