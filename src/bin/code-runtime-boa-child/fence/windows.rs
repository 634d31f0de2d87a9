//! Windows: the host creates the child inside a job of its own (src/process/platform/windows.rs)
//! that allows one process (no children), bounds its committed memory, restricts its UI and kills
//! it when the host's handle closes. The host, not the child, sets the job up: the child holds no
//! handle to it, so it cannot loosen a limit, and a process cannot leave its job; the child only
//! checks it is in such a job before it serves, so a launcher started another way runs nothing.
//! Once the addon is loaded it turns on the mitigation policies that cannot be turned off again
//! (no dynamic code, no images from remote or low-integrity files, only Microsoft-signed images
//! from then on, no legacy extension points) and lowers its token to low integrity, so it cannot
//! write where the user can. Windows has no system call filter to put up without a broker:
//! files stay readable and the network reachable as the user (SECURITY.md).

use std::ffi::c_void;

use windows_sys::Win32::Foundation::{CloseHandle, HANDLE};
use windows_sys::Win32::Security::{
    CreateWellKnownSid, SECURITY_MAX_SID_SIZE, SID_AND_ATTRIBUTES, SetTokenInformation, TOKEN_ADJUST_DEFAULT, TOKEN_MANDATORY_LABEL,
    TokenIntegrityLevel, WinLowLabelSid,
};
use windows_sys::Win32::System::JobObjects::{
    JOB_OBJECT_LIMIT_ACTIVE_PROCESS, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, JOB_OBJECT_LIMIT_PROCESS_MEMORY, JOBOBJECT_BASIC_UI_RESTRICTIONS,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOBOBJECTINFOCLASS, JobObjectBasicUIRestrictions, JobObjectExtendedLimitInformation,
    QueryInformationJobObject,
};
use windows_sys::Win32::System::LibraryLoader::{LOAD_LIBRARY_SEARCH_SYSTEM32, SetDefaultDllDirectories};
use windows_sys::Win32::System::Memory::{
    MEM_COMMIT, MEM_RELEASE, MEM_RESERVE, PAGE_EXECUTE_READWRITE, PAGE_READWRITE, VirtualAlloc, VirtualFree,
};
use windows_sys::Win32::System::SystemServices::SE_GROUP_INTEGRITY;
use windows_sys::Win32::System::Threading::{
    GetCurrentProcess, OpenProcessToken, PROCESS_MITIGATION_POLICY, ProcessDynamicCodePolicy, ProcessExtensionPointDisablePolicy,
    ProcessImageLoadPolicy, ProcessSignaturePolicy, SetProcessMitigationPolicy,
};

/// What the child's job must hold it to before it serves.
const REQUIRED_LIMITS: u32 = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_ACTIVE_PROCESS | JOB_OBJECT_LIMIT_PROCESS_MEMORY;

/// Each policy's flags, as the first bits of its structure: ProhibitDynamicCode;
/// NoRemoteImages, NoLowMandatoryLabelImages and PreferSystem32Images; MicrosoftSignedOnly;
/// DisableExtensionPoints.
const MITIGATIONS: [(PROCESS_MITIGATION_POLICY, &str, u32); 4] = [
    (ProcessDynamicCodePolicy, "no dynamic code", 0b1),
    (ProcessImageLoadPolicy, "no remote or low-integrity images", 0b111),
    (ProcessSignaturePolicy, "only Microsoft-signed images", 0b1),
    (ProcessExtensionPointDisablePolicy, "no extension points", 0b1),
];

/// Before the addon loads: the libraries it imports are looked for in System32 only, not beside
/// it or in the working directory; and the child is in the job the host made for it.
pub fn before_load(_host_pid: u32) {
    // SAFETY: a flag constant.
    unsafe { SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_SYSTEM32) };
    if let Err(why) = job().and_then(|(limits, _)| {
        let basic = limits.BasicLimitInformation;
        (basic.LimitFlags & REQUIRED_LIMITS == REQUIRED_LIMITS && basic.ActiveProcessLimit == 1)
            .then_some(())
            .ok_or_else(|| format!("its job's limits are {:#x} with at most {} processes", basic.LimitFlags, basic.ActiveProcessLimit))
    }) {
        refuse("a job that holds it to one process", &why);
    }
}

/// After the addon loaded, before the host's first request is read.
pub fn after_load() {
    for (policy, name, flags) in MITIGATIONS {
        // SAFETY: each policy's structure is a union whose first member is its 32 bits of flags.
        if unsafe { SetProcessMitigationPolicy(policy, (&raw const flags).cast(), size_of::<u32>()) } == 0 {
            refuse(name, &std::io::Error::last_os_error().to_string());
        }
    }
    if let Err(why) = lower_integrity() {
        refuse("a low integrity level", &why);
    }
}

fn refuse(what: &str, why: &str) -> ! {
    eprintln!("code-runtime-boa-child: could not fence itself in ({what}): {why}");
    std::process::exit(67);
}

/// The job this process is in: its limits and UI restrictions.
fn job() -> Result<(JOBOBJECT_EXTENDED_LIMIT_INFORMATION, u32), String> {
    let limits = own_job_information::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>(JobObjectExtendedLimitInformation);
    let ui = own_job_information::<JOBOBJECT_BASIC_UI_RESTRICTIONS>(JobObjectBasicUIRestrictions);
    match (limits, ui) {
        (Some(limits), Some(ui)) => Ok((limits, ui.UIRestrictionsClass)),
        _ => Err(format!("it is in no job ({})", std::io::Error::last_os_error())),
    }
}

/// One class of information about this process's own job, if it is in one.
fn own_job_information<T>(class: JOBOBJECTINFOCLASS) -> Option<T> {
    let mut information = std::mem::MaybeUninit::<T>::zeroed();
    // SAFETY: no handle means this process's own job; a structure of the size given, for the
    // class the caller names it by.
    let found = unsafe {
        QueryInformationJobObject(std::ptr::null_mut(), class, information.as_mut_ptr().cast(), size_of::<T>() as u32, std::ptr::null_mut())
    };
    // SAFETY: filled by the call (and plain data, valid zeroed, in any case).
    (found != 0).then(|| unsafe { information.assume_init() })
}

/// A process may lower its own token's integrity level, never raise it.
fn lower_integrity() -> Result<(), String> {
    // In 32-bit words: a SID's sub-authorities are aligned so.
    let mut sid = [0u32; SECURITY_MAX_SID_SIZE as usize / 4];
    let mut sid_bytes = size_of_val(&sid) as u32;
    let mut token: HANDLE = std::ptr::null_mut();
    // SAFETY: a buffer of the size given for the SID; this process's own token, closed below.
    unsafe {
        if CreateWellKnownSid(WinLowLabelSid, std::ptr::null_mut(), sid.as_mut_ptr().cast(), &mut sid_bytes) == 0
            || OpenProcessToken(GetCurrentProcess(), TOKEN_ADJUST_DEFAULT, &mut token) == 0
        {
            return Err(std::io::Error::last_os_error().to_string());
        }
        let label =
            TOKEN_MANDATORY_LABEL { Label: SID_AND_ATTRIBUTES { Sid: sid.as_mut_ptr().cast(), Attributes: SE_GROUP_INTEGRITY as u32 } };
        let set = SetTokenInformation(token, TokenIntegrityLevel, (&raw const label).cast(), size_of_val(&label) as u32 + sid_bytes);
        let error = std::io::Error::last_os_error();
        CloseHandle(token);
        if set == 0 { Err(error.to_string()) } else { Ok(()) }
    }
}

/// The fence's test, run by the host (`probeFence`): reports the job's limits as the child reads
/// them back, and tries what the fence must refuse, one line each on stdout (the host reads it).
/// Exits 0 when everything was refused and 68 when anything got through.
pub fn probe() -> ! {
    let mut breached = false;
    let mut report = |attempt: &str, refused: Result<String, String>| match refused {
        Ok(how) => println!("{attempt}: refused ({how})"),
        Err(how) => {
            breached = true;
            println!("{attempt}: ALLOWED ({how})");
        }
    };
    let (limits, ui) = job().unwrap_or_else(|why| refuse("a job", &why));
    let basic = limits.BasicLimitInformation;
    println!(
        "job: limits {:#x}, at most {} process, {} bytes of memory per process, UI restrictions {ui:#x}",
        basic.LimitFlags, basic.ActiveProcessLimit, limits.ProcessMemoryLimit
    );
    let itself = std::env::current_exe().unwrap_or_default();
    let spawned = std::process::Command::new(&itself)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    report(
        "start a process",
        match spawned {
            Ok(mut child) => {
                let _ = child.kill();
                Err("it started".to_owned())
            }
            Err(err) => Ok(err.to_string()),
        },
    );
    let beside = itself.with_file_name(format!("fence-probe-{}.tmp", std::process::id()));
    report(
        "write a file beside the executable",
        match std::fs::File::create(&beside) {
            Ok(_) => {
                let _ = std::fs::remove_file(&beside);
                Err("it was written".to_owned())
            }
            Err(err) => Ok(err.to_string()),
        },
    );
    let allocated = |bytes: usize, protection| {
        // SAFETY: a fresh allocation, released at once if it was made.
        unsafe {
            let block = VirtualAlloc(std::ptr::null(), bytes, MEM_COMMIT | MEM_RESERVE, protection);
            if block.is_null() {
                return Ok(std::io::Error::last_os_error().to_string());
            }
            VirtualFree(block.cast::<c_void>(), 0, MEM_RELEASE);
            Err("it was allocated".to_owned())
        }
    };
    report("map executable memory", allocated(4096, PAGE_EXECUTE_READWRITE));
    report("commit more than the job's memory limit", allocated(limits.ProcessMemoryLimit + (1 << 20), PAGE_READWRITE));
    std::process::exit(if breached { 68 } else { 0 });
}
