//! The cache of game states (issue 34): a game server asks about every move of a game and
//! sends the whole game each time, so the server keeps the games it replayed lately and
//! a request whose move list extends one of them replays only the new moves.
//!
//! - **Content-addressed.** An entry is the [`Game`] reached by a move prefix, keyed by a
//!   hash of the variant, the resolved rules (profile and option values), the start text
//!   and the move texts of the prefix (each followed by the byte 0xFF, which no UTF-8 text
//!   holds, so that no two lists write the same bytes). SipHash with keys drawn at random
//!   when the cache is made picks the shard and the slot; the entry keeps the bytes it
//!   hashed (the rules and start, and the move texts), and a look-up compares them all. So
//!   no two games meet, and a hostile client, not knowing the keys, cannot aim two at
//!   one slot.
//! - **Which prefixes are looked up.** The whole list and the [`PROBES`] − 1 lists before
//!   it (one move shorter, two, ...), longest first: the requests of a game server follow
//!   its game, and with several in flight at once one may come before the answer of the
//!   one before it was stored. A list shorter than [`MIN_PLIES`] is replayed without the
//!   cache: that is cheaper than the hashing and the look-ups.
//! - **Lent, not copied.** A hit takes its game out of the cache and the request plays
//!   the moves after the prefix on it; so does a request that replays in full. The game
//!   reached (the whole list, or the moves before an illegal one when that is among the
//!   probed lengths) is lent to the request with its key ([`Home`]), and the request
//!   gives it back when it has answered: as it was lent, since an answer about a move
//!   plays the move and takes it back ([`crate::engine::game::Game::take_back`]). So no
//!   request copies a game, and a game server's next request finds the game of its
//!   prefix. A replay that was stopped lends nothing. (Two requests at once on the same
//!   game: the second finds a shorter prefix, or none, and replays more.)
//! - **Bounded.** The budget in bytes (`--game-cache-bytes`, 0 turns the cache off) is
//!   split over [`SHARDS`] shards, each under its own lock and each evicting its least
//!   recently used entries when a store would pass its share; an entry bigger than a
//!   share is not stored. An entry's bytes are those its game holds ([`Game::bytes`]:
//!   history, positions, copies, key counts) and its place in the maps.
//! - **Concurrent.** A lock is held to look up, copy out, store or evict, never while a
//!   game is replayed.
//! - **Light when it hits.** A legal-moves or verdict request on a game of more than 64
//!   moves first runs on its I/O thread ([`run_light`]): a hit replays a few moves there;
//!   a miss replays nothing there and the request moves on to the blocking pool, where
//!   the cold replay is done (and counted) as before.
//! - **One per budget.** A server has one cache; the apps of a test process share the
//!   cache of their budget ([`replay`] finds it).
//! - **Metrics** (`/metrics`): hits, misses, evictions, and the bytes held (summed over the
//!   caches of the process).
//!
//! It changes no answer: a game's state is a function of the rules, the start and the
//! moves, which the key names (tests/api/game_cache.rs sends the same requests with the
//! cache on, off and under constant eviction).

use crate::api::dto::MoveTexts;
use crate::config::Limits;
use crate::engine::game::{replay as replay_cold, replay_on, Game, IllegalAt};
use crate::engine::interrupt::halted;
use crate::engine::notation::PositionProblem;
use crate::engine::variant::Rules;
use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// How many prefixes a request looks up: its whole move list and the lists one to
/// `PROBES - 1` moves shorter.
pub const PROBES: usize = 8;

/// Move lists shorter than this are replayed without the cache.
pub const MIN_PLIES: usize = 8;

/// Shards of the cache, each with its own lock and its share of the budget.
pub const SHARDS: usize = 16;

/// Look-ups that found a prefix.
pub const HITS: &str = "shogi_arbiter_game_cache_hits_total";
/// Look-ups that found none.
pub const MISSES: &str = "shogi_arbiter_game_cache_misses_total";
/// Entries evicted to make room.
pub const EVICTIONS: &str = "shogi_arbiter_game_cache_evictions_total";
/// Bytes held by the entries.
pub const BYTES: &str = "shogi_arbiter_game_cache_bytes";

/// Describes the cache's metrics to the recorder.
pub fn describe_metrics() {
    use metrics::{describe_counter, describe_gauge, Unit};
    describe_counter!(
        HITS,
        "Game-form requests that found a prefix of their game cached"
    );
    describe_counter!(
        MISSES,
        "Game-form requests that found no prefix of their game cached"
    );
    describe_counter!(EVICTIONS, "Cached game states evicted to make room");
    describe_gauge!(BYTES, Unit::Bytes, "Bytes held by the cached game states");
}

/// What a replay reached: the game, the first illegal move if one stopped it, and where
/// the game goes back when the request is done with it.
#[derive(Debug)]
pub struct Replayed {
    pub game: Game,
    pub illegal: Option<IllegalAt>,
    /// The cache and key the game goes back under (none without a cache, or after a
    /// replay that was stopped or that reached no probed length).
    pub home: Option<Home>,
}

/// Where a game lent to a request goes back: its cache, and the key of the moves it has
/// played.
#[derive(Debug)]
pub struct Home {
    cache: Arc<GameCache>,
    key: Key,
    /// What the key hashed (see [`Entry`]).
    context: Box<[u8]>,
    moves: Box<[u8]>,
}

impl Home {
    /// Stores `game`, the game lent with this home and as it was lent.
    pub fn give_back(self, game: Game) {
        self.cache.store(self.key, game, self.context, self.moves);
    }
}

/// Replays `moves` from `start` as [`crate::engine::game::replay`] does, starting from the
/// longest prefix the cache of `limits.game_cache_bytes` holds, and lends the game
/// reached ([`Replayed::home`]). The same answer as the engine's replay; `None` in a
/// light call ([`run_light`]) instead of replaying from the start more moves than it
/// allows (the cache is off or holds no prefix of the game): the call is then marked to
/// move off.
///
/// # Errors
/// The start position's problems when it does not parse or is invalid.
pub fn replay(
    limits: &Limits,
    rules: &Rules,
    start: Option<&str>,
    moves: &MoveTexts,
) -> Result<Option<Replayed>, Vec<PositionProblem>> {
    let cold_limit = LIGHT.get().unwrap_or(usize::MAX);
    let replayed = replay_within(limits, rules, start, moves, cold_limit)?;
    if replayed.is_none() {
        MOVED_OFF.set(true);
    }
    Ok(replayed)
}

thread_local! {
    /// In a light call: how many moves it may replay from the start.
    static LIGHT: Cell<Option<usize>> = const { Cell::new(None) };
    /// Whether a light call found a replay too long for it.
    static MOVED_OFF: Cell<bool> = const { Cell::new(false) };
}

/// Runs `job` as a light call on this thread (an I/O thread's slice), in which a replay
/// ([`replay`]) of more than `cold_limit` moves that finds no cached prefix is not done;
/// with whether one was not (the answer is then to be dropped and the call run where
/// long work may run).
pub fn run_light<R>(cold_limit: usize, job: impl FnOnce() -> R) -> (R, bool) {
    let outer = LIGHT.replace(Some(cold_limit));
    MOVED_OFF.set(false);
    let answer = job();
    LIGHT.set(outer);
    (answer, MOVED_OFF.replace(false))
}

fn replay_within(
    limits: &Limits,
    rules: &Rules,
    start: Option<&str>,
    moves: &MoveTexts,
    cold_limit: usize,
) -> Result<Option<Replayed>, Vec<PositionProblem>> {
    match GameCache::of_budget(limits.game_cache_bytes) {
        Some(cache) if moves.len() >= MIN_PLIES => {
            cache.replay_within(rules, start, moves, cold_limit)
        }
        _ if moves.len() > cold_limit => Ok(None),
        _ => replay_cold(rules, start, &moves.to_strs()).map(|(game, illegal)| {
            Some(Replayed {
                game,
                illegal,
                home: None,
            })
        }),
    }
}

/// A bounded cache of game states; see the module.
#[derive(Debug)]
pub struct GameCache {
    /// Bytes all shards may hold together.
    budget: usize,
    shards: Box<[Mutex<Shard>]>,
    /// The key of the hash.
    hasher: RandomState,
    /// The clock of use: each look-up that hits and each store takes the next tick.
    clock: AtomicU64,
    hits: AtomicU64,
    misses: AtomicU64,
    evictions: AtomicU64,
}

/// What a cache has done so far, and holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheStats {
    /// Requests that found a prefix of their game.
    pub hits: u64,
    /// Requests that found none.
    pub misses: u64,
    /// Entries evicted to make room.
    pub evictions: u64,
    /// Entries held now.
    pub entries: usize,
    /// Bytes held now.
    pub bytes: usize,
}

/// One shard: its entries by hash, and their hashes by last use.
#[derive(Debug, Default)]
struct Shard {
    entries: HashMap<u64, Entry>,
    by_use: BTreeMap<u64, u64>,
    bytes: usize,
}

/// A cached game and what tells it apart.
#[derive(Debug)]
struct Entry {
    /// The length of its move prefix.
    plies: usize,
    /// What its key hashed: the rules and start ([`Probe::context`]), and the move texts.
    context: Box<[u8]>,
    moves: Box<[u8]>,
    game: Game,
    /// What it holds, as counted against the budget.
    bytes: usize,
    /// The tick of its last use.
    used: u64,
}

/// The key of one prefix: its length and its hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    plies: usize,
    hash: u64,
}

/// What a request's prefixes are looked up by: the rules and start in bytes, the move
/// list, and the keys of the prefixes probed, longest first.
struct Probe<'a> {
    context: Vec<u8>,
    moves: &'a MoveTexts,
    keys: Vec<Key>,
}

impl GameCache {
    /// An empty cache of `budget` bytes.
    pub fn new(budget: usize) -> GameCache {
        GameCache {
            budget,
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            hasher: RandomState::new(),
            clock: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
        }
    }

    /// The process's cache of `budget` bytes, made on first use; `None` for 0 (no cache).
    pub fn of_budget(budget: usize) -> Option<Arc<GameCache>> {
        static CACHES: OnceLock<Mutex<Vec<Arc<GameCache>>>> = OnceLock::new();
        if budget == 0 {
            return None;
        }
        let mut caches = CACHES
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(cache) = caches.iter().find(|c| c.budget == budget) {
            return Some(Arc::clone(cache));
        }
        let cache = Arc::new(GameCache::new(budget));
        caches.push(Arc::clone(&cache));
        Some(cache)
    }

    /// Its budget in bytes.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// What it has done so far, and holds now.
    pub fn stats(&self) -> CacheStats {
        let (mut entries, mut bytes) = (0, 0);
        for shard in self.shards.iter() {
            let shard = lock(shard);
            entries += shard.entries.len();
            bytes += shard.bytes;
        }
        CacheStats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            entries,
            bytes,
        }
    }

    /// [`replay`] with this cache, the game given back at once (a copy of it: the game
    /// answered is the caller's).
    ///
    /// # Errors
    /// The start position's problems when it does not parse or is invalid.
    pub fn replay(
        self: &Arc<Self>,
        rules: &Rules,
        start: Option<&str>,
        moves: &MoveTexts,
    ) -> Result<(Game, Option<IllegalAt>), Vec<PositionProblem>> {
        match self.replay_within(rules, start, moves, usize::MAX)? {
            Some(Replayed {
                game,
                illegal,
                home,
            }) => {
                if let Some(home) = home {
                    home.give_back(game.clone());
                }
                Ok((game, illegal))
            }
            None => replay_cold(rules, start, &moves.to_strs()),
        }
    }

    /// [`GameCache::replay`], or `None` when no prefix is cached and the list has more
    /// than `cold_limit` moves (nothing is counted then: the caller asks again where a
    /// full replay is allowed).
    fn replay_within(
        self: &Arc<Self>,
        rules: &Rules,
        start: Option<&str>,
        moves: &MoveTexts,
        cold_limit: usize,
    ) -> Result<Option<Replayed>, Vec<PositionProblem>> {
        let probe = self.probe(rules, start, moves);
        let n = moves.len();
        let found = probe
            .keys
            .iter()
            .find_map(|k| self.take(k, &probe).map(|g| (k.plies, g)));
        let (game, illegal) = match found {
            Some((plies, game)) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                metrics::counter!(HITS).increment(1);
                let (game, illegal) = replay_on(game, rules, &moves.strs_from(plies));
                let illegal = illegal.map(|bad| IllegalAt {
                    index: bad.index + plies,
                    ..bad
                });
                (game, illegal)
            }
            None if n > cold_limit => return Ok(None),
            None => {
                self.misses.fetch_add(1, Ordering::Relaxed);
                metrics::counter!(MISSES).increment(1);
                replay_cold(rules, start, &moves.to_strs())?
            }
        };
        // A stopped replay's game is not whole: nothing is lent back.
        let reached = game.plies();
        let whole = halted().is_none();
        let home = probe
            .keys
            .iter()
            .find(|k| whole && k.plies == reached)
            .map(|&key| Home {
                cache: Arc::clone(self),
                key,
                context: probe.context.as_slice().into(),
                moves: moves.prefix_bytes(reached).into(),
            });
        Ok(Some(Replayed {
            game,
            illegal,
            home,
        }))
    }

    /// What the request's prefixes are looked up by: its rules and start as bytes, and the
    /// keys of the whole list and of up to [`PROBES`] − 1 shorter ones, none shorter than
    /// [`MIN_PLIES`], longest first.
    fn probe<'a>(&self, rules: &Rules, start: Option<&str>, moves: &'a MoveTexts) -> Probe<'a> {
        let mut context = Vec::with_capacity(64 + start.map_or(0, str::len));
        for n in [
            std::ptr::from_ref(rules.variant) as usize,
            rules.profile,
            rules.values.len(),
        ]
        .into_iter()
        .chain(rules.values.iter().copied())
        {
            context.extend_from_slice(&n.to_le_bytes());
        }
        if let Some(text) = start {
            context.push(1);
            context.extend_from_slice(text.as_bytes());
        }
        let mut hasher = self.hasher.build_hasher();
        hasher.write(&context);
        // The move texts as the list holds them, each followed by 0xFF (a byte no UTF-8
        // text holds), hashed in few long writes: up to the shortest prefix probed, then
        // one move at a time.
        let n = moves.len();
        let shortest = n.saturating_sub(PROBES - 1).max(MIN_PLIES);
        let mut keys = Vec::with_capacity(PROBES);
        let mut written = 0;
        for plies in shortest..=n {
            let bytes = moves.prefix_bytes(plies);
            hasher.write(&bytes[written..]);
            written = bytes.len();
            keys.push(Key {
                plies,
                hash: hasher.finish(),
            });
        }
        keys.reverse();
        Probe {
            context,
            moves,
            keys,
        }
    }

    /// The game of `key`, if cached, taken out of the cache (the request plays on it and
    /// gives back the game it reaches).
    fn take(&self, key: &Key, probe: &Probe) -> Option<Game> {
        let mut guard = lock(self.shard(key));
        let shard = &mut *guard;
        let entry = shard.entries.get(&key.hash)?;
        if entry.plies != key.plies
            || *entry.context != *probe.context
            || *entry.moves != *probe.moves.prefix_bytes(key.plies)
        {
            return None;
        }
        let entry = shard.entries.remove(&key.hash)?;
        shard.by_use.remove(&entry.used);
        shard.bytes -= entry.bytes;
        drop(guard);
        // Gauges take f64: the bytes are far below 2^53.
        metrics::gauge!(BYTES).decrement(entry.bytes as f64);
        Some(entry.game)
    }

    /// Stores `game` as the game of `key`, evicting the least recently used entries of its
    /// shard while the shard would hold more than its share.
    fn store(&self, key: Key, game: Game, context: Box<[u8]>, moves: Box<[u8]>) {
        let share = self.budget / SHARDS;
        let bytes = game.bytes() + ENTRY_OVERHEAD + context.len() + moves.len();
        if bytes > share {
            return;
        }
        let mut guard = lock(self.shard(&key));
        let shard = &mut *guard;
        let mut freed = 0;
        let mut evicted = 0;
        if let Some(old) = shard.entries.remove(&key.hash) {
            shard.by_use.remove(&old.used);
            freed += old.bytes;
        }
        while shard.bytes - freed + bytes > share {
            let Some((_, hash)) = shard.by_use.pop_first() else {
                break;
            };
            if let Some(old) = shard.entries.remove(&hash) {
                freed += old.bytes;
                evicted += 1;
            }
        }
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        shard.by_use.insert(tick, key.hash);
        shard.entries.insert(
            key.hash,
            Entry {
                plies: key.plies,
                context,
                moves,
                game,
                bytes,
                used: tick,
            },
        );
        shard.bytes = shard.bytes - freed + bytes;
        drop(guard);
        if evicted > 0 {
            self.evictions.fetch_add(evicted, Ordering::Relaxed);
            metrics::counter!(EVICTIONS).increment(evicted);
        }
        // Gauges take f64: the bytes are far below 2^53.
        metrics::gauge!(BYTES).increment(bytes as f64);
        metrics::gauge!(BYTES).decrement(freed as f64);
    }

    fn shard(&self, key: &Key) -> &Mutex<Shard> {
        // The remainder is below SHARDS, so it fits.
        &self.shards[(key.hash % SHARDS as u64) as usize]
    }
}

/// An entry's place in its shard's maps, beyond its game: the slot of the entry map (key,
/// entry, control byte) and the use map's share of a B-tree node per entry.
const ENTRY_OVERHEAD: usize = std::mem::size_of::<(u64, Entry)>() + 1 + 2 * 16;

fn lock(shard: &Mutex<Shard>) -> std::sync::MutexGuard<'_, Shard> {
    shard.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Status;
    use crate::engine::notation::{format_move, format_position_of};
    use crate::engine::variant::by_id;

    fn rules(id: &str) -> Rules {
        Rules::default_for(by_id(id).expect("a variant"))
    }

    /// A game of `plies` moves, each the `(7 * ply + 3)`-th legal move (modulo their
    /// number), as texts.
    fn game_texts(rules: &Rules, plies: usize) -> Vec<String> {
        let mut game = Game::new(crate::engine::position::Position::start(rules), rules, true);
        let mut texts = Vec::new();
        for ply in 0..plies {
            let mut moves = game.legal_moves(rules);
            if moves.is_empty() {
                break;
            }
            moves.sort();
            let text = format_move(rules.variant.shape(), &moves[(7 * ply + 3) % moves.len()]);
            game.play_text(rules, &text).expect("a legal move");
            texts.push(text);
        }
        texts
    }

    fn list(texts: &[String]) -> MoveTexts {
        texts.iter().collect()
    }

    /// What an answer reads of a game.
    fn seen(rules: &Rules, game: &Game) -> (String, usize, Status, Option<usize>) {
        (
            format_position_of(rules.variant, &game.position),
            game.plies(),
            game.status(),
            game.occurrences(),
        )
    }

    #[test]
    fn a_game_from_the_cache_is_the_game_replayed_in_full() {
        let rules = rules("chu");
        let texts = game_texts(&rules, 40);
        let cache = Arc::new(GameCache::new(64 << 20));
        for n in MIN_PLIES..=texts.len() {
            let (cold, none) = replay_cold(&rules, None, &texts[..n]).expect("a start");
            let (warm, also_none) = cache
                .replay(&rules, None, &list(&texts[..n]))
                .expect("a start");
            assert_eq!((none, also_none), (None, None));
            assert_eq!(seen(&rules, &warm), seen(&rules, &cold), "ply {n}");
        }
        let stats = cache.stats();
        assert_eq!(stats.misses, 1, "{stats:?}");
        assert_eq!(stats.hits as usize, texts.len() - MIN_PLIES, "{stats:?}");
        // An illegal move after a cached prefix is found at its own index.
        let mut broken = texts.clone();
        broken[35] = broken[36].clone();
        let (_, cold) = replay_cold(&rules, None, &broken).expect("a start");
        let (_, warm) = cache.replay(&rules, None, &list(&broken)).expect("a start");
        assert_eq!(warm, cold);
        assert!(warm.is_some());
    }

    #[test]
    fn an_entry_is_returned_only_for_its_own_key() {
        let rules = rules("chu");
        let texts = game_texts(&rules, 12);
        let cache = GameCache::new(64 << 20);
        let moves = list(&texts);
        let probe = cache.probe(&rules, None, &moves);
        let keys = &probe.keys;
        assert_eq!(keys.len(), texts.len() + 1 - MIN_PLIES);
        assert_eq!(keys[0].plies, texts.len());
        let (game, _) = replay_cold(&rules, None, &texts).expect("a start");
        let store = |key: Key, game: Game| {
            let context = probe.context.as_slice().into();
            cache.store(key, game, context, moves.prefix_bytes(key.plies).into());
        };
        store(keys[0], game.clone());
        // The same hash with another length, other rules or another list: not this game.
        let other_plies = Key {
            plies: keys[0].plies - 1,
            ..keys[0]
        };
        assert!(cache.take(&other_plies, &probe).is_none());
        let tai = Rules::default_for(by_id("tai").expect("tai"));
        let other_rules = cache.probe(&tai, None, &moves);
        assert!(cache.take(&keys[0], &other_rules).is_none());
        let mut changed = texts.clone();
        changed[3] = changed[3].clone() + " ";
        let changed = list(&changed);
        let other_moves = cache.probe(&rules, None, &changed);
        assert!(cache.take(&keys[0], &other_moves).is_none());
        assert!(cache.take(&keys[0], &probe).is_some());
        assert!(cache.take(&keys[0], &probe).is_none(), "taken out");
        // Another start text, other rules or another list give other keys.
        let start = format_position_of(
            rules.variant,
            &crate::engine::position::Position::start(&rules),
        );
        assert_ne!(cache.probe(&rules, Some(&start), &moves).keys[0], keys[0]);
        assert_ne!(other_rules.keys[0], keys[0]);
        assert_ne!(other_moves.keys[0], keys[0]);
    }

    #[test]
    fn a_small_budget_evicts_the_oldest_and_stays_within_it() {
        let rules = rules("chu");
        let texts = game_texts(&rules, 40);
        let (game, _) = replay_cold(&rules, None, &texts[..MIN_PLIES]).expect("a start");
        let entry = game.bytes() + ENTRY_OVERHEAD;
        // Each shard holds two entries of this size.
        let cache = Arc::new(GameCache::new(SHARDS * (2 * entry + entry / 2)));
        // Longest first, so that no request finds a prefix and each stores its own game.
        for n in (MIN_PLIES..=texts.len()).rev() {
            cache
                .replay(&rules, None, &list(&texts[..n]))
                .expect("a start");
            let stats = cache.stats();
            assert!(stats.bytes <= cache.budget(), "{stats:?}");
        }
        let stats = cache.stats();
        assert_eq!(stats.hits, 0, "{stats:?}");
        assert!(stats.evictions > 0, "{stats:?}");
        assert_eq!(
            stats.entries as u64,
            (texts.len() + 1 - MIN_PLIES) as u64 - stats.evictions
        );
        // The last game stored is still there.
        let first_moves = list(&texts[..MIN_PLIES]);
        let probe = cache.probe(&rules, None, &first_moves);
        assert!(cache.take(&probe.keys[0], &probe).is_some());
        // In one shard, the third game stored evicts the first.
        let cache = GameCache::new(SHARDS * (2 * entry + entry / 2));
        let key = |hash| Key {
            plies: MIN_PLIES,
            hash,
        };
        for hash in [0, SHARDS as u64, 2 * SHARDS as u64] {
            let context = probe.context.as_slice().into();
            let moves = first_moves.prefix_bytes(MIN_PLIES).into();
            cache.store(key(hash), game.clone(), context, moves);
        }
        assert_eq!(cache.stats().evictions, 1);
        assert!(cache.take(&key(0), &probe).is_none());
        assert!(cache.take(&key(SHARDS as u64), &probe).is_some());
        assert!(cache.take(&key(2 * SHARDS as u64), &probe).is_some());
        // A game bigger than a shard's share is not stored.
        let small = Arc::new(GameCache::new(SHARDS * entry / 2));
        small.replay(&rules, None, &list(&texts)).expect("a start");
        assert_eq!(small.stats().entries, 0);
    }

    #[test]
    fn a_tai_game_of_a_thousand_plies_holds_about_a_hundred_kilobytes() {
        let rules = rules("tai");
        let texts = game_texts(&rules, 1000);
        let (game, _) = replay_cold(&rules, None, &texts).expect("a start");
        let bytes = game.clone().bytes();
        assert!(texts.len() == 1000, "{}", texts.len());
        assert!((40_000..400_000).contains(&bytes), "{bytes}");
    }
}
