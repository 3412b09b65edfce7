//! The variants built into the binary: the one list of their ids, each one's header
//! (`data/<id>.variant`: names, board, capabilities) and embedded data files, loaded
//! on first use and kept for the life of the process; look-up by id; and the sharing of
//! compiled rules between requests (each variant's defaults compiled once, other choices
//! in a bounded cache); each one's rules page.

use super::header::read_header;
use super::load::{load, DataFiles};
use super::model::{Variant, VariantNames, VariantTraits};
use super::request::{RulesError, RulesRequest};
use super::rules::Rules;
use super::rules_page::render;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A variant built into the binary: its header and data files, the names and traits its
/// header gives, the variant once loaded, and its default rules once compiled.
struct Embedded {
    /// The header file (`data/<id>.variant`).
    header_file: &'static str,
    files: DataFiles<'static>,
    /// The rules page's prose fragment (`prose/<id>.md`, see `rules_page.rs`).
    prose: &'static str,
    read: OnceLock<(VariantNames, VariantTraits)>,
    variant: OnceLock<Variant>,
    default_rules: OnceLock<Arc<Rules>>,
}

impl Embedded {
    /// The names and traits its header gives, read on first use.
    fn header(&self) -> (VariantNames, VariantTraits) {
        *self.read.get_or_init(|| {
            read_header(self.header_file)
                .unwrap_or_else(|e| panic!("an embedded variant header is invalid: {e}"))
        })
    }

    /// The variant, loaded from its data files on first use.
    fn variant(&'static self) -> &'static Variant {
        self.variant.get_or_init(|| {
            let (names, traits) = self.header();
            load(names, traits, &self.files)
                .unwrap_or_else(|e| panic!("embedded {} data is invalid: {e}", names.id))
        })
    }
}

/// The one list of the variants built into the binary: each one's id (the name of its
/// files in `data/` and `prose/`) and the name of its accessor. It generates
/// [`VARIANT_IDS`], the embedded files and the accessors; everything else a variant is
/// (its names, board and capabilities) is its header's.
macro_rules! built_in {
    ($($accessor:ident = $id:literal,)*) => {
        /// The ids of every variant, in the registry's order.
        pub const VARIANT_IDS: &[&str] = &[$($id),*];

        /// Every variant built into the binary, in the order of [`VARIANT_IDS`].
        static EMBEDDED: [Embedded; VARIANT_IDS.len()] = [$(Embedded {
            header_file: include_str!(concat!("data/", $id, ".variant")),
            files: DataFiles {
                pieces: include_str!(concat!("data/", $id, ".pieces")),
                options: include_str!(concat!("data/", $id, ".options")),
                choices: include_str!(concat!("data/", $id, ".choices")),
                profiles: include_str!(concat!("data/", $id, ".profiles")),
                sources: include_str!(concat!("data/", $id, ".sources")),
                overrides: include_str!(concat!("data/", $id, ".overrides")),
                setup: include_str!(concat!("data/", $id, ".setup")),
            },
            prose: include_str!(concat!("prose/", $id, ".md")),
            read: OnceLock::new(),
            variant: OnceLock::new(),
            default_rules: OnceLock::new(),
        }),*];

        $(
            #[doc = concat!("The built-in variant `", $id, "` (`data/", $id, ".variant`).")]
            pub fn $accessor() -> &'static Variant {
                by_id($id).expect("a listed variant")
            }
        )*
    };
}

built_in! {
    tai = "tai",
    chu = "chu",
    tenjiku = "tenjiku",
    dai = "dai",
    dai_dai = "dai-dai",
    maka_dai_dai = "maka-dai-dai",
    ko = "ko",
    taikyoku = "taikyoku",
}

/// The names of every variant, in the order of [`VARIANT_IDS`], without loading any.
pub fn names() -> impl Iterator<Item = VariantNames> {
    headers().map(|(names, _)| names)
}

/// The names and traits of every variant (what its header gives), in the order of
/// [`VARIANT_IDS`], without loading any.
pub fn headers() -> impl Iterator<Item = (VariantNames, VariantTraits)> {
    EMBEDDED.iter().map(Embedded::header)
}

/// The variants this build knows, by id.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    embedded(id).map(Embedded::variant)
}

/// The rules page of a built-in variant (`docs/rules/<id>.md`): its data and its prose
/// fragment rendered as Markdown.
pub fn rules_page(id: &str) -> Option<String> {
    embedded(id).map(|e| render(e.variant(), e.prose))
}

/// The embedded data files of a built-in variant (less its header), as its loader reads
/// them: what a test changes to see a load fail.
pub fn data_files(id: &str) -> Option<DataFiles<'static>> {
    embedded(id).map(|e| e.files)
}

fn embedded(id: &str) -> Option<&'static Embedded> {
    VARIANT_IDS
        .iter()
        .position(|&listed| listed == id)
        .map(|i| &EMBEDDED[i])
}

impl Rules {
    /// Like [`Rules::resolve`], but shares compiled rules between calls (what a service
    /// wants per request): a built-in variant's defaults are compiled once, other choices
    /// (and variants loaded from other data) are kept in a bounded cache keyed by the
    /// variant and the option values.
    ///
    /// # Errors
    /// As [`Rules::resolve`].
    pub fn resolve_shared(
        variant: &'static Variant,
        request: &RulesRequest,
    ) -> Result<Arc<Rules>, RulesError> {
        // The defaults, which most requests ask for, are kept apart from the cache.
        if request.profile.is_none() && request.overrides.is_empty() {
            if let Some(e) = EMBEDDED
                .iter()
                .find(|e| e.variant.get().is_some_and(|v| std::ptr::eq(v, variant)))
            {
                return Ok(Arc::clone(
                    e.default_rules
                        .get_or_init(|| Arc::new(Rules::default_for(variant))),
                ));
            }
        }
        type Key = (usize, usize, Vec<usize>);
        static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Rules>>>> = OnceLock::new();
        const MAX_ENTRIES: usize = 256;
        let (profile, values) = Rules::choose(variant, request)?;
        // Keyed by the variant's address: two variants may share an id (one loaded from
        // other data) but never an address, as variants live for the whole process.
        let key = (
            std::ptr::from_ref(variant) as usize,
            profile,
            values.clone(),
        );
        let cache = CACHE.get_or_init(Default::default);
        if let Some(r) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(Arc::clone(r));
        }
        let rules = Arc::new(Rules::compile(variant, profile, values));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, Arc::clone(&rules));
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::{by_id, names, VARIANT_IDS};

    /// Each header names the variant its files are listed under, and loads.
    #[test]
    fn the_listed_ids_are_the_embedded_variants() {
        let ids: Vec<&str> = names().map(|n| n.id).collect();
        assert_eq!(ids, VARIANT_IDS);
        for id in VARIANT_IDS {
            assert_eq!(by_id(id).map(|v| v.id), Some(*id));
        }
        assert!(by_id("shogi").is_none());
    }
}
