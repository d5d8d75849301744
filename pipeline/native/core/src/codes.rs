//! The finding codes, read from `pipeline/native/codes.tsv` (the one table both cores read:
//! generated from `pipeline/engine/codes.py`, checked against it by tests/native).

use std::sync::OnceLock;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn value(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
    fn parse(s: &str) -> Option<Self> {
        match s {
            "error" => Some(Severity::Error),
            "warning" => Some(Severity::Warning),
            "info" => Some(Severity::Info),
            _ => None,
        }
    }
}

pub const TABLE: &str = include_str!("../../codes.tsv");

/// (code, default severity, description) of every code, in catalogue order.
pub fn catalogue() -> &'static [(String, Severity, String)] {
    static C: OnceLock<Vec<(String, Severity, String)>> = OnceLock::new();
    C.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut parts = l.splitn(3, '\t');
                let code = parts.next().unwrap_or("").to_string();
                let sev =
                    Severity::parse(parts.next().unwrap_or("")).expect("codes.tsv: bad severity");
                (code, sev, parts.next().unwrap_or("").to_string())
            })
            .collect()
    })
}

/// The catalogue's severity of `code`; panics on a code the table does not hold (a bug
/// caught by the tests, and turned into an `internal_error` reject at run time).
pub fn severity(code: &str) -> Severity {
    catalogue()
        .iter()
        .find(|c| c.0 == code)
        .map(|c| c.1)
        .unwrap_or_else(|| panic!("unknown finding code {code}"))
}

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub line: i64,
    /// The amounts `message` names, in minor units and in its order (`money::Amounts`).
    pub amounts: Vec<i64>,
}

pub fn finding(
    code: &'static str,
    message: String,
    line: i64,
    severity_: Option<Severity>,
) -> Finding {
    Finding {
        code,
        severity: severity_.unwrap_or_else(|| severity(code)),
        message,
        line,
        amounts: Vec::new(),
    }
}
