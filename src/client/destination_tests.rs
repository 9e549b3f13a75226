//! Every range the destination policy lists, at both ends and one address outside each
//! end, in IPv4, IPv6 and the IPv6 forms that carry IPv4; and the policy over them.

use super::*;

fn class(ip: &str) -> AddressClass {
    AddressClass::of(ip.parse().unwrap())
}

fn class_named(name: &str) -> AddressClass {
    use AddressClass::*;
    match name {
        "Global" => Global,
        "Loopback" => Loopback,
        "LinkLocal" => LinkLocal,
        "Private" => Private,
        "UniqueLocal" => UniqueLocal,
        "Unspecified" => Unspecified,
        "Multicast" => Multicast,
        "Reserved" => Reserved,
        other => panic!("no class {other}"),
    }
}

/// Every IPv4 range the policy lists: first and last address and their class, then the
/// address just below the range and the one just above, each with its own class.
const V4_RANGES: &str = "
    0.0.0.0       0.255.255.255    Unspecified  0.0.0.0          Unspecified  1.0.0.0          Global
    127.0.0.0     127.255.255.255  Loopback     126.255.255.255  Global       128.0.0.0        Global
    169.254.0.0   169.254.255.255  LinkLocal    169.253.255.255  Global       169.255.0.0      Global
    10.0.0.0      10.255.255.255   Private      9.255.255.255    Global       11.0.0.0         Global
    172.16.0.0    172.31.255.255   Private      172.15.255.255   Global       172.32.0.0       Global
    192.168.0.0   192.168.255.255  Private      192.167.255.255  Global       192.169.0.0      Global
    100.64.0.0    100.127.255.255  Private      100.63.255.255   Global       100.128.0.0      Global
    224.0.0.0     239.255.255.255  Multicast    223.255.255.255  Global       240.0.0.0        Reserved
    192.0.0.0     192.0.0.255      Reserved     191.255.255.255  Global       192.0.1.0        Global
    192.0.2.0     192.0.2.255      Reserved     192.0.1.255      Global       192.0.3.0        Global
    198.51.100.0  198.51.100.255   Reserved     198.51.99.255    Global       198.51.101.0     Global
    203.0.113.0   203.0.113.255    Reserved     203.0.112.255    Global       203.0.114.0      Global
    192.88.99.0   192.88.99.255    Reserved     192.88.98.255    Global       192.88.100.0     Global
    198.18.0.0    198.19.255.255   Reserved     198.17.255.255   Global       198.20.0.0       Global
    240.0.0.0     255.255.254.255  Reserved     239.255.255.255  Multicast    255.255.255.255  Multicast
";

/// The same for IPv6 (IPv4 carried in IPv6 is tested through [`V4_RANGES`]). Where a range
/// begins or ends the address space, its neighbour column repeats an address of the table.
const V6_RANGES: &str = "
    fe80::      febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff  LinkLocal    fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Reserved     fec0::       Private
    fec0::      feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Private      febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff  LinkLocal    ff00::       Multicast
    fc00::      fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  UniqueLocal  fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Reserved     fe00::       Reserved
    ff00::      ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Multicast    feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Private      ff00::       Multicast
    ::          ::                                       Unspecified  ::                                       Unspecified  ::1          Loopback
    ::1         ::1                                      Loopback     ::                                       Unspecified  ::2          Reserved
    ::2         ::ffff:ffff                              Reserved     ::1                                      Loopback     ::1:0:0      Reserved
    2001::      2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff   Reserved     2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Global       2001:200::   Global
    2001:db8::  2001:db8:ffff:ffff:ffff:ffff:ffff:ffff   Reserved     2001:db7:ffff:ffff:ffff:ffff:ffff:ffff   Global       2001:db9::   Global
    100::       100::ffff:ffff:ffff:ffff                 Reserved     ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff    Reserved     100:0:0:1::  Reserved
    2000::      3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Global       1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff  Reserved     4000::       Reserved
";

/// One row of a range table: the range's first and last address, the class inside, and the
/// neighbours outside with theirs.
struct Range<'a> {
    first: &'a str,
    last: &'a str,
    inside: AddressClass,
    below: (&'a str, AddressClass),
    above: (&'a str, AddressClass),
}

impl Range<'_> {
    /// Each address of the row with the class it must have.
    fn addresses(&self) -> [(&str, AddressClass); 4] {
        [
            (self.first, self.inside),
            (self.last, self.inside),
            self.below,
            self.above,
        ]
    }
}

fn ranges(table: &str) -> Vec<Range<'_>> {
    table
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let [first, last, inside, below, below_class, above, above_class] = cells[..] else {
                panic!("seven cells: {line}")
            };
            Range {
                first,
                last,
                inside: class_named(inside),
                below: (below, class_named(below_class)),
                above: (above, class_named(above_class)),
            }
        })
        .collect()
}

fn v4(ip: &str) -> Ipv4Addr {
    ip.parse().unwrap()
}

/// The ways an IPv4 address is carried in IPv6: mapped, NAT64, 6to4.
fn carried(ip: Ipv4Addr) -> [String; 3] {
    let [a, b, c, d] = ip.octets();
    let (hi, lo) = (u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d]));
    [
        format!("::ffff:{ip}"),
        format!("64:ff9b::{hi:x}:{lo:x}"),
        format!("2002:{hi:x}:{lo:x}::1"),
    ]
}

#[test]
fn every_link_local_v4_address_is_link_local_and_its_neighbours_are_not() {
    use AddressClass::*;
    for ip in [
        "169.254.0.0",
        "169.254.0.1",
        "169.254.0.255",
        "169.254.1.0",
        "169.254.128.128",
        "169.254.169.253",
        "169.254.169.254",
        "169.254.169.255",
        "169.254.254.254",
        "169.254.255.254",
        "169.254.255.255",
    ] {
        assert_eq!(class(ip), LinkLocal, "{ip}");
        for spelled in carried(v4(ip)) {
            assert_eq!(class(&spelled), LinkLocal, "{spelled}");
        }
    }
    for ip in [
        "169.253.255.255",
        "169.255.0.0",
        "169.0.0.1",
        "168.254.169.254",
        "170.254.169.254",
        "254.169.169.254",
    ] {
        assert_ne!(class(ip), LinkLocal, "{ip}");
        for spelled in carried(v4(ip)) {
            assert_ne!(class(&spelled), LinkLocal, "{spelled}");
        }
    }
    assert_eq!(class("169.253.255.255"), Global);
    assert_eq!(class("169.255.0.0"), Global);
}

#[test]
fn every_link_local_v6_address_is_link_local_and_site_local_is_private() {
    use AddressClass::*;
    for ip in [
        "fe80::",
        "fe80::1",
        "fe80::a9fe:a9fe",
        "fe81::1",
        "fe9f::1",
        "fea0::1",
        "febf::1",
        "febf:ffff::1",
        "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ] {
        assert_eq!(class(ip), LinkLocal, "{ip}");
    }
    // fec0::/10, deprecated site-local: the policy calls it private.
    for ip in [
        "fec0::",
        "fec0::1",
        "feff::1",
        "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ] {
        assert_eq!(class(ip), Private, "{ip}");
    }
    assert_ne!(class("fe7f:ffff::1"), LinkLocal);
    assert_ne!(class("fe00::1"), LinkLocal);
    assert_ne!(class("ff80::1"), LinkLocal);
}

#[test]
fn every_listed_range_at_both_ends_and_just_outside() {
    let v4_ranges = ranges(V4_RANGES);
    assert_eq!(v4_ranges.len(), 15);
    for range in &v4_ranges {
        for (ip, expected) in range.addresses() {
            assert_eq!(
                class(ip),
                expected,
                "{ip} ({}..{})",
                range.first,
                range.last
            );
            // An IPv4 address carried in IPv6 is classed by the address it carries.
            for spelled in carried(v4(ip)) {
                assert_eq!(class(&spelled), expected, "{spelled} ({ip})");
            }
        }
    }
    let v6_ranges = ranges(V6_RANGES);
    assert_eq!(v6_ranges.len(), 11);
    for range in &v6_ranges {
        for (ip, expected) in range.addresses() {
            assert_eq!(
                class(ip),
                expected,
                "{ip} ({}..{})",
                range.first,
                range.last
            );
        }
    }
    // The broadcast address and the top of 240.0.0.0/4 are never global.
    assert_ne!(class("255.255.255.254"), AddressClass::Global);
    // The wrappers themselves, around a global address, are global; just outside
    // their prefixes they are not wrappers.
    assert_eq!(class("64:ff9b::808:808"), AddressClass::Global);
    assert_eq!(class("64:ff9b::1:a9fe:a9fe"), AddressClass::Reserved);
    assert_eq!(class("64:ff9a::a9fe:a9fe"), AddressClass::Reserved);
    assert_eq!(class("2002:808:808::"), AddressClass::Global);
    assert_eq!(class("2003:a9fe:a9fe::"), AddressClass::Global);
    assert_eq!(class("2001:ffff:a9fe:a9fe::"), AddressClass::Global);
    assert_eq!(class("::fffe:a9fe:a9fe"), AddressClass::Reserved);
    assert_eq!(class("::1:ffff:a9fe:a9fe"), AddressClass::Reserved);
}

#[test]
fn a_global_only_policy_refuses_every_internal_boundary() {
    let url: Uri = "http://a.example/".parse().unwrap();
    let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 80);
    let global = AddressClasses::global_only();
    let all = AddressClasses::all();
    let both = ranges(V4_RANGES).into_iter().chain(ranges(V6_RANGES));
    for range in both {
        for (ip, class) in range.addresses() {
            let class = &class;
            let verdict = global.allows(&url, at(ip));
            assert_eq!(verdict.is_ok(), *class == AddressClass::Global, "{ip}");
            if let Err(refused) = verdict {
                assert!(refused.contains(class.describe()), "{refused}");
            }
            assert!(all.allows(&url, at(ip)).is_ok(), "{ip}");
            // Allowing this one class allows the address; allowing every other
            // internal class does not.
            let only = AddressClasses::global_only().allow(*class);
            assert!(only.allows(&url, at(ip)).is_ok(), "{ip}");
            let others = AddressClass::INTERNAL
                .into_iter()
                .filter(|c| c != class)
                .fold(AddressClasses::global_only(), AddressClasses::allow);
            assert_eq!(
                others.allows(&url, at(ip)).is_ok(),
                *class == AddressClass::Global,
                "{ip}"
            );
        }
    }
    for ip in [
        "169.254.0.0",
        "169.254.0.1",
        "169.254.255.255",
        "169.254.169.254",
    ] {
        assert!(global.allows(&url, at(ip)).is_err(), "{ip}");
        assert!(
            global.allows(&url, at(&format!("::ffff:{ip}"))).is_err(),
            "{ip}"
        );
    }
    for ip in ["fe80::1", "febf:ffff::1", "fec0::1", "::ffff:169.254.0.1"] {
        assert!(global.allows(&url, at(ip)).is_err(), "{ip}");
    }
    // The policy allows what the URL's base addresses are, and only that.
    let base = global
        .clone()
        .allow_classes_of(["fe80::1".parse().unwrap()]);
    assert!(base.allows(&url, at("169.254.0.0")).is_ok());
    assert!(base.allows(&url, at("fec0::1")).is_err());
    assert!(base.allows_class(AddressClass::LinkLocal));
    assert!(!base.allows_class(AddressClass::Private));
    // One address allowed is that address, not its neighbours.
    let one = global.allow_address("169.254.169.254".parse().unwrap());
    assert!(one.allows(&url, at("169.254.169.254")).is_ok());
    assert!(one.allows(&url, at("169.254.169.253")).is_err());
    assert!(one.allows(&url, at("::ffff:169.254.169.253")).is_err());
}

#[test]
fn both_policies_must_allow() {
    let url: Uri = "http://a.example/".parse().unwrap();
    let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 80);
    let both = |first: AddressClasses, then: AddressClasses| Both {
        first: Arc::new(first),
        then: Arc::new(then),
    };
    let link = AddressClasses::global_only().allow(AddressClass::LinkLocal);
    let private = AddressClasses::global_only().allow(AddressClass::Private);
    assert!(
        both(link.clone(), private.clone())
            .allows(&url, at("8.8.8.8"))
            .is_ok()
    );
    assert!(
        both(link.clone(), private.clone())
            .allows(&url, at("169.254.0.1"))
            .is_err()
    );
    assert!(
        both(private.clone(), link.clone())
            .allows(&url, at("169.254.0.1"))
            .is_err()
    );
    assert!(
        both(link.clone(), private.clone())
            .allows(&url, at("10.0.0.1"))
            .is_err()
    );
    assert!(
        both(link.clone(), link)
            .allows(&url, at("169.254.0.1"))
            .is_ok()
    );
}

#[test]
fn each_class_is_described_in_its_own_words() {
    use AddressClass::*;
    let words = [
        (Global, "a global address"),
        (Loopback, "loopback"),
        (LinkLocal, "169.254.0.0/16"),
        (LinkLocal, "fe80::/10"),
        (LinkLocal, "metadata"),
        (Private, "RFC 1918"),
        (UniqueLocal, "fc00::/7"),
        (Unspecified, "0.0.0.0/8"),
        (Multicast, "multicast"),
        (Reserved, "reserved"),
    ];
    for (class, word) in words {
        assert!(
            class.describe().contains(word),
            "{class:?}: {}",
            class.describe()
        );
    }
    let mut all: Vec<&str> = AddressClass::INTERNAL
        .iter()
        .map(|c| c.describe())
        .collect();
    all.push(Global.describe());
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 8, "one description per class");
    // The refusal names the address and its class.
    let url: Uri = "http://a.example/".parse().unwrap();
    let refused = AddressClasses::global_only()
        .allows(&url, SocketAddr::new("169.254.0.1".parse().unwrap(), 80))
        .unwrap_err();
    assert!(
        refused.starts_with("169.254.0.1 is a link-local address (169.254.0.0/16"),
        "{refused}"
    );
}

#[test]
fn every_internal_range_has_its_class() {
    use AddressClass::*;
    for (ip, expected) in [
        ("0.0.0.0", Unspecified),
        ("0.1.2.3", Unspecified),
        ("::", Unspecified),
        ("127.0.0.1", Loopback),
        ("127.255.0.9", Loopback),
        ("::1", Loopback),
        ("169.254.169.254", LinkLocal),
        ("fe80::1", LinkLocal),
        ("10.0.0.1", Private),
        ("172.16.0.1", Private),
        ("172.31.255.255", Private),
        ("192.168.1.1", Private),
        ("100.64.0.1", Private),
        ("fec0::1", Private),
        ("fc00::1", UniqueLocal),
        ("fd12:3456::1", UniqueLocal),
        ("224.0.0.1", Multicast),
        ("255.255.255.255", Multicast),
        ("ff02::1", Multicast),
        ("192.0.2.1", Reserved),
        ("198.51.100.1", Reserved),
        ("203.0.113.1", Reserved),
        ("198.18.0.1", Reserved),
        ("240.0.0.1", Reserved),
        ("2001:db8::1", Reserved),
        ("2001::1", Reserved),
        ("100::1", Reserved),
        ("::10.0.0.1", Reserved),
        ("::ffff:169.254.169.254", LinkLocal),
        ("::ffff:10.0.0.1", Private),
        ("64:ff9b::a00:1", Private),
        ("2002:7f00:1::", Loopback),
        ("8.8.8.8", Global),
        ("172.32.0.1", Global),
        ("100.128.0.1", Global),
        ("2606:4700::1111", Global),
        ("2002:808:808::", Global),
    ] {
        assert_eq!(class(ip), expected, "{ip}");
    }
}

#[test]
fn a_policy_allows_its_classes_and_its_addresses() {
    let url: Uri = "http://a.example/".parse().unwrap();
    let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 80);
    let global = AddressClasses::global_only();
    assert!(global.allows(&url, at("8.8.8.8")).is_ok());
    for internal in [
        "127.0.0.1",
        "169.254.169.254",
        "10.0.0.1",
        "fc00::1",
        "0.0.0.0",
    ] {
        let refused = global.allows(&url, at(internal)).unwrap_err();
        assert!(refused.starts_with(internal), "{refused}");
    }
    let one = global.clone().allow_address("10.0.0.7".parse().unwrap());
    assert!(one.allows(&url, at("10.0.0.7")).is_ok());
    assert!(one.allows(&url, at("10.0.0.8")).is_err());
    let all = AddressClasses::all();
    assert!(all.allows(&url, at("169.254.169.254")).is_ok());
    let private_base = global.allow_classes_of(["192.168.0.2".parse().unwrap()]);
    assert!(private_base.allows(&url, at("10.1.1.1")).is_ok());
    assert!(private_base.allows(&url, at("127.0.0.1")).is_err());
}
