//! The service's memory allocator and giving free memory back to the system. Built with the
//! `jemalloc` feature (as the Dockerfile builds the image), the server binary allocates with
//! jemalloc (`main.rs` installs [`Allocator`]), one arena per CPU ([`JEMALLOC_CONF`]);
//! [`give_back`], called by the idle trim of `context`, returns the pages its arenas keep
//! for reuse. Without the feature (the default, for a short first build: issue 30) it is the
//! system allocator and [`give_back`] does nothing.
//!
//! Why not the system allocator: after storms of 64 clients replaying 10,000-ply games,
//! glibc's malloc held 147 MiB once idle against 28 MiB before, and still about 50% more
//! than before with `malloc_trim`, a fixed mmap threshold and one arena per core: the
//! blocks each thread keeps cached pin pages all over the heap. Without those caches it
//! held 20% more, but served a quarter fewer requests. mimalloc held more still.
//! Figures: BENCHMARKS.md, issue 14.

/// The allocator the server binary installs.
#[cfg(feature = "jemalloc")]
pub type Allocator = tikv_jemallocator::Jemalloc;

/// The allocator the server binary installs.
#[cfg(not(feature = "jemalloc"))]
pub type Allocator = std::alloc::System;

/// The allocator the server binary installs, as a value.
pub const ALLOCATOR: Allocator = {
    #[cfg(feature = "jemalloc")]
    {
        tikv_jemallocator::Jemalloc
    }
    #[cfg(not(feature = "jemalloc"))]
    {
        std::alloc::System
    }
};

/// jemalloc's options, read when it starts: an arena per CPU (`percpu_arena`) rather than
/// four per CPU, so partly used pages spread over fewer arenas (after a storm, 14% more
/// than before once idle, against 19% with four; a single arena did a little better
/// still, but would make every core wait for one lock).
#[cfg(feature = "jemalloc")]
#[used]
#[export_name = "_rjem_malloc_conf"]
pub static JEMALLOC_CONF: Options = Options(c"percpu_arena:percpu".as_ptr());

/// A C string jemalloc reads: a pointer to a constant.
#[repr(transparent)]
pub struct Options(*const std::ffi::c_char);

// SAFETY: it points to a string literal, which is never written.
unsafe impl Sync for Options {}

/// Returns the pages jemalloc keeps for reuse in all its arenas to the system (it would
/// return them itself, but only as later allocations come). Does nothing when jemalloc is
/// not the allocator in use (built without the `jemalloc` feature).
pub fn give_back() {
    #[cfg(feature = "jemalloc")]
    {
        // `MALLCTL_ARENAS_ALL` (4096) names every arena.
        let name = c"arena.4096.purge";
        // SAFETY: a NUL-terminated name, and no old or new value, which is what this
        // control takes; it may be called from any thread at any time.
        unsafe {
            tikv_jemalloc_sys::mallctl(
                name.as_ptr(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
            );
        }
    }
}
