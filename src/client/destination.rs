//! Which addresses a URL from someone else (a card's interfaces, a redirect, a discovery
//! document) may lead to: the class of each address, the policy over classes, and where
//! host names are resolved.

use std::fmt;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;

use http::Uri;

use super::DestinationPolicy;

/// What kind of address an IP address is, for deciding whether a URL someone else gave may
/// lead there. IPv4 addresses carried in IPv6 (`::ffff:10.0.0.1`, NAT64 `64:ff9b::/96`,
/// 6to4 `2002::/16`) are classed by the IPv4 address they carry.
///
/// ```
/// use a2a_card::client::AddressClass;
/// let class = |ip: &str| AddressClass::of(ip.parse().unwrap());
/// assert_eq!(class("169.254.169.254"), AddressClass::LinkLocal);
/// assert_eq!(class("10.0.0.1"), AddressClass::Private);
/// assert_eq!(class("fc00::1"), AddressClass::UniqueLocal);
/// assert_eq!(class("::ffff:127.0.0.1"), AddressClass::Loopback);
/// assert_eq!(class("8.8.8.8"), AddressClass::Global);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum AddressClass {
    /// An address on the public internet.
    Global,
    /// 127.0.0.0/8 and `::1`: this machine.
    Loopback,
    /// 169.254.0.0/16 and `fe80::/10`, where cloud metadata services answer
    /// (169.254.169.254).
    LinkLocal,
    /// RFC 1918 (10/8, 172.16/12, 192.168/16), RFC 6598 shared space (100.64/10) and the
    /// deprecated IPv6 site-local `fec0::/10`.
    Private,
    /// `fc00::/7`.
    UniqueLocal,
    /// 0.0.0.0/8 and `::` (which many systems connect to this machine).
    Unspecified,
    /// Multicast and the IPv4 broadcast address.
    Multicast,
    /// Every other special-purpose range: documentation, benchmarking, 240.0.0.0/4, IETF
    /// protocol assignments, Teredo, discard-only, IPv4-compatible IPv6.
    Reserved,
}

impl AddressClass {
    /// The class of `ip`.
    pub fn of(ip: IpAddr) -> AddressClass {
        match ip {
            IpAddr::V4(v4) => of_v4(v4),
            IpAddr::V6(v6) => of_v6(v6),
        }
    }

    /// Every class but [`Global`](Self::Global).
    pub const INTERNAL: [AddressClass; 7] = [
        AddressClass::Loopback,
        AddressClass::LinkLocal,
        AddressClass::Private,
        AddressClass::UniqueLocal,
        AddressClass::Unspecified,
        AddressClass::Multicast,
        AddressClass::Reserved,
    ];

    /// The class in words, for messages: `a private address (RFC 1918)`.
    pub fn describe(self) -> &'static str {
        match self {
            AddressClass::Global => "a global address",
            AddressClass::Loopback => "a loopback address",
            AddressClass::LinkLocal => {
                "a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services answer there)"
            }
            AddressClass::Private => "a private address (RFC 1918 or RFC 6598)",
            AddressClass::UniqueLocal => "a unique-local address (fc00::/7)",
            AddressClass::Unspecified => "an unspecified address (0.0.0.0/8, ::)",
            AddressClass::Multicast => "a multicast or broadcast address",
            AddressClass::Reserved => "a reserved or special-purpose address",
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

fn of_v4(ip: Ipv4Addr) -> AddressClass {
    let [a, b, c, _] = ip.octets();
    match (a, b, c) {
        (0, _, _) => AddressClass::Unspecified,
        (127, _, _) => AddressClass::Loopback,
        (169, 254, _) => AddressClass::LinkLocal,
        (10, _, _) | (192, 168, _) => AddressClass::Private,
        (172, 16..=31, _) | (100, 64..=127, _) => AddressClass::Private,
        (224..=239, _, _) | (255, 255, 255) => AddressClass::Multicast,
        // IETF assignments, documentation (TEST-NET-1..3), 6to4 relays, benchmarking,
        // 240.0.0.0/4.
        (192, 0, 0) | (192, 0, 2) | (198, 51, 100) | (203, 0, 113) | (192, 88, 99) => {
            AddressClass::Reserved
        }
        (198, 18..=19, _) | (240..=255, _, _) => AddressClass::Reserved,
        _ => AddressClass::Global,
    }
}

fn of_v6(ip: Ipv6Addr) -> AddressClass {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return of_v4(v4);
    }
    let s = ip.segments();
    match s {
        [0, 0, 0, 0, 0, 0, 0, 0] => AddressClass::Unspecified,
        [0, 0, 0, 0, 0, 0, 0, 1] => AddressClass::Loopback,
        // IPv4-compatible (deprecated), ::/96.
        [0, 0, 0, 0, 0, 0, _, _] => AddressClass::Reserved,
        // NAT64: the IPv4 address it translates to.
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => of_v4(v4_of(hi, lo)),
        // 6to4: the IPv4 address of the tunnel's end.
        [0x2002, hi, lo, ..] => of_v4(v4_of(hi, lo)),
        // Teredo, documentation, ORCHIDs and other IETF assignments in 2001::/23.
        [0x2001, 0..=0x01ff, ..] | [0x2001, 0xdb8, ..] => AddressClass::Reserved,
        // Discard-only.
        [0x100, 0, 0, 0, ..] => AddressClass::Reserved,
        [first, ..] if first & 0xfe00 == 0xfc00 => AddressClass::UniqueLocal,
        [first, ..] if first & 0xffc0 == 0xfe80 => AddressClass::LinkLocal,
        [first, ..] if first & 0xffc0 == 0xfec0 => AddressClass::Private,
        [first, ..] if first & 0xff00 == 0xff00 => AddressClass::Multicast,
        // Only 2000::/3 is allocated for global unicast.
        [first, ..] if first & 0xe000 == 0x2000 => AddressClass::Global,
        _ => AddressClass::Reserved,
    }
}

fn v4_of(hi: u16, lo: u16) -> Ipv4Addr {
    let [a, b] = hi.to_be_bytes();
    let [c, d] = lo.to_be_bytes();
    Ipv4Addr::new(a, b, c, d)
}

/// A [`DestinationPolicy`] by [`AddressClass`]: global addresses always, other classes only
/// when allowed, plus any exact address allowed. [`Client::for_base`](super::Client::for_base)
/// builds one from the addresses of the URL a user gave: a base on loopback lets
/// redirects and card URLs reach loopback, a base on a public address lets them reach no
/// internal address at all.
///
/// ```
/// use a2a_card::client::{AddressClass, AddressClasses, DestinationPolicy};
/// let url = "http://agent.example/".parse().unwrap();
/// let public_base = AddressClasses::global_only().allow_classes_of(["93.184.215.14".parse().unwrap()]);
/// assert!(public_base.allows(&url, "93.184.215.15:80".parse().unwrap()).is_ok());
/// assert!(public_base.allows(&url, "127.0.0.1:80".parse().unwrap()).is_err());
/// assert!(public_base.allows(&url, "169.254.169.254:80".parse().unwrap()).is_err());
/// let loopback_base = AddressClasses::global_only().allow(AddressClass::Loopback);
/// assert!(loopback_base.allows(&url, "127.0.0.1:9".parse().unwrap()).is_ok());
/// assert!(loopback_base.allows(&url, "10.0.0.1:80".parse().unwrap()).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressClasses {
    /// One bit per allowed class.
    classes: u16,
    addresses: Vec<IpAddr>,
}

impl AddressClasses {
    /// Global addresses only.
    pub fn global_only() -> Self {
        AddressClasses {
            classes: AddressClass::Global.bit(),
            addresses: Vec::new(),
        }
    }

    /// Every address (what `--allow-private-destinations` asks for).
    pub fn all() -> Self {
        AddressClass::INTERNAL
            .into_iter()
            .fold(Self::global_only(), Self::allow)
    }

    /// Also allows the addresses of `class`.
    pub fn allow(mut self, class: AddressClass) -> Self {
        self.classes |= class.bit();
        self
    }

    /// Also allows the classes of these addresses (those of a URL the user gave).
    pub fn allow_classes_of(self, addresses: impl IntoIterator<Item = IpAddr>) -> Self {
        addresses
            .into_iter()
            .fold(self, |policy, ip| policy.allow(AddressClass::of(ip)))
    }

    /// Also allows this one address, whatever its class (one internal identity provider).
    pub fn allow_address(mut self, ip: IpAddr) -> Self {
        if !self.addresses.contains(&ip) {
            self.addresses.push(ip);
        }
        self
    }

    /// True when `class` is allowed.
    pub fn allows_class(&self, class: AddressClass) -> bool {
        self.classes & class.bit() != 0
    }
}

impl DestinationPolicy for AddressClasses {
    fn allows(&self, _url: &Uri, address: SocketAddr) -> Result<(), String> {
        let ip = address.ip();
        let class = AddressClass::of(ip);
        if self.allows_class(class) || self.addresses.contains(&ip) {
            return Ok(());
        }
        Err(format!(
            "{ip} is {}, and the base URL is not on one (a URL from a card or a redirect may \
             not lead there unless internal destinations are allowed)",
            class.describe()
        ))
    }
}

/// Two policies that must both allow: `first` is asked first, `then` only for what `first`
/// allowed (so `then` sees only addresses about to be connected to).
#[derive(Debug)]
pub(super) struct Both {
    pub(super) first: Arc<dyn DestinationPolicy>,
    pub(super) then: Arc<dyn DestinationPolicy>,
}

impl DestinationPolicy for Both {
    fn allows(&self, url: &Uri, address: SocketAddr) -> Result<(), String> {
        self.first.allows(url, address)?;
        self.then.allows(url, address)
    }
}

/// The addresses a host resolves to.
pub type Resolving<'a> = Pin<Box<dyn Future<Output = io::Result<Vec<SocketAddr>>> + Send + 'a>>;

/// Where host names are resolved (the system's resolver by default, [`SystemResolver`]).
/// IP literals are never passed to it. Every address returned is checked by the
/// destination policy before the client connects to any, and the client connects only to
/// an address it checked, so a name that resolves elsewhere the second time (DNS
/// rebinding) gains nothing.
///
/// ```
/// use std::net::SocketAddr;
/// use a2a_card::client::{Client, Resolve, Resolving};
///
/// /// Every name is this machine (a test's fixed table).
/// #[derive(Debug)]
/// struct Here;
/// impl Resolve for Here {
///     fn resolve<'a>(&'a self, _host: &'a str, port: u16) -> Resolving<'a> {
///         Box::pin(async move { Ok(vec![SocketAddr::from(([127, 0, 0, 1], port))]) })
///     }
/// }
/// let client = Client::builder().resolver(Here).build()?;
/// # let _ = client;
/// # Ok::<(), a2a_card::client::ClientError>(())
/// ```
pub trait Resolve: fmt::Debug + Send + Sync + 'static {
    /// The addresses of `host` (a name, never an IP literal) with `port`.
    fn resolve<'a>(&'a self, host: &'a str, port: u16) -> Resolving<'a>;
}

/// The system's resolver (`getaddrinfo`, through tokio).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemResolver;

impl Resolve for SystemResolver {
    fn resolve<'a>(&'a self, host: &'a str, port: u16) -> Resolving<'a> {
        Box::pin(async move { Ok(tokio::net::lookup_host((host, port)).await?.collect()) })
    }
}

#[cfg(test)]
#[path = "destination_tests.rs"]
mod tests;
