//! `Variant` (a compiled variant of any board type), `PieceType`, and the
//! module functions `variants()` and `register_variant()`.

use betza::AnyVariant;
use pyo3::prelude::*;

use crate::boards::variant_id;
use crate::errors::VariantError;
use crate::registry::{register, variant_by_name};

/// A compiled variant: built in, or read from definition text at run time;
/// of any board type.
#[pyclass(name = "Variant", module = "betza", frozen)]
pub(crate) struct PyVariant {
    pub(crate) v: AnyVariant,
}

#[pymethods]
impl PyVariant {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(PyVariant {
            v: variant_by_name(name)?,
        })
    }

    /// Reads, checks and compiles a definition (TOML, the format of the
    /// built-ins' ``variants/*.toml``, docs/definitions.md), for the board
    /// type it needs (past 128 squares or 20 piece types, the large one).
    /// Raises :class:`VariantError` naming the line and key.
    #[staticmethod]
    fn from_definition(text: &str) -> PyResult<Self> {
        let v =
            AnyVariant::from_definition(text).map_err(|e| VariantError::new_err(e.to_string()))?;
        Ok(PyVariant { v })
    }

    /// Every variant of a text in Fairy-Stockfish's configuration format
    /// (``variants.ini``: ``[name]`` and ``[name:template]`` sections), in
    /// file order. Raises :class:`VariantError` naming the section, line and
    /// key of an option the library cannot express, an unknown key, a bad
    /// value or an unknown template.
    #[staticmethod]
    fn from_fsf_ini(text: &str) -> PyResult<Vec<Self>> {
        let defs = betza::VariantDef::from_fsf_ini(text)
            .map_err(|e| VariantError::new_err(e.to_string()))?;
        defs.into_iter()
            .map(|d| {
                AnyVariant::new(d)
                    .map(|v| PyVariant { v })
                    .map_err(|e| VariantError::new_err(e.to_string()))
            })
            .collect()
    }

    /// :meth:`from_definition` of a file's text (``OSError`` if unreadable).
    /// At most 64 KiB (and a byte, to tell) is read: a larger file (or
    /// ``/dev/zero``) raises :class:`VariantError` at once.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<Self> {
        let max = betza::limits::MAX_DEFINITION_BYTES;
        let bytes = betza::limits::read_at_most(std::fs::File::open(&path)?, max)?;
        if bytes.len() > max {
            return Err(VariantError::new_err(format!(
                "{}: more than {max} bytes: a definition has at most {max}",
                path.display()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "the text is not UTF-8")
        })?;
        PyVariant::from_definition(&text)
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> String {
        self.v.name().to_string()
    }

    /// The board's number of files (columns).
    #[getter]
    fn files(&self) -> u8 {
        self.v.size().files()
    }

    /// The board's number of ranks (rows).
    #[getter]
    fn ranks(&self) -> u8 {
        self.v.size().ranks()
    }

    /// Whether the variant is compiled for the large board type (more than
    /// 128 squares or 20 piece types).
    #[getter]
    fn is_large(&self) -> bool {
        self.v.is_large()
    }

    /// The start position in FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.v.start_fen().to_string()
    }

    /// The piece types, in the definition's order.
    #[getter]
    fn pieces(&self) -> Vec<PyPieceType> {
        let pieces = self.v.pieces();
        pieces
            .iter()
            .map(|p| PyPieceType {
                name: p.name.clone(),
                token: p.token.to_string(),
                betza: p.betza.clone(),
                royal: p.royal,
                promotions: p
                    .promotions
                    .iter()
                    .map(|&r| pieces[r.index()].token.to_string())
                    .collect(),
                description: p.describe(),
            })
            .collect()
    }

    /// The definition as TOML text (reads back to the same variant).
    fn definition(&self) -> String {
        self.v.definition().to_string()
    }

    /// The same compiled variant object.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyVariant>()
            .is_ok_and(|o| variant_id(&o.get().v) == variant_id(&self.v))
    }

    fn __hash__(&self) -> u64 {
        // Equal variants are the same object: hash its address.
        variant_id(&self.v) as u64
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.v.name())
    }
}

/// One piece type of a variant.
#[pyclass(name = "PieceType", module = "betza", frozen)]
pub(crate) struct PyPieceType {
    /// The name for people (``Knight``).
    #[pyo3(get)]
    name: String,
    /// The FEN token, uppercase (``N``, ``+F``).
    #[pyo3(get)]
    token: String,
    /// Its moves in Betza notation.
    #[pyo3(get)]
    betza: String,
    /// Whether it is the royal piece (the King).
    #[pyo3(get)]
    royal: bool,
    /// The tokens of the types it may promote to.
    #[pyo3(get)]
    promotions: Vec<String>,
    description: String,
}

#[pymethods]
impl PyPieceType {
    /// Its moves in words, generated from the Betza string
    /// (``leaps (3,2) or (4,1)``).
    fn description(&self) -> String {
        self.description.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "PieceType(name={:?}, token={:?}, betza={:?})",
            self.name, self.token, self.betza
        )
    }
}

/// The built-in variants' names (``decimaka``, ``meiriqi``, ``chess``, ...,
/// ``chushogi``): of every board type.
#[pyfunction]
pub(crate) fn variants() -> Vec<String> {
    AnyVariant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Makes a run-time variant known by its name to ``Board(name)``,
/// ``Variant(name)`` and ``betza.stateless`` (replacing one of the same name).
#[pyfunction]
pub(crate) fn register_variant(variant: PyRef<'_, PyVariant>) {
    register(variant.v.clone());
}
