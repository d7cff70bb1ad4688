//! Links that open the app on a scene (DESIGN.md, "Browser"):
//! - `?scene=NAME&mode=sat|gjk|manifold|simulate&step=K`: a built-in scene, by file name without `.ron`;
//! - `#s=DATA&mode=…&step=…`: a whole scene, DATA being its RON text compressed with raw
//!   DEFLATE (RFC 1951, no zlib header) and base64url-encoded without padding (RFC 4648 §5).
//!
//! Reading and making links is plain text work, the same natively and in the browser; only
//! where the page's address comes from and where a made link goes differ (see [`super::web`]).

use super::draw::colors::{Palette, Theme};
use super::modes::ModeKind;

/// What a link asks the app to open.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkRequest {
    /// The scene: a built-in one by name, or a whole scene's RON text.
    pub scene: LinkScene,
    /// The mode to open in (the scene's own when absent).
    pub mode: Option<ModeKind>,
    /// The step to open at (the scene's own when absent; clamped to the last).
    pub step: Option<usize>,
    /// The tour's stop to open at (`&stop=K`, 0 the first; clamped to the last).
    pub stop: Option<usize>,
    /// The presenter's notes shown (`&presenter=1`).
    pub presenter: bool,
}

/// The scene a link names.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkScene {
    /// A built-in scene's file name, without `.ron`.
    Builtin(String),
    /// A whole scene's RON text.
    Text(String),
}

/// The largest scene text a link may unpack to: far more than any scene, and small enough that
/// a hostile link cannot make the page allocate without bound.
pub const MAX_LINK_SCENE_BYTES: usize = 1 << 20;

/// The most characters of a link's value that a message repeats: a value is echoed so the
/// reader can find it, and a hostile link's megabytes would only bury the message.
pub const SHOWN_CHARS: usize = 40;

/// `value` as a message shows it: whole when short, else its first [`SHOWN_CHARS`]
/// characters, `…` and how long it was.
pub fn shown(value: &str) -> String {
    let mut chars = value.char_indices();
    match chars.nth(SHOWN_CHARS) {
        None => value.to_string(),
        Some((end, _)) => format!("{}… ({} characters)", &value[..end], value.chars().count()),
    }
}

/// Reads a page address's query (`?…`, or empty) and fragment (`#…`, or empty). `Ok(None)`
/// when neither names a scene; an error says in plain words what is wrong with the link.
/// A link carries one scene: a second `s=` (or `scene=`) is refused before anything is
/// unpacked, and the values a message repeats are cut short ([`shown`]).
pub fn parse(query: &str, fragment: &str) -> Result<Option<LinkRequest>, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let query = query.strip_prefix('?').unwrap_or(query);
    // A whole scene in the fragment wins over a name in the query.
    let (pairs, from) = if fields(fragment).any(|(k, _)| k == "s") {
        (fields(fragment).collect::<Vec<_>>(), "#s=")
    } else if fields(query).any(|(k, _)| k == "scene") {
        (fields(query).collect::<Vec<_>>(), "?scene=")
    } else {
        return Ok(None);
    };
    let key = if from == "#s=" { "s" } else { "scene" };
    let copies = pairs.iter().filter(|(k, _)| *k == key).count();
    if copies > 1 {
        return Err(format!(
            "the link has {copies} scenes ({from} {copies} times): a link carries one"
        ));
    }
    let mut scene = None;
    let mut mode = None;
    let mut step = None;
    let mut stop = None;
    let mut presenter = false;
    for (key, value) in pairs {
        match key {
            "s" if from == "#s=" => scene = Some(LinkScene::Text(unpack(value)?)),
            "scene" if from == "?scene=" => {
                let name = percent_decode(value, "scene name")?;
                let name = name.strip_suffix(".ron").unwrap_or(&name).to_string();
                scene = Some(LinkScene::Builtin(name));
            }
            "mode" => {
                mode = Some(ModeKind::from_name(value).ok_or_else(|| {
                    format!(
                        "the link's mode '{}' is not sat, gjk, manifold or simulate",
                        shown(value)
                    )
                })?)
            }
            "step" => {
                step = Some(value.parse::<usize>().map_err(|_| {
                    format!(
                        "the link's step '{}' is not a whole number of 0 or more",
                        shown(value)
                    )
                })?)
            }
            "stop" => {
                stop = Some(value.parse::<usize>().map_err(|_| {
                    format!(
                        "the link's stop '{}' is not a whole number of 0 or more",
                        shown(value)
                    )
                })?)
            }
            "presenter" => presenter = value == "1" || value == "true",
            // Other fields (a tracker's, say) are not ours: left alone.
            _ => {}
        }
    }
    let scene = scene.ok_or_else(|| format!("the link's {from} is empty"))?;
    Ok(Some(LinkRequest {
        scene,
        mode,
        step,
        stop,
        presenter,
    }))
}

/// The name a scene opened from a `#s=` link goes by (its save dialog offers it); the status
/// line calls it "linked scene".
pub const LINKED_SCENE: &str = "linked_scene.ron";

/// How a page asks to be shown, besides its scene: `embed=1` (the canvas alone with a slim
/// bar, for another page's iframe), `theme=dark|light`, `palette=standard|cvd`; read from the
/// query and the fragment alike.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PageLook {
    /// Shown as a figure in another page.
    pub embed: bool,
    /// The theme asked for.
    pub theme: Option<Theme>,
    /// The palette asked for.
    pub palette: Option<Palette>,
}

/// Reads [`PageLook`] from a page address's query and fragment; an error names the field and
/// value that are not understood.
pub fn page_look(query: &str, fragment: &str) -> Result<PageLook, String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut look = PageLook::default();
    for (key, value) in fields(query).chain(fields(fragment)) {
        match key {
            "embed" => {
                look.embed = match value {
                    "1" | "true" | "" => true,
                    "0" | "false" => false,
                    _ => {
                        return Err(format!("the link's embed '{}' is not 1 or 0", shown(value)));
                    }
                }
            }
            "theme" => {
                look.theme = Some(Theme::from_name(value).ok_or_else(|| {
                    format!("the link's theme '{}' is not dark or light", shown(value))
                })?)
            }
            "palette" => {
                look.palette = Some(Palette::from_name(value).ok_or_else(|| {
                    format!(
                        "the link's palette '{}' is not standard or cvd",
                        shown(value)
                    )
                })?)
            }
            _ => {}
        }
    }
    Ok(look)
}

/// The `<iframe>` that shows `link` (a whole link to the app) as a figure in another page:
/// `&embed=1` added, the address's `&`, `"`, `<` and `>` written as HTML entities; loaded
/// lazily (a page of many figures starts only those near the screen); `locks` are the fields
/// of a lecturer's locks (`&lock=b&text=1`, as `Locks::to_query` writes them).
pub fn embed_code(link: &str, width: u32, height: u32, locks: &str) -> String {
    let src = format!("{link}&embed=1{locks}")
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<iframe src=\"{src}\" width=\"{width}\" height=\"{height}\" \
         title=\"Narrowphase Lab figure\" loading=\"lazy\" style=\"border: 0\"></iframe>"
    )
}

/// The fragment (without `#`) of a link that carries a whole scene, its mode and its step.
pub fn make(ron: &str, mode: ModeKind, step: usize) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(ron.as_bytes(), 9);
    format!(
        "s={}&mode={}&step={step}",
        base64url_encode(&packed),
        mode.name()
    )
}

/// The `key=value` pairs of a query or fragment, in order (a field without `=` has an empty
/// value).
fn fields(s: &str) -> impl Iterator<Item = (&str, &str)> {
    s.split('&')
        .filter(|f| !f.is_empty())
        .map(|f| f.split_once('=').unwrap_or((f, "")))
}

/// DATA of `#s=DATA` back to the scene's text.
fn unpack(data: &str) -> Result<String, String> {
    if data.is_empty() {
        return Err("the link's #s= is empty".into());
    }
    let packed = base64url_decode(data)
        .map_err(|e| format!("the link's scene is damaged or cut short: {e}"))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_LINK_SCENE_BYTES)
        .map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => format!(
            "the link's scene unpacks to more than {} bytes",
            MAX_LINK_SCENE_BYTES
        ),
        _ => "the link's scene is damaged or cut short (it does not unpack)".into(),
    })?;
    String::from_utf8(bytes).map_err(|_| "the link's scene is not text (UTF-8)".into())
}

/// base64url (RFC 4648 §5) without padding: the `base64` crate's URL-safe engine.
pub fn base64url_encode(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The decoder: the URL-safe alphabet, padding allowed or not, and unused bits in the last
/// character ignored (a link hand-copied from another encoder still opens).
const TOLERANT: base64::engine::GeneralPurpose = base64::engine::GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    base64::engine::GeneralPurposeConfig::new()
        .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

/// Decodes base64url, and the standard alphabet too (`+` `/`), with or without `=` padding.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, String> {
    use base64::Engine;
    // The standard alphabet's two characters, as the URL-safe ones: one decoder for both.
    let text: String = text
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    TOLERANT.decode(text.as_bytes()).map_err(|e| match e {
        base64::DecodeError::InvalidByte(i, c) => {
            format!("character {} ('{}') is not base64", i + 1, c.escape_ascii())
        }
        base64::DecodeError::InvalidPadding => "its padding ('=') is misplaced".into(),
        _ => "its length is not that of base64 text".into(),
    })
}

/// `%XX` escapes and `+` (a space, in a query) decoded; an error names the link's `field`.
pub fn percent_decode(s: &str, field: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| {
                        format!("the link's {field} '{}' has a broken % escape", shown(s))
                    })?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| format!("the link's {field} '{}' is not text", shown(s)))
}

/// Who may speak with a figure through `postMessage` (`&host=`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HostOrigin {
    /// Pages of the figure's own origin only (the default).
    #[default]
    Own,
    /// Any page (`host=*`).
    Any,
    /// Pages of this one origin (`host=https://example.org`): scheme, host and port as the
    /// browser writes an origin (lower case, no default port, no path).
    Only(String),
}

impl HostOrigin {
    /// Whether a message from `origin` is taken; `own` says whether `origin` is the figure's.
    pub fn accepts(&self, origin: &str, own: bool) -> bool {
        match self {
            HostOrigin::Own => own,
            HostOrigin::Any => true,
            HostOrigin::Only(o) => o == origin,
        }
    }

    /// The target origin of the figure's events, as `postMessage` takes it (`/`: the figure's
    /// own origin).
    pub fn target(&self) -> &str {
        match self {
            HostOrigin::Own => "/",
            HostOrigin::Any => "*",
            HostOrigin::Only(o) => o,
        }
    }
}

/// Reads `host=`'s value: `*`, `same`, or an origin (`http` or `https`, a host name, and a
/// port); a `%`-escaped value is read unescaped. An error names the field and the value.
pub fn host_origin(value: &str) -> Result<HostOrigin, String> {
    let bad = |why: &str| {
        format!(
            "the link's host '{}' is not * or an origin like https://example.org: {why}",
            shown(value)
        )
    };
    let text = percent_decode(value, "host")?;
    match text.as_str() {
        "*" => return Ok(HostOrigin::Any),
        "" | "same" => return Ok(HostOrigin::Own),
        _ => {}
    }
    let lower = text.to_ascii_lowercase();
    let (scheme, rest) = lower
        .split_once("://")
        .ok_or_else(|| bad("it has no scheme"))?;
    let default_port = match scheme {
        "https" => ":443",
        "http" => ":80",
        _ => return Err(bad("its scheme is not http or https")),
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let rest = rest.strip_suffix(default_port).unwrap_or(rest);
    // An IPv6 host is bracketed: its port follows the `]`.
    let split = match rest.rfind(']') {
        Some(end) => rest[end + 1..]
            .strip_prefix(':')
            .map(|p| (&rest[..=end], p)),
        None => rest.rsplit_once(':'),
    };
    let (name, port) = split.map_or((rest, None), |(n, p)| (n, Some(p)));
    let name_ok = !name.is_empty()
        && (name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
            || (name.starts_with('[')
                && name.ends_with(']')
                && name[1..name.len() - 1]
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')));
    if !name_ok {
        return Err(bad("it has a path, a user or a character no host name has"));
    }
    if port.is_some_and(|p| p.parse::<u16>().map_or(true, |p| p == 0)) {
        return Err(bad("its port is not a number from 1 to 65535"));
    }
    Ok(HostOrigin::Only(format!("{scheme}://{rest}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 39, item 6: a link with many `s=` is refused before any is unpacked (1,200 copies
    /// took the first frame to 20 s), as is a repeated `scene=`; a long bad value is echoed cut
    /// to a few dozen characters (a 1.9 MB mode was echoed whole in the banner).
    #[test]
    fn one_scene_per_link_and_values_cut_short_in_messages() {
        let (_, text) = crate::scene::BUILTIN[0];
        let one = make(text, ModeKind::Sat, 0);
        let data = one.strip_prefix("s=").unwrap().split('&').next().unwrap();
        let many = format!("#{}", vec![format!("s={data}"); 1200].join("&"));
        let e = parse("", &many).unwrap_err();
        assert!(e.contains("1200 scenes") && e.len() < 120, "{e}");
        let e = parse("?scene=01_resting_box&scene=02_tilted_box", "").unwrap_err();
        assert!(e.contains("2 scenes"), "{e}");
        assert!(parse("", &format!("#{one}")).is_ok());
        let huge = "x".repeat(2_000_000);
        for e in [
            parse(&format!("?scene=01_resting_box&mode={huge}"), "").unwrap_err(),
            parse(&format!("?scene=01_resting_box&step={huge}"), "").unwrap_err(),
            parse(&format!("?scene=%zz{huge}"), "").unwrap_err(),
            page_look(&format!("?theme={huge}"), "").unwrap_err(),
            page_look(&format!("?palette={huge}"), "").unwrap_err(),
            page_look("", &format!("#embed={huge}")).unwrap_err(),
        ] {
            assert!(e.len() < 160, "{} characters: {}", e.len(), shown(&e));
            assert!(
                e.contains("xxxx… (2000003 characters)") || e.contains("(2000000 characters)"),
                "{e}"
            );
        }
        assert_eq!(shown("short"), "short");
        assert_eq!(
            shown(&"é".repeat(41)),
            format!("{}… (41 characters)", "é".repeat(40))
        );
    }

    #[test]
    fn base64url_matches_rfc_4648_test_vectors() {
        // RFC 4648 §10, without padding.
        let vectors = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in vectors {
            assert_eq!(base64url_encode(plain.as_bytes()), coded);
            assert_eq!(base64url_decode(coded).unwrap(), plain.as_bytes());
            // Padded, as the standard alphabet's encoders write it.
            let padded = format!("{coded}{}", "=".repeat((4 - coded.len() % 4) % 4));
            assert_eq!(base64url_decode(&padded).unwrap(), plain.as_bytes());
        }
        // The two characters where the url alphabet differs: 0xfb 0xff → "-_8".
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("-_8").unwrap(), vec![0xfb, 0xff]);
        assert_eq!(base64url_decode("+/8").unwrap(), vec![0xfb, 0xff]);
        assert!(
            base64url_decode("Zm9v!A")
                .unwrap_err()
                .contains("character 5")
        );
        assert!(base64url_decode("Zm9vY").is_err());
        // Unused bits in the last character (another encoder's, or a hand edit) are ignored,
        // as the hand-written decoder did: "Zh" is "f" with a stray low bit.
        assert_eq!(base64url_decode("Zh").unwrap(), b"f");
        // Standard base64 with padding and both special characters (a browser's screenshot).
        assert_eq!(base64url_decode("+/+/").unwrap(), vec![0xfb, 0xff, 0xbf]);
    }

    #[test]
    fn the_page_look_comes_from_the_query_or_the_fragment() {
        let look = page_look("?scene=02_tilted_box&mode=sat&embed=1&theme=light", "").unwrap();
        assert!(look.embed);
        assert_eq!(look.theme, Some(Theme::Light));
        assert_eq!(look.palette, None);
        let look = page_look("", "#s=abc&mode=sat&step=0&embed=1&palette=cvd").unwrap();
        assert!(look.embed);
        assert_eq!(look.palette, Some(Palette::Cvd));
        assert_eq!(page_look("?scene=x", "").unwrap(), PageLook::default());
        let e = page_look("?theme=sepia", "").unwrap_err();
        assert!(e.contains("theme 'sepia'"), "{e}");
        let e = page_look("", "#embed=yes").unwrap_err();
        assert!(e.contains("embed 'yes'"), "{e}");
        // The scene's own fields are not the look's, and the look's are not the scene's.
        let got = parse("?scene=07_circles&embed=1&theme=light", "")
            .unwrap()
            .unwrap();
        assert_eq!(got.scene, LinkScene::Builtin("07_circles".into()));
    }

    #[test]
    fn embed_code_is_an_iframe_of_the_link_with_embed_on() {
        let code = embed_code(
            "https://x.org/np/index.html#s=AbC-_&mode=sat&step=2",
            640,
            400,
            "",
        );
        assert_eq!(
            code,
            "<iframe src=\"https://x.org/np/index.html#s=AbC-_&amp;mode=sat&amp;step=2&amp;embed=1\" \
             width=\"640\" height=\"400\" title=\"Narrowphase Lab figure\" loading=\"lazy\" \
             style=\"border: 0\"></iframe>"
        );
        // The iframe's address reads back as the same scene, now embedded.
        let src = code.split('"').nth(1).unwrap().replace("&amp;", "&");
        let fragment = src.split_once('#').unwrap().1;
        assert!(page_look("", fragment).unwrap().embed);
        // With locks: they follow `embed=1` and read back as set.
        let locks = super::super::locks::Locks {
            locked: [false, true],
            text: true,
            zoom: Some(55.0),
            ..Default::default()
        };
        let code = embed_code(
            "https://x.org/np/index.html#s=AbC-_&mode=sat",
            640,
            400,
            &locks.to_query(),
        );
        let src = code.split('"').nth(1).unwrap().replace("&amp;", "&");
        assert!(src.ends_with("&embed=1&lock=b&text=1&zoom=55"), "{src}");
        let fragment = src.split_once('#').unwrap().1;
        assert_eq!(super::super::locks::parse("", fragment).unwrap(), locks);
    }

    #[test]
    fn a_made_link_reads_back_to_the_same_scene_mode_and_step() {
        let (_, text) = crate::scene::BUILTIN[10];
        let fragment = make(text, ModeKind::Gjk, 3);
        let got = parse("", &format!("#{fragment}")).unwrap().unwrap();
        assert_eq!(got.scene, LinkScene::Text(text.to_string()));
        assert_eq!(got.mode, Some(ModeKind::Gjk));
        assert_eq!(got.step, Some(3));
        // Only URL-safe characters, no padding.
        assert!(
            fragment
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"-_=&".contains(&c)),
            "{fragment}"
        );
        // Compressed: shorter than the text it carries.
        assert!(
            fragment.len() < text.len(),
            "{} ≥ {}",
            fragment.len(),
            text.len()
        );
    }

    #[test]
    fn raw_deflate_from_another_encoder_unpacks() {
        // `zlib.compress(b"Scene(title: \"x\")", wbits=-15)` from Python's zlib, base64url:
        // raw DEFLATE with no zlib header, as DESIGN.md specifies.
        let got = parse("", "#s=C05OzUvVKMksyUm1UlCqUNIEAA").unwrap().unwrap();
        assert_eq!(got.scene, LinkScene::Text("Scene(title: \"x\")".into()));
        assert_eq!((got.mode, got.step), (None, None));
    }

    #[test]
    fn a_query_names_a_builtin_scene_mode_and_step() {
        let got = parse("?scene=11_crossing_capsules&mode=gjk&step=2", "")
            .unwrap()
            .unwrap();
        assert_eq!(got.scene, LinkScene::Builtin("11_crossing_capsules".into()));
        assert_eq!(got.mode, Some(ModeKind::Gjk));
        assert_eq!(got.step, Some(2));
        let got = parse("scene=07%5Fcircles.ron", "").unwrap().unwrap();
        assert_eq!(got.scene, LinkScene::Builtin("07_circles".into()));
        assert_eq!(parse("", "").unwrap(), None);
        assert_eq!(parse("?utm=x", "#top").unwrap(), None);
    }

    #[test]
    fn broken_links_are_errors_in_plain_words() {
        let (_, text) = crate::scene::BUILTIN[0];
        let good = make(text, ModeKind::Sat, 0);
        let data = good
            .strip_prefix("s=")
            .and_then(|r| r.split('&').next())
            .unwrap();
        // Cut short, as a mail program folding a long line does.
        let cut = &data[..data.len() / 2];
        let e = parse("", &format!("#s={cut}")).unwrap_err();
        assert!(e.contains("cut short"), "{e}");
        let e = parse("", "#s=%%%").unwrap_err();
        assert!(e.contains("not base64"), "{e}");
        let e = parse("", "#s=").unwrap_err();
        assert!(e.contains("empty"), "{e}");
        let e = parse("?scene=01_resting_box&mode=fast", "").unwrap_err();
        assert!(e.contains("mode 'fast'"), "{e}");
        let e = parse("?scene=01_resting_box&step=-1", "").unwrap_err();
        assert!(e.contains("step '-1'"), "{e}");
        // A tiny link that would unpack to gigabytes is refused, not unpacked.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 4 * MAX_LINK_SCENE_BYTES], 9);
        let e = parse("", &format!("#s={}", base64url_encode(&bomb))).unwrap_err();
        assert!(e.contains("more than"), "{e}");
    }
}
