import type { Context } from 'cordis'
import type { CodeRuntime, CodeRuntimeOptions } from '../../index'

export { pause } from '../../index'

declare module 'cordis' {
  interface Context {
    codeRuntime: CodeRuntime
  }
}

/** The plugin name cordis shows. */
export declare const name: 'code-runtime-boa'

/**
 * Provides the `codeRuntime` service: `ctx.plugin(CodeRuntime, { limits, maxConcurrency })`.
 * The runtime is created when the plugin starts and disposed with the plugin's scope.
 */
export declare function apply(ctx: Context, options?: CodeRuntimeOptions): void
