//! A vector that keeps its first `N` items on the stack.
//!
//! Rolling `4d6kh3` needs the four faces at once (to find the lowest); a heap allocation for
//! that would cost more than the roll itself. Pools larger than `N` (`100d6kh50`) spill to the
//! heap, once, after the dice count has already been checked against the limits.

#[derive(Debug, Clone)]
pub(crate) struct SmallBuf<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    heap: Vec<T>,
    spilled: bool,
}

impl<T: Copy + Default, const N: usize> SmallBuf<T, N> {
    pub(crate) fn new() -> Self {
        Self {
            inline: [T::default(); N],
            len: 0,
            heap: Vec::new(),
            spilled: false,
        }
    }

    pub(crate) fn push(&mut self, item: T) {
        if !self.spilled {
            if let Some(slot) = self.inline.get_mut(self.len) {
                *slot = item;
                self.len = self.len.saturating_add(1);
                return;
            }
            self.heap.reserve(N.saturating_mul(2));
            self.heap.extend_from_slice(&self.inline);
            self.spilled = true;
        }
        self.heap.push(item);
    }

    pub(crate) fn len(&self) -> usize {
        if self.spilled {
            self.heap.len()
        } else {
            self.len
        }
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        if self.spilled {
            &self.heap
        } else {
            self.inline.get(..self.len).unwrap_or(&[])
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        if self.spilled {
            &mut self.heap
        } else {
            self.inline.get_mut(..self.len).unwrap_or(&mut [])
        }
    }

    /// Keep the first `len` items.
    pub(crate) fn truncate(&mut self, len: usize) {
        if self.spilled {
            self.heap.truncate(len);
        } else {
            self.len = self.len.min(len);
        }
    }

    pub(crate) fn get(&self, index: usize) -> Option<T> {
        self.as_slice().get(index).copied()
    }

    pub(crate) fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        self.as_mut_slice().get_mut(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_to_the_heap_and_keeps_order() {
        let mut b: SmallBuf<u32, 4> = SmallBuf::new();
        for i in 0..10 {
            b.push(i);
        }
        assert_eq!(b.len(), 10);
        assert_eq!(b.as_slice(), &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        *b.get_mut(9).unwrap() = 99;
        assert_eq!(b.get(9), Some(99));
        let mut s: SmallBuf<u32, 4> = SmallBuf::new();
        s.push(7);
        assert_eq!(s.as_slice(), &[7]);
    }
}
