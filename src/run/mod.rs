//! One program's life on its thread: the budgets that bound it, the allocator that counts its
//! memory, the event loop that drives it, the program that ties them to a realm, and the record
//! and replay of what the program was given, which durable runs resume from.

pub mod budget;
pub mod compute_slots;
pub mod event_loop;
pub mod memory;
pub mod program;
pub mod replay;
