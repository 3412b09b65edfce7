//! The packed keys of piece codes and position-text tokens, and the open-addressing hash
//! table ([`KeyTable`]) that maps such a key to its entry in one probe: what the variant's
//! code look-up, the one-pass position reader and the rules' placements are built on.

/// A piece code of 1 to 6 ASCII letters packed into a number, case folded (5 bits a
/// letter); `None` for anything else.
pub fn code_key(code: &str) -> Option<u32> {
    if code.is_empty() || code.len() > 6 {
        return None;
    }
    code.bytes().try_fold(0u32, |key, b| {
        b.is_ascii_alphabetic()
            .then(|| key << 5 | u32::from(b.to_ascii_uppercase() - b'A' + 1))
    })
}

/// An open-addressing hash table from a packed key ([`code_key`], a packed token; never 0)
/// to a value: a look-up is one multiplication and usually one probe. The table is at
/// most half full; keys and values are kept apart, so that a probe reads one 8-byte key
/// (tai's token table: 16 KB of keys and 4 KB of values instead of 32 KB of slots).
#[derive(Debug)]
pub(crate) struct KeyTable<V> {
    /// The key in each slot, 0 when the slot is empty.
    keys: Vec<u64>,
    /// The value of each filled slot.
    values: Vec<Option<V>>,
    shift: u32,
}

impl<V: Copy> KeyTable<V> {
    pub(crate) fn new(entries: &[(u64, V)]) -> Result<KeyTable<V>, String> {
        let bits = (entries.len() * 2)
            .next_power_of_two()
            .trailing_zeros()
            .max(4);
        let mut table = KeyTable {
            keys: vec![0; 1 << bits],
            values: vec![None; 1 << bits],
            shift: 64 - bits,
        };
        let mask = table.keys.len() - 1;
        for &(key, value) in entries {
            if key == 0 {
                return Err("a table key is 0".to_string());
            }
            let mut i = table.home(key);
            while table.keys[i] != 0 {
                if table.keys[i] == key {
                    return Err(format!("two entries share key {key}"));
                }
                i = (i + 1) & mask;
            }
            table.keys[i] = key;
            table.values[i] = Some(value);
        }
        Ok(table)
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Every key with its value.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, V)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .filter_map(|(&k, v)| Some((k, (*v)?)))
    }

    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> Option<V> {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return self.values[i];
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }
}

/// A token of position text packed into a key: its length in the top byte, its bytes
/// below; `None` for more than 7 bytes (no piece token is that long).
#[inline]
pub(super) fn token_key(token: &[u8]) -> Option<u64> {
    packed_token_key(token.len(), pack_token(token))
}

/// A token's bytes shifted in one by one from the right (only the last eight count).
#[inline]
pub fn pack_token(token: &[u8]) -> u64 {
    token.iter().fold(0u64, |key, &b| key << 8 | u64::from(b))
}

/// [`token_key`] from a token's length and its [`pack_token`] value: the length in the
/// top byte, `None` for an empty token or one longer than seven bytes.
#[inline]
pub(crate) fn packed_token_key(len: usize, packed: u64) -> Option<u64> {
    (1..=7)
        .contains(&len)
        .then_some((len as u64) << 56 | packed)
}
