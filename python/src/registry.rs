//! Variants by name: those registered at run time (looked up first), then
//! the built-ins; and a variant argument given from Python as a `Variant`
//! or a name.

use std::sync::Mutex;

use betza::AnyVariant;
use pyo3::prelude::*;

use crate::errors::VariantError;
use crate::variant::PyVariant;

/// Variants loaded at run time by name (`betza.stateless.load_variant_config`,
/// `betza.register_variant`): looked up before the built-ins.
static REGISTERED: Mutex<Vec<AnyVariant>> = Mutex::new(Vec::new());

/// The variant of this name: a registered one, else a built-in of any board
/// type (any case).
pub(crate) fn variant_by_name(name: &str) -> PyResult<AnyVariant> {
    let registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = registered
        .iter()
        .rev()
        .find(|v| v.name().eq_ignore_ascii_case(name))
    {
        return Ok(v.clone());
    }
    drop(registered);
    AnyVariant::by_name(name).map_err(|e| VariantError::new_err(e.to_string()))
}

pub(crate) fn register(v: AnyVariant) {
    let mut registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    registered.retain(|old| !old.name().eq_ignore_ascii_case(v.name()));
    registered.push(v);
}

pub(crate) fn registered_names() -> Vec<String> {
    let registered = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    registered.iter().map(|v| v.name().to_string()).collect()
}

/// A variant given from Python: a `Variant` or a name.
pub(crate) fn variant_arg(arg: &Bound<'_, PyAny>) -> PyResult<AnyVariant> {
    if let Ok(v) = arg.cast::<PyVariant>() {
        return Ok(v.get().v.clone());
    }
    match arg.extract::<String>() {
        Ok(name) => variant_by_name(&name),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
            "variant must be a betza.Variant or a variant name (str)",
        )),
    }
}
