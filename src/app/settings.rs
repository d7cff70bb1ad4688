//! What the app remembers between runs natively: the theme and the palette, chosen with the
//! panel's toggles (or `--theme`, `--palette`), kept as two lines of text in the same private
//! state folder as the recovery files ([`super::recovery::state_folder`], made 0700), written
//! as every file we write (new under an unpredictable name, 0600, renamed into place).
//!
//! At the start an explicit flag wins over what is remembered. Anything wrong with the file (a
//! link, not text, an unknown name) is ignored: the app opens in the default look and says
//! nothing worse than that on stderr. In the browser nothing is remembered (the link says it).

use super::draw::colors::{Look, Palette, Theme};
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
            .ok_or_else(|| format!("line {}: expected `key = value`", n + 1))?;
        match key {
            "theme" => {
                look.theme = Theme::from_name(value)
                    .ok_or_else(|| format!("line {}: no theme `{value}`", n + 1))?
            }
            "palette" => {
                look.palette = Palette::from_name(value)
                    .ok_or_else(|| format!("line {}: no palette `{value}`", n + 1))?
            }
            _ => return Err(format!("line {}: unknown setting `{key}`", n + 1)),
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

/// The remembered look, if there is one that reads (natively; `None` in the browser).
pub fn load() -> Option<Look> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    load_from(&path())
}

/// The look kept in the file `path`, if it reads (a problem is said on stderr).
pub fn load_from(path: &Path) -> Option<Look> {
    match super::recovery::read(path) {
        Ok(Some(t)) => match parse(&t) {
            Ok(look) => Some(look),
            Err(e) => {
                eprintln!(
                    "narrowphase-lab: {}: {e} (the default look is used)",
                    path.display()
                );
                None
            }
        },
        Ok(None) => None,
        Err(e) => {
            eprintln!("narrowphase-lab: {e} (the default look is used)");
            None
        }
    }
}

/// Remembers `look` for the next start (natively; nothing in the browser).
pub fn save(look: Look) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    save_to(&super::recovery::state_folder(), look)
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

    #[test]
    fn a_damaged_file_is_an_error_naming_its_line() {
        assert!(parse("theme = sepia").unwrap_err().contains("line 1"));
        assert!(parse("# x\nshade").unwrap_err().contains("line 2"));
        assert!(parse("colour = red").unwrap_err().contains("unknown"));
    }
}
