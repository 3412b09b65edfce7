//! Rules from `profile=NAME option=value` entries, shared by the engine tests and the
//! conformance kit's generator (each includes this file as a module).

use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};

/// Resolves `profile=NAME` and `option=value` entries (space-separated) for the variant `id`.
pub fn rules_for(id: &str, entries: &str) -> Rules {
    let variant = variant::by_id(id).unwrap_or_else(|| panic!("unknown variant `{id}`"));
    rules_of(variant, entries)
}

/// [`rules_for`] for a variant given as a value (a test variant read from a data file).
pub fn rules_of(variant: &'static variant::Variant, entries: &str) -> Rules {
    let mut request = RulesRequest::default();
    for entry in entries.split_whitespace() {
        let (k, v) = entry.split_once('=').expect("key=value");
        if k == "profile" {
            request.profile = Some(v.to_string());
        } else {
            request.overrides.push((k.to_string(), v.to_string()));
        }
    }
    Rules::resolve(variant, &request).unwrap_or_else(|e| panic!("rules `{entries}`: {e}"))
}
