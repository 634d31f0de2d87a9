//! One program's life on its thread: the budgets that bound it, the allocator that counts its
//! memory, the event loop that drives it, and the program that ties them to a realm.

pub mod budget;
pub mod event_loop;
pub mod memory;
pub mod program;
