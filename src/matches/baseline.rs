//! Owned by a helper of issue 33.
