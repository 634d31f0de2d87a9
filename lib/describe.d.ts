import type { Bindings } from '../index'

/** A JSON Schema (draft-07, or 2020-12 when its `$schema` says so). */
export type JsonSchema = boolean | { [keyword: string]: unknown }

export interface ToolSpec<Input = any, Output = unknown> {
  /** In an array catalog: the tool's name; dots make namespaces (`github.listIssues`). */
  name?: string
  /** Shown to the model as the method's doc comment. */
  description?: string
  /** Every call is validated against it before `execute` runs. */
  inputSchema: JsonSchema
  /** Only typed in the declarations (the promise's type); results are not validated. */
  outputSchema?: JsonSchema
  execute(input: Input): Output | Promise<Output>
}

/** Tools by name (dots make namespaces), or nested catalogs as namespaces. */
export interface ToolCatalog {
  [name: string]: ToolSpec | ToolCatalog
}

export interface DescribeOptions {
  /** The global the program calls tools through. Default 'tools'. */
  namespace?: string
}

/** One tool of a catalog, for finding it by words and showing it alone. */
export interface ToolIndexEntry {
  /** As the program calls it: `tools.github.listIssues`. */
  name: string
  description?: string
  /** The names of its input's top-level properties. */
  parameters: string[]
  /** The declarations of this tool alone, in its namespaces. */
  declaration: string
  /** Other names it is found by (an MCP server's own name for it). */
  aliases?: string[]
}

export interface DescribedBindings {
  /** TypeScript declarations to show a model, e.g. `declare const tools: { search(input: { q: string }): Promise<…> }`. */
  declarations: string
  /** Pass as `run({ bindings })`: `{ [namespace]: { …tools } }`. An invalid call rejects with a TypeError naming the field. */
  bindings: Bindings
  /** One entry per tool; createCodeMcpServer searches them. */
  tools: ToolIndexEntry[]
}

/** Throws a TypeError describing the problem when the catalog or a schema is malformed. */
export declare function describeBindings(
  catalog: ToolCatalog | Array<ToolSpec & { name: string }>,
  options?: DescribeOptions,
): DescribedBindings
