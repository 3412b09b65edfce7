//! What a request asks of a variant's rules ([`RulesRequest`]: a profile and overrides)
//! and why it can be refused ([`RulesError`]), before `rules.rs` compiles it.

use std::fmt;

/// What a request asks for: a profile (the variant's default when `None`) and overrides.
#[derive(Debug, Clone, Default)]
pub struct RulesRequest {
    pub profile: Option<String>,
    pub overrides: Vec<(String, String)>,
}

/// Why a rules request cannot be resolved. Every variant lists the valid choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    UnknownProfile {
        given: String,
        valid: Vec<String>,
    },
    UnknownOption {
        given: String,
        valid: Vec<String>,
    },
    InvalidValue {
        option: String,
        given: String,
        valid: Vec<String>,
    },
    DuplicateOption {
        option: String,
    },
}

impl RulesError {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            RulesError::UnknownProfile { .. } => "unknown_profile",
            RulesError::UnknownOption { .. } => "unknown_option",
            RulesError::InvalidValue { .. } => "invalid_option_value",
            RulesError::DuplicateOption { .. } => "duplicate_option",
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownProfile { given, valid } => {
                write!(f, "unknown profile `{given}`; valid: {}", valid.join(", "))
            }
            RulesError::UnknownOption { given, valid } => {
                write!(f, "unknown option `{given}`; valid: {}", valid.join(", "))
            }
            RulesError::InvalidValue {
                option,
                given,
                valid,
            } => write!(
                f,
                "invalid value `{given}` for option `{option}`; valid: {}",
                valid.join(", ")
            ),
            RulesError::DuplicateOption { option } => {
                write!(f, "option `{option}` is given twice")
            }
        }
    }
}

impl std::error::Error for RulesError {}
