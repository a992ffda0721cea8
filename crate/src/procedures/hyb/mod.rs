//! HYB
