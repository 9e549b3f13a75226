//! Which variant a request gets: the peer against the blocks, the believed headers against
//! the origins.

use super::cidr::Cidr;
use super::*;

fn proxies() -> TrustedProxies {
    TrustedProxies::new()
        .proxy("10.0.0.0/8")
        .unwrap()
        .proxy("2001:db8::/32")
        .unwrap()
        .proxy("192.0.2.7")
        .unwrap()
        .origin(PublicUrl::parse("https://agents.example.com/billing").unwrap())
        .origin(PublicUrl::parse("https://b.example.org").unwrap())
}

/// The variant index with both families believed.
fn from(peer: &str, headers: &[(&str, &str)]) -> Option<usize> {
    from_via(ProxyHeaders::Both, peer, headers)
}

fn from_via(family: ProxyHeaders, peer: &str, headers: &[(&str, &str)]) -> Option<usize> {
    let mut extensions = Extensions::new();
    extensions.insert(SocketAddr::new(peer.parse().unwrap(), 40000));
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        map.append(
            http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    proxies().headers(family).select(&extensions, &map)
}

const BILLING: &[(&str, &str)] = &[
    ("x-forwarded-proto", "https"),
    ("x-forwarded-host", "agents.example.com"),
    ("x-forwarded-prefix", "/billing"),
];

#[test]
fn each_block_boundary_is_in_and_its_neighbours_are_out() {
    for peer in [
        "10.0.0.0",
        "10.0.0.1",
        "10.255.255.255",
        "192.0.2.7",
        "::ffff:10.1.2.3",
        "2001:db8::1",
        "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
    ] {
        assert_eq!(from(peer, BILLING), Some(0), "{peer}");
    }
    for peer in [
        "9.255.255.255",
        "11.0.0.0",
        "192.0.2.6",
        "192.0.2.8",
        "127.0.0.1",
        "2001:db7:ffff::1",
        "2001:db9::",
        "::ffff:11.0.0.0",
    ] {
        assert_eq!(from(peer, BILLING), None, "{peer}");
    }
}

#[test]
fn cidr_blocks_parse_strictly() {
    for good in [
        "0.0.0.0/0",
        "10.0.0.0/8",
        "1.2.3.4/32",
        "1.2.3.4",
        "::/0",
        "fd00::/8",
        "::1/128",
    ] {
        assert!(Cidr::parse(good).is_some(), "{good}");
    }
    for bad in [
        "10.0.0.0/33",
        "::/129",
        "10.0.0.0/",
        "10.0.0.0/-1",
        "10.0.0.0/+8",
        "10.0.0/8",
        "host",
        "",
        "10.0.0.0/8/8",
    ] {
        assert!(Cidr::parse(bad).is_none(), "{bad}");
    }
    let all = Cidr::parse("0.0.0.0/0").unwrap();
    assert!(all.contains("255.255.255.255".parse().unwrap()));
    assert!(
        !all.contains("::1".parse().unwrap()),
        "an IPv4 block holds no IPv6 peer"
    );
}

#[test]
fn only_an_allowed_origin_exactly_is_believed() {
    assert_eq!(
        from(
            "10.0.0.1",
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "b.example.org")
            ]
        ),
        Some(1)
    );
    assert_eq!(
        from(
            "10.0.0.1",
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "B.Example.Org:443")
            ]
        ),
        Some(1)
    );
    for near in [
        &[
            ("x-forwarded-proto", "http"),
            ("x-forwarded-host", "b.example.org"),
        ][..],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "b.example.org:8443"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "evil.example"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "b.example.org.evil.example"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
            ("x-forwarded-prefix", "/billing2"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
            ("x-forwarded-prefix", "/bill"),
        ],
    ] {
        assert_eq!(from("10.0.0.1", near), None, "{near:?}");
    }
    assert_eq!(
        from(
            "10.0.0.1",
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "agents.example.com"),
                ("x-forwarded-prefix", "/billing/")
            ]
        ),
        Some(0),
        "a trailing slash on the prefix is the same prefix"
    );
}

#[test]
fn forwarded_wins_and_its_last_element_is_read() {
    let forwarded = [(
        "forwarded",
        r#"for=1.2.3.4;host=evil.example;proto=https, for=10.0.0.9;host="b.example.org";proto=https"#,
    )];
    assert_eq!(from("10.0.0.1", &forwarded), Some(1));
    let first_only = [("forwarded", "proto=https;host=b.example.org, for=10.0.0.9")];
    assert_eq!(
        from("10.0.0.1", &first_only),
        None,
        "the nearest element says nothing"
    );
    let both = [
        ("forwarded", "proto=https;host=b.example.org"),
        ("x-forwarded-host", "evil.example"),
    ];
    assert_eq!(from("10.0.0.1", &both), Some(1));
    let lists = [
        ("x-forwarded-proto", "http, https"),
        ("x-forwarded-host", "evil.example, b.example.org"),
    ];
    assert_eq!(
        from("10.0.0.1", &lists),
        Some(1),
        "the last member is the nearest proxy's"
    );
    let host_only = [("host", "b.example.org")];
    assert_eq!(
        from("10.0.0.1", &host_only),
        None,
        "no proto: http, not the https origin"
    );
}

#[test]
fn no_peer_address_is_no_trust() {
    let mut map = HeaderMap::new();
    map.insert("x-forwarded-proto", "https".parse().unwrap());
    map.insert("x-forwarded-host", "b.example.org".parse().unwrap());
    assert_eq!(proxies().select(&Extensions::new(), &map), None);
    let custom = proxies().peer_address(|_| Some("10.0.0.1".parse().unwrap()));
    assert_eq!(custom.select(&Extensions::new(), &map), Some(1));
}

/// The `b.example.org` origin, said by a `Forwarded` header alone.
fn forwarded(value: &str) -> Option<usize> {
    from("10.0.0.1", &[("forwarded", value)])
}

#[test]
fn a_parameter_twice_in_one_element_makes_the_header_unbelievable() {
    const GOOD: &str = "for=192.0.2.1;by=10.0.0.1;proto=https;host=b.example.org";
    assert_eq!(forwarded(GOOD), Some(1));
    // Each parameter repeated with the same value, so any reading that does not refuse
    // the element (first wins, last wins) would still choose the origin.
    for (name, value) in [
        ("for", "192.0.2.1"),
        ("by", "10.0.0.1"),
        ("proto", "https"),
        ("host", "b.example.org"),
    ] {
        for twice in [
            format!("{name}={value}"),
            format!("{}={value}", name.to_ascii_uppercase()),
            format!("{}{}={value}", name[..1].to_ascii_uppercase(), &name[1..]),
            format!("{name}=\"{value}\""),
        ] {
            let element = format!("{GOOD};{twice}");
            assert_eq!(forwarded(&element), None, "{element}");
            let earlier = format!("{twice};{GOOD}");
            assert_eq!(forwarded(&earlier), None, "{earlier}");
        }
    }
    // A parameter again in another element is no repeat: the nearest element is read.
    assert_eq!(
        forwarded("host=evil.example;proto=http, proto=https;host=b.example.org"),
        Some(1)
    );
    // An unknown parameter twice is a repeat all the same (RFC 7239 §4: each parameter).
    assert_eq!(forwarded(&format!("{GOOD};ext=1;EXT=2")), None);
    // A repeat in the client's element refuses the whole header: the proxy's too.
    assert_eq!(forwarded(&format!("host=a;host=b, {GOOD}")), None);
}

#[test]
fn a_forwarded_header_that_is_not_rfc_7239_is_not_believed() {
    for good in [
        "proto=https;host=b.example.org",
        "proto=https; host=b.example.org",
        "for=\"[2001:db8::1]:4711\";proto=https;host=\"b.example.org\"",
        "for=\"a,b;c\", proto=https;host=b.example.org",
        "for=\"\\\"\";proto=https;host=b.example.org",
        "proto=https;;host=b.example.org",
        ", proto=https;host=b.example.org,",
    ] {
        assert_eq!(forwarded(good), Some(1), "{good}");
    }
    for bad in [
        "proto=https;host=b.example.org;secret",
        "proto=https;host=b.example.org;=x",
        "proto=https;host=",
        "proto=https;host=b.example.org extra",
        "proto=https;host=\"b.example.org",
        "proto=https;host=\"b.example.org\"x",
        "proto=https;host=b.example.org@x",
        "proto = https;host=b.example.org",
        "junk, proto=https;host=b.example.org",
    ] {
        assert_eq!(forwarded(bad), None, "{bad}");
    }
    // Not believed at all: nor the X-Forwarded-* beside it.
    let beside = [
        (
            "forwarded",
            "proto=https;host=b.example.org;host=b.example.org",
        ),
        ("x-forwarded-proto", "https"),
        ("x-forwarded-host", "b.example.org"),
    ];
    assert_eq!(from("10.0.0.1", &beside), None);
    assert_eq!(from("10.0.0.1", &beside[1..]), Some(1));
    // Lines are one list: the last line's element is the nearest proxy's.
    let lines = [
        ("forwarded", "proto=https;host=evil.example"),
        ("forwarded", "proto=https;host=b.example.org"),
    ];
    assert_eq!(from("10.0.0.1", &lines), Some(1));
    let lines = [
        ("forwarded", "proto=https;host=b.example.org"),
        ("forwarded", "proto=https;host=evil.example"),
    ];
    assert_eq!(from("10.0.0.1", &lines), None);
}

#[test]
fn only_the_believed_family_chooses() {
    let x = [
        ("x-forwarded-proto", "https"),
        ("x-forwarded-host", "b.example.org"),
    ];
    let rfc = [("forwarded", "proto=https;host=b.example.org")];
    assert_eq!(from_via(ProxyHeaders::XForwarded, "10.0.0.1", &x), Some(1));
    assert_eq!(from_via(ProxyHeaders::XForwarded, "10.0.0.1", &rfc), None);
    assert_eq!(from_via(ProxyHeaders::Forwarded, "10.0.0.1", &rfc), Some(1));
    assert_eq!(from_via(ProxyHeaders::Forwarded, "10.0.0.1", &x), None);
    // A client's Forwarded next to the proxy's X-Forwarded-*: not read, and not able to
    // make the request unbelievable either.
    let client_too = [
        ("forwarded", "proto=https;host=evil.example;host=x"),
        ("x-forwarded-proto", "https"),
        ("x-forwarded-host", "b.example.org"),
    ];
    assert_eq!(
        from_via(ProxyHeaders::XForwarded, "10.0.0.1", &client_too),
        Some(1)
    );
    // Forwarded has no prefix: a client's X-Forwarded-Prefix is not read under it.
    let prefixed = [
        ("forwarded", "proto=https;host=agents.example.com"),
        ("x-forwarded-prefix", "/billing"),
    ];
    assert_eq!(
        from_via(ProxyHeaders::Forwarded, "10.0.0.1", &prefixed),
        None
    );
    assert_eq!(from_via(ProxyHeaders::Both, "10.0.0.1", &prefixed), Some(0));
    let host_header = [("host", "b.example.org"), ("x-forwarded-proto", "https")];
    assert_eq!(
        from_via(ProxyHeaders::Forwarded, "10.0.0.1", &host_header),
        None,
        "no proto: http"
    );
    assert_eq!(
        from_via(ProxyHeaders::XForwarded, "10.0.0.1", &host_header),
        Some(1),
        "the request's own Host when no X-Forwarded-Host"
    );
    for (name, family) in [
        ("forwarded", ProxyHeaders::Forwarded),
        ("X-Forwarded", ProxyHeaders::XForwarded),
        ("both", ProxyHeaders::Both),
    ] {
        assert_eq!(name.parse::<ProxyHeaders>(), Ok(family));
    }
    assert!("x-forwarded-host".parse::<ProxyHeaders>().is_err());
}

#[test]
fn of_repeated_x_forwarded_lines_the_last_is_the_proxys() {
    // A proxy that appends (as HAProxy's `http-request add-header` does) puts its line after
    // the client's: the last line, and of a list the last member, is believed.
    let host = |lines: &[&'static str]| {
        let mut headers = vec![("x-forwarded-proto", "https")];
        headers.extend(lines.iter().map(|l| ("x-forwarded-host", *l)));
        from_via(ProxyHeaders::XForwarded, "10.0.0.1", &headers)
    };
    assert_eq!(host(&["evil.example", "b.example.org"]), Some(1));
    assert_eq!(host(&["b.example.org", "evil.example"]), None);
    assert_eq!(
        host(&["evil.example", "evil.example, b.example.org"]),
        Some(1)
    );
    assert_eq!(host(&["b.example.org, evil.example"]), None);
    let proto = |lines: &[&'static str]| {
        let mut headers = vec![("x-forwarded-host", "b.example.org")];
        headers.extend(lines.iter().map(|l| ("x-forwarded-proto", *l)));
        from_via(ProxyHeaders::XForwarded, "10.0.0.1", &headers)
    };
    assert_eq!(proto(&["http", "https"]), Some(1));
    assert_eq!(proto(&["https", "http"]), None);
    assert_eq!(proto(&["http, https"]), Some(1));
    assert_eq!(proto(&["https, http"]), None);
    let prefix = |lines: &[&'static str]| {
        let mut headers = vec![
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
        ];
        headers.extend(lines.iter().map(|l| ("x-forwarded-prefix", *l)));
        from_via(ProxyHeaders::XForwarded, "10.0.0.1", &headers)
    };
    assert_eq!(prefix(&["/evil", "/billing"]), Some(0));
    assert_eq!(prefix(&["/billing", "/evil"]), None);
    assert_eq!(prefix(&["/evil, /billing"]), Some(0));
    assert_eq!(prefix(&["/billing, /evil"]), None);
}

#[test]
fn blocks_that_are_probably_not_meant_are_reported() {
    let warnings = |block: &str| TrustedProxies::new().proxy(block).unwrap().warnings();
    for quiet in [
        "10.0.0.0/8",
        "10.0.0.1/32",
        "10.0.0.1",
        "10.0.0.2/31",
        "10.0.0.0/7",
        "0.0.0.0/1",
        "128.0.0.0/1",
        "2001:db8::/32",
        "2001:db8::1/128",
        "2001:db8::1",
        "::/1",
        "::ffff:10.0.0.0/104",
        "::ffff:10.0.0.1",
    ] {
        assert_eq!(warnings(quiet), [], "{quiet}");
    }
    for (block, network) in [
        ("10.0.0.1/8", "10.0.0.0/8"),
        ("10.0.0.1/31", "10.0.0.0/31"),
        ("11.0.0.0/7", "10.0.0.0/7"),
        ("192.168.1.1/24", "192.168.1.0/24"),
        ("2001:db8::1/32", "2001:db8::/32"),
        ("2001:db8::1/127", "2001:db8::/127"),
        ("::ffff:10.0.0.1/104", "10.0.0.0/8"),
    ] {
        assert_eq!(
            warnings(block),
            [ProxyWarning::HostBitsSet {
                block: block.to_owned(),
                network: network.to_owned()
            }],
            "{block}"
        );
    }
    for every in ["0.0.0.0/0", "::/0", "10.0.0.0/0", "::ffff:0.0.0.0/96"] {
        assert_eq!(
            warnings(every),
            [ProxyWarning::EveryAddress {
                block: every.to_owned()
            }],
            "{every}"
        );
    }
    let message = warnings("10.0.0.1/8")[0].to_string();
    assert!(message.contains("10.0.0.0/8"), "{message}");
    // An origin with a prefix only Forwarded is to name.
    let prefixed = proxies().headers(ProxyHeaders::Forwarded).warnings();
    assert_eq!(
        prefixed,
        [ProxyWarning::PrefixNeverForwarded {
            origin: "https://agents.example.com/billing".to_owned()
        }]
    );
    for family in [ProxyHeaders::XForwarded, ProxyHeaders::Both] {
        assert_eq!(proxies().headers(family).warnings(), []);
    }
}

#[test]
fn ipv4_mapped_blocks_are_their_ipv4_blocks() {
    let mapped = Cidr::parse("::ffff:10.0.0.0/104").unwrap();
    assert_eq!(mapped, Cidr::parse("10.0.0.0/8").unwrap());
    assert!(mapped.contains("10.255.0.1".parse().unwrap()));
    assert!(!mapped.contains("11.0.0.0".parse().unwrap()));
    assert_eq!(
        Cidr::parse("::ffff:10.0.0.1").unwrap(),
        Cidr::parse("10.0.0.1/32").unwrap()
    );
    for bad in [
        "::ffff:10.0.0.0/95",
        "::ffff:10.0.0.0/8",
        "::ffff:10.0.0.0/129",
    ] {
        assert!(Cidr::parse(bad).is_none(), "{bad}");
    }
    let v6 = Cidr::parse("::/0").unwrap();
    assert!(!v6.contains("10.0.0.1".parse().unwrap()), "no IPv4 peer");
    // Each IPv6 block length against an IPv4 peer and the other way round: never held.
    for bits in 0..=128 {
        let v6 = Cidr::parse(&format!("::/{bits}")).unwrap();
        assert!(!v6.contains("0.0.0.0".parse().unwrap()), "::/{bits}");
    }
    for bits in 0..=32 {
        let v4 = Cidr::parse(&format!("0.0.0.0/{bits}")).unwrap();
        assert!(!v4.contains("::".parse().unwrap()), "0.0.0.0/{bits}");
    }
}
