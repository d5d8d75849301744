//! `hashlib.blake2b(data, digest_size=k).hexdigest()`, for the ids of PHH hands that carry
//! none of their own (by the `blake2` crate: the digest size is part of BLAKE2's parameter
//! block, so a 6-byte digest is not a cut 64-byte one).

use blake2::digest::{Update, VariableOutput};
use blake2::Blake2bVar;

pub fn blake2b_hex(data: &[u8], size: usize) -> String {
    let mut h = Blake2bVar::new(size).expect("a size from 1 to 64");
    h.update(data);
    let mut out = vec![0u8; size];
    h.finalize_variable(&mut out).expect("the size asked for");
    out.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn like_hashlib() {
        // hashlib.blake2b(b"abc", digest_size=6).hexdigest()
        assert_eq!(super::blake2b_hex(b"abc", 6), EXPECTED);
    }
    const EXPECTED: &str = "13c9497c2425";
}
