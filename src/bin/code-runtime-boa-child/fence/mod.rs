//! What the child does to itself before it reads any program: the steps every Unix shares here
//! (its directory, its descriptors, its limits), and each system's own fence in its file
//! (`linux.rs`: no_new_privs and a seccomp-bpf allow-list; `macos.rs`: the sandbox with a
//! deny-all profile). Windows (`windows.rs`) shares none of these steps and takes this module's
//! place.

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
use linux as os;
#[cfg(target_os = "macos")]
mod macos;
#[cfg(target_os = "macos")]
use macos as os;

/// Descriptors the child may hold: its pipes, and the addon while it loads.
const OPEN_FILES: u64 = 16;

/// Before the addon loads: the child dies with its host, keeps no descriptor but its pipes
/// (and stderr, which the host points at /dev/null), and cannot gain privileges.
pub fn before_load(host_pid: u32) {
    os::before_load(host_pid as libc::pid_t);
    os::close_inherited_descriptors();
    // SAFETY: a constant path.
    unsafe { libc::chdir(c"/".as_ptr()) };
    limit(libc::RLIMIT_CORE, 0);
}

/// After the addon loaded, before the host's first request is read.
pub fn after_load() {
    limit(libc::RLIMIT_NOFILE, OPEN_FILES);
    if let Err(why) = os::after_load() {
        eprintln!("code-runtime-boa-child: could not fence itself in ({}): {why}", os::FENCE);
        std::process::exit(67);
    }
}

/// The fence's test: tries what the fence must refuse and reports each answer on stderr, one
/// line each. Exits 0 when everything was refused and 68 when anything got through; where a
/// refusal kills the child (a socket under seccomp), it dies of that instead.
pub fn probe() -> ! {
    let mut breached = false;
    let mut report = |attempt: &str, refused: Result<String, String>| match refused {
        Ok(how) => eprintln!("{attempt}: refused ({how})"),
        Err(how) => {
            breached = true;
            eprintln!("{attempt}: ALLOWED ({how})");
        }
    };
    let refused_with_errno = |failed: bool| {
        if failed { Ok(std::io::Error::last_os_error().to_string()) } else { Err("it succeeded".to_owned()) }
    };
    // SAFETY: plain system calls on constant arguments and a local address.
    unsafe {
        // The test passes the child a pipe as descriptor 3; writing nothing to it tells whether
        // it is still open without a call the fence refuses.
        let kept = libc::write(3, c"".as_ptr().cast(), 0) == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::EBADF);
        report("keep inherited descriptor 3", refused_with_errno(!kept));
        report("open /etc/passwd", refused_with_errno(libc::open(c"/etc/passwd".as_ptr(), libc::O_RDONLY) == -1));
        let socket = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        let network = if socket == -1 {
            refused_with_errno(true)
        } else {
            // Nothing need listen there: the fence answers EPERM, an unfenced system ECONNREFUSED.
            let mut address: libc::sockaddr_in = std::mem::zeroed();
            address.sin_family = libc::AF_INET as libc::sa_family_t;
            address.sin_port = 9u16.to_be();
            address.sin_addr.s_addr = u32::from(std::net::Ipv4Addr::LOCALHOST).to_be();
            let connected = libc::connect(socket, (&raw const address).cast(), size_of::<libc::sockaddr_in>() as libc::socklen_t);
            let error = std::io::Error::last_os_error();
            match error.raw_os_error() {
                Some(libc::EPERM | libc::EACCES) if connected == -1 => Ok(error.to_string()),
                _ => Err(if connected == -1 { error.to_string() } else { "it connected".to_owned() }),
            }
        };
        report("connect to 127.0.0.1:9", network);
        let forked = libc::fork();
        if forked == 0 {
            libc::_exit(0);
        }
        report("fork", refused_with_errno(forked == -1));
        libc::_exit(if breached { 68 } else { 0 });
    }
}

fn limit(resource: LimitResource, value: u64) {
    let limit = libc::rlimit { rlim_cur: value as libc::rlim_t, rlim_max: value as libc::rlim_t };
    // SAFETY: a resource constant and a valid rlimit.
    unsafe { libc::setrlimit(resource, &limit) };
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
type LimitResource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type LimitResource = libc::c_int;
