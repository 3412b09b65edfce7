//! JSON reading and writing shared by the bodies: requests read from JSON objects only,
//! integers written as integers, position text copied into answers unescaped.

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserializer, MapAccess, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fmt;
use std::marker::PhantomData;

/// A request body read from a JSON object only: serde's derive would also read a struct
/// from an array of its field values in order, which the API does not accept.
#[derive(Debug, Clone)]
pub struct Body<T>(pub T);

impl<T> std::ops::Deref for Body<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Body<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ObjectOnly(PhantomData)).map(Body)
    }
}

/// Position text in an answer. The engine prints it from ASCII piece tokens, digits and
/// separators, so it is copied into the JSON answer between quotes as it is, without the
/// byte-by-byte escaping a plain string gets (a 1 KB tai position otherwise costs more to
/// escape than to print).
#[derive(Debug, Clone)]
pub struct PositionText(TextForm);

#[derive(Debug, Clone)]
enum TextForm {
    /// The quoted text, already a JSON string.
    Verbatim(Box<RawValue>),
    /// Text that needs escaping (never printed by the engine; kept for totality).
    Escaped(String),
}

impl PositionText {
    /// The JSON string of `text`.
    pub fn new(text: &str) -> PositionText {
        let mut quoted = String::with_capacity(text.len() + 2);
        quoted.push('"');
        quoted.push_str(text);
        quoted.push('"');
        PositionText(match RawValue::from_string(quoted) {
            Ok(raw) => TextForm::Verbatim(raw),
            Err(_) => TextForm::Escaped(text.to_string()),
        })
    }
}

impl Serialize for PositionText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            TextForm::Verbatim(raw) => raw.serialize(serializer),
            TextForm::Escaped(text) => serializer.serialize_str(text),
        }
    }
}

/// Reads a `T` from a JSON object and nothing else, in one pass.
struct ObjectOnly<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectOnly<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

/// Reads `Option<T>` from a JSON object or null only.
struct ObjectOrNull<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectOrNull<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object or null")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_map(ObjectOnly(PhantomData)).map(Some)
    }
}

/// `Option<T>` from a JSON object or null only (see [`Body`]).
pub(super) fn object_or_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    d.deserialize_option(ObjectOrNull(PhantomData))
}

/// A `u32` from a JSON integer: digits without a fraction or an exponent (`2`; `2.0`,
/// `2e0` and `-0` are refused, as serde_json reads them as floating point numbers). JSON
/// Schema's `integer` cannot tell `2.0` from `2`; the field's description says it.
pub(super) fn integer<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    d.deserialize_u32(Integer)
}

/// Reads an integer from 0 to `u32::MAX` written as one.
struct Integer;

impl Visitor<'_> for Integer {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an integer from 0 to {} written without a fraction or an exponent",
            u32::MAX
        )
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
    }
}
