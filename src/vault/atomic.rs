//! Atomic file replacement: temp file in the same folder, original permissions, fsync,
//! optional "unchanged since I read it" check, rename, fsync of the folder.
//!
//! A check followed by a rename leaves a window in which an editor's save would be
//! replaced unseen. On Linux the checked write swaps the two files in one step
//! (`renameat2(RENAME_EXCHANGE)`), so the bytes it replaced are still at hand afterwards
//! and are compared with what was checked: a save that landed in the window comes back to
//! the caller as [`WriteResult::Overtaken`], to redo its edit on the newer text. Where the
//! swap is not available, a handle kept open on the checked file shows a save written into
//! it (mtime, size, content) after the rename.

use std::cell::RefCell;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::Path;

use super::ContentHash;
use crate::error::{Error, Result};

/// What happened to an atomic write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteResult {
    Written,
    /// The file no longer had the expected content; nothing was written.
    Changed,
    /// Written, but the file changed between the last check and the rename: these are the
    /// bytes that were replaced (someone's newer text). The caller must redo its edit on
    /// them and write again (expecting what it just wrote), or that text is lost.
    Overtaken(Vec<u8>),
}

/// A test hook run between the last check and the rename of a checked write.
#[doc(hidden)]
pub type BeforeRename = Box<dyn FnMut(&Path)>;

thread_local! {
    static BEFORE_RENAME: RefCell<Option<BeforeRename>> = const { RefCell::new(None) };
    static PLAIN_RENAME: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Test hook: `hook` runs on this thread between the last check and the rename of every
/// checked write (it may write the file, as an editor saving at the worst moment would).
#[doc(hidden)]
pub fn set_before_rename_hook(hook: Option<BeforeRename>) {
    BEFORE_RENAME.with(|h| *h.borrow_mut() = hook);
}

/// Test hook: on this thread, checked writes use a plain rename (the fallback taken where
/// files cannot be swapped) instead of the swap.
#[doc(hidden)]
pub fn set_plain_rename(plain: bool) {
    PLAIN_RENAME.with(|p| p.set(plain));
}

fn before_rename(path: &Path) {
    // Taken out while it runs, so the hook may itself write files.
    let hook = BEFORE_RENAME.with(|h| h.borrow_mut().take());
    if let Some(mut hook) = hook {
        hook(path);
        BEFORE_RENAME.with(|h| {
            let mut slot = h.borrow_mut();
            if slot.is_none() {
                *slot = Some(hook);
            }
        });
    }
}

/// Replaces `path` with `bytes` atomically. When `expected` is given, the file must still
/// hash to it just before the rename, else nothing is written; a change that lands after
/// that check is returned as [`WriteResult::Overtaken`]. Symlinks are resolved so the
/// link stays a link. Parent folders are created for new files.
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    expected: Option<ContentHash>,
) -> Result<WriteResult> {
    replace(path, bytes, expected, true)
}

/// Like [`write_atomic`] (no hash check), with the content written by `fill` as it is
/// made: a large file (the state of 100,000 notes) is never held whole in memory.
pub fn write_atomic_from(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    let target = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let dir = target
        .parent()
        .ok_or_else(|| Error::io(&target, std::io::Error::other("no parent folder")))?;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let tmp = temp_file_from(dir, Some(&target), fill, true)?;
    tmp.persist(&target)
        .map_err(|e| Error::io(&target, e.error))?;
    sync_folder(dir);
    Ok(())
}

/// Like [`write_atomic`] without the fsyncs, for derived data that `reindex` can rebuild
/// (parsed day files): readers still never see a half-written file, and a first pass over a
/// large vault is not bound by thousands of disk flushes.
pub fn write_atomic_derived(path: &Path, bytes: &[u8]) -> Result<WriteResult> {
    // A new file needs no temp file: nobody can be reading it yet, and `create_new` never
    // clobbers one that appeared meanwhile (then the rename path below is taken).
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    if write_new_in_place(path, bytes)? {
        Ok(WriteResult::Written)
    } else {
        replace(path, bytes, None, false)
    }
}

/// Writes `bytes` into a new file at `path`, in place and not flushed. False (nothing
/// written) when a file is there already: `create_new` never clobbers one.
fn write_new_in_place(path: &Path, bytes: &[u8]) -> Result<bool> {
    let mut file = match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(Error::io(path, e)),
    };
    if let Err(e) = file.write_all(bytes) {
        let _ = std::fs::remove_file(path);
        return Err(Error::io(path, e));
    }
    Ok(true)
}

/// Creates `path` holding `bytes` unless a file appeared there meanwhile
/// ([`WriteResult::Changed`], nothing written): a note someone created while we were
/// preparing ours is never replaced. The file appears whole (temp file, rename). With
/// `durable` it is on disk on return; without, it is not flushed, for a batch of new notes
/// (an import) flushed at once with [`sync_file_system`].
pub fn create_new(path: &Path, bytes: &[u8], durable: bool) -> Result<WriteResult> {
    let dir = path
        .parent()
        .ok_or_else(|| Error::io(path, std::io::Error::other("no parent folder")))?;
    if !dir.is_dir() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    // Written whole under a temp name, then renamed: a kill mid-write never leaves a
    // half-written note (an import run again would not see its block in it).
    let tmp = filled_temp_file(dir, None, bytes, durable)?;
    match tmp.persist_noclobber(path) {
        Ok(_) => {}
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            return Ok(WriteResult::Changed)
        }
        Err(e) => return Err(Error::io(path, e.error)),
    }
    if durable {
        sync_folder(dir);
    }
    Ok(WriteResult::Written)
}

/// Flushes everything written on the file system that holds `dir` in one go: a batch of
/// writes made with `durable` false costs one flush instead of two each. Where the system
/// has no such call, every file under `dir` written since is flushed one by one (`written`).
pub fn sync_file_system(dir: &Path, written: &[std::path::PathBuf]) -> Result<()> {
    #[cfg(target_os = "linux")]
    {
        let _ = written;
        let folder = File::open(dir).map_err(|e| Error::io(dir, e))?;
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is open for the whole call.
        if unsafe { libc::syncfs(folder.as_raw_fd()) } != 0 {
            return Err(Error::io(dir, std::io::Error::last_os_error()));
        }
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        for path in written {
            if let Ok(file) = File::open(path) {
                file.sync_all().map_err(|e| Error::io(path, e))?;
            }
            if let Some(folder) = path.parent() {
                sync_folder(folder);
            }
        }
        Ok(())
    }
}

/// The name every temp file of ours has: `.vault-agent-` + 6 letters or digits + `.tmp`.
const TEMP_PREFIX: &str = ".vault-agent-";
const TEMP_SUFFIX: &str = ".tmp";

/// Whether a file name is one of our temp files (and so never a person's file).
pub fn is_temp_file(name: &str) -> bool {
    name.strip_prefix(TEMP_PREFIX)
        .and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
        .is_some_and(|random| {
            random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// Removes temp files of ours left by a program killed mid-write (found by the scan of the
/// vault made under its write lock: no note write is under way). Failures are logged.
pub fn remove_temp_files(paths: &[std::path::PathBuf]) {
    for path in paths {
        match std::fs::remove_file(path) {
            Ok(()) => tracing::info!("removed {}, left by an interrupted write", path.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => tracing::warn!(
                "{}: left by an interrupted write, cannot be removed ({e})",
                path.display()
            ),
        }
    }
}

/// How old a temp file in the agent's own folder must be to be taken as left behind: the
/// state and session files there are written without the write lock, so a young one may
/// belong to a program writing right now (such a write takes milliseconds).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes our temp files older than [`STALE_AFTER`] from the agent folder and its
/// `sessions/`.
pub fn remove_stale_temp_files(agent_dir: &Path) {
    let mut stale = Vec::new();
    for dir in [agent_dir.to_path_buf(), agent_dir.join("sessions")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let old = entry
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .and_then(|m| m.modified().ok())
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > STALE_AFTER);
            if old && is_temp_file(&entry.file_name().to_string_lossy()) {
                stale.push(entry.path());
            }
        }
    }
    remove_temp_files(&stale);
}

/// Makes a rename in `dir` durable (its folder entry on disk).
fn sync_folder(dir: &Path) {
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
}

/// A temp file in `dir` holding `bytes`, with the permissions of `like` when given.
fn filled_temp_file(
    dir: &Path,
    like: Option<&Path>,
    bytes: &[u8],
    durable: bool,
) -> Result<tempfile::NamedTempFile> {
    temp_file_from(dir, like, |file| file.write_all(bytes), durable)
}

/// [`filled_temp_file`] with the content written by `fill` (buffered).
fn temp_file_from(
    dir: &Path,
    like: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    durable: bool,
) -> Result<tempfile::NamedTempFile> {
    let like = like.and_then(|p| std::fs::metadata(p).ok());
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    // A new file gets the mode any program's new file gets (0644 under the usual umask),
    // not a temp file's private 0600; a replaced one keeps its own (set below).
    #[cfg(unix)]
    if like.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, e))?;
    if let Some(meta) = like {
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(|e| Error::io(tmp.path(), e))?;
    }
    let mut out = std::io::BufWriter::new(tmp.as_file_mut());
    let filled = fill(&mut out).and_then(|()| out.flush());
    drop(out);
    filled.map_err(|e| Error::io(tmp.path(), e))?;
    if durable {
        tmp.as_file()
            .sync_all()
            .map_err(|e| Error::io(tmp.path(), e))?;
    }
    Ok(tmp)
}

/// Writes `bytes` (text someone saved just before one of our renames, see
/// [`WriteResult::Overtaken`]) back over what we wrote (hash `ours`), unless the file
/// changed again since; a save overtaking this write too is put back in turn.
pub fn restore(path: &Path, mut bytes: Vec<u8>, mut ours: ContentHash) -> Result<()> {
    loop {
        match write_atomic(path, &bytes, Some(ours))? {
            WriteResult::Written => return Ok(()),
            // Refused while someone held the note open: ours is still there, try again.
            WriteResult::Changed if still(path, ours) => {
                std::thread::sleep(std::time::Duration::from_millis(1))
            }
            WriteResult::Changed => return Ok(()),
            WriteResult::Overtaken(newer) => {
                ours = ContentHash::of(&bytes);
                bytes = newer;
            }
        }
    }
}

/// Whether the file at `path` holds exactly the text hashing to `hash`.
fn still(path: &Path, hash: ContentHash) -> bool {
    std::fs::read(path).is_ok_and(|bytes| ContentHash::of(&bytes) == hash)
}

/// Whether the person protected the file at `path` (symlinks followed): it has no write
/// permission bit while its folder has one, so an atomic rename would replace it anyway and
/// callers leave it alone. A tree copied or mounted read-only as a whole (`cp -a` from a
/// read-only source: folder and notes alike) says nothing about one note; a write there
/// succeeds where the process may write and is otherwise reported as any unwritable folder
/// is. A missing file is not read-only.
pub fn is_read_only(path: &Path) -> bool {
    let locked = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().readonly());
    locked(path) && !path.parent().is_some_and(locked)
}

fn replace(
    path: &Path,
    bytes: &[u8],
    expected: Option<ContentHash>,
    durable: bool,
) -> Result<WriteResult> {
    let target = match path.canonicalize() {
        Ok(real) => real,
        Err(_) => path.to_path_buf(),
    };
    let dir = target
        .parent()
        .ok_or_else(|| Error::io(&target, std::io::Error::other("no parent folder")))?;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let tmp = filled_temp_file(dir, Some(&target), bytes, durable)?;
    let result = match expected {
        None => {
            tmp.persist(&target)
                .map_err(|e| Error::io(&target, e.error))?;
            WriteResult::Written
        }
        Some(expected) => match replace_checked(tmp, &target, expected, bytes)? {
            Some(result) => result,
            None => return Ok(WriteResult::Changed),
        },
    };
    // The rename is durable only once the folder entry is on disk.
    if durable {
        sync_folder(dir);
    }
    Ok(result)
}

/// Renames `tmp` over `target` if `target` still hashes to `expected` (else `None`, nothing
/// written). The check and the rename are as close together as they can be; what the
/// rename replaced is compared with what was checked.
///
/// Where the system allows, a write lease is held on the checked file from the check to the
/// swap: nobody can open it meanwhile (an opener waits). If someone tried, or an editor
/// renamed its save over the note, the swap is undone at once, so the note never shows our
/// text without what they are writing; the write is then `Changed` (or, when a program
/// wrote into our text in that instant, `Overtaken` by it).
fn replace_checked(
    tmp: tempfile::NamedTempFile,
    target: &Path,
    expected: ContentHash,
    bytes: &[u8],
) -> Result<Option<WriteResult>> {
    let mut checked = match File::open(target) {
        Ok(f) => f,
        Err(e) => return Err(Error::io(target, e)),
    };
    let lease = if hooks_unset() {
        match Lease::wait_for(&checked) {
            Ok(lease) => lease,
            // Someone keeps the note open: as good as changed (the caller reads again).
            Err(Busy) => return Ok(None),
        }
    } else {
        None
    };
    let mut current = Vec::new();
    (&checked)
        .read_to_end(&mut current)
        .map_err(|e| Error::io(target, e))?;
    // A program writing the note right now (an editor saving in place, an append under
    // way) may have left it half written: it is as good as changed.
    if ContentHash::of(&current) != expected || lease.is_none() && writers(&checked) == Some(true) {
        return Ok(None);
    }
    let seen = Stamp::of(&checked);
    before_rename(target);
    if !PLAIN_RENAME.with(|p| p.get()) {
        match exchange(tmp.path(), target) {
            Ok(()) => {
                // `tmp`'s path now names the file we replaced (not always the one checked:
                // an editor may have renamed its save over the note meanwhile); dropping
                // `tmp` removes it.
                if let Some(lease) = lease {
                    // Looked at without opening it: an open of ours would break the lease.
                    if !lease.intact() || !is_file(tmp.path(), &checked) {
                        return undo_exchange(tmp, target, lease, bytes).map(Some);
                    }
                }
                let mut swapped = File::open(tmp.path()).map_err(|e| Error::io(tmp.path(), e))?;
                let replaced = settled_content(&mut swapped, target)?;
                return Ok(Some(overtaken_unless(replaced, expected)));
            }
            // The note vanished in the window: nothing is written (the caller reads again).
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            // No swap on this system or file system: plain rename below.
            Err(_) => {}
        }
    }
    drop(lease);
    tmp.persist(target)
        .map_err(|e| Error::io(target, e.error))?;
    // A save written into the checked file after the check shows in its stamp or content.
    if writers(&checked).is_none() {
        std::thread::sleep(SETTLE);
    }
    if writers(&checked) != Some(true) && Stamp::of(&checked) == seen {
        return Ok(Some(WriteResult::Written));
    }
    let replaced = settled_content(&mut checked, target)?;
    Ok(Some(overtaken_unless(replaced, expected)))
}

/// Swaps the note back after someone began writing it while our text was being put in
/// place (see [`replace_checked`]): their file is the note again and the write is
/// `Changed`, unless a program wrote into our text in that instant (`Overtaken` by it,
/// to be merged by the caller).
fn undo_exchange(
    tmp: tempfile::NamedTempFile,
    target: &Path,
    lease: Lease,
    bytes: &[u8],
) -> Result<WriteResult> {
    exchange(tmp.path(), target).map_err(|e| Error::io(target, e))?;
    drop(lease);
    // Our own handle is closed (the path stays until dropped): only others' writes count.
    let (handle, tmp) = tmp.into_parts();
    drop(handle);
    let mut ours = File::open(&tmp).map_err(|e| Error::io(&tmp, e))?;
    let content = settled_content(&mut ours, target)?;
    Ok(if content == bytes {
        WriteResult::Changed
    } else {
        WriteResult::Overtaken(content)
    })
}

/// Whether `path` names the open file `file`.
#[cfg(unix)]
fn is_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn is_file(_: &Path, _: &File) -> bool {
    true
}

/// A write lease on an open file (Linux): while held, any other program's open of the file
/// waits until it is given back (when dropped), and the lease shows that someone tried.
struct Lease<'a>(&'a File);

/// Someone else holds the file open.
struct Busy;

/// How long a lease is waited for while someone else holds the note open (an append, a
/// save, a reader): such an open lasts a moment.
const LEASE_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

impl<'a> Lease<'a> {
    /// The lease once nobody else has the file open (waiting up to [`LEASE_WAIT`]); `None`
    /// where the system or file system has no leases (or the file is not ours).
    fn wait_for(file: &'a File) -> std::result::Result<Option<Lease<'a>>, Busy> {
        let start = std::time::Instant::now();
        loop {
            match Lease::take(file) {
                Err(Busy) if start.elapsed() < LEASE_WAIT => {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                taken => return taken,
            }
        }
    }

    #[cfg(target_os = "linux")]
    fn take(file: &'a File) -> std::result::Result<Option<Lease<'a>>, Busy> {
        use std::os::fd::AsRawFd;
        ignore_lease_signal();
        // SAFETY: the descriptor is open for the whole call; F_SETLEASE takes an int.
        let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLEASE, libc::F_WRLCK) };
        if rc == 0 {
            return Ok(Some(Lease(file)));
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::EAGAIN) => Err(Busy),
            _ => Ok(None),
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn take(_: &'a File) -> std::result::Result<Option<Lease<'a>>, Busy> {
        Ok(None)
    }

    /// Whether nobody has tried to open the file since the lease was taken.
    #[cfg(target_os = "linux")]
    fn intact(&self) -> bool {
        use std::os::fd::AsRawFd;
        // SAFETY: as in `take`.
        unsafe { libc::fcntl(self.0.as_raw_fd(), libc::F_GETLEASE) == libc::F_WRLCK }
    }

    #[cfg(not(target_os = "linux"))]
    fn intact(&self) -> bool {
        true
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: as in `take`.
            unsafe { libc::fcntl(self.0.as_raw_fd(), libc::F_SETLEASE, libc::F_UNLCK) };
        }
    }
}

/// Whether no test hook is set on this thread: a hook writes the file between the check
/// and the rename, which a lease would make it wait for.
fn hooks_unset() -> bool {
    BEFORE_RENAME.with(|h| h.borrow().is_none()) && !PLAIN_RENAME.with(|p| p.get())
}

/// How long the file a checked write replaced is watched after the rename where the system
/// cannot tell whether a program holds it open for writing (see [`writers`]). A program
/// that opened the note just before the rename (an append, an editor saving in place)
/// writes into the replaced file a moment later.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(3);

/// How long to wait for programs that hold the replaced file open for writing to close it.
const WRITERS_GONE: std::time::Duration = std::time::Duration::from_secs(10);

/// The content of the file a rename replaced, once nothing more can be written into it:
/// every program that had it open for writing has closed it (where the system tells), else
/// no write landed in it for [`SETTLE`]. What they wrote must come back to the caller, not
/// vanish with the replaced file.
fn settled_content(replaced: &mut File, target: &Path) -> Result<Vec<u8>> {
    let start = std::time::Instant::now();
    let mut told = false;
    while writers(replaced) == Some(true) && start.elapsed() < WRITERS_GONE {
        told = true;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let mut content = Vec::new();
    for _ in 0..100 {
        let before = Stamp::of(replaced);
        content.clear();
        replaced
            .rewind()
            .and_then(|_| replaced.read_to_end(&mut content))
            .map_err(|e| Error::io(target, e))?;
        if told || writers(replaced).is_some() {
            break;
        }
        std::thread::sleep(SETTLE);
        if Stamp::of(replaced) == before && before.len() == Some(content.len() as u64) {
            break;
        }
    }
    Ok(content)
}

/// The bytes of the file at `path` once no program holds it open for writing (waiting up
/// to [`WRITERS_GONE`]): not a save caught half way.
pub fn read_when_written(path: &Path) -> Result<Vec<u8>> {
    let mut file = File::open(path).map_err(|e| Error::io(path, e))?;
    settled_content(&mut file, path)
}

/// Whether some program holds `file` open for writing; `None` where the system cannot tell.
/// On Linux a read lease is refused exactly then (it is taken and given back at once).
#[cfg(target_os = "linux")]
fn writers(file: &File) -> Option<bool> {
    use std::os::fd::AsRawFd;
    ignore_lease_signal();
    let fd = file.as_raw_fd();
    // SAFETY: `fd` is open for the whole call; F_SETLEASE takes an int argument.
    let rc = unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_RDLCK) };
    if rc == 0 {
        // SAFETY: as above.
        unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_UNLCK) };
        return Some(false);
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::EAGAIN) => Some(true),
        // Not the file's owner, or a file system without leases.
        _ => None,
    }
}

/// A lease held while another program opens the file raises SIGIO, whose default is to end
/// the process; this program uses no signal-driven I/O.
#[cfg(target_os = "linux")]
fn ignore_lease_signal() {
    static NO_LEASE_SIGNAL: std::sync::Once = std::sync::Once::new();
    // SAFETY: setting a signal's disposition to "ignore" has no other effect.
    NO_LEASE_SIGNAL.call_once(|| unsafe {
        libc::signal(libc::SIGIO, libc::SIG_IGN);
    });
}

#[cfg(not(target_os = "linux"))]
fn writers(_: &File) -> Option<bool> {
    None
}

fn overtaken_unless(replaced: Vec<u8>, expected: ContentHash) -> WriteResult {
    if ContentHash::of(&replaced) == expected {
        WriteResult::Written
    } else {
        WriteResult::Overtaken(replaced)
    }
}

/// Size and modification time of an open file (`None` if it cannot be read).
#[derive(PartialEq, Eq)]
struct Stamp(Option<(u64, std::time::SystemTime)>);

impl Stamp {
    fn len(&self) -> Option<u64> {
        self.0.map(|(len, _)| len)
    }

    fn of(file: &File) -> Stamp {
        Stamp(
            file.metadata()
                .ok()
                .and_then(|m| Some((m.len(), m.modified().ok()?))),
        )
    }
}

/// Swaps the files at `a` and `b` in one step.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))
    };
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both paths are valid NUL-terminated strings that outlive the call.
    let rc = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_refuses_when_changed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "a").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        let r = write_atomic(&p, b"b", Some(ContentHash::of(b"a"))).unwrap();
        assert_eq!(r, WriteResult::Written);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "b");
        assert_eq!(
            std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o640
        );
        let r = write_atomic(&p, b"c", Some(ContentHash::of(b"a"))).unwrap();
        assert_eq!(r, WriteResult::Changed);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "b");
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "temp files must not be left behind");
    }

    #[test]
    fn a_new_note_never_replaces_one_that_appeared_meanwhile() {
        for durable in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let p = dir.path().join("Daily/n.md");
            assert_eq!(
                create_new(&p, b"ours", durable).unwrap(),
                WriteResult::Written
            );
            assert_eq!(std::fs::read_to_string(&p).unwrap(), "ours");
            std::fs::write(&p, "theirs").unwrap();
            assert_eq!(
                create_new(&p, b"again", durable).unwrap(),
                WriteResult::Changed
            );
            assert_eq!(std::fs::read_to_string(&p).unwrap(), "theirs");
            sync_file_system(dir.path(), std::slice::from_ref(&p)).unwrap();
            let names = std::fs::read_dir(p.parent().unwrap()).unwrap().count();
            assert_eq!(names, 1, "no temp file left (durable: {durable})");
        }
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.md");
        let link = dir.path().join("link.md");
        std::fs::write(&real, "a").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"b", None).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "b");
    }
}

#[cfg(test)]
mod window_tests {
    use super::*;

    /// An editor saving between the check and the rename: the write goes through and the
    /// saved text comes back to the caller, in both the swap and the fallback.
    #[test]
    fn a_save_between_check_and_rename_comes_back_to_the_caller() {
        for plain in [false, true] {
            set_plain_rename(plain);
            let dir = tempfile::tempdir().unwrap();
            let p = dir.path().join("n.md");
            std::fs::write(&p, "a\n").unwrap();
            set_before_rename_hook(Some(Box::new(|p| std::fs::write(p, "a\nb\n").unwrap())));
            let r = write_atomic(&p, b"a\nours\n", Some(ContentHash::of(b"a\n"))).unwrap();
            set_before_rename_hook(None);
            set_plain_rename(false);
            assert_eq!(
                r,
                WriteResult::Overtaken(b"a\nb\n".to_vec()),
                "plain: {plain}"
            );
            assert_eq!(std::fs::read_to_string(&p).unwrap(), "a\nours\n");
            let names: Vec<_> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(
                names,
                vec![std::ffi::OsString::from("n.md")],
                "plain: {plain}"
            );
        }
    }
}
