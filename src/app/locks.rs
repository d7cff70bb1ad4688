//! A lecturer's locks for a figure in a course page (`&embed=1`), read from the page's address:
//!
//! - `keys=modes,steps,edit,options` (or `all`, `none`): the groups of keys the figure obeys.
//!   The default is `modes,steps`: `1`–`5` (the offered modes), and Space, the arrows, Home
//!   and End. `edit` adds F (frame), V (vertex edit) and Ctrl+Z / Ctrl+Y; `options` H and J
//!   (hysteresis, jitter). An embed never obeys PageUp/PageDown (another scene), Q (the
//!   quiz), Ctrl+O/S/L (files, links), Ctrl +/− (the scale) or the F-keys, whatever `keys`
//!   says: each opens something larger than the figure or leaves it.
//! - `modes=sat,gjk`: the modes the figure offers (its bar and its keys); the first is shown
//!   when the link's mode is not among them.
//! - `lock=a,b`: bodies that cannot be moved, turned or edited (they take no touches either).
//! - `text=1`: the step's words under the canvas.
//! - `autoplay=1`: Simulate plays from the start (a figure draws only while visible).
//! - `host=*` or `host=https://example.org`: who may speak with the figure through
//!   `postMessage` (its commands taken, its events sent; see [`super::run::host`]). By default only
//!   a page of the figure's own origin.
//!
//! Plain data and pure functions, so every rule is tested without a window.

use super::command::Command;
pub use super::link::HostOrigin;
use crate::scene::Mode as ModeKind;
use crate::scene::questions::Which;

/// The groups of keys a figure obeys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyGroups {
    /// `1`–`5`: the offered modes.
    pub modes: bool,
    /// Space, Left, Right, Home, End.
    pub steps: bool,
    /// F, V, Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z.
    pub edit: bool,
    /// H and J.
    pub options: bool,
}

impl KeyGroups {
    /// An embed's default: the mode keys and the steps.
    pub const DEFAULT: KeyGroups = KeyGroups {
        modes: true,
        steps: true,
        edit: false,
        options: false,
    };
}

/// A figure's locks, as its page's address sets them.
#[derive(Clone, Debug, PartialEq)]
pub struct Locks {
    /// The keys it obeys.
    pub keys: KeyGroups,
    /// The modes it offers (None: all).
    pub modes: Option<Vec<ModeKind>>,
    /// A's and B's lock: a locked body is not moved, turned or edited by a gesture.
    pub locked: [bool; 2],
    /// The step's words shown under the canvas.
    pub text: bool,
    /// Simulate plays from the start.
    pub autoplay: bool,
    /// The world view's zoom (pixels per unit) whenever the figure frames its picture.
    pub zoom: Option<f32>,
    /// Whose messages the figure takes and where it sends its events.
    pub host: HostOrigin,
}

impl Default for Locks {
    fn default() -> Self {
        Locks {
            keys: KeyGroups::DEFAULT,
            modes: None,
            locked: [false, false],
            text: false,
            autoplay: false,
            zoom: None,
            host: HostOrigin::Own,
        }
    }
}

/// Reads the locks from a page address's query and fragment (`?…`, `#…`, either may be
/// empty); an error names the field and the value that are not understood.
pub fn parse(query: &str, fragment: &str) -> Result<Locks, String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let fields = query
        .split('&')
        .chain(fragment.split('&'))
        .filter(|f| !f.is_empty())
        .map(|f| f.split_once('=').unwrap_or((f, "")));
    let mut locks = Locks::default();
    let flag = |key: &str, value: &str| match value {
        "1" | "true" | "" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!(
            "the link's {key} '{}' is not 1 or 0",
            super::link::shown(value)
        )),
    };
    for (key, value) in fields {
        match key {
            "keys" => locks.keys = key_groups(value)?,
            "modes" => {
                let modes = value
                    .split(',')
                    .filter(|m| !m.is_empty())
                    .map(|m| {
                        ModeKind::from_name(m).ok_or_else(|| {
                            format!(
                                "the link's modes name '{}', not sat, gjk, manifold or simulate",
                                super::link::shown(m)
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if modes.is_empty() {
                    return Err("the link's modes list no mode".to_string());
                }
                locks.modes = Some(modes);
            }
            "lock" => {
                locks.locked = [false, false];
                for body in value.split(',').filter(|b| !b.is_empty()) {
                    match body {
                        "a" | "A" => locks.locked[0] = true,
                        "b" | "B" => locks.locked[1] = true,
                        _ => {
                            return Err(format!(
                                "the link's lock '{}' is not a, b or a,b",
                                super::link::shown(body)
                            ));
                        }
                    }
                }
            }
            "text" => locks.text = flag(key, value)?,
            "autoplay" => locks.autoplay = flag(key, value)?,
            "zoom" => {
                use crate::geom::limits::{MAX_ZOOM, MIN_ZOOM};
                let zoom = value
                    .parse::<f32>()
                    .ok()
                    .filter(|z| (MIN_ZOOM..=MAX_ZOOM).contains(z));
                locks.zoom = Some(zoom.ok_or_else(|| {
                    format!(
                        "the link's zoom '{}' is not a number of pixels per unit from {MIN_ZOOM} to \
                         {MAX_ZOOM}",
                        super::link::shown(value)
                    )
                })?);
            }
            "host" => locks.host = super::link::host_origin(value)?,
            _ => {}
        }
    }
    Ok(locks)
}

fn key_groups(value: &str) -> Result<KeyGroups, String> {
    let mut g = KeyGroups {
        modes: false,
        steps: false,
        edit: false,
        options: false,
    };
    for name in value.split(',').filter(|n| !n.is_empty()) {
        match name {
            "all" => {
                g = KeyGroups {
                    modes: true,
                    steps: true,
                    edit: true,
                    options: true,
                }
            }
            "none" => {}
            "modes" => g.modes = true,
            "steps" => g.steps = true,
            "edit" => g.edit = true,
            "options" => g.options = true,
            _ => {
                return Err(format!(
                    "the link's keys name '{}', not modes, steps, edit, options, all or none",
                    super::link::shown(name)
                ));
            }
        }
    }
    Ok(g)
}

impl Locks {
    /// The fields of a figure's link that set these locks (`&lock=a&text=1…`, each starting
    /// with `&`), the defaults left out: what [`parse`] reads back.
    pub fn to_query(&self) -> String {
        let mut q = String::new();
        if self.keys != KeyGroups::DEFAULT {
            let g = self.keys;
            let names: Vec<&str> = [
                (g.modes, "modes"),
                (g.steps, "steps"),
                (g.edit, "edit"),
                (g.options, "options"),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
            let names = if names.is_empty() {
                "none".to_string()
            } else {
                names.join(",")
            };
            q += &format!("&keys={names}");
        }
        if let Some(m) = &self.modes {
            let names: Vec<&str> = m.iter().map(|k| k.name()).collect();
            q += &format!("&modes={}", names.join(","));
        }
        match self.locked {
            [true, true] => q += "&lock=a,b",
            [true, false] => q += "&lock=a",
            [false, true] => q += "&lock=b",
            [false, false] => {}
        }
        if self.text {
            q += "&text=1";
        }
        if self.autoplay {
            q += "&autoplay=1";
        }
        if let Some(z) = self.zoom {
            q += &format!("&zoom={z}");
        }
        match &self.host {
            HostOrigin::Own => {}
            HostOrigin::Any => q += "&host=*",
            HostOrigin::Only(o) => q += &format!("&host={o}"),
        }
        q
    }

    /// Whether the figure offers `mode` (its bar lists it, its key shows it).
    pub fn offers(&self, mode: ModeKind) -> bool {
        self.modes.as_ref().is_none_or(|m| m.contains(&mode))
    }

    /// The mode to show for a link that asks for `mode`: it, or the first offered one.
    pub fn mode_for(&self, mode: ModeKind) -> ModeKind {
        match &self.modes {
            Some(m) if !m.contains(&mode) => m.first().copied().unwrap_or(mode),
            _ => mode,
        }
    }

    /// Whether the figure obeys the command a key asked for ([`super::command::key_command`]).
    pub fn obeys_key(&self, command: &Command) -> bool {
        let k = self.keys;
        match command {
            Command::SetMode(mode) => k.modes && self.offers(*mode),
            // A tour's next and previous stop go with the steps (PageDown/PageUp, which may
            // leave the scene, do not).
            Command::Step(_) | Command::PlayPause | Command::Tour(_) => k.steps,
            Command::FrameBodies | Command::ToggleVertexEdit | Command::Undo | Command::Redo => {
                k.edit
            }
            Command::ToggleHysteresis | Command::ToggleJitter => k.options,
            // Escape closes what is open (nothing a figure opens by key): harmless.
            Command::CloseDialogs => true,
            // Never in a figure: another scene, the quiz, files, links, the scale, the
            // F-keys, quitting.
            _ => false,
        }
    }

    /// Whether a key event reaches a figure: a key press whose command it does not obey is
    /// dropped (other events, and keys without a command, pass).
    pub fn keeps(&self, event: &egui::Event) -> bool {
        match event {
            egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } => super::command::key_command(*key, *modifiers).is_none_or(|c| self.obeys_key(&c)),
            _ => true,
        }
    }

    /// Whether a gesture's command may be carried out: none moves, turns or edits a locked
    /// body.
    pub fn allows_gesture(&self, command: &Command) -> bool {
        let locked = |w: &Which| self.locked[w.index()];
        match command {
            Command::SetPose(w, _) | Command::MoveVertex(w, ..) => !locked(w),
            Command::SetMotion(_) => !locked(&Which::B),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::command::{Pose, StepTo, key_command};
    use egui::{Key, Modifiers};

    fn key(k: Key) -> Command {
        key_command(k, Modifiers::NONE).expect("a key with a command")
    }

    fn ctrl(k: Key) -> Command {
        key_command(k, Modifiers::CTRL).expect("a chord with a command")
    }

    #[test]
    fn every_lock_written_reads_back() {
        let some = [
            Locks::default(),
            Locks {
                keys: KeyGroups {
                    modes: false,
                    steps: false,
                    edit: false,
                    options: false,
                },
                ..Locks::default()
            },
            Locks {
                keys: KeyGroups {
                    modes: true,
                    steps: true,
                    edit: true,
                    options: false,
                },
                modes: Some(vec![ModeKind::Gjk, ModeKind::Sat]),
                locked: [true, true],
                text: true,
                autoplay: true,
                zoom: Some(12.25),
                host: HostOrigin::Only("https://example.org:8443".into()),
            },
            Locks {
                locked: [true, false],
                host: HostOrigin::Any,
                ..Locks::default()
            },
        ];
        for l in some {
            let q = l.to_query();
            assert_eq!(parse(&format!("?embed=1{q}"), "").unwrap(), l, "{q}");
        }
        assert_eq!(
            Locks::default().to_query(),
            "",
            "the defaults write nothing"
        );
    }

    #[test]
    fn a_zoom_is_read_in_range_or_refused_by_name() {
        assert_eq!(parse("?embed=1&zoom=42.5", "").unwrap().zoom, Some(42.5));
        assert_eq!(parse("", "#s=x&zoom=200").unwrap().zoom, Some(200.0));
        assert_eq!(parse("?embed=1", "").unwrap().zoom, None);
        for bad in ["0", "-3", "NaN", "inf", "1e30", "big", ""] {
            let e = parse(&format!("?zoom={bad}"), "").unwrap_err();
            assert!(
                e.contains("zoom") && e.contains("pixels per unit"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn a_zoom_lock_holds_when_the_figure_frames_its_picture() {
        use crate::app::views::Views;
        let mut v = Views {
            zoom_lock: Some(37.0),
            ..Views::default()
        };
        v.apply_scene_view(None);
        // An empty dry frame: nothing for the fit to move; the lock still sets the zoom.
        v.fit_views(|_| Default::default());
        assert_eq!(v.cam.zoom, 37.0, "framed: the lock's zoom");
        v.cam.zoom = 90.0;
        v.keep_in_view();
        v.fit_views(|_| Default::default());
        assert_eq!(v.cam.zoom, 90.0, "a step keeps the student's own zoom");
    }

    #[test]
    fn an_embed_obeys_mode_and_step_keys_by_default() {
        let l = Locks::default();
        for k in [
            Key::Num1,
            Key::Num2,
            Key::Num4,
            Key::Space,
            Key::ArrowLeft,
            Key::ArrowRight,
        ] {
            assert!(l.obeys_key(&key(k)), "{k:?}");
        }
        assert!(l.obeys_key(&Command::Step(StepTo::First)));
        assert!(l.obeys_key(&key(Key::End)));
        assert!(
            l.obeys_key(&key(Key::N)) && l.obeys_key(&key(Key::P)),
            "a tour's stops"
        );
        for k in [Key::F, Key::V, Key::H, Key::J] {
            assert!(!l.obeys_key(&key(k)), "{k:?} is not a default key");
        }
    }

    #[test]
    fn an_embed_never_obeys_scene_quiz_file_link_scale_or_function_keys() {
        let all = parse("?keys=all", "").unwrap();
        for c in [
            key(Key::PageDown),
            key(Key::PageUp),
            key(Key::Q),
            key(Key::F1),
            key(Key::F11),
            key(Key::F12),
            key(Key::Enter),
            ctrl(Key::O),
            ctrl(Key::S),
            ctrl(Key::L),
            key_command(Key::L, Modifiers::CTRL | Modifiers::SHIFT).unwrap(),
            ctrl(Key::Q),
            ctrl(Key::Plus),
            ctrl(Key::Minus),
        ] {
            assert!(!all.obeys_key(&c), "{c:?} even with keys=all");
            assert!(!Locks::default().obeys_key(&c), "{c:?}");
        }
        assert!(all.obeys_key(&key(Key::F)) && all.obeys_key(&ctrl(Key::Z)));
        assert!(all.obeys_key(&key(Key::H)));
    }

    #[test]
    fn a_key_event_a_figure_does_not_obey_is_dropped() {
        let press = |key, modifiers| egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        };
        let l = Locks::default();
        assert!(l.keeps(&press(Key::ArrowRight, Modifiers::NONE)));
        assert!(!l.keeps(&press(Key::PageDown, Modifiers::NONE)));
        assert!(!l.keeps(&press(Key::O, Modifiers::CTRL)));
        assert!(
            l.keeps(&press(Key::Tab, Modifiers::NONE)),
            "no command: passes"
        );
        assert!(l.keeps(&egui::Event::Text("x".into())));
    }

    #[test]
    fn keys_lists_the_groups_a_figure_obeys() {
        let l = parse("", "#s=abc&keys=steps").unwrap();
        assert!(l.obeys_key(&key(Key::ArrowRight)));
        assert!(!l.obeys_key(&key(Key::Num2)), "no mode keys");
        let none = parse("?keys=none", "").unwrap();
        assert!(!none.obeys_key(&key(Key::Space)));
        let edit = parse("?keys=modes,edit", "").unwrap();
        assert!(edit.obeys_key(&key(Key::V)) && edit.obeys_key(&key(Key::Num3)));
        assert!(!edit.obeys_key(&key(Key::Space)));
        let e = parse("?keys=steps,everything", "").unwrap_err();
        assert!(e.contains("'everything'"), "{e}");
    }

    #[test]
    fn modes_limits_the_mode_keys_and_the_mode_shown() {
        let l = parse("?scene=02_tilted_box&modes=sat,gjk", "").unwrap();
        assert_eq!(l.modes, Some(vec![ModeKind::Sat, ModeKind::Gjk]));
        assert!(l.obeys_key(&key(Key::Num2)));
        assert!(
            !l.obeys_key(&key(Key::Num3)),
            "the manifold mode is not offered"
        );
        assert_eq!(l.mode_for(ModeKind::Manifold), ModeKind::Sat);
        assert_eq!(l.mode_for(ModeKind::Gjk), ModeKind::Gjk);
        assert!(
            parse("?modes=sat,teleport", "")
                .unwrap_err()
                .contains("'teleport'")
        );
        assert!(parse("?modes=", "").is_err());
    }

    #[test]
    fn lock_keeps_a_body_where_it_is() {
        let l = parse("?lock=a", "").unwrap();
        assert_eq!(l.locked, [true, false]);
        let pose = Pose {
            position: glam::Vec2::ONE,
            angle_deg: 3.0,
        };
        assert!(!l.allows_gesture(&Command::SetPose(Which::A, pose)));
        assert!(!l.allows_gesture(&Command::MoveVertex(Which::A, 0, glam::Vec2::ZERO)));
        assert!(l.allows_gesture(&Command::SetPose(Which::B, pose)));
        assert!(l.allows_gesture(&Command::BeginGesture));
        assert_eq!(parse("?lock=a,b", "").unwrap().locked, [true, true]);
        assert!(parse("?lock=c", "").unwrap_err().contains("'c'"));
    }

    #[test]
    fn text_and_autoplay_are_read() {
        let l = parse("?text=1", "#autoplay=1").unwrap();
        assert!(l.text && l.autoplay);
        assert!(!Locks::default().text && !Locks::default().autoplay);
        assert!(
            parse("?text=maybe", "")
                .unwrap_err()
                .contains("text 'maybe'")
        );
    }
}
