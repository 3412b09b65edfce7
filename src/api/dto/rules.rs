//! The variant and rules a request names, and the fully resolved rules every answer
//! echoes.

use super::examples;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fmt;
use std::sync::Arc;
use utoipa::ToSchema;

/// Which rules to apply: a named profile (the variant's default when omitted) plus
/// overrides of individual options.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"profile": "tsa", "options": {"lion_dog_jump_back": "true"}}))]
pub struct RulesInput {
    /// Profile name. The OpenAPI document lists every variant's profiles here, read from
    /// the registry (`api::complete`).
    #[schema(example = "wikipedia")]
    pub profile: Option<String>,
    /// Option overrides, name to value (see the variant's catalogue for names and values).
    /// Each option at most once.
    #[schema(example = json!({"emperor_capture": "royals_only"}))]
    #[schema(value_type = Option<BTreeMap<String, String>>)]
    pub options: Option<OptionOverrides>,
}

/// Option overrides as given, in order and every pair kept: a JSON object read into a map
/// would keep only the last of two equal names, which the rules refuse instead
/// (`duplicate_option`).
#[derive(Debug, Clone, Default)]
pub struct OptionOverrides(pub Vec<(String, String)>);

impl<'de> Deserialize<'de> for OptionOverrides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(Pairs)
    }
}

/// Reads every (name, value) pair of a JSON object of strings.
struct Pairs;

impl<'de> Visitor<'de> for Pairs {
    type Value = OptionOverrides;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object of option names to values")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OptionOverrides, A::Error> {
        let mut pairs = Vec::new();
        while let Some(pair) = map.next_entry::<String, String>()? {
            pairs.push(pair);
        }
        Ok(OptionOverrides(pairs))
    }
}

/// The rules that were applied, fully resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = examples::rules_echo)]
pub struct RulesEcho {
    /// The variant id.
    #[schema(example = "tai")]
    pub variant: &'static str,
    /// The profile the options started from.
    #[schema(example = "wikipedia")]
    pub profile: &'static str,
    /// Every option of the variant with the value in force (in the catalogue's order).
    #[schema(value_type = BTreeMap<String, String>, example = examples::tai_options)]
    pub options: OptionValues,
}

/// Option names with their values as a JSON object in the catalogue's order, serialized
/// once and shared by every answer under the same rules.
#[derive(Debug, Clone)]
pub struct OptionValues(Arc<RawValue>);

impl OptionValues {
    /// The object of these (name, value) pairs, in the order given.
    pub fn new<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>) -> OptionValues {
        let json =
            serde_json::to_string(&InOrder(pairs.collect())).expect("a map of strings serializes");
        OptionValues(Arc::from(
            RawValue::from_string(json).expect("serde_json wrote valid JSON"),
        ))
    }
}

/// (name, value) pairs written as a JSON object in their order.
struct InOrder<'a>(Vec<(&'a str, &'a str)>);

impl Serialize for InOrder<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().copied())
    }
}

impl Serialize for OptionValues {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// A variant id: one of the variants this service plays (`GET /v1/variants`). Requests
/// read it as text and answer any other with a 422 `unknown_variant` problem (404 in a
/// path), listing the valid ids.
///
/// Only a schema: its `enum` is the registry's list (`engine::variant::VARIANT_IDS`), so
/// that the document names every variant the engine plays and no other.
#[derive(Debug, Clone, Copy)]
pub struct VariantId;

impl utoipa::PartialSchema for VariantId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "A variant id: one of the variants this service plays (`GET /v1/variants`). \
                 Requests\nread it as text and answer any other with a 422 `unknown_variant` \
                 problem (404 in a\npath), listing the valid ids.",
            ))
            .enum_values(Some(crate::engine::variant::VARIANT_IDS.iter().copied()));
        #[allow(deprecated)] // `example`, as the derived schemas of this document write it
        let schema = schema.example(Some(crate::engine::variant::VARIANT_IDS[0].into()));
        schema.into()
    }
}

impl ToSchema for VariantId {}
