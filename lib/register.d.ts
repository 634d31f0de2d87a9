import type { CodeRuntime, CodeRuntimeOptions } from '../index'

/**
 * Creates a runtime and puts it on `ctx.codeRuntime`, returning it.
 * On a cordis context it becomes the `codeRuntime` service, disposed with ctx's scope;
 * on any other object it is a plain property that the caller disposes.
 * Throws if a plain object already has a `codeRuntime`.
 */
export declare function registerCodeRuntime(ctx: object, options?: CodeRuntimeOptions): CodeRuntime
