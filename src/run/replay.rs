//! Durable runs, the program's side: a record of everything the outside world gave the program,
//! kept as it runs (the order in which replies and timers reached it, its clock readings, the
//! seed of its `Math.random`), and the replay that runs a resumed program to the same point from
//! that record without asking the host again. What crossed the bridge (each call's path,
//! arguments and reply) is the host's to keep: it hands it back with the record on resume
//! (`lib/durable.js`), so a run that never pauses holds no copy of its data here.

use std::cell::{Cell, RefCell};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use boa_engine::context::Clock;
use boa_engine::context::time::JsInstant;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;

use crate::error::{ErrorKind, ProgramError};
use base64::Engine;
use base64::prelude::BASE64_STANDARD;
use boa_engine::object::builtins::AlignedVec;

use crate::realm::bridge::{Call, HostBytes, HostError, Reply};

/// One macrotask of the program's event loop. Their order is the settlement order that replay
/// reproduces; what runs between two of them (promise jobs) follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Event {
    /// The host's reply to call `id` settled its promise.
    Reply(u32),
    /// The timer scheduled `seq`-th (counting from 0, intervals rescheduling included) fired.
    Timer(u64),
    /// Call `id`'s binding paused the run: a resume's answer settles it.
    Pause(u32),
}

/// The record of a run, as it crosses to the host at a pause and comes back on resume.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Tape {
    /// `Math.random`'s seed, in hex: a JSON number would lose digits in JavaScript.
    seed: String,
    events: Vec<Event>,
    /// `Date` readings, run-length encoded: `[milliseconds since the epoch, readings]`.
    clock: Vec<(i64, u32)>,
    /// The random bytes `crypto` handed out, in hex, in order. Logged as they were drawn, not
    /// from a seed: later ones must not be predictable from a token.
    #[serde(default)]
    entropy: String,
    /// Every call the program sent, in order (call `id` at `id - 1`): the host fills these in.
    #[serde(default, skip_serializing)]
    calls: Vec<LoggedCall>,
}

/// A call as the host logged it, with its reply when it had one.
#[derive(Debug, serde::Deserialize)]
struct LoggedCall {
    path: String,
    args: Value,
    /// The reply's JSON text; absent (with no `error`) for `undefined`.
    #[serde(default)]
    value: Option<String>,
    /// The binary data in the reply, logged beside its JSON as it crossed (`lib/durable.js`).
    #[serde(default)]
    bytes: Option<LoggedBytes>,
    #[serde(default)]
    error: Option<HostError>,
}

/// A reply's binary data as a token logs it: where each buffer goes, and its bytes in base64.
#[derive(Debug, serde::Deserialize)]
struct LoggedBytes {
    slots: Value,
    data: Vec<String>,
}

impl LoggedBytes {
    fn into_host_bytes(self) -> Result<HostBytes, ProgramError> {
        let buffers = self
            .data
            .iter()
            .map(|data| {
                let bytes =
                    BASE64_STANDARD.decode(data).map_err(|err| replay_error(format!("the token's logged bytes are not base64: {err}")))?;
                Ok(AlignedVec::from_slice(64, &bytes))
            })
            .collect::<Result<_, ProgramError>>()?;
        Ok(HostBytes { slots_json: self.slots.to_string(), buffers })
    }
}

/// How a run paused: the call whose binding paused it, and the record to resume it from.
#[derive(Debug, serde::Serialize)]
pub struct Paused {
    pub call: u32,
    pub tape: Tape,
}

/// The record and replay of the program running now. A run given a tape replays it: logged
/// events are delivered in their order, logged calls answered from the log, logged clock readings
/// given back, and once the log is used up everything is live again and recorded after it.
pub struct Replay {
    tape: RefCell<Tape>,
    rng: RefCell<StdRng>,
    /// The next logged event to deliver, and where the logged ones end.
    next_event: Cell<usize>,
    logged_events: Cell<usize>,
    /// The logged pause the resume answers: output before it was shown before the pause.
    pause_at: Cell<Option<usize>>,
    /// The next logged clock reading: entry, readings already taken from it.
    next_reading: Cell<(usize, u32)>,
    logged_readings: Cell<usize>,
    /// The next logged random byte, as an offset into the tape's hex, and where they end.
    next_entropy: Cell<usize>,
    logged_entropy: Cell<usize>,
    /// Calls with a logged reply, by id - 1: answered from the log, never sent.
    answered: RefCell<Vec<bool>>,
    calls_made: Cell<usize>,
    replayed_calls: Cell<u32>,
    resumed: Cell<bool>,
    divergence: RefCell<Option<String>>,
    paused: Cell<Option<u32>>,
    monotonic_base: Instant,
}

impl Default for Replay {
    fn default() -> Self {
        Self {
            tape: RefCell::default(),
            rng: RefCell::new(StdRng::seed_from_u64(0)),
            next_event: Cell::new(0),
            logged_events: Cell::new(0),
            pause_at: Cell::new(None),
            next_reading: Cell::new((0, 0)),
            logged_readings: Cell::new(0),
            next_entropy: Cell::new(0),
            logged_entropy: Cell::new(0),
            answered: RefCell::default(),
            calls_made: Cell::new(0),
            replayed_calls: Cell::new(0),
            resumed: Cell::new(false),
            divergence: RefCell::default(),
            paused: Cell::new(None),
            monotonic_base: Instant::now(),
        }
    }
}

/// The longest stretch of a call's arguments a replay error shows.
const SHOWN_ARGS_CHARS: usize = 200;

impl Replay {
    /// Starts recording the next program afresh, or replaying `tape` (the JSON text the host kept).
    pub fn restart(&self, tape: Option<&str>) -> Result<(), ProgramError> {
        self.resumed.set(tape.is_some());
        let tape = match tape {
            None => Tape { seed: format!("{:016x}", rand::random::<u64>()), ..Tape::default() },
            Some(text) => serde_json::from_str(text).map_err(|err| replay_error(format!("the token's log cannot be read: {err}")))?,
        };
        let seed = u64::from_str_radix(&tape.seed, 16).map_err(|_| replay_error(format!("the token's seed {:?} is not hex", tape.seed)))?;
        *self.rng.borrow_mut() = StdRng::seed_from_u64(seed);
        let mut answered = vec![false; tape.calls.len()];
        for event in &tape.events {
            if let Event::Reply(id) | Event::Pause(id) = *event {
                match (id as usize).checked_sub(1).and_then(|index| answered.get_mut(index)) {
                    Some(slot) => *slot = true,
                    _ => return Err(replay_error(format!("the token's log answers call {id}, which it does not hold"))),
                }
            }
        }
        self.next_event.set(0);
        self.logged_events.set(tape.events.len());
        self.pause_at.set(tape.events.iter().rposition(|event| matches!(event, Event::Pause(_))));
        self.next_reading.set((0, 0));
        self.logged_readings.set(tape.clock.len());
        if tape.entropy.len() % 2 != 0 || !tape.entropy.bytes().all(|digit| digit.is_ascii_hexdigit()) {
            return Err(replay_error("the token's random bytes are not hex".to_owned()));
        }
        self.next_entropy.set(0);
        self.logged_entropy.set(tape.entropy.len());
        *self.answered.borrow_mut() = answered;
        self.calls_made.set(0);
        self.replayed_calls.set(0);
        *self.divergence.borrow_mut() = None;
        self.paused.set(None);
        *self.tape.borrow_mut() = tape;
        Ok(())
    }

    /// Whether logged events remain to be delivered.
    pub fn replaying(&self) -> bool {
        self.next_event.get() < self.logged_events.get()
    }

    /// Whether the logged pause is still ahead: until it is delivered, the program is redoing
    /// what it did before it paused, so its output was already shown then.
    pub fn before_pause(&self) -> bool {
        self.pause_at.get().is_some_and(|at| self.next_event.get() <= at)
    }

    /// Whether this run replays a tape (then its stats count the calls answered from it).
    pub fn resumed(&self) -> bool {
        self.resumed.get()
    }

    pub fn replayed_calls(&self) -> u32 {
        self.replayed_calls.get()
    }

    /// The next logged event, with the reply it delivers. A delivered pause is a reply from now
    /// on, as the record of this run holds it.
    pub fn next_event(&self) -> Result<Option<(Event, Option<Reply>)>, ProgramError> {
        let at = self.next_event.get();
        if at >= self.logged_events.get() {
            return Ok(None);
        }
        self.next_event.set(at + 1);
        let mut tape = self.tape.borrow_mut();
        let event = tape.events[at];
        let reply = match event {
            Event::Timer(_) => None,
            Event::Reply(id) | Event::Pause(id) => {
                tape.events[at] = Event::Reply(id);
                let call = &mut tape.calls[id as usize - 1];
                let error = call.error.take();
                let (value_json, bytes) = match (&error, call.bytes.take()) {
                    (Some(_), _) => (None, None),
                    (None, bytes) => (call.value.take(), bytes.map(LoggedBytes::into_host_bytes).transpose()?),
                };
                Some(Reply { value_json, bytes, error })
            }
        };
        Ok(Some((event, reply)))
    }

    /// Records an event of the live program (after the log, if there was one).
    pub fn record(&self, event: Event) {
        if let Event::Pause(id) = event {
            self.paused.set(Some(id));
        }
        self.tape.borrow_mut().events.push(event);
    }

    /// Whether `call` must go to the host: not when the log answers it. A logged call the program
    /// now makes differently (another path or other arguments) is a divergence, and goes nowhere.
    pub fn must_send(&self, call: &Call) -> bool {
        if self.divergence.borrow().is_some() {
            return false;
        }
        let index = call.id as usize - 1;
        let tape = self.tape.borrow();
        let Some(logged) = tape.calls.get(index) else { return true };
        self.calls_made.set(self.calls_made.get().max(index + 1));
        if logged.path != call.path || !same_data(&logged.args, &call.args) {
            let message = format!(
                "on replay the program's call {} was {} where the token's log has {}: the program no longer does what it did before it paused, so it cannot resume",
                call.id,
                describe_call(&call.path, &call.args),
                describe_call(&logged.path, &logged.args)
            );
            drop(tape);
            self.diverge(message);
            return false;
        }
        if self.answered.borrow()[index] {
            self.replayed_calls.set(self.replayed_calls.get() + 1);
            return false;
        }
        // In flight when the run paused, with no reply logged: it is made again now.
        true
    }

    /// At the logged pause: a logged call the program has not made again by then, as it had
    /// before, said as a replay error's message.
    pub fn missing_call(&self) -> Option<String> {
        let tape = self.tape.borrow();
        let logged = tape.calls.get(self.calls_made.get())?;
        Some(format!(
            "on replay the program did not make call {} ({}) before the point where it paused, as it had before: the program no longer does what it did before it paused, so it cannot resume",
            self.calls_made.get() + 1,
            describe_call(&logged.path, &logged.args)
        ))
    }

    /// Notes why the replay went another way than the log, and returns the run's error: the
    /// first reason noted is the one reported.
    pub fn diverge(&self, message: String) -> ProgramError {
        replay_error(self.divergence.borrow_mut().get_or_insert(message).clone())
    }

    pub fn diverged(&self) -> bool {
        self.divergence.borrow().is_some()
    }

    /// The run's error when the replay went another way than the log.
    pub fn divergence(&self) -> Option<ProgramError> {
        self.divergence.borrow().clone().map(replay_error)
    }

    /// The call that paused the run, once it did, with the record to resume it from.
    pub fn take_paused(&self) -> Option<Paused> {
        let call = self.paused.take()?;
        Some(Paused { call, tape: std::mem::take(&mut *self.tape.borrow_mut()) })
    }

    /// A number from [0, 1) for `Math.random`, from the seeded generator: a replay draws the same.
    pub fn random(&self) -> f64 {
        self.rng.borrow_mut().random::<f64>()
    }

    /// Fills `bytes` for `crypto`: from the log while it lasts, then from the operating system,
    /// recorded.
    pub fn fill_random(&self, bytes: &mut [u8]) -> Result<(), getrandom::Error> {
        let mut tape = self.tape.borrow_mut();
        let mut filled = 0;
        while filled < bytes.len() && self.next_entropy.get() < self.logged_entropy.get() {
            let at = self.next_entropy.get();
            bytes[filled] = u8::from_str_radix(&tape.entropy[at..at + 2], 16).unwrap_or_default();
            self.next_entropy.set(at + 2);
            filled += 1;
        }
        let fresh = &mut bytes[filled..];
        getrandom::fill(fresh)?;
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for &byte in fresh.iter() {
            tape.entropy.push(HEX[usize::from(byte >> 4)] as char);
            tape.entropy.push(HEX[usize::from(byte & 0x0f)] as char);
        }
        Ok(())
    }

    /// The wall clock for `Date`: from the log while it lasts, then live and recorded.
    fn wall_clock(&self) -> i64 {
        let (entry, taken) = self.next_reading.get();
        let mut tape = self.tape.borrow_mut();
        if entry < self.logged_readings.get() {
            let (millis, readings) = tape.clock[entry];
            self.next_reading.set(if taken + 1 >= readings { (entry + 1, 0) } else { (entry, taken + 1) });
            return millis;
        }
        let millis = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_millis() as i64);
        // Readings within one millisecond (a loop reading the time) share an entry; every logged
        // reading has been given back by now, so the last entry may grow.
        match tape.clock.last_mut() {
            Some((last, readings)) if *last == millis => *readings += 1,
            _ => tape.clock.push((millis, 1)),
        }
        millis
    }
}

impl Clock for Replay {
    fn now(&self) -> JsInstant {
        let elapsed = self.monotonic_base.elapsed();
        JsInstant::new(elapsed.as_secs(), elapsed.subsec_nanos())
    }

    fn system_time_millis(&self) -> i64 {
        self.wall_clock()
    }
}

fn replay_error(message: String) -> ProgramError {
    ProgramError::new(ErrorKind::Replay, "ReplayError", message)
}

/// `path(args)` as a replay error shows a call, its arguments cut short when long.
fn describe_call(path: &str, args: &Value) -> String {
    let text = args.to_string();
    let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')).unwrap_or(&text);
    if inner.chars().count() > SHOWN_ARGS_CHARS {
        format!("{path}({}…)", inner.chars().take(SHOWN_ARGS_CHARS).collect::<String>())
    } else {
        format!("{path}({inner})")
    }
}

/// Whether two JSON values are the same data: numbers by value (the host's copy of `1` may come
/// back as `1.0`), objects whatever their key order.
fn same_data(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_data(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(key, value)| y.get(key).is_some_and(|other| same_data(value, other)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_readings_replay_in_order_then_go_live() {
        let recording = Replay::default();
        recording.restart(None).unwrap();
        let first: Vec<i64> = (0..5).map(|_| recording.wall_clock()).collect();
        recording.record(Event::Pause(1));
        let paused = recording.take_paused().unwrap();
        let mut tape = serde_json::to_value(&paused.tape).unwrap();
        tape["calls"] = serde_json::json!([{ "path": "f", "args": [] }]);
        let text = tape.to_string();
        let replaying = Replay::default();
        replaying.restart(Some(&text)).unwrap();
        let again: Vec<i64> = (0..5).map(|_| replaying.wall_clock()).collect();
        assert_eq!(first, again);
        // Past the log the clock is live, and recorded after what was logged.
        let live = replaying.wall_clock();
        assert!(live >= first[4]);
        assert_eq!(replaying.tape.borrow().clock.iter().map(|(_, n)| n).sum::<u32>(), 6);
    }

    #[test]
    fn the_same_seed_draws_the_same_numbers() {
        let a = Replay::default();
        a.restart(Some(r#"{"seed":"00000000000000ff","events":[],"clock":[]}"#)).unwrap();
        let b = Replay::default();
        b.restart(Some(r#"{"seed":"00000000000000ff","events":[],"clock":[]}"#)).unwrap();
        let drawn: Vec<f64> = (0..4).map(|_| a.random()).collect();
        assert_eq!(drawn, (0..4).map(|_| b.random()).collect::<Vec<_>>());
        assert!(drawn.iter().all(|x| (0.0..1.0).contains(x)));
    }

    #[test]
    fn data_compares_by_value() {
        let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap();
        assert!(same_data(&parse(r#"[{"a":1,"b":[2.0]}]"#), &parse(r#"[{"b":[2],"a":1.0}]"#)));
        assert!(!same_data(&parse(r#"[{"a":1}]"#), &parse(r#"[{"a":2}]"#)));
        assert!(!same_data(&parse(r#"[{"a":1}]"#), &parse(r#"[{"a":1,"b":null}]"#)));
    }
}
