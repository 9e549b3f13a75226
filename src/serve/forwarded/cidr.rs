//! The address blocks of trusted proxies: parsing, matching, and what a block as written
//! probably did not mean.

use std::net::IpAddr;

/// An IP block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cidr {
    /// As written (host bits kept, so a warning can quote it); IPv4-mapped IPv6 as IPv4.
    network: IpAddr,
    bits: u8,
}

/// Something a trusted-proxy block says that is probably not what was meant. The block is
/// taken all the same (it is a valid block); the caller shows the warning (the CLI prints it
/// on stderr).
///
/// ```
/// use a2a_card::serve::{ProxyWarning, TrustedProxies};
/// let proxies = TrustedProxies::new().proxy("10.0.0.1/8")?.proxy("0.0.0.0/0")?;
/// let warnings = proxies.warnings();
/// assert!(matches!(&warnings[0], ProxyWarning::HostBitsSet { network, .. } if network == "10.0.0.0/8"));
/// assert!(matches!(&warnings[1], ProxyWarning::EveryAddress { .. }));
/// # Ok::<(), a2a_card::serve::InvalidProxy>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProxyWarning {
    /// An address with a prefix length that leaves host bits set (`10.0.0.1/8`): it trusts
    /// the whole block `network` (`10.0.0.0/8`), which is rarely what a single address
    /// with a prefix length meant.
    #[error(
        "{block:?} has host bits set: it trusts the whole block {network}; write {network} if that is meant, or the address alone for one proxy"
    )]
    HostBitsSet {
        /// The block as written.
        block: String,
        /// The block it trusts, host bits cleared.
        network: String,
    },
    /// A block of every address (`0.0.0.0/0`, `::/0`): every client of that address family
    /// is believed, so any client chooses which allowed origin's card it gets.
    #[error(
        "{block:?} trusts every address: any client's forwarding headers are believed; name the proxies' own addresses instead"
    )]
    EveryAddress {
        /// The block as written.
        block: String,
    },
    /// An allowed origin with a path prefix while only `Forwarded` is believed: RFC 7239 has
    /// no prefix parameter, so no request can name that origin.
    #[error(
        "origin {origin} has a path prefix, which a Forwarded header cannot carry: with only Forwarded believed no request gets its variant; believe X-Forwarded-Prefix too (X-Forwarded-* or both)"
    )]
    PrefixNeverForwarded {
        /// The origin.
        origin: String,
    },
}

impl Cidr {
    pub(super) fn parse(text: &str) -> Option<Cidr> {
        let (address, bits) = match text.split_once('/') {
            Some((address, bits)) => (address, Some(bits)),
            None => (text, None),
        };
        let written = address.trim().parse::<IpAddr>().ok()?;
        let network = written.to_canonical();
        let max = if written.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(bits) if bits.bytes().all(|b| b.is_ascii_digit()) && !bits.is_empty() => {
                bits.parse::<u8>().ok().filter(|&b| b <= max)?
            }
            Some(_) => return None,
        };
        // An IPv4-mapped block (`::ffff:10.0.0.0/104`) is the IPv4 block it maps
        // (`10.0.0.0/8`); one shorter than the mapping's own 96 bits is not an IPv4 block.
        let bits = match (written, network) {
            (IpAddr::V6(_), IpAddr::V4(_)) => bits.checked_sub(96)?,
            _ => bits,
        };
        Some(Cidr { network, bits })
    }

    pub(super) fn contains(&self, ip: IpAddr) -> bool {
        // An IPv4 block holds no IPv6 peer and the other way round (a peer is canonical:
        // IPv4-mapped IPv6 is IPv4 by then); the family is checked first, as an IPv6 block's
        // length is no IPv4 mask.
        self.network.is_ipv4() == ip.is_ipv4()
            && masked(self.network, self.bits) == masked(ip, self.bits)
    }

    /// What `written` (this block's text) probably did not mean, if anything.
    pub(super) fn warning(&self, written: &str) -> Option<ProxyWarning> {
        if self.bits == 0 {
            return Some(ProxyWarning::EveryAddress {
                block: written.to_owned(),
            });
        }
        let network = masked(self.network, self.bits);
        (network != self.network).then(|| ProxyWarning::HostBitsSet {
            block: written.to_owned(),
            network: format!("{network}/{}", self.bits),
        })
    }
}

/// `ip` with all but its first `bits` bits cleared.
fn masked(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(ip) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            IpAddr::from(std::net::Ipv4Addr::from(u32::from(ip) & mask))
        }
        IpAddr::V6(ip) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            IpAddr::from(std::net::Ipv6Addr::from(u128::from(ip) & mask))
        }
    }
}
