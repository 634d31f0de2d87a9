//! From the program's text to the script Boa evaluates: TypeScript types stripped in place, the
//! shape checked, the program wrapped, and a map back to the positions of the original source.

pub mod nesting;
pub mod positions;
pub mod prepare;
pub mod strip;
