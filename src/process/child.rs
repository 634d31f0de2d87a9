//! The child's side: reads requests from stdin, runs them in an engine of its own (the thread
//! substrate, one program at a time) and writes every event to stdout as the frame the host
//! proxies to Node. Ends when the host closes stdin.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex, PoisonError};

use boa_engine::object::builtins::AlignedVec;

use super::Request;
use super::region::{self, Region};
use super::wire::{self, Frame};
use crate::engine::{Engine, Launch};
use crate::realm::bridge::{HostBytes, HostError, Reply};
use crate::realm::convert::Bytes;
use crate::run::budget::{Limits, StopReason};
use crate::run::program::{ProgramEvent, Sink, json_text};

/// Runs the child until the host closes its end; the launcher exits with what this returns. The
/// region the host shares (none when it gave none) takes the large buffers of the child's events.
pub fn serve(mut input: impl Read, pipe: impl Write + Send + 'static, region: Option<Region>) -> i32 {
    if let Some(region) = region {
        region::share(region);
    }
    let output = Arc::new(Mutex::new(pipe));
    let Ok(Request::Hello { defaults, enforce_budgets }) = next_request(&mut input) else { return 2 };
    let engine = Engine::new(Limits::default().with(&defaults), enforce_budgets, 1);
    if send(&output, super::READY, &[]).is_err() {
        return 3;
    }
    // What the child holds now: a run's or the session's id in its engine.
    let mut current = 0;
    while let Ok((request, buffers)) = next_request_with_buffers(&mut input) {
        match request {
            Request::Hello { .. } => {}
            Request::Run { source, language, surface, limits, modules, stream_logs, tape } => {
                let sink = sink_to(&output, stream_logs);
                let launch = Launch { surface, modules, limits, sink: Box::new(move |_| sink) };
                match engine.run(source, language, tape, launch) {
                    Ok(id) => current = id,
                    Err(_) => break,
                }
            }
            Request::OpenSession { surface, limits, frame } => {
                let sink = sink_to(&output, true);
                let launch = Launch { surface, modules: HashMap::new(), limits, sink: Box::new(move |_| sink) };
                match engine.open_session(frame, launch) {
                    Ok(id) => current = id,
                    Err(_) => break,
                }
            }
            Request::Execute { execution, source, language, limits } => {
                let _ = engine.execute(current, execution, source, language, &limits);
            }
            Request::Stage { name } => {
                let _ = engine.stage(current, name, buffers.into_iter().next().unwrap_or_default());
            }
            Request::Reply { call_id, value_json, slots_json } => {
                let bytes = slots_json.map(|slots_json| HostBytes {
                    slots_json,
                    buffers: buffers.iter().map(|buffer| AlignedVec::from_slice(64, buffer)).collect(),
                });
                engine.reply(current, call_id, Reply { value_json, bytes, error: None });
            }
            Request::ReplyError { call_id, name, message } => {
                engine.reply(current, call_id, Reply { error: Some(HostError { name, message }), ..Reply::default() });
            }
            Request::Pause { call_id } => {
                engine.pause(current, call_id);
            }
            Request::Stop { disposed } => engine.stop(current, if disposed { StopReason::Disposed } else { StopReason::Aborted }),
        }
    }
    engine.dispose();
    0
}

fn next_request(input: &mut impl Read) -> Result<Request, ()> {
    next_request_with_buffers(input).map(|(request, _)| request)
}

/// The host is trusted: its frames are bounded only by what a pipe carries.
fn next_request_with_buffers(input: &mut impl Read) -> Result<(Request, Vec<Vec<u8>>), ()> {
    let Frame { text, buffers } = wire::read_frame(input, u32::MAX as usize).map_err(drop)?;
    let request = serde_json::from_str(&text).map_err(drop)?;
    Ok((request, buffers))
}

fn send(output: &Mutex<impl Write>, text: &str, buffers: &[Bytes]) -> std::io::Result<()> {
    let mut pipe = output.lock().unwrap_or_else(PoisonError::into_inner);
    wire::write_event(&mut *pipe, text, buffers)?;
    pipe.flush()
}

/// Events become frames on the program's own thread (a full pipe holds it back: the host reads
/// as fast as Node takes events). Logs nobody listens to stay in the outcome only, as in the host.
fn sink_to(output: &Arc<Mutex<impl Write + Send + 'static>>, stream_logs: bool) -> Sink {
    let output = output.clone();
    Arc::new(move |mut event: ProgramEvent| {
        if !stream_logs && matches!(event, ProgramEvent::Log { .. }) {
            return;
        }
        let buffers = event.take_buffers();
        // A host that is gone closes stdin too, which ends this child.
        let _ = send(&output, &json_text(&event), &buffers);
    })
}
