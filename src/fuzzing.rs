//! Entry points for the cargo-fuzz targets in `fuzz/` (feature `fuzzing`): the stripper with its
//! shell slicing, and values across the bridge.

use boa_engine::Context;

use crate::realm::convert::{self, Bounds};

/// Strips `source` as a program's TypeScript is stripped; errors become their message.
pub fn strip_types(source: &str) -> Result<String, String> {
    crate::source::prepare::check_shape(source, usize::MAX).map_err(|e| e.message)?;
    crate::source::strip::strip_types(source).map(|stripped| stripped.body().to_owned()).map_err(|e| e.message)
}

/// Sends host JSON into a fresh realm and converts it back as a result would be.
pub fn round_trip_json(json: &serde_json::Value) -> Result<serde_json::Value, String> {
    let context = &mut Context::default();
    let value = convert::from_json(json, context).map_err(|e| e.to_string())?;
    let bounds = Bounds { max_depth: crate::realm::bridge::MAX_DEPTH, max_bytes: usize::MAX };
    match convert::to_json(&value, bounds, context) {
        Ok(value) => Ok(value.json.unwrap_or(serde_json::Value::Null)),
        Err(convert::Failure::Refused(err)) => Err(err.to_string()),
        Err(convert::Failure::Thrown(err)) => Err(err.to_string()),
    }
}
