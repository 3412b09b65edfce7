//! The readers of a changed square ([`super::siblings`]), kept per square while the first
//! child stays the same: the children of one position share most of their changed
//! squares (the first move's squares in every child, one piece's start square in each of
//! its moves), and in tenjiku shogi a square's readers cost the walks of eight long lines
//! and of the pieces reading past pieces, several times a child.

use crate::engine::core::square::Square;

/// Per square, its readers in the current first child, once asked.
pub(super) struct ReadersCache {
    /// The number of the current first child (0: none yet).
    stamp: u32,
    /// Per square, the first child for which its readers are kept.
    stamps: Vec<u32>,
    /// Per square, its readers.
    lists: Vec<Vec<Square>>,
}

impl ReadersCache {
    pub(super) fn new(squares: usize) -> ReadersCache {
        ReadersCache {
            stamp: 0,
            stamps: vec![0; squares],
            lists: vec![Vec::new(); squares],
        }
    }

    /// Forgets every square's readers (a new first child).
    pub(super) fn clear(&mut self) {
        if self.stamp == u32::MAX {
            self.stamps.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Adds the readers of `t` to `out`, computing them with `readers` (which appends
    /// them to the list it is given) the first time.
    #[inline]
    pub(super) fn extend(
        &mut self,
        t: Square,
        out: &mut Vec<Square>,
        readers: impl FnOnce(&mut Vec<Square>),
    ) {
        let i = t.index();
        if self.stamps[i] != self.stamp {
            self.stamps[i] = self.stamp;
            self.lists[i].clear();
            readers(&mut self.lists[i]);
        }
        out.extend_from_slice(&self.lists[i]);
    }
}
