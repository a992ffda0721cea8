//! (module under construction: see the owning branch)
