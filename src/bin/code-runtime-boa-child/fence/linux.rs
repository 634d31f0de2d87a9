//! Linux: the child dies with its host (a parent-death signal), cannot gain privileges
//! (no_new_privs), holds at most 64 GiB of address space, and runs under a seccomp-bpf
//! allow-list.

/// The name of this fence, for the error when it cannot be put up.
pub const FENCE: &str = "its seccomp filter";

/// Virtual memory past which the child's allocations fail: a backstop far above any memory
/// budget (program threads reserve large stacks), not the budget itself.
const ADDRESS_SPACE_BYTES: u64 = 64 << 30;

pub fn before_load(host_pid: libc::pid_t) {
    // SAFETY: prctl and getppid with plain integer arguments.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        // The host may have died before the line above: then nothing would end this child.
        if libc::getppid() != host_pid {
            libc::_exit(66);
        }
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    }
}

pub fn close_inherited_descriptors() {
    // SAFETY: closing descriptors this process does not use (0-2 are its pipes and stderr).
    if unsafe { libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) } == 0 {
        return;
    }
    for fd in 3..1024 {
        // SAFETY: as above.
        unsafe { libc::close(fd) };
    }
}

pub fn after_load() -> Result<(), String> {
    super::limit(libc::RLIMIT_AS, ADDRESS_SPACE_BYTES);
    seccomp::install().map_err(|why| why.to_string())
}

/// The seccomp-bpf filter: what the engine needs (memory, threads, futexes, its pipes, clocks,
/// randomness), and nothing that reaches outside the process. Any other system call kills it
/// (SIGSYS). Two refusals are errors instead, because the C library tries them and copes: files
/// (the time zone, NUMA nodes) fail with EACCES, and clone3 with ENOSYS so threads start through
/// clone, whose flags the filter can read.
mod seccomp {
    use std::collections::BTreeMap;

    use seccompiler::{BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule};

    pub fn install() -> Result<(), seccompiler::Error> {
        let arch = std::env::consts::ARCH.try_into()?;
        let refused = |calls: &[libc::c_long], errno: i32| -> Result<BpfProgram, seccompiler::Error> {
            let rules = calls.iter().map(|&call| (call, Vec::new())).collect();
            Ok(SeccompFilter::new(rules, SeccompAction::Allow, SeccompAction::Errno(errno as u32), arch)?.try_into()?)
        };
        // Filters stack: the kernel takes the strictest answer of all, so the allow-list must
        // list the calls the other two refuse with an error, or they would kill. It goes last:
        // installing a filter takes prctl and seccomp calls it refuses.
        let files = refused(FILE_CALLS, libc::EACCES)?;
        let clone3 = refused(&[libc::SYS_clone3], libc::ENOSYS)?;
        let allowed: BpfProgram = SeccompFilter::new(allow_list()?, SeccompAction::KillProcess, SeccompAction::Allow, arch)?.try_into()?;
        for filter in [&files, &clone3, &allowed] {
            seccompiler::apply_filter_all_threads(filter)?;
        }
        Ok(())
    }

    #[cfg(target_arch = "x86_64")]
    const FILE_CALLS: &[libc::c_long] = &[
        libc::SYS_open,
        libc::SYS_openat,
        libc::SYS_openat2,
        libc::SYS_access,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_stat,
        libc::SYS_lstat,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_readlink,
        libc::SYS_readlinkat,
    ];
    #[cfg(not(target_arch = "x86_64"))]
    const FILE_CALLS: &[libc::c_long] = &[
        libc::SYS_openat,
        libc::SYS_openat2,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_readlinkat,
    ];

    /// Allowed whatever their arguments.
    const ENGINE_CALLS: &[libc::c_long] = &[
        libc::SYS_read,
        libc::SYS_write,
        libc::SYS_readv,
        libc::SYS_writev,
        libc::SYS_close,
        libc::SYS_lseek,
        libc::SYS_fstat,
        libc::SYS_mmap,
        libc::SYS_munmap,
        libc::SYS_mprotect,
        libc::SYS_mremap,
        libc::SYS_madvise,
        libc::SYS_brk,
        libc::SYS_mincore,
        libc::SYS_futex,
        libc::SYS_sched_yield,
        libc::SYS_sched_getaffinity,
        libc::SYS_nanosleep,
        libc::SYS_clock_nanosleep,
        libc::SYS_clock_gettime,
        libc::SYS_clock_getres,
        libc::SYS_gettimeofday,
        libc::SYS_getrandom,
        libc::SYS_set_robust_list,
        libc::SYS_rseq,
        libc::SYS_rt_sigprocmask,
        libc::SYS_rt_sigaction,
        libc::SYS_rt_sigreturn,
        libc::SYS_sigaltstack,
        libc::SYS_restart_syscall,
        libc::SYS_gettid,
        libc::SYS_getpid,
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_clone3,
    ];

    fn allow_list() -> Result<BTreeMap<libc::c_long, Vec<SeccompRule>>, seccompiler::Error> {
        let arg = |index, value, op| SeccompCondition::new(index, SeccompCmpArgLen::Qword, op, value);
        // An `int` argument: only its low 32 bits are defined.
        let int_arg = |index, value, op| SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value);
        let mut rules: BTreeMap<_, _> = ENGINE_CALLS.iter().chain(FILE_CALLS).map(|&call| (call, Vec::new())).collect();
        let thread = libc::CLONE_THREAD as u64;
        // Threads only: a clone without CLONE_THREAD would be a new process.
        rules.insert(libc::SYS_clone, vec![SeccompRule::new(vec![arg(0, thread, SeccompCmpOp::MaskedEq(thread))?])?]);
        // Signals to its own threads only (abort, and the runtime's wake-ups).
        // SAFETY: getpid has no preconditions.
        let own = unsafe { libc::getpid() } as u64;
        rules.insert(libc::SYS_tgkill, vec![SeccompRule::new(vec![int_arg(0, own, SeccompCmpOp::Eq)?])?]);
        // Thread names, and mimalloc naming its memory.
        let prctl = |option: libc::c_int| SeccompRule::new(vec![int_arg(0, option as u64, SeccompCmpOp::Eq)?]);
        rules.insert(libc::SYS_prctl, vec![prctl(libc::PR_SET_NAME)?, prctl(libc::PR_GET_NAME)?, prctl(libc::PR_SET_VMA)?]);
        // A program thread lowers its own priority (`PRIO_PROCESS` with `who` 0 is the calling
        // thread on Linux); no other process or thread.
        let own_priority =
            || SeccompRule::new(vec![int_arg(0, libc::PRIO_PROCESS as u64, SeccompCmpOp::Eq)?, int_arg(1, 0, SeccompCmpOp::Eq)?]);
        rules.insert(libc::SYS_getpriority, vec![own_priority()?]);
        rules.insert(libc::SYS_setpriority, vec![own_priority()?]);
        Ok(rules)
    }
}
