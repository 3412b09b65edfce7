//! Players over engine processes, one file per protocol. (Issue 33: owned by the process
//! helper.)
