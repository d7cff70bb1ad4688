//! What the app remembers between runs natively: the theme and the palette chosen with the
//! panel's toggles, kept as two lines of text in the same private state folder as the recovery
//! files ([`super::recovery::state_folder`], made 0700), written as every file we write (new
//! under an unpredictable name, 0600, renamed into place).
//!
//! One rule: a toggle is remembered, a flag is not. `--theme` and `--palette` win over what is
//! remembered for that run only; a toggle writes the one field it changed, read afresh from the
//! file just before ([`remember`]), so neither a flag's value nor another instance's choice of
//! the other field is written over. A state folder that is refused (a link, another user's) is
//! neither read nor written. Anything wrong with the file (a link, not text, an unknown name) is
//! ignored: the app opens in the default look and says why on stderr, in one short line. In
//! the browser nothing is remembered (the link says it).

use super::draw::colors::{Look, Palette, Theme};
use super::link::shown;
use std::path::{Path, PathBuf};

/// Where the look is kept: `look.txt` in the user's private state folder.
pub fn path() -> PathBuf {
    super::recovery::state_folder().join("look.txt")
}

/// The look as the file says it: `theme = light` and `palette = cvd` lines, in any order,
/// each optional (a missing one is the default); `Err` names the line that is not understood.
pub fn parse(text: &str) -> Result<Look, String> {
    let mut look = Look::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| {
                format!(
                    "line {}: expected `key = value`, found `{}`",
                    n + 1,
                    shown(line)
                )
            })?;
        match key {
            "theme" => {
                look.theme = Theme::from_name(value)
                    .ok_or_else(|| format!("line {}: no theme `{}`", n + 1, shown(value)))?
            }
            "palette" => {
                look.palette = Palette::from_name(value)
                    .ok_or_else(|| format!("line {}: no palette `{}`", n + 1, shown(value)))?
            }
            _ => {
                return Err(format!("line {}: unknown setting `{}`", n + 1, shown(key)));
            }
        }
    }
    Ok(look)
}

/// The file's text for `look`.
pub fn text(look: Look) -> String {
    format!(
        "# Narrowphase Lab's look, as last chosen (the panel's toggles, --theme, --palette).\n\
         theme = {}\npalette = {}\n",
        look.theme.name(),
        look.palette.name()
    )
}

/// The remembered look, if there is one that reads (natively; `None` in the browser). A state
/// folder that is refused (a link, another user's) is not read: its `look.txt` is not ours.
pub fn load() -> Option<Look> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let folder = super::recovery::state_folder();
    if let Err(e) = super::recovery::refused_folder(&folder) {
        eprintln!(
            "narrowphase-lab: the remembered look is not read: {e} (the default look is used)"
        );
        return None;
    }
    load_from(&path())
}

/// The look kept in the file `path`, if it reads (a problem is said on stderr).
pub fn load_from(path: &Path) -> Option<Look> {
    match read_look(path) {
        Ok(look) => look,
        Err(e) => {
            eprintln!("narrowphase-lab: {e} (the default look is used)");
            None
        }
    }
}

/// The look kept in the file `path`: `Ok(None)` when there is none; the error names the file
/// (and the line) and says what is wrong, in one short line.
pub fn read_look(path: &Path) -> Result<Option<Look>, String> {
    match super::recovery::read_as(path, "look file")? {
        Some(t) => parse(&t)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display())),
        None => Ok(None),
    }
}

/// Remembers `look` for the next start (natively; nothing in the browser).
pub fn save(look: Look) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    save_to(&super::recovery::state_folder(), look)
}

/// Remembers what a toggle changed between `before` and `after` (natively; nothing in the
/// browser): only the field that changed is written, over the file as it is now.
pub fn remember(before: Look, after: Look) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") || before == after {
        return Ok(());
    }
    remember_in(&super::recovery::state_folder(), before, after)
}

/// [`remember`] in `folder`: the file's look read afresh (the default when there is none or it
/// does not read), the changed field set, and written back.
pub fn remember_in(folder: &Path, before: Look, after: Look) -> Result<(), String> {
    super::recovery::private_folder(folder)?;
    let mut look = match super::recovery::read_as(&folder.join("look.txt"), "look file") {
        Ok(Some(text)) => parse(&text).unwrap_or_default(),
        _ => Look::default(),
    };
    if before.theme != after.theme {
        look.theme = after.theme;
    }
    if before.palette != after.palette {
        look.palette = after.palette;
    }
    save_to(folder, look)
}

/// Writes `look` as `look.txt` in `folder` (made private first, as the state folder is).
pub fn save_to(folder: &Path, look: Look) -> Result<(), String> {
    super::recovery::private_folder(folder)?;
    let path = folder.join("look.txt");
    crate::scene::save::write_file(
        &path,
        text(look).as_bytes(),
        crate::scene::save::Access::Private,
        true,
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_look_reads_back_as_written() {
        for look in Look::all() {
            assert_eq!(parse(&text(look)), Ok(look));
        }
        assert_eq!(parse(""), Ok(Look::default()));
        assert_eq!(
            parse("palette = CVD\n"),
            Ok(Look {
                theme: Theme::Dark,
                palette: Palette::Cvd
            })
        );
    }

    #[test]
    fn a_saved_look_loads_again_from_a_private_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("state");
        let look = Look {
            theme: Theme::Light,
            palette: Palette::Cvd,
        };
        save_to(&folder, look).expect("saved");
        let file = folder.join("look.txt");
        assert_eq!(load_from(&file), Some(look));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "the file is private: {mode:o}");
        }
        // A damaged file is no look (the default is used), and a missing one neither.
        std::fs::write(&file, "theme = sepia\n").unwrap();
        assert_eq!(load_from(&file), None);
        assert_eq!(load_from(&folder.join("missing.txt")), None);
    }

    /// Issue 39, item 8: two instances toggling the look each write the field they changed (the
    /// later write kept the other's choice of the other field as it was when it started), and a
    /// flag's value, never toggled, is not written.
    #[test]
    fn a_toggle_writes_only_the_field_it_changed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("state");
        let dark = Look::default();
        // Both start dark/standard; one toggles the theme, then the other the palette.
        let light = Look {
            theme: Theme::Light,
            ..dark
        };
        let cvd = Look {
            palette: Palette::Cvd,
            ..dark
        };
        remember_in(&folder, dark, light).unwrap();
        remember_in(&folder, dark, cvd).unwrap();
        let file = folder.join("look.txt");
        assert_eq!(
            load_from(&file),
            Some(Look {
                theme: Theme::Light,
                palette: Palette::Cvd
            })
        );
        // Run with `--theme dark` over a remembered light theme, toggle the palette back: the
        // flag's theme is not remembered.
        let flagged = Look {
            theme: Theme::Dark,
            palette: Palette::Cvd,
        };
        let toggled = Look {
            palette: Palette::Standard,
            ..flagged
        };
        remember_in(&folder, flagged, toggled).unwrap();
        assert_eq!(
            load_from(&file),
            Some(Look {
                theme: Theme::Light,
                palette: Palette::Standard
            })
        );
    }

    /// Issue 39, item 8: what is wrong with the look file is said as such (it was called "not a
    /// recovery file").
    #[cfg(unix)]
    #[test]
    fn a_look_file_that_is_a_link_is_said_as_a_look_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let file = dir.path().join("look.txt");
        std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
        let e = read_look(&file).unwrap_err();
        assert!(
            e.contains("not a look file") && !e.contains("recovery"),
            "{e}"
        );
        std::fs::remove_file(&file).unwrap();
        std::fs::write(&file, format!("theme = {}", "q".repeat(3 << 20))).unwrap();
        let e = read_look(&file).unwrap_err();
        assert!(
            e.contains("look.txt: line 1") && e.len() < 300,
            "{}",
            shown(&e)
        );
    }

    /// Issue 39, item 8: a damaged long line is named, not echoed whole.
    #[test]
    fn a_damaged_long_line_is_cut_in_the_message() {
        let long = "z".repeat(3 << 20);
        for text in [
            format!("theme = {long}"),
            format!("{long} = x"),
            long.clone(),
        ] {
            let e = parse(&text).unwrap_err();
            assert!(e.contains("line 1") && e.len() < 160, "{}", shown(&e));
        }
    }

    #[test]
    fn a_damaged_file_is_an_error_naming_its_line() {
        assert!(parse("theme = sepia").unwrap_err().contains("line 1"));
        assert!(parse("# x\nshade").unwrap_err().contains("line 2"));
        assert!(parse("colour = red").unwrap_err().contains("unknown"));
    }
}
