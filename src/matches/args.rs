//! The command line of `shogi-arbiter match`. (Issue 33: owned by the referee's helper.)
