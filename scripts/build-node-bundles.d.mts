// Types of build-node-bundles.mjs, for the tests and benches that build a bundle first.
export declare const RUNTIME_PACKAGES: readonly string[]
export declare const NODE_BUNDLES: Readonly<Record<string, { entry: string; outDir: string }>>
/** Builds one bundle; resolves to its output folder. */
export declare function buildNodeBundle(name: string): Promise<string>
export declare function buildNodeBundles(names?: readonly string[]): Promise<void>
