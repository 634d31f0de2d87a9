//! Windows: the child is created with CreateProcessW directly, because std's Command can neither
//! limit what a child inherits to its pipes nor put it in a job before it runs. Each child gets a
//! job object of its own, made and held by the host: the child holds no handle to it, so it
//! cannot loosen its limits, and a process cannot leave its job. The job allows one process (no
//! children of its own), bounds the child's committed memory, restricts its UI, turns an
//! unhandled exception into an exit (no error-reporting dialog holding a crashed child open) and
//! kills the child when its last handle closes: when the host exits, however it does. Killing is
//! terminating the job, which names no pid that could be reused.
//!
//! The host writes to a child from the outbox's writer thread only (anonymous pipes have no
//! non-blocking mode to write from Node's thread without risk of blocking it).

use std::ffi::{OsStr, OsString};
use std::io;
use std::os::windows::ffi::{OsStrExt, OsStringExt};
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::path::{Path, PathBuf};

use super::Spawned;

use windows_sys::Win32::Foundation::{HANDLE, HANDLE_FLAG_INHERIT, SetHandleInformation, WAIT_OBJECT_0};
use windows_sys::Win32::System::Console::{GetStdHandle, STD_INPUT_HANDLE, STD_OUTPUT_HANDLE};
use windows_sys::Win32::System::JobObjects::{
    CreateJobObjectW, JOB_OBJECT_LIMIT_ACTIVE_PROCESS, JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOB_OBJECT_LIMIT_PROCESS_MEMORY, JOB_OBJECT_UILIMIT_DESKTOP, JOB_OBJECT_UILIMIT_DISPLAYSETTINGS, JOB_OBJECT_UILIMIT_EXITWINDOWS,
    JOB_OBJECT_UILIMIT_GLOBALATOMS, JOB_OBJECT_UILIMIT_HANDLES, JOB_OBJECT_UILIMIT_READCLIPBOARD, JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS,
    JOB_OBJECT_UILIMIT_WRITECLIPBOARD, JOBOBJECT_BASIC_UI_RESTRICTIONS, JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JobObjectBasicUIRestrictions,
    JobObjectExtendedLimitInformation, SetInformationJobObject, TerminateJobObject,
};
use windows_sys::Win32::System::LibraryLoader::{
    GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS, GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT, GetModuleFileNameW, GetModuleHandleExW,
};
use windows_sys::Win32::System::Pipes::CreatePipe;
use windows_sys::Win32::System::Threading::{
    CREATE_NO_WINDOW, CREATE_UNICODE_ENVIRONMENT, CreateProcessW, DeleteProcThreadAttributeList, EXTENDED_STARTUPINFO_PRESENT,
    GetExitCodeProcess, INFINITE, InitializeProcThreadAttributeList, LPPROC_THREAD_ATTRIBUTE_LIST,
    PROC_THREAD_ATTRIBUTE_CHILD_PROCESS_POLICY, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, PROC_THREAD_ATTRIBUTE_JOB_LIST, PROCESS_INFORMATION,
    STARTF_USESTDHANDLES, STARTUPINFOEXW, UpdateProcThreadAttribute, WaitForSingleObject,
};
use windows_sys::Win32::System::WindowsProgramming::PROCESS_CREATION_CHILD_PROCESS_RESTRICTED;

/// The host's end of the child's stdin and of its stdout.
pub type ToChild = std::fs::File;
pub type FromChild = std::fs::File;

/// The outbox hands every frame to its writer thread: a write to an anonymous pipe blocks.
pub const WRITES_FROM_SENDER: bool = false;

/// What the child's job lets one process do with the desktop: nothing beyond its own windows.
const UI_RESTRICTIONS: u32 = JOB_OBJECT_UILIMIT_DESKTOP
    | JOB_OBJECT_UILIMIT_DISPLAYSETTINGS
    | JOB_OBJECT_UILIMIT_EXITWINDOWS
    | JOB_OBJECT_UILIMIT_GLOBALATOMS
    | JOB_OBJECT_UILIMIT_HANDLES
    | JOB_OBJECT_UILIMIT_READCLIPBOARD
    | JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS
    | JOB_OBJECT_UILIMIT_WRITECLIPBOARD;

/// The limits every child's job carries; the child checks before it serves that it is in a job
/// with them (`fence/windows.rs`).
const JOB_LIMITS: u32 = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
    | JOB_OBJECT_LIMIT_ACTIVE_PROCESS
    | JOB_OBJECT_LIMIT_PROCESS_MEMORY
    | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;

/// The exit status of a child the host ended, as std's `Child::kill` gives it.
const KILLED_STATUS: u32 = 1;

pub struct Process(OwnedHandle);

/// Ends the child from any thread: terminates its job, which the killer keeps open, so it is
/// never another process's.
pub struct Killer(OwnedHandle);

pub fn check_executable(launcher: &Path) -> Result<(), String> {
    match std::fs::metadata(launcher) {
        Ok(file) if file.is_file() => Ok(()),
        Ok(_) => Err(format!("the process substrate's child executable is not a file: {}", launcher.display())),
        Err(_) => Err(format!("the process substrate's child executable is missing: {}", launcher.display())),
    }
}

/// Starts `launcher` on `addon` in a job of its own (at most `memory_bytes` committed), with
/// the root of its drive as its directory, an environment of `SystemRoot` alone (system
/// libraries find their files through it), its stdin and stdout as pipes to the host, no
/// stderr, and no other handle of the host's.
pub fn spawn(launcher: &Path, addon: &Path, memory_bytes: usize, extra: &[&str]) -> io::Result<Spawned> {
    let job = job(memory_bytes)?;
    let (child_input, to_child) = pipe()?;
    let (from_child, child_output) = pipe()?;
    let inherited = [child_input.as_raw_handle() as HANDLE, child_output.as_raw_handle() as HANDLE];
    for handle in inherited {
        // SAFETY: a pipe handle this function owns. Inheritable only until it is closed below,
        // once the child holds it; the handle list keeps the child from inheriting anything else.
        check(unsafe { SetHandleInformation(handle, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT) })?;
    }
    let launcher = std::path::absolute(launcher)?;
    let mut command_line: Vec<u16> = [quoted(launcher.as_os_str()), quoted(addon.as_os_str()), std::process::id().to_string().into()]
        .into_iter()
        .chain(extra.iter().map(|arg| OsString::from(*arg)))
        .collect::<Vec<_>>()
        .join(OsStr::new(" "))
        .encode_wide()
        .chain([0])
        .collect();
    let system_root = std::env::var_os("SystemRoot").unwrap_or_else(|| "C:\\Windows".into());
    let mut environment: Vec<u16> = OsString::from("SystemRoot=").encode_wide().chain(system_root.encode_wide()).collect();
    environment.extend([0, 0]);
    let directory = wide(launcher.ancestors().last().unwrap_or(&launcher).as_os_str());
    let application = wide(launcher.as_os_str());

    let job_handle = job.as_raw_handle() as HANDLE;
    let child_policy: u32 = PROCESS_CREATION_CHILD_PROCESS_RESTRICTED;
    let attributes = AttributeList::new(&[
        (PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited.as_ptr().cast(), size_of_val(&inherited)),
        (PROC_THREAD_ATTRIBUTE_JOB_LIST, (&raw const job_handle).cast(), size_of::<HANDLE>()),
        (PROC_THREAD_ATTRIBUTE_CHILD_PROCESS_POLICY, (&raw const child_policy).cast(), size_of::<u32>()),
    ])?;
    // SAFETY: plain data, zero is its empty value.
    let mut startup: STARTUPINFOEXW = unsafe { std::mem::zeroed() };
    startup.StartupInfo.cb = size_of::<STARTUPINFOEXW>() as u32;
    startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    startup.StartupInfo.hStdInput = inherited[0];
    startup.StartupInfo.hStdOutput = inherited[1];
    startup.lpAttributeList = attributes.0.as_ptr().cast_mut().cast();
    // SAFETY: plain data, filled by CreateProcessW.
    let mut created: PROCESS_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: NUL-terminated strings and an environment block ending in two NULs, which outlive
    // the call; the attribute list points at `inherited`, `job_handle` and `child_policy`, alive
    // here too.
    check(unsafe {
        CreateProcessW(
            application.as_ptr(),
            command_line.as_mut_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            1,
            EXTENDED_STARTUPINFO_PRESENT | CREATE_UNICODE_ENVIRONMENT | CREATE_NO_WINDOW,
            environment.as_ptr().cast(),
            directory.as_ptr(),
            &startup.StartupInfo,
            &mut created,
        )
    })?;
    drop(attributes);
    // SAFETY: CreateProcessW gave these handles to this process, which owns them from now on.
    let (process, _thread) = unsafe {
        (OwnedHandle::from_raw_handle(created.hProcess as RawHandle), OwnedHandle::from_raw_handle(created.hThread as RawHandle))
    };
    Ok(Spawned {
        pid: created.dwProcessId,
        process: Process(process),
        killer: Killer(job),
        to_child: to_child.into(),
        from_child: from_child.into(),
        region: None,
    })
}

impl Process {
    /// Waits for the child to end; says how it did, for the `crashed` error.
    pub fn wait(self, _killer: &Killer) -> String {
        let handle = self.0.as_raw_handle() as HANDLE;
        let mut status = 0u32;
        // SAFETY: a process handle this value owns, and a place for its exit status.
        let ended = unsafe { WaitForSingleObject(handle, INFINITE) == WAIT_OBJECT_0 && GetExitCodeProcess(handle, &mut status) != 0 };
        if ended { describe_exit(status) } else { format!("could not be waited for ({})", io::Error::last_os_error()) }
    }
}

impl Killer {
    pub fn kill(&self) {
        // SAFETY: a job handle this killer holds open; terminating an empty job does nothing.
        unsafe { TerminateJobObject(self.0.as_raw_handle() as HANDLE, KILLED_STATUS) };
    }
}

/// The outbox's writer thread writes blocking, so there is nothing to wait for or set.
pub fn write_without_blocking(_: &ToChild) -> io::Result<()> {
    Ok(())
}

pub fn wait_for_room(_: &ToChild) {}

/// How a child ended, for the `crashed` error: the exit status, and for the NTSTATUS codes a
/// crash ends a process with, its name.
fn describe_exit(status: u32) -> String {
    let name = match status {
        0xC000_0005 => "STATUS_ACCESS_VIOLATION",
        0xC000_00FD => "STATUS_STACK_OVERFLOW",
        0xC000_0409 => "STATUS_STACK_BUFFER_OVERRUN: a fail-fast abort",
        0xC000_001D => "STATUS_ILLEGAL_INSTRUCTION",
        0xC000_0094 => "STATUS_INTEGER_DIVIDE_BY_ZERO",
        0xC000_0374 => "STATUS_HEAP_CORRUPTION",
        0xC000_0017 => "STATUS_NO_MEMORY",
        0xC000_013A => "STATUS_CONTROL_C_EXIT",
        _ if status >= 0xC000_0000 => "an error status",
        _ => return format!("exited with status {status}"),
    };
    format!("ended with status {status:#010X} ({name})")
}

/// A job for one child, with every limit set, or the error that prevented one.
fn job(memory_bytes: usize) -> io::Result<OwnedHandle> {
    // SAFETY: no name and default security: a job only this process holds a handle to.
    let raw = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
    if raw.is_null() {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a handle CreateJobObjectW just gave this process.
    let job = unsafe { OwnedHandle::from_raw_handle(raw as RawHandle) };
    // SAFETY: plain data, zero is its empty value.
    let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
    limits.BasicLimitInformation.LimitFlags = JOB_LIMITS;
    limits.BasicLimitInformation.ActiveProcessLimit = 1;
    limits.ProcessMemoryLimit = memory_bytes;
    let ui = JOBOBJECT_BASIC_UI_RESTRICTIONS { UIRestrictionsClass: UI_RESTRICTIONS };
    // SAFETY: the job's handle and structures of the sizes given.
    check(unsafe {
        SetInformationJobObject(raw, JobObjectExtendedLimitInformation, (&raw const limits).cast(), size_of_val(&limits) as u32)
    })?;
    // SAFETY: as above.
    check(unsafe { SetInformationJobObject(raw, JobObjectBasicUIRestrictions, (&raw const ui).cast(), size_of_val(&ui) as u32) })?;
    Ok(job)
}

/// An anonymous pipe (read end, write end); neither handle is inheritable yet.
fn pipe() -> io::Result<(OwnedHandle, OwnedHandle)> {
    let (mut read, mut write): (HANDLE, HANDLE) = (std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: places for the two handles; default security, so they are not inheritable.
    check(unsafe { CreatePipe(&mut read, &mut write, std::ptr::null(), 0) })?;
    // SAFETY: handles CreatePipe just gave this process.
    Ok(unsafe { (OwnedHandle::from_raw_handle(read as RawHandle), OwnedHandle::from_raw_handle(write as RawHandle)) })
}

/// A process creation attribute list, freed when dropped; the values it points at must outlive
/// the CreateProcessW call that reads them.
struct AttributeList(Vec<usize>);

impl AttributeList {
    fn new(attributes: &[(u32, *const std::ffi::c_void, usize)]) -> io::Result<Self> {
        let mut bytes = 0usize;
        // SAFETY: the documented size query (it fails with ERROR_INSUFFICIENT_BUFFER and says
        // how large the list must be).
        unsafe { InitializeProcThreadAttributeList(std::ptr::null_mut(), attributes.len() as u32, 0, &mut bytes) };
        let mut buffer = vec![0usize; bytes.div_ceil(size_of::<usize>())];
        // SAFETY: a buffer of the size asked for, aligned for pointers.
        check(unsafe { InitializeProcThreadAttributeList(buffer.as_mut_ptr().cast(), attributes.len() as u32, 0, &mut bytes) })?;
        let mut list = Self(buffer);
        let raw: LPPROC_THREAD_ATTRIBUTE_LIST = list.0.as_mut_ptr().cast();
        for &(attribute, value, size) in attributes {
            // SAFETY: an initialized list with room for each attribute, and values of their sizes.
            check(unsafe { UpdateProcThreadAttribute(raw, 0, attribute as usize, value, size, std::ptr::null_mut(), std::ptr::null()) })?;
        }
        Ok(list)
    }
}

impl Drop for AttributeList {
    fn drop(&mut self) {
        // SAFETY: a list InitializeProcThreadAttributeList set up (`new` makes none otherwise).
        unsafe { DeleteProcThreadAttributeList(self.0.as_mut_ptr().cast()) };
    }
}

/// A path as one command-line argument: in quotes, which no Windows file name holds (a path
/// ending in a backslash, which would escape the closing quote, names a directory, which
/// `check_executable` refuses and the addon never is).
fn quoted(path: &OsStr) -> OsString {
    let mut argument = OsString::from("\"");
    argument.push(path);
    argument.push("\"");
    argument
}

fn wide(text: &OsStr) -> Vec<u16> {
    text.encode_wide().chain([0]).collect()
}

fn check(succeeded: windows_sys::core::BOOL) -> io::Result<()> {
    if succeeded != 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// The file this library was loaded from (the `.node`), which the child loads too.
pub fn addon_path() -> Option<PathBuf> {
    let mut module = std::ptr::null_mut();
    // SAFETY: an address inside this library names it; its reference count is left alone.
    let found = unsafe {
        GetModuleHandleExW(
            GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
            addon_path as *const u16,
            &mut module,
        )
    };
    if found == 0 {
        return None;
    }
    // The longest path Windows has.
    let mut name = vec![0u16; 32 * 1024];
    // SAFETY: a loaded module and a buffer of the length given.
    let length = unsafe { GetModuleFileNameW(module, name.as_mut_ptr(), name.len() as u32) } as usize;
    (length > 0 && length < name.len()).then(|| PathBuf::from(OsString::from_wide(&name[..length])))
}

/// In the child: its pipes from and to the host.
pub fn child_stdio() -> (std::fs::File, std::fs::File) {
    // SAFETY: the standard handles are the pipes from and to the host, open for the child's life
    // and used through nothing else.
    unsafe {
        (
            std::fs::File::from_raw_handle(GetStdHandle(STD_INPUT_HANDLE) as RawHandle),
            std::fs::File::from_raw_handle(GetStdHandle(STD_OUTPUT_HANDLE) as RawHandle),
        )
    }
}
