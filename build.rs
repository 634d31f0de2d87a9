fn main() {
    napi_build::setup();
    // `process_substrate`: the platforms where the process substrate's child can fence itself in
    // (src/bin/code-runtime-boa-child/fence/); everywhere else the substrate is refused, in one
    // place (src/lib.rs).
    println!("cargo::rustc-check-cfg=cfg(process_substrate)");
    if matches!(std::env::var("CARGO_CFG_TARGET_OS").as_deref(), Ok("linux" | "macos" | "windows")) {
        println!("cargo::rustc-cfg=process_substrate");
    }
}
