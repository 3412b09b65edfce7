//! Engines as child processes. (Issue 33: owned by the process helper.)
